import { devMailbox, type SentMail } from "@/lib/mail/send-mail";

/** The newest mail sent to `to` (the dev mailbox keeps what sendMail wrote without SMTP_URL). */
export function lastMailTo(to: string): SentMail | undefined {
  return devMailbox().find((m) => m.to === to);
}

export function mailsTo(to: string): SentMail[] {
  return devMailbox().filter((m) => m.to === to);
}

/** The `token` of the first link of `path` in a mail's text. */
export function tokenIn(mail: SentMail | undefined, path: string): string {
  const match = new RegExp(`${path.replace(/[/]/g, "\\/")}\\?token=([^\\s]+)`).exec(mail?.text ?? "");
  if (!match) throw new Error(`no ${path} link in ${JSON.stringify(mail)}`);
  return decodeURIComponent(match[1]!);
}
