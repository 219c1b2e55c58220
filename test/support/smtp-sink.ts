import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for the tests (smtp-server, nodemailer's own): it keeps what it
// is given, and can be told to refuse a recipient (a 4xx or 5xx), or to drop the connection once
// the whole message arrived, before answering (the client cannot know whether it was taken).

export type Received = { to: string; subject: string; text: string };
type Next = { rcpt?: number; dropAfterData?: boolean };

export type SmtpSink = {
  url: string;
  received: Received[];
  /** how the next messages are met, one entry per message (then accepted) */
  queue: Next[];
  close: () => Promise<void>;
};

function parse(raw: string, to: string): Received {
  const [head = "", ...body] = raw.replace(/\r\n/g, "\n").split("\n\n");
  const subject = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\n[ \t]/g, " ") ?? "";
  return { to, subject: decodeWords(subject), text: decodeBody(body.join("\n\n"), head) };
}

// nodemailer writes non-ASCII headers as RFC 2047 words and bodies as quoted-printable
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s?/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : qp(text.replace(/_/g, " ")),
  );
}
function qp(text: string): string {
  return Buffer.from(text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
}
function decodeBody(body: string, head: string): string {
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return qp(body);
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body, "base64").toString("utf8");
  return body;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: Received[] = [];
  const queue: Next[] = [];
  let current: Next = {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      current = queue.shift() ?? {};
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!current.rcpt) return callback();
      const error = Object.assign(new Error(current.rcpt >= 500 ? "mailbox unavailable" : "try again later"), { responseCode: current.rcpt });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo[0]?.address ?? "";
        received.push(parse(Buffer.concat(chunks).toString("utf8"), to));
        if (!current.dropAfterData) return callback();
        // the message arrived whole; the answer never leaves
        for (const connection of (server as unknown as { connections: Set<{ _socket: { destroy: () => void } }> }).connections) connection._socket.destroy();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: { address: () => AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    queue,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
