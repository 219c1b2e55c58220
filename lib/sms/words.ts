import type { Lang } from "@/lib/core/languages";
import { formatMoney } from "@/lib/core/money";
import { oneSms } from "./text";

// The SMS Kola sends, French and English, each one SMS of GSM-7 (./text.ts): a buyer's receipt, a
// merchant's « payé » alert, a phone number's verification code. Names people typed (the shop, the
// link) are cut first when a text is too long; a test-mode SMS says so first.

// French as written: toGsm7() strips what the alphabet lacks (Reçu → Recu), é, è, à stay.
const table = {
  fr: {
    test: "[Test] ",
    receipt: "{test}Paiement de {amount} à {shop} confirmé. Reçu {code} : {url}",
    alert: "{test}Kola : payé ! {amount} reçu sur {link}.{code}",
    alertCode: " Reçu {code}",
    phoneCode: "Kola : votre code de vérification est {code}. Il expire dans 10 minutes. Ne le donnez à personne.",
    reminder: "{test}{shop} : rappel, {amount} à payer {when}. Payer : {url}",
  },
  en: {
    test: "[Test] ",
    receipt: "{test}Payment of {amount} to {shop} confirmed. Receipt {code}: {url}",
    alert: "{test}Kola: paid! {amount} received on {link}.{code}",
    alertCode: " Receipt {code}",
    phoneCode: "Kola: your verification code is {code}. It expires in 10 minutes. Do not share it.",
    reminder: "{test}{shop}: reminder, {amount} to pay {when}. Pay: {url}",
  },
} satisfies Record<Lang, Record<string, string>>;

export type ReceiptSms = { amount: number; currency: string; shop: string; code: string; url: string; test: boolean };

export function receiptSms(lang: Lang, r: ReceiptSms): string {
  const w = table[lang];
  return oneSms(w.receipt, { test: r.test ? w.test : "", amount: formatMoney(r.amount, r.currency, lang), shop: r.shop, code: r.code, url: r.url }, "shop");
}

export type AlertSms = { amount: number; currency: string; link: string; code: string | null; test: boolean };

export function alertSms(lang: Lang, a: AlertSms): string {
  const w = table[lang];
  const code = a.code ? w.alertCode.replace("{code}", a.code) : "";
  return oneSms(w.alert, { test: a.test ? w.test : "", amount: formatMoney(a.amount, a.currency, lang), link: a.link, code }, "link");
}

export function phoneCodeSms(lang: Lang, code: string): string {
  return oneSms(table[lang].phoneCode, { code });
}

export type ReminderSms = { shop: string; amount: number; currency: string; when: string; url: string; test: boolean };

/** An invoice's reminder to its customer; `when` is already in the customer's words ("avant le 31 janvier"). */
export function reminderSms(lang: Lang, r: ReminderSms): string {
  const w = table[lang];
  return oneSms(w.reminder, { test: r.test ? w.test : "", shop: r.shop, amount: formatMoney(r.amount, r.currency, lang), when: r.when, url: r.url }, "shop");
}
