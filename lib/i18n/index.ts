import { en } from "./en";
import { fr, type Dictionary } from "./fr";
import { LANG_COOKIE, languages, type Lang } from "@/lib/core/languages";

export type { Dictionary };
/** The marketplace pages' section of the dictionary (`t.marketplace`). */
export type MarketplaceWords = Dictionary["marketplace"];
export { LANG_COOKIE, languages, type Lang };

const dictionaries: Record<Lang, Dictionary> = { fr, en };

/** The dictionary of `lang` (server side: only the chosen one travels to the browser). */
export function dictionaryOf(lang: Lang): Dictionary {
  return dictionaries[lang];
}

/** The language of a `kola_lang` cookie value; French by default. */
export function langOf(value: string | undefined): Lang {
  return value === "en" ? "en" : "fr";
}

