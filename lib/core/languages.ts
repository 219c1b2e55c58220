// The languages of the dashboard and the checkout, French first (DESIGN §7). Dependency-free.

export const languages = ["fr", "en"] as const;
export type Lang = (typeof languages)[number];

/** The cookie that keeps the dashboard's language. */
export const LANG_COOKIE = "kola_lang";

/** The tag for Intl formatting and `<html lang>`. */
export function intlLocale(lang: Lang): string {
  return lang === "fr" ? "fr-FR" : "en-GB";
}
