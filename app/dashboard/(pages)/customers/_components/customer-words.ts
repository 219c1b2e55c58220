import type { Lang } from "@/lib/core/languages";

/** A date as the book shows it: short, in the merchant's language. */
export function shortDate(iso: string | null, lang: Lang): string {
  return iso ? new Date(iso).toLocaleDateString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium" }) : "—";
}

/** A number as E.164 with its `+`, masked or whole as the API gave it. */
export const numberText = (digits: string | null) => (digits ? `+${digits}` : "—");
