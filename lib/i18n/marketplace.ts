import type { Lang } from "./index";
import { marketplaceEn } from "./marketplace-en";
import { marketplaceFr, type MarketplaceWords } from "./marketplace-fr";

export type { MarketplaceWords };

/** The marketplace pages' words in `lang` (server side: only the chosen language reaches the browser). */
export function marketplaceWordsOf(lang: Lang): MarketplaceWords {
  return lang === "en" ? marketplaceEn : marketplaceFr;
}
