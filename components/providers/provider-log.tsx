"use client";

import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n/provider";
import { providerLabel } from "@/lib/i18n/labels";
import { formatDateTime } from "@/lib/i18n/numbers";
import { useProviderLog } from "@/lib/query/providers";

/** A deposit's exchanges with its provider, oldest first: what was sent, what came back. */
export function ProviderLog({ trackId, pending }: { trackId: string; pending: boolean }) {
  const { t, lang } = useI18n();
  const log = useProviderLog(trackId, pending);
  if (!log.data) return null;
  return (
    <section aria-label={t.providers.log} className="mt-5 border-t border-stone-200 pt-4" data-testid="provider-log">
      <h3 className="text-sm font-semibold">{t.providers.log}</h3>
      {log.data.length === 0 ? (
        <p className="mt-1 text-sm text-stone-500">{t.providers.logEmpty}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {log.data.map((entry, i) => (
            <li key={i} className={entry.alert ? "rounded border border-red-300 bg-red-50 p-2" : "rounded border border-stone-200 p-2"}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={entry.alert ? "failed" : entry.kind === "callback" ? "info" : "neutral"}>
                  {entry.kind === "callback" ? t.providers.callback : t.providers.request}
                </Badge>
                <span className="font-mono text-xs">{entry.operation}</span>
                <span className="text-xs text-stone-600">
                  {providerLabel(entry.provider, t)} · {entry.http_status ?? t.providers.noAnswer} · {entry.outcome}
                  {entry.latency_ms !== null ? ` · ${entry.latency_ms} ms` : ""}
                </span>
                <span className="ml-auto text-xs text-stone-500">{formatDateTime(entry.created_at, lang)}</span>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-stone-600">{t.providers.details}</summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-stone-50 p-2 text-xs">{JSON.stringify({ request: entry.request, response: entry.response }, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
