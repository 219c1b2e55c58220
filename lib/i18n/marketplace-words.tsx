"use client";

import { createContext, useContext } from "react";
import type { MarketplaceWords } from "./marketplace-fr";

const WordsContext = createContext<MarketplaceWords | null>(null);

/** Gives the marketplace pages' client components the words their server page chose. */
export function MarketplaceWordsProvider({ words, children }: { words: MarketplaceWords; children: React.ReactNode }) {
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

export function useMarketplaceWords(): MarketplaceWords {
  const words = useContext(WordsContext);
  if (!words) throw new Error("useMarketplaceWords needs a <MarketplaceWordsProvider>");
  return words;
}
