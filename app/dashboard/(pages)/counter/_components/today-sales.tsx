"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { intlLocale } from "@/lib/core/languages";
import { formatMoney } from "@/lib/core/money";
import type { PaymentRequestStatus } from "@/lib/core/payment-requests";
import { isCountry } from "@/lib/countries";
import { maskNumber } from "@/lib/countries/typed-number";
import { useI18n } from "@/lib/i18n/provider";
import { TODAY_LIMIT, useTodayRequests, useTodaySummary, type PaymentRequest } from "@/lib/query/payment-requests";
import { useCan } from "@/lib/query/role";
import { useOnline } from "./offline-support";

const tones: Record<PaymentRequestStatus, BadgeTone> = { pending: "pending", paid: "success", failed: "failed", expired: "expired", cancelled: "neutral" };

/** Today's sales (a cashier: its own) and the day's total, live through the summary's long-poll. */
export function TodaySales({ currency }: { currency: string }) {
  const { t, lang, count, fill } = useI18n();
  const w = t.counter;
  const summary = useTodaySummary();
  const list = useTodayRequests();
  // owners and admins see who collected each sale; a cashier sees only its own
  const seesCollectors = useCan("admin");
  const time = new Intl.DateTimeFormat(intlLocale(lang), { hour: "2-digit", minute: "2-digit" });
  const items = list.data ?? [];
  const online = useOnline();
  return (
    <section aria-labelledby="today-title" className="rounded-2xl border border-stone-200 bg-white">
      <div className="flex items-end justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id="today-title" className="text-base font-semibold">
          {w.today}
        </h2>
        <div className="text-right" data-testid="today-total">
          <p className="text-xs text-stone-600">{w.todayTotal}</p>
          <p className="text-xl font-bold tabular-nums">{summary ? formatMoney(summary.paid_total, summary.currency, lang) : "…"}</p>
          {summary && <p className="text-xs text-stone-600">{count(w.paidCount, summary.paid_count)}</p>}
        </div>
      </div>
      {list.isPending ? (
        <p className="px-4 py-6 text-sm text-stone-600">{online ? t.common.loading : w.todayOffline}</p>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-stone-600">{w.empty}</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={w.today}>
          {items.map((r) => (
            <Sale key={r.id} request={r} time={time.format(new Date(r.created_at))} currency={currency} seesCollectors={seesCollectors} />
          ))}
        </ul>
      )}
      {items.length >= TODAY_LIMIT && <p className="px-4 py-2 text-xs text-stone-600">{fill(w.latest, { n: TODAY_LIMIT })}</p>}
    </section>
  );
}

function Sale({ request: r, time, currency, seesCollectors }: { request: PaymentRequest; time: string; currency: string; seesCollectors: boolean }) {
  const { t, lang } = useI18n();
  const w = t.counter;
  const collector = r.collected_by?.name || (r.stall_id ? w.stall : null);
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-request={r.id}>
      <div className="min-w-0">
        <p className="font-semibold tabular-nums">
          <span className="mr-2 text-sm font-normal text-stone-600">{time}</span>
          {formatMoney(r.amount, r.currency || currency, lang)}
        </p>
        <p className="text-sm text-stone-600 tabular-nums">{maskNumber(r.phone_number, isCountry(r.country) ? r.country : undefined)}</p>
        {seesCollectors && collector && (
          <p className="truncate text-xs text-stone-600">
            <span className="sr-only">{w.colCollector} </span>
            {collector}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <Badge tone={tones[r.status]}>{w.statuses[r.status]}</Badge>
        {r.receipt_code && (
          <p className="font-mono text-xs font-semibold tracking-wider text-stone-800">
            <span className="sr-only">{w.colReceipt} </span>
            {r.receipt_code}
          </p>
        )}
      </div>
    </li>
  );
}
