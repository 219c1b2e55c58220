"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useClosePaymentPage, usePagePayments, usePaymentPage, useReopenPaymentPage } from "@/lib/query/payment-pages";
import { useMayCall } from "@/lib/query/role";
import { paymentPageOperations } from "@/lib/payment-pages/schemas";
import { QueryError } from "../../../_components/query-error";
import { ShareLink } from "../../../_components/share-link";
import { StatusBadge } from "../../../_components/status-badge";
import { EditPageDialog } from "../../_components/page-form-dialog";
import { priceText, statusTone } from "../../_components/page-words";

/** One payment page: what it sells and how much is taken, its share panel, its payments, and closing it. */
export function PaymentPageDetail({ id }: { id: string }) {
  const { t, lang, fill } = useI18n();
  const w = t.paymentPages;
  const page = usePaymentPage(id);
  const payments = usePagePayments(id);
  const close = useClosePaymentPage();
  const reopen = useReopenPaymentPage();
  const mayClose = useMayCall(paymentPageOperations.close);
  const mayReopen = useMayCall(paymentPageOperations.reopen);
  const mayEdit = useMayCall(paymentPageOperations.update);
  const [confirming, setConfirming] = useState<"close" | "reopen" | null>(null);
  const [editing, setEditing] = useState(false);

  if (page.isPending) return <Skeleton className="h-60" />;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  const p = page.data;
  return (
    <>
      <Link href="/dashboard/payment-pages" className="mb-3 inline-block text-sm text-teal-800 underline-offset-2 hover:underline">
        ← {w.back}
      </Link>
      <PageHeader
        title={p.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone[p.status]}>{w.status[p.status]}</Badge>
            <span>{priceText(p, lang, w.amountRange)}</span>
            <span>· {p.stock !== null ? fill(w.sold, { taken: p.units_taken, stock: p.stock }) : fill(w.taken, { taken: p.payments_taken })}</span>
          </span>
        }
        action={
          <div className="flex flex-wrap gap-2">
            {mayEdit && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {w.edit}
              </Button>
            )}
            {mayClose && p.status !== "closed" && (
              <Button variant="secondary" onClick={() => setConfirming("close")}>
                {w.close}
              </Button>
            )}
            {mayReopen && p.status === "closed" && (
              <Button variant="secondary" onClick={() => setConfirming("reopen")}>
                {w.reopen}
              </Button>
            )}
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card title={w.share}>
          <ShareLink url={p.link} name={p.title} amount={priceText(p, lang, w.amountRange)} />
        </Card>
        <Card title={w.payments}>
          {payments.isPending ? (
            <Skeleton className="h-24" />
          ) : payments.isError ? (
            <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
          ) : payments.data.length === 0 ? (
            <p className="text-sm text-stone-600">{w.noPayments}</p>
          ) : (
            <Table label={w.payments}>
              <THead>
                <Th>{w.date}</Th>
                <Th>{w.quantity}</Th>
                <Th className="text-right">{w.amount}</Th>
                <Th>{w.paymentStatus}</Th>
              </THead>
              <TBody>
                {payments.data.map((payment) => (
                  <Tr key={payment.track_id} testId="page-payment">
                    <Td kind="primary">
                      <Link href={`/dashboard/payments/${encodeURIComponent(payment.track_id)}`} className="font-mono text-xs text-teal-800 underline-offset-2 hover:underline">
                        {new Date(payment.created_at).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" })}
                      </Link>
                    </Td>
                    <Td kind="detail" label={w.quantity}>{payment.quantity}</Td>
                    <Td kind="amount" className="text-right tabular-nums">{formatMoney(payment.amount, payment.currency, lang)}</Td>
                    <Td kind="status">
                      <StatusBadge status={payment.status} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={confirming === "close"}
        title={w.closeTitle}
        text={w.closeText}
        confirmLabel={w.close}
        successMessage={w.closed}
        onConfirm={() => close.mutateAsync(p.id)}
        onClose={() => setConfirming(null)}
        onDone={() => void page.refetch()}
      />
      <ConfirmDialog
        open={confirming === "reopen"}
        title={w.reopenTitle}
        text={w.reopenText}
        confirmLabel={w.reopen}
        successMessage={w.reopened}
        onConfirm={() => reopen.mutateAsync(p.id)}
        onClose={() => setConfirming(null)}
        onDone={() => void page.refetch()}
      />
      <EditPageDialog page={editing ? p : null} onClose={() => setEditing(false)} />
    </>
  );
}
