import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { dataDir, publicBaseUrl, setting } from "@/lib/runtime/config";
import { log } from "@/lib/runtime/log";

// Outgoing e-mail (password resets, sign-up confirmations, invitations, notifications). With SMTP_URL set, mails go through
// that server (nodemailer, e.g. smtps://user:pass@smtp.example.com:465). Without it, nothing leaves
// the machine: in development each mail is printed to the console and kept for the dev mail page
// (/dev/mail); in production it is dropped with a warning that names no link or token.

export type Mail = { to: string; subject: string; text: string };
export type SentMail = Mail & { id: number; from: string; sentAt: string };

/** How many mails the dev mail page keeps (newest first); older ones are forgotten. */
export const DEV_MAILBOX_SIZE = 200;

const store = globalThis as unknown as { __kolaMailer?: { url: string; transporter: Transporter }; __kolaDevMailbox?: SentMail[]; __kolaMailSeq?: number };

export function mailFrom(): string {
  return setting("MAIL_FROM") || `Kola <no-reply@${new URL(publicBaseUrl()).hostname}>`;
}

/** The dev mail page exists when no SMTP server is set, outside production, or in a build that asks for it (DEV_MAIL_PAGE=1, e2e). */
export function devMailPageEnabled(): boolean {
  if (setting("SMTP_URL")) return false;
  return setting("NODE_ENV") !== "production" || setting("DEV_MAIL_PAGE");
}

/**
 * Where the production server (several workers, each with its own memory: `npm start`) keeps the dev
 * mailbox so that /dev/mail shows every worker's mails: a file in DATA_DIR, one mail a line. Elsewhere
 * (next dev, tests: one process) the mailbox stays in memory.
 */
function mailboxFile(): string | null {
  return setting("NODE_ENV") === "production" ? path.join(dataDir(), "dev-mailbox.jsonl") : null;
}

function readMailboxFile(file: string): SentMail[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const mails: SentMail[] = [];
  for (const line of text.split("\n").slice(-DEV_MAILBOX_SIZE - 1)) {
    if (!line) continue;
    try {
      mails.push(JSON.parse(line) as SentMail);
    } catch {
      // a line cut by a crash mid-write: skipped
    }
  }
  return mails.reverse().slice(0, DEV_MAILBOX_SIZE);
}

/** Appends a mail to the shared file (an O_APPEND write: workers never overwrite each other); past 1 MB, only the last mails are kept. */
function appendToMailboxFile(file: string, mail: SentMail): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${JSON.stringify(mail)}\n`);
  if (fs.statSync(file).size > 1_000_000) {
    const kept = readMailboxFile(file).reverse();
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, kept.map((m) => `${JSON.stringify(m)}\n`).join(""));
    fs.renameSync(temp, file);
  }
}

/** The mails kept for the dev mail page, newest first (empty when the page is off). */
export function devMailbox(): SentMail[] {
  if (!devMailPageEnabled()) return [];
  const file = mailboxFile();
  return file ? readMailboxFile(file) : [...(store.__kolaDevMailbox ?? [])];
}

/** The SMTP client of SMTP_URL (made again if the setting changed: tests point it at their own servers). */
async function transporter(): Promise<Transporter> {
  const url = setting("SMTP_URL")!;
  if (store.__kolaMailer?.url !== url) {
    const { createTransport } = await import("nodemailer");
    store.__kolaMailer = { url, transporter: createTransport(url) };
  }
  return store.__kolaMailer.transporter;
}

/**
 * Sends a mail. Callers do not wait for it: an answer must take the same time whether or not a mail
 * went out (password reset and sign-up never say whether an address has an account), so failures
 * are logged here and never reach the request.
 */
export function queueMail(mail: Mail): Promise<void> {
  return sendMail(mail).catch((error: unknown) => {
    log("error", "mail not sent", { subject: mail.subject, error });
  });
}

export async function sendMail(mail: Mail): Promise<void> {
  const from = mailFrom();
  if (setting("SMTP_URL")) {
    await (await transporter()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    log("info", "mail sent", { subject: mail.subject });
    return;
  }
  if (devMailPageEnabled()) {
    const seq = (store.__kolaMailSeq ?? 0) + 1;
    store.__kolaMailSeq = seq;
    const file = mailboxFile();
    // in the shared file, an id no other worker gives: the time, then this worker's count
    const sent: SentMail = { ...mail, id: file ? Date.now() * 1000 + (seq % 1000) : seq, from, sentAt: new Date().toISOString() };
    if (file) appendToMailboxFile(file, sent);
    else store.__kolaDevMailbox = [sent, ...(store.__kolaDevMailbox ?? [])].slice(0, DEV_MAILBOX_SIZE);
  }
  if (setting("NODE_ENV") === "production") {
    // the body holds a one-time link: it stays out of production logs
    log("warn", "mail not sent: SMTP_URL is not set", { subject: mail.subject });
    return;
  }
  // development: the whole mail (with its link) on the console, as the README says
  if (setting("LOG_LEVEL") === "silent") return;
  process.stdout.write(`\n--- mail (SMTP_URL not set) ---\nFrom: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n--- end of mail ---\n\n`);
}

/** For tests: forgets the dev mailbox. */
export function clearDevMailbox(): void {
  store.__kolaDevMailbox = [];
  const file = mailboxFile();
  if (file) fs.rmSync(file, { force: true });
}
