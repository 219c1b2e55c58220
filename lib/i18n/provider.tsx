"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useTransition } from "react";
import type { Dictionary } from "./fr";
import { fill } from "@/lib/core/fill";
import { LANG_COOKIE, type Lang } from "@/lib/core/languages";
import { plural, type Plural } from "./plural";

export type { Lang };

type I18n = {
  t: Dictionary;
  lang: Lang;
  fill: typeof fill;
  /** words that agree with a count: count(t.overview.attempts, 1) → "1 tentative" (plural.ts) */
  count: (forms: Plural, n: number, values?: Record<string, string | number>) => string;
  setLang: (lang: Lang) => void;
  switching: boolean;
};
const I18nContext = createContext<I18n | null>(null);

/** Gives client components the dictionary the server chose; switching sets the cookie and re-renders. */
export function I18nProvider({ lang, dictionary, children }: { lang: Lang; dictionary: Dictionary; children: React.ReactNode }) {
  const router = useRouter();
  const [switching, startTransition] = useTransition();
  const setLang = useCallback(
    (next: Lang) => {
      document.cookie = `${LANG_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
      document.documentElement.lang = next;
      startTransition(() => router.refresh());
    },
    [router],
  );
  const value = useMemo(
    () => ({ t: dictionary, lang, fill, count: (forms: Plural, n: number, values?: Record<string, string | number>) => plural(lang, forms, n, values), setLang, switching }),
    [dictionary, lang, setLang, switching],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs an <I18nProvider>");
  return value;
}
