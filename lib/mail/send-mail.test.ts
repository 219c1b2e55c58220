import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "@/lib/runtime/log";
import { clearDevMailbox, devMailbox, devMailPageEnabled, sendMail } from "./send-mail";

// Where a mail goes: an SMTP server (SMTP_URL, here a tiny one on 127.0.0.1), or the dev mailbox.

afterEach(() => {
  vi.unstubAllEnvs();
  clearDevMailbox();
  (globalThis as { __kolaMailer?: unknown }).__kolaMailer = undefined;
});

/** Just enough SMTP to take one mail: what the client sent, command by command, and the message. */
async function smtpServer() {
  const commands: string[] = [];
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 kola.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        commands.push(line.split(" ")[0]!.toUpperCase());
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 kola.test\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, commands, messages, close: () => new Promise((r) => server.close(r)) };
}

describe("sendMail", () => {
  it("with SMTP_URL: sends through that server, keeps nothing for the dev page", async () => {
    const smtp = await smtpServer();
    try {
      vi.stubEnv("SMTP_URL", smtp.url);
      vi.stubEnv("MAIL_FROM", "Kola <mail@kola.test>");
      await sendMail({ to: "awa@example.com", subject: "Bonjour", text: "Le lien : https://kola.test/x" });
      expect(smtp.commands.slice(0, 4)).toEqual(["EHLO", "MAIL", "RCPT", "DATA"]);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^From: Kola <mail@kola\.test>\r\nTo: awa@example\.com\r\nSubject: Bonjour\r\n/m);
      expect(smtp.messages[0]).toContain("Le lien : https://kola.test/x");
      expect(devMailPageEnabled()).toBe(false);
      expect(devMailbox()).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("without SMTP_URL in development: the dev mailbox keeps it, newest first", async () => {
    await sendMail({ to: "a@example.com", subject: "One", text: "1" });
    await sendMail({ to: "b@example.com", subject: "Two", text: "2" });
    expect(devMailbox()).toEqual([
      { id: expect.any(Number), from: "Kola <no-reply@kola.test>", to: "b@example.com", subject: "Two", text: "2", sentAt: expect.any(String) },
      { id: expect.any(Number), from: "Kola <no-reply@kola.test>", to: "a@example.com", subject: "One", text: "1", sentAt: expect.any(String) },
    ]);
  });

  it("without SMTP_URL in production: no dev page, nothing kept, and the log names no link", async () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(devMailPageEnabled()).toBe(false);
    const lines = await captureLog(() => sendMail({ to: "a@example.com", subject: "Reset", text: "https://kola.test/reset-password?token=secret" }));
    expect(lines.map((l) => JSON.parse(l) as object)).toEqual([
      { time: expect.any(String), level: "warn", msg: "mail not sent: SMTP_URL is not set", subject: "Reset" },
    ]);
    expect(devMailbox()).toEqual([]);
    // a production build opts in for the end-to-end tests
    vi.stubEnv("DEV_MAIL_PAGE", "1");
    expect(devMailPageEnabled()).toBe(true);
  });

  it("the production server (several workers) keeps one dev mailbox for all, in DATA_DIR: what one worker sent, another shows", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-mailbox-"));
    try {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("DEV_MAIL_PAGE", "1");
      vi.stubEnv("DATA_DIR", dir);
      vi.stubEnv("LOG_LEVEL", "silent");
      await sendMail({ to: "a@example.com", subject: "One", text: "1" });
      // another worker: a process with its own memory, the same file
      const file = path.join(dir, "dev-mailbox.jsonl");
      fs.appendFileSync(file, `${JSON.stringify({ id: 7, from: "Kola <no-reply@kola.test>", to: "b@example.com", subject: "Two", text: "2", sentAt: new Date().toISOString() })}\n`);
      (globalThis as { __kolaDevMailbox?: unknown }).__kolaDevMailbox = [];
      expect(devMailbox().map((m) => m.subject)).toEqual(["Two", "One"]);
      clearDevMailbox();
      expect(devMailbox()).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
