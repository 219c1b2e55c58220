import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { devMailbox, devMailPageEnabled } from "@/lib/mail/send-mail";

// /dev/mail — the mails this process would have sent, newest first, when no SMTP_URL is set.
// Development only: 404 in production unless DEV_MAIL_PAGE=1 (the end-to-end tests set it).
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dev mailbox", robots: { index: false } };

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

export default function DevMailPage() {
  if (!devMailPageEnabled()) notFound();
  const mails = devMailbox();
  return (
    <main lang="en" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Dev mailbox</h1>
      <p className="mt-1 text-sm text-stone-600">
        SMTP_URL is not set: mails are printed to the console and kept here (the last 200, from every worker of this server). This page does not exist in production.
      </p>
      {mails.length === 0 ? (
        <p className="mt-6 text-sm text-stone-700">No mail yet.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article aria-labelledby={`mail-${mail.id}`} className="rounded-lg border border-stone-200 bg-white p-4" data-mail-to={mail.to}>
                <h2 id={`mail-${mail.id}`} className="font-semibold break-words">
                  {mail.subject}
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-stone-600">
                  <dt>To</dt>
                  <dd className="break-all">{mail.to}</dd>
                  <dt>From</dt>
                  <dd className="break-all">{mail.from}</dd>
                  <dt>Sent</dt>
                  <dd>
                    <time dateTime={mail.sentAt}>{mail.sentAt}</time>
                  </dd>
                </dl>
                <pre className="mt-3 text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
                <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label={`Links in “${mail.subject}”`}>
                  {[...new Set(mail.text.match(URL_IN_TEXT) ?? [])].map((href) => (
                    <li key={href}>
                      <a href={href} className="break-all text-teal-800 underline underline-offset-2">
                        {href}
                      </a>
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
