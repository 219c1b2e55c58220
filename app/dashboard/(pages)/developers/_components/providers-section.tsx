"use client";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime } from "@/lib/i18n/numbers";
import { useProviders } from "@/lib/query/providers";
import { QueryError } from "../../_components/query-error";

const names: Record<string, string> = { pawapay: "pawaPay", cinetpay: "CinetPay" };

/** Developers → Providers: live providers, their health, what they can take now, and alerts. */
export function ProvidersSection() {
  const { t, lang, fill } = useI18n();
  const overview = useProviders();
  const when = (value: string | null) => (value ? formatDateTime(value, lang) : t.providers.never);
  return (
    <Card title={t.providers.title}>
      {overview.isError ? (
        <QueryError error={overview.error} />
      ) : !overview.data ? (
        <p className="text-sm text-stone-600">{t.common.loading}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-stone-600">{fill(t.providers.intro, { testProvider: overview.data.test_provider === "sandbox" ? t.providers.sandbox : (names[overview.data.test_provider] ?? overview.data.test_provider) })}</p>
          {!overview.data.live_ready && (
            <p role="alert" className="rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm font-medium text-orange-900">
              {t.providers.notReady}
            </p>
          )}
          {overview.data.providers
            .filter((p) => p.active && p.configuration !== "ok")
            .map((p) => (
              <p key={p.name} role="alert" data-configuration={p.configuration} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
                {fill(t.providerHealth[p.configuration === "unreadable" ? "unreadable" : p.configuration === "stale" ? "stale" : "unreachable"], {
                  provider: names[p.name] ?? p.name,
                  problem: p.configuration_problem ?? "",
                })}
              </p>
            ))}
          <Table label={t.providers.title}>
            <THead>
              <Th>{t.providers.colProvider}</Th>
              <Th>{t.providers.colState}</Th>
              <Th>{t.providers.colLastSuccess}</Th>
              <Th>{t.providers.colLastCallback}</Th>
              <Th>{t.providers.colOperators}</Th>
            </THead>
            <TBody>
              {overview.data.providers.map((p) => (
                <tr role="row" key={p.name} data-provider={p.name}>
                  <Td kind="primary" className="font-medium">{names[p.name]}</Td>
                  <Td kind="status">
                    {p.active ? (
                      <Badge tone="success">{t.providers.active}</Badge>
                    ) : p.listed ? (
                      <Badge tone="failed">{t.providers.missingSettings}</Badge>
                    ) : (
                      <Badge>{t.providers.notListed}</Badge>
                    )}
                    {p.breaker !== "closed" && (
                      <div className="mt-1" title={t.providerHealth.breakerHint}>
                        <Badge tone="failed">{p.breaker === "open" ? t.providerHealth.breakerOpen : t.providerHealth.breakerHalfOpen}</Badge>
                      </div>
                    )}
                  </Td>
                  <Td kind="detail" label={t.providers.colLastSuccess} className="whitespace-nowrap">
                    {when(p.last_success_at)}
                    {p.last_failure_at && <div className="text-xs text-red-800">{fill(t.providers.lastFailure, { date: when(p.last_failure_at) })}</div>}
                  </Td>
                  <Td kind="detail" label={t.providers.colLastCallback} className="whitespace-nowrap">{when(p.last_callback_at)}</Td>
                  <Td kind="detail" label={t.providers.colOperators}>
                    <span className="tabular-nums">{p.operators_available.length}</span>
                    {p.operators_down.length > 0 && (
                      <div className="text-xs text-red-800">{fill(t.providers.down, { list: p.operators_down.join(", ") })}</div>
                    )}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
          <div>
            <h3 className="text-sm font-semibold">{t.providers.alerts}</h3>
            <p className="mt-1 text-sm text-stone-600">{t.providers.alertsIntro}</p>
            {overview.data.alerts.length === 0 ? (
              <p className="mt-2 text-sm text-stone-500">{t.providers.alertsEmpty}</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {overview.data.alerts.map((a, i) => (
                  <li key={`${a.created_at}-${i}`} className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-900">
                    <span className="font-mono">{a.track_id ?? "—"}</span> · {names[a.provider] ?? a.provider} · {a.outcome} · {formatDateTime(a.created_at, lang)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
