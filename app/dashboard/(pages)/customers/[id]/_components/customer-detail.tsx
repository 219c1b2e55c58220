"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { formatMoney } from "@/lib/core/money";
import { customerOperations } from "@/lib/customers/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { invoiceOperations } from "@/lib/invoices/schemas";
import { useCustomer, useEraseCustomer, type Customer } from "@/lib/query/customers";
import { useMayUse, useLiveClosed, useMayCall } from "@/lib/query/role";
import { QueryError } from "../../../_components/query-error";
import { StatusBadge } from "../../../_components/status-badge";
import { numberText, shortDate } from "../../_components/customer-words";
import { EditCustomerDialog } from "./edit-customer-dialog";
import { MergeDialog } from "./merge-dialog";

/** One customer: the whole number, totals, payments; edit, merge another record in, erase on request. */
export function CustomerDetail({ id }: { id: string }) {
  const { t, lang, fill } = useI18n();
  const w = t.customers;
  const customer = useCustomer(id);
  const erase = useEraseCustomer();
  const mayChange = useMayCall(customerOperations.update);
  const mayMerge = useMayCall(customerOperations.merge);
  const mayErase = useMayCall(customerOperations.erase);
  const liveClosed = useLiveClosed();
  const mayInvoice = useMayCall(invoiceOperations.create) && !liveClosed;
  const mayCollect = useMayUse("payment_request_create") && !liveClosed; // the members who may ask a buyer to pay at the counter (not while live payments are closed)
  const [dialog, setDialog] = useState<"edit" | "merge" | "erase" | null>(null);

  if (customer.isPending) return <Skeleton className="h-60" />;
  if (customer.isError) return <QueryError error={customer.error} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  const live = !c.merged_into && !c.erased_at;
  const money = (minor: number) => formatMoney(minor, c.currency, lang);
  return (
    <>
      <Link href="/dashboard/customers" className="mb-3 inline-block text-sm text-teal-800 underline-offset-2 hover:underline">
        ← {w.back}
      </Link>
      <PageHeader
        title={c.name ?? (c.erased_at ? w.erased : w.noName)}
        description={<Badge tone="neutral">{w.origin[c.created_by]}</Badge>}
        action={
          live ? (
            <div className="flex flex-wrap gap-2">
              {mayCollect && c.phone_number && (
                <Link href={`/dashboard/counter?phone=${c.phone_number}`} className={buttonClass("primary")} data-testid="ask-payment">
                  {w.askPayment}
                </Link>
              )}
              {mayInvoice && (
                <Link href={`/dashboard/invoices/new?customer=${c.id}`} className={buttonClass(mayCollect && c.phone_number ? "secondary" : "primary")} data-testid="new-invoice">
                  {t.invoices.new}
                </Link>
              )}
              {mayChange && (
                <Button variant="secondary" onClick={() => setDialog("edit")}>
                  {w.edit}
                </Button>
              )}
              {mayMerge && (
                <Button variant="secondary" onClick={() => setDialog("merge")}>
                  {w.merge}
                </Button>
              )}
              {mayErase && (
                <Button variant="danger" onClick={() => setDialog("erase")}>
                  {w.erase}
                </Button>
              )}
            </div>
          ) : null
        }
      />
      {c.merged_into && (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {w.mergedInto}{" "}
          <Link href={`/dashboard/customers/${c.merged_into}`} className="font-medium underline underline-offset-2">
            {w.openSurvivor}
          </Link>
        </p>
      )}
      {c.erased_at && <p className="mb-4 rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">{fill(w.erasedNote, { date: shortDate(c.erased_at, lang) })}</p>}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <Card>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm" data-testid="customer-facts">
            <Fact label={w.phone} value={<span className="font-mono">{numberText(c.phone_number)}</span>} wide />
            <Fact label={w.email} value={c.email ?? "—"} wide />
            <Fact label={w.colPayments} value={fill(w.paymentsCount, { count: c.payments_count })} />
            <Fact
              label={w.colPaid}
              value={
                <>
                  {money(c.amount_paid)}
                  {c.amount_refunded > 0 && <span className="block text-xs text-stone-600">{fill(w.refunded, { amount: money(c.amount_refunded) })}</span>}
                </>
              }
            />
            <Fact label={w.colLast} value={shortDate(c.last_payment_at, lang)} />
            <Fact label={w.since} value={shortDate(c.creation_date, lang)} />
          </dl>
        </Card>
        <Card title={w.payments}>
          <Payments customer={c} />
        </Card>
      </div>
      <EditCustomerDialog customer={dialog === "edit" ? c : null} onClose={() => setDialog(null)} />
      <MergeDialog customer={dialog === "merge" ? c : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === "erase"}
        title={w.eraseTitle}
        text={w.eraseText}
        confirmLabel={w.erase}
        successMessage={w.erased}
        onConfirm={() => erase.mutateAsync(c.id)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function Fact({ label, value, wide }: { label: string; value: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="font-medium break-words tabular-nums">{value}</dd>
    </div>
  );
}

function Payments({ customer: c }: { customer: Customer }) {
  const { t, lang } = useI18n();
  const w = t.customers;
  if (c.payments.length === 0) return <p className="text-sm text-stone-600">{w.noPayments}</p>;
  const when = (iso: string) => new Date(iso).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
  return (
    <Table label={w.payments}>
      <THead>
        <Th>{w.date}</Th>
        <Th className="text-right">{w.amount}</Th>
        <Th className="hidden sm:table-cell">{w.operator}</Th>
        {/* every booked payment is a success: on a phone the column would only push the amounts out */}
        <Th className="hidden sm:table-cell">{w.status}</Th>
      </THead>
      <TBody>
        {c.payments.map((p) => (
          <Tr key={p.track_id} testId="customer-payment">
            <Td kind="primary">
              <Link href={`/dashboard/payments/${encodeURIComponent(p.track_id)}`} className="font-mono text-xs whitespace-nowrap text-teal-800 underline-offset-2 hover:underline">
                {when(p.completed_at ?? p.created_at)}
              </Link>
            </Td>
            <Td kind="amount" className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency, lang)}</Td>
            <Td kind="secondary" className="hidden text-xs whitespace-nowrap sm:table-cell">{p.operator.replace(/_[A-Z]{3}$/, "").replaceAll("_", " ")}</Td>
            <Td kind="status" className="hidden sm:table-cell">
              <StatusBadge status={p.status} amount={p.amount} refunded={p.refunded_amount} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
