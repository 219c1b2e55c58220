import { countries, isCountry, operatorObject } from "@/lib/countries";
import { formatMoney } from "@/lib/core/money";
import { maskedPhone, formatDateTime } from "@/lib/countries/format";
import type { Lang } from "@/lib/core/languages";
import { nameInMail, oneLine } from "@/lib/mail/text";
import type { NotificationPreference } from "@/lib/core/notification-kinds";
import { fill } from "@/lib/core/fill";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { receiptCheckUrl } from "@/lib/deposits/receipt-code";
import { mailWords } from "./words";

// The notification mails' text, in one recipient's language: plain text (nothing to escape), the
// facts a merchant or a buyer needs, a link to see more, and why they get it. Every text a template
// did not write (names, notes, a provider's words) goes through lib/mail/text.ts: one line, no link;
// e-mail addresses are flattened only.

export type AccountFacts = { name: string; country: string; supportEmail: string; supportPhone: string; mode: "test" | "live" };
export type Composed = { subject: string; text: string };

const regionNames = (lang: Lang) => new Intl.DisplayNames([lang], { type: "region" });

/** "MTN (Cameroun)": the operator's brand and its country, in the reader's language. */
export function operatorWords(code: string, country: string, lang: Lang): string {
  const name = operatorObject(code).name;
  const region = isCountry(country) ? (regionNames(lang).of(countries[country].iso2) ?? country) : country;
  return fill(mailWords[lang].operatorIn, { operator: name, country: region });
}

const lines = (...rows: string[]) => rows.join("\n");

const fact = (label: string, value: string | null | undefined) => (value ? `${label} : ${value}` : null);
const factEn = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : null);

function frame(lang: Lang, account: AccountFacts, subject: string, body: string[], footer: string): Composed {
  const w = mailWords[lang];
  const prefix = account.mode === "test" ? w.test : "";
  // no blank line twice in a row, none at the body's end (facts that were missing leave none)
  const tidy = body.filter((line, i) => line !== "" || (i > 0 && body[i - 1] !== "" && i < body.length - 1));
  return { subject: prefix + subject, text: lines(w.hello, "", ...tidy, "", w.signature, footer) + "\n" };
}

export type PaymentFacts = {
  trackId: string;
  amount: number;
  currency: string;
  country: string;
  operator: string;
  phone: string;
  orderId: string;
  link: string;
  buyer: { name: string; email: string } | null;
  at: Date;
  duplicateOf: string | null;
  late: boolean;
  /** the success's public receipt code (stored form), when it has one */
  receiptCode?: string | null;
};

function factsOf(lang: Lang) {
  return lang === "fr" ? fact : factEn;
}

/** A mail to a member: its facts, a link to see more, and the switch that sends it. */
function merchantMail(kind: NotificationPreference, lang: Lang, account: AccountFacts, base: string, subject: string, body: (string | null)[]): Composed {
  const w = mailWords[lang];
  const why = fill(w.why, { kind: w.kinds[kind], business: nameInMail(account.name), url: `${base}/dashboard/settings` });
  return frame(lang, account, subject, body.filter((l): l is string => l !== null), why);
}

export function paymentMail(lang: Lang, account: AccountFacts, base: string, p: PaymentFacts): Composed {
  const w = mailWords[lang];
  const f = factsOf(lang);
  const amount = formatMoney(p.amount, p.currency, lang);
  const link = nameInMail(p.link);
  return merchantMail("payments", lang, account, base, fill(w.paymentSubject, { amount, link }), [
    fill(w.paymentIntro, { amount, link }),
    p.duplicateOf ? fill(w.duplicate, { of: p.duplicateOf }) : null,
    p.late ? w.late : null,
    account.mode === "test" ? w.testMode : null,
    "",
    f(w.amount, amount),
    f(w.method, `${operatorWords(p.operator, p.country, lang)}, ${maskedPhone(p.phone)}`),
    f(w.reference, p.trackId),
    f(w.order, nameInMail(p.orderId)),
    f(w.buyer, p.buyer ? `${nameInMail(p.buyer.name)} <${oneLine(p.buyer.email)}>` : null),
    f(w.date, formatDateTime(p.at, lang, account.country)),
    "",
    fill(w.seePayment, { url: `${base}/dashboard/payments/${p.trackId}` }),
  ]);
}

export type RefundFacts = { trackId: string; amount: number; currency: string; succeeded: boolean; automatic: boolean; reason: string; failureReason: string | null };

export function refundMail(lang: Lang, account: AccountFacts, base: string, r: RefundFacts): Composed {
  const w = mailWords[lang];
  const f = factsOf(lang);
  const amount = formatMoney(r.amount, r.currency, lang);
  const subject = fill(r.succeeded ? w.refundSucceededSubject : w.refundFailedSubject, { amount });
  return merchantMail("refunds", lang, account, base, subject, [
    fill(r.succeeded ? w.refundSucceededIntro : w.refundFailedIntro, { amount, track: r.trackId }),
    r.automatic ? w.automatic : null,
    "",
    f(w.reason, r.automatic ? null : nameInMail(r.reason)),
    f(w.reason, r.failureReason && nameInMail(r.failureReason)),
    "",
    fill(w.seePayment, { url: `${base}/dashboard/payments/${r.trackId}` }),
  ]);
}

export type PayoutFacts = { amount: number; currency: string; kind: "seller" | "withdrawal"; phone: string; failureReason: string | null };

export function payoutFailedMail(lang: Lang, account: AccountFacts, base: string, p: PayoutFacts): Composed {
  const w = mailWords[lang];
  const f = factsOf(lang);
  const amount = formatMoney(p.amount, p.currency, lang);
  return merchantMail("failed_payouts", lang, account, base, fill(w.payoutFailedSubject, { amount }), [
    fill(p.kind === "seller" ? w.payoutSellerIntro : w.payoutWithdrawalIntro, { amount, phone: maskedPhone(p.phone) }),
    "",
    f(w.reason, p.failureReason && nameInMail(p.failureReason)),
    "",
    fill(w.seeBalance, { url: `${base}/dashboard/balance` }),
  ]);
}

export type AlertFacts = { provider: string; operation: string; outcome: string; trackId: string | null; at: Date };

export function alertMail(lang: Lang, account: AccountFacts, base: string, a: AlertFacts): Composed {
  const w = mailWords[lang];
  const f = factsOf(lang);
  const provider = nameInMail(a.provider);
  return merchantMail("provider_alerts", lang, account, base, fill(w.alertSubject, { provider }), [
    fill(w.alertIntro, { provider }),
    "",
    f(w.alertWhat, nameInMail(a.operation)),
    f(w.alertOutcome, nameInMail(a.outcome)),
    f(w.reference, a.trackId),
    f(w.date, formatDateTime(a.at, lang, account.country)),
    "",
    fill(w.seeAlerts, { url: `${base}/dashboard/developers` }),
  ]);
}

export function receiptMail(lang: Lang, account: AccountFacts, p: PaymentFacts & { shop: string; receiptUrl: string }): Composed {
  const w = mailWords[lang];
  const f = factsOf(lang);
  const amount = formatMoney(p.amount, p.currency, lang);
  const contact = [account.supportEmail, account.supportPhone].map(oneLine).filter(Boolean).join(" · ");
  const [shop, business] = [nameInMail(p.shop), nameInMail(account.name)];
  const body = [
    fill(w.receiptIntro, { name: nameInMail(p.buyer?.name ?? ""), amount, shop }),
    account.mode === "test" ? w.testMode : null,
    "",
    f(w.amount, amount),
    f(w.seller, nameInMail(p.link)),
    f(w.method, `${operatorWords(p.operator, p.country, lang)}, ${maskedPhone(p.phone)}`),
    f(w.reference, p.trackId),
    f(w.receiptCode, p.receiptCode ? formatReceiptCode(p.receiptCode) : null),
    f(w.date, formatDateTime(p.at, lang, p.country)),
    "",
    fill(w.seeReceipt, { url: p.receiptUrl }),
    p.receiptCode ? fill(w.checkReceipt, { url: receiptCheckUrl(p.receiptCode) }) : null,
    contact ? fill(w.contact, { business, contact }) : null,
  ].filter((l): l is string => l !== null);
  return frame(lang, account, fill(w.receiptSubject, { amount, shop }), body, fill(w.receiptWhy, { business }));
}
