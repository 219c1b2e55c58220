import type { Transporter } from "nodemailer";
import { publicBaseUrl, setting } from "@/lib/runtime/config";
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

/** The mails kept for the dev mail page, newest first (empty when the page is off). */
export function devMailbox(): SentMail[] {
  return devMailPageEnabled() ? [...(store.__kolaDevMailbox ?? [])] : [];
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
    const sent: SentMail = { ...mail, id: seq, from, sentAt: new Date().toISOString() };
    store.__kolaDevMailbox = [sent, ...(store.__kolaDevMailbox ?? [])].slice(0, DEV_MAILBOX_SIZE);
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
}
