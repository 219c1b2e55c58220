import { intlLocale, type Lang } from "@/lib/core/languages";

export const statusTone = { open: "info", partially_paid: "pending", paid: "success", overdue: "failed", cancelled: "neutral" } as const;

/** A due date (YYYY-MM-DD, the merchant's calendar) as the merchant reads it. */
export function dueText(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** A reminder step in words: -3 → "3 d before", 0 → "on the day", 7 → "7 d after". */
export function stepText(step: number, w: { stepBefore: string; stepOn: string; stepAfter: string }): string {
  if (step === 0) return w.stepOn;
  return (step < 0 ? w.stepBefore : w.stepAfter).replace("{n}", String(Math.abs(step)));
}

/** An invoice may still be cancelled: not paid, not cancelled. */
export const cancellable = (status: string) => ["open", "partially_paid", "overdue"].includes(status);
