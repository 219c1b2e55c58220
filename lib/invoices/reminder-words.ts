import type { Lang } from "@/lib/core/languages";
import { intlLocale } from "@/lib/core/languages";
import { formatMoney } from "@/lib/core/money";

// The words of an invoice's reminder to its customer, French first: the mail (the SMS is lib/sms/words.ts).

/** "le 31 janvier 2027" / "January 31, 2027", from a calendar day. */
export function longDay(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** When the balance is due, as a reminder says it: before the day, today, or since the day. */
export function dueWhen(lang: Lang, step: number, dueDate: string): string {
  const day = longDay(dueDate, lang);
  if (lang === "en") return step < 0 ? `by ${day}` : step === 0 ? "today" : `since ${day}`;
  return step < 0 ? `avant le ${day}` : step === 0 ? "aujourd’hui" : `depuis le ${day}`;
}

export type ReminderMail = { shop: string; customer: string; reference: string; balance: number; currency: string; step: number; dueDate: string; url: string; test: boolean };

export function reminderMail(lang: Lang, m: ReminderMail): { subject: string; text: string } {
  const amount = formatMoney(m.balance, m.currency, lang);
  const when = dueWhen(lang, m.step, m.dueDate);
  const ref = m.reference ? ` ${m.reference}` : "";
  const test = m.test ? "[Test] " : "";
  if (lang === "en") {
    return {
      subject: `${test}Reminder: invoice${ref} from ${m.shop}, ${amount} ${m.step > 0 ? "overdue" : "due"}`,
      text: `Hello ${m.customer},\n\n${m.step > 0 ? `Invoice${ref} from ${m.shop} is overdue: ${amount} has been due ${when}.` : `Invoice${ref} from ${m.shop}: ${amount} to pay ${when}.`}\n\nSee the invoice and pay by mobile money:\n${m.url}\n\nIf you have already paid, please ignore this message.\n\n${m.shop}, via Kola`,
    };
  }
  return {
    subject: `${test}Rappel : facture${ref} de ${m.shop}, ${amount} ${m.step > 0 ? "en retard" : "à payer"}`,
    text: `Bonjour ${m.customer},\n\n${m.step > 0 ? `La facture${ref} de ${m.shop} est en retard : ${amount} restent à payer ${when}.` : `Facture${ref} de ${m.shop} : ${amount} à payer ${when}.`}\n\nVoir la facture et payer par mobile money :\n${m.url}\n\nSi vous avez déjà payé, ne tenez pas compte de ce message.\n\n${m.shop}, via Kola`,
  };
}
