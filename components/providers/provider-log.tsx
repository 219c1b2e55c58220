"use client";

import { useI18n } from "@/lib/i18n/provider";
import { providerLabel } from "@/lib/i18n/labels";
import { exchangeSentence } from "@/lib/i18n/exchange";
import { formatDateTime } from "@/lib/i18n/numbers";
import { useProviderLog } from "@/lib/query/providers";

/**
 * A deposit's exchanges with its provider, oldest first, each in one sentence (lib/i18n/exchange.ts);
 * the method, path, status, outcome and bodies behind « Détails », for developers.
 */
export function ProviderLog({ trackId, pending, failureReason }: { trackId: string; pending: boolean; failureReason?: string | null }) {
  const { t, lang } = useI18n();
  const log = useProviderLog(trackId, pending);
  if (!log.data) return null;
  return (
    <section aria-label={t.providers.log} className="mt-5 border-t border-stone-200 pt-4" data-testid="provider-log">
      <h3 className="text-sm font-semibold">{t.providers.log}</h3>
      {log.data.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t.providers.logEmpty}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {log.data.map((entry, i) => (
            <li key={i} data-testid="provider-exchange" className={entry.alert ? "rounded border border-red-300 bg-red-50 p-2" : "rounded border border-stone-200 p-2"}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className={entry.alert ? "font-medium text-red-900" : "text-stone-900"}>{exchangeSentence(entry, t, failureReason)}</span>
                <span className="text-xs text-stone-600">{formatDateTime(entry.created_at, lang)}</span>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-stone-600">{t.providers.details}</summary>
                <p className="mt-1 font-mono text-xs break-all text-stone-700">
                  {entry.operation} · {providerLabel(entry.provider, t)} · {entry.http_status ?? t.providers.noAnswer} · {entry.outcome}
                  {entry.latency_ms !== null ? ` · ${entry.latency_ms} ms` : ""}
                </p>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-stone-50 p-2 text-xs whitespace-pre-wrap break-all">{JSON.stringify({ request: entry.request, response: entry.response }, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
