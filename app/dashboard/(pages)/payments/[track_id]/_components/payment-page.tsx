"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { countryLabel, operatorLabel, providerLabel, reasonLabel } from "@/lib/i18n/labels";
import { formatDate } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import type { Lang } from "@/lib/core/languages";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { usePayment } from "@/lib/query/deposits";
import { useRefunds } from "@/lib/query/money";
import type { PaymentDetail } from "@/lib/query/types";
import { AttemptFlags } from "../../../_components/latest-payments";
import { PaymentRefunds } from "../../../deposits/_components/refunds";
import { QueryError } from "../../../_components/query-error";
import { StatusBadge } from "../../../_components/status-badge";

/** Date and time to the second: a payment's history is read in seconds. */
const when = (value: string, lang: Lang) => formatDate(value, lang, { dateStyle: "medium", timeStyle: "medium" });

/** Where a payment's webhook delivery is seen in full: its endpoint's log on the Developers page. */
export function deliveryLogHref(webhookId: string): string {
  return `/dashboard/developers?webhook=${encodeURIComponent(webhookId)}#webhook-${webhookId}`;
}

export function PaymentPage({ trackId }: { trackId: string }) {
  const { t, fill } = useI18n();
  const w = t.payment;
  const payment = usePayment(trackId);
  const notFound = payment.error instanceof ApiRequestError && (payment.error.status === 404 || payment.error.status === 422);

  return (
    <>
      <Link href="/dashboard/deposits" className={cn("mb-4 inline-flex rounded text-sm text-teal-800 underline-offset-2 hover:underline", focusRing)}>
        <span aria-hidden="true">←&nbsp;</span>
        {w.back}
      </Link>
      {payment.isPending ? (
        <LoadingRegion label={w.loading}>
          <Skeleton className="mb-6 h-28" />
          <Skeleton className="h-64" />
        </LoadingRegion>
      ) : notFound ? (
        <>
          <h1 className="mb-4 font-mono text-xl font-bold break-all">{fill(w.title, { trackId })}</h1>
          <EmptyState title={w.notFound} />
        </>
      ) : payment.isError ? (
        <QueryError error={payment.error} onRetry={() => void payment.refetch()} />
      ) : (
        <Payment payment={payment.data} />
      )}
    </>
  );
}

function Payment({ payment: p }: { payment: PaymentDetail }) {
  const { t, lang, fill } = useI18n();
  const w = t.payment;
  const failed = p.status === "failed" || p.status === "expired";

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-mono text-lg font-bold break-all sm:text-2xl">{fill(w.title, { trackId: p.track_id })}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-3">
            <span className="text-3xl font-bold tracking-tight tabular-nums">{formatMoney(p.amount, p.currency, lang)}</span>
            <StatusBadge status={p.status} amount={p.amount} refunded={p.refunded_amount} />
            <AttemptFlags deposit={p} />
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-stone-600">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
            {w.live}
          </p>
        </div>
      </header>

      {p.receipt_code && <ReceiptCode code={p.receipt_code} />}

      {p.status === "success" && <PaymentRefunds deposit={p} />}

      {failed && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950" data-testid="failure-reason">
          <span className="block font-semibold">{w.failure}</span>
          {reasonLabel(p.status === "expired" ? (p.failure_reason ?? "expired") : p.failure_reason, t, p.operator)}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Summary payment={p} />
        <LinkAndBuyer payment={p} />
      </div>
      <History payment={p} />
      <Webhooks payment={p} />
    </div>
  );
}

/** A success's public receipt code, big enough to read out to a buyer, with the page that checks it. */
function ReceiptCode({ code }: { code: string }) {
  const { t, fill } = useI18n();
  const w = t.payment;
  const path = `/r/${code}`;
  return (
    <section aria-labelledby="receipt-code" className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-stone-200 bg-white px-4 py-3" data-testid="receipt-code">
      <div className="min-w-0">
        <h2 id="receipt-code" className="text-sm text-stone-600">
          {w.receipt}
        </h2>
        <p className="font-mono text-2xl font-bold tracking-widest select-all sm:text-3xl">{code}</p>
        <p className="mt-1 text-xs text-stone-600">
          {w.receiptHint}{" "}
          <Link href={path} target="_blank" rel="noreferrer" className={cn("rounded font-mono text-teal-800 underline underline-offset-2", focusRing)}>
            {path}
          </Link>
        </p>
      </div>
      <CopyButton value={code} label={w.receiptCopy} copiedLabel={t.common.copied} ariaLabel={fill(w.receiptCopyLabel, { code })} />
    </section>
  );
}

function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="mb-1 [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ payment: p }: { payment: PaymentDetail }) {
  const { t, lang } = useI18n();
  const w = t.payment;
  return (
    <Card title={w.summary}>
      <Facts
        items={[
          [w.created, when(p.created_at, lang)],
          [w.completed, p.completed_at ? when(p.completed_at, lang) : t.common.none],
          [w.phone, <span key="phone" className="font-mono">+{p.phone_number}</span>],
          [w.operator, operatorLabel(p.operator, lang)],
          [w.country, countryLabel(p.country, lang)],
          [w.provider, providerLabel(p.provider, t)],
          [w.providerReference, p.provider_reference ? <span key="ref" className="font-mono text-xs">{p.provider_reference}</span> : t.common.none],
        ]}
      />
    </Card>
  );
}

function LinkAndBuyer({ payment: p }: { payment: PaymentDetail }) {
  const { t, lang } = useI18n();
  const w = t.payment;
  // a payment page's or an invoice's payment: what it was paid through, not its own link
  const [label, href, name] = p.link.payment_page_id
    ? [w.paymentPage, `/dashboard/payment-pages/${p.link.payment_page_id}`, p.link.name]
    : p.link.invoice_id
      ? [w.invoice, `/dashboard/invoices/${p.link.invoice_id}`, w.invoiceOpen]
      : p.link.kind === "payment_link"
        ? [w.paymentLink, `/dashboard/links/${p.link.id}`, p.link.name]
        : [w.marketplaceLink, `/dashboard/marketplace-links/${p.link.id}`, p.link.name];
  const through = Boolean(p.link.payment_page_id || p.link.invoice_id); // its own link's archiving means nothing here
  return (
    <div className="flex flex-col gap-6">
      <Card title={w.link}>
        <Facts
          items={[
            [
              label,
              <span key="link" className="inline-flex flex-wrap items-center gap-2">
                {p.link.archived && !through ? (
                  <span className="font-medium">{name}</span>
                ) : (
                  <Link href={href} className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
                    {name}
                  </Link>
                )}
                {p.link.archived && !through && <Badge>{w.archived}</Badge>}
              </span>,
            ],
            ...(p.link.order_id ? [[w.orderId, p.link.order_id] as [string, React.ReactNode]] : []),
          ]}
        />
      </Card>
      {!p.buyer && p.answers.length > 0 && (
        // a payment page's buyer: no marketplace transaction, but the answers to the page's questions
        <Card title={w.answers}>
          <Facts items={p.answers.map((a) => [a.label, answerText(a, w, lang)])} />
        </Card>
      )}
      {p.buyer && (
        <Card title={w.buyer}>
          <Facts
            items={[
              [w.buyerName, p.buyer.full_name],
              [w.buyerEmail, p.buyer.email],
              [w.buyerPrice, formatMoney(p.buyer.buyer_price, p.currency, lang)],
              [w.productPrice, formatMoney(p.buyer.product_price, p.currency, lang)],
            ]}
          />
          {p.answers.length > 0 && (
            <div className="mt-4 rounded-md bg-stone-50 p-3">
              <h3 className="mb-2 text-sm font-semibold">{w.answers}</h3>
              <Facts items={p.answers.map((a) => [a.label, answerText(a, w, lang)])} />
            </div>
          )}
        </Card>
      )}
    </div>
  );
}

function answerText(a: PaymentDetail["answers"][number], w: { checked: string; unchecked: string; noAnswer: string }, lang: Lang): string {
  if (a.type === "checkbox") return a.value === "on" || a.value === "true" ? w.checked : w.unchecked;
  if (a.type === "date" && /^\d{4}-\d\d-\d\d$/.test(a.value)) return formatDate(a.value, lang);
  return a.value || w.noAnswer;
}

/** A line of the history: one of the deposit's own rows, or a refund of it (made, then sent or failed). */
type HistoryLine = { at: string; key: string; title: React.ReactNode; detail?: React.ReactNode; inferred?: boolean };

function History({ payment: p }: { payment: PaymentDetail }) {
  const { t, lang, fill } = useI18n();
  const w = t.payment;
  // a success's refunds belong to its story: amount, date, and how it went (the API's refunds of this payment)
  const refunds = useRefunds(p.track_id, p.status === "success");
  const lines: HistoryLine[] = [
    ...p.history.map((h, i) => ({
      at: h.at,
      key: `h${i}`,
      title:
        h.event === "created"
          ? w.eventCreated
          : h.event === "given_up"
            ? w.eventGivenUp
            : fill(w.eventChanged, { from: t.status[h.from_status ?? "pending"], to: t.status[h.to_status] }),
      detail: h.reason && h.event === "status_changed" ? reasonLabel(h.reason, t) : undefined,
      inferred: h.inferred,
    })),
    ...(refunds.data ?? []).map((r) => ({
      at: r.created_at,
      key: r.id,
      title: `${fill(t.statuses.refundEvent, { amount: formatMoney(r.amount, r.currency, lang) })} · ${t.statuses.refundState[r.status]}`,
      detail: r.failure_reason ? reasonLabel(r.failure_reason, t) : undefined,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Card title={w.history}>
      <ol className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4" data-testid="history">
        {lines.map((h) => (
          <li key={h.key} className="relative text-sm">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-white bg-teal-700" />
            <p className="font-medium">
              {h.title}
              {h.detail && <span className="block text-xs font-normal text-stone-600">{h.detail}</span>}
            </p>
            <p className="text-xs text-stone-600">
              <time dateTime={h.at}>{when(h.at, lang)}</time>
              {h.inferred && ` · ${w.inferred}`}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const deliveryTone = { pending: "pending", succeeded: "success", failed: "failed" } as const;

function Webhooks({ payment: p }: { payment: PaymentDetail }) {
  const { t, lang, fill, count } = useI18n();
  const w = t.payment;
  const words = { pending: w.deliveryPending, succeeded: w.deliverySucceeded, failed: w.deliveryFailed };
  return (
    <Card title={w.webhooks}>
      {p.webhook_deliveries.length === 0 ? (
        <p className="text-sm text-stone-600">{w.webhooksEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100" data-testid="webhook-deliveries">
          {p.webhook_deliveries.map((d) => (
            <li key={d.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{t.developers.eventLabels[d.event_type as keyof typeof t.developers.eventLabels] ?? d.event_type}</span>
                  <Badge tone={deliveryTone[d.status]}>{words[d.status]}</Badge>
                </p>
                <p className="font-mono text-xs break-all text-stone-600">{d.url}</p>
                <p className="text-xs text-stone-600">
                  {count(w.attempts, d.attempt_count)}
                  {d.last_status_code !== null && ` · ${fill(w.httpStatus, { code: d.last_status_code })}`}
                  {d.last_attempt_at && ` · ${when(d.last_attempt_at, lang)}`}
                </p>
              </div>
              <Link href={deliveryLogHref(d.webhook_id)} className={cn("shrink-0 self-start rounded text-sm text-teal-800 underline underline-offset-2 sm:self-center", focusRing)}>
                {w.viewDelivery}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
