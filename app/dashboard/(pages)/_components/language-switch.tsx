"use client";

import { cn, focusRing } from "@/components/ui/cn";
import { languages } from "@/lib/core/languages";
import { useI18n, type Lang } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";

/**
 * FR | EN: the language of the dashboard, kept in a cookie. Signed in (`saved`), it is also the
 * member's own language: their mails and their next sign-in follow it.
 */
export function LanguageSwitch({ className, saved = false }: { className?: string; saved?: boolean }) {
  const { t, lang, setLang: show, switching } = useI18n();
  const setLang = (next: Lang) => {
    show(next);
    if (saved) void apiFetch("/v1/me", { mode: "test", method: "PATCH", body: { language: next } }).catch(() => {});
  };
  return (
    <div role="group" aria-label={t.lang.label} className={cn("inline-flex rounded-md border border-stone-300 bg-white p-0.5 text-xs", className)}>
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={lang === l}
          disabled={switching}
          onClick={() => lang !== l && setLang(l)}
          className={cn("rounded px-2 py-1 font-medium", lang === l ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100", focusRing)}
        >
          <span aria-hidden="true">{l.toUpperCase()}</span>
          <span className="sr-only">{t.lang[l]}</span>
        </button>
      ))}
    </div>
  );
}
