"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { invoiceOperations } from "@/lib/invoices/schemas";
import { useCancelInvoice, useInvoices, type Invoice } from "@/lib/query/invoices";
import { useLiveClosed, useMayCall } from "@/lib/query/role";
import { QueryError } from "../../_components/query-error";
import { cancellable, dueText, statusTone } from "./invoice-words";

/** The merchant's invoices, newest first: what each customer paid and still owes, their pages; cancel. */
export function InvoicesPage() {
  const { t } = useI18n();
  const w = t.invoices;
  const invoices = useInvoices();
  const cancel = useCancelInvoice();
  const mayCancel = useMayCall(invoiceOperations.cancel);
  const liveClosed = useLiveClosed();
  const mayCreate = useMayCall(invoiceOperations.create) && !liveClosed; // not while live payments are closed (the banner says how to open them)
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const newButton = mayCreate ? (
    <Link href="/dashboard/invoices/new" className={buttonClass("primary")} data-testid="new-invoice">
      {w.new}
    </Link>
  ) : null;
  return (
    <>
      <PageHeader title={w.title} description={w.intro} action={newButton} />
      {invoices.isPending ? (
        <Skeleton className="h-40" />
      ) : invoices.isError ? (
        <QueryError error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <EmptyState title={w.empty} description={w.emptyText} action={newButton} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="invoices">
          {invoices.data.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceRow invoice={invoice} onCancel={mayCancel && cancellable(invoice.status) ? () => setCancelling(invoice) : null} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={w.cancelTitle}
        text={w.cancelText}
        confirmLabel={w.cancelConfirm}
        successMessage={w.cancelled}
        onConfirm={() => cancel.mutateAsync(cancelling!.id)}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}

function InvoiceRow({ invoice, onCancel }: { invoice: Invoice; onCancel: (() => void) | null }) {
  const { t, lang, fill } = useI18n();
  const w = t.invoices;
  const money = (minor: number) => formatMoney(minor, invoice.currency, lang);
  const due = dueText(invoice.due_date, lang);
  const link = "inline-flex h-10 items-center rounded-md border border-stone-300 px-4 text-sm font-medium";
  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={`/dashboard/invoices/${invoice.id}`} className="truncate font-semibold text-teal-800 underline-offset-2 hover:underline">
              {invoice.reference ? `${invoice.reference} · ` : ""}
              {invoice.customer.name}
            </Link>
            <Badge tone={statusTone[invoice.status]}>{w.status[invoice.status]}</Badge>
          </div>
          <p className="mt-1 text-sm text-stone-600">
            {w.total} {money(invoice.total)} · {w.paid} {money(invoice.amount_paid)} · <strong className="text-stone-900">{w.balance} {money(invoice.balance_due)}</strong> · {fill(w.due, { date: due })}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link href={`/dashboard/invoices/${invoice.id}`} className={link}>
            {w.view}
          </Link>
          <a href={invoice.link} target="_blank" rel="noreferrer" className={link}>
            {w.customerPage}
          </a>
          <a href={invoice.print_link} target="_blank" rel="noreferrer" className={link}>
            {w.print}
          </a>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              {w.cancel}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
