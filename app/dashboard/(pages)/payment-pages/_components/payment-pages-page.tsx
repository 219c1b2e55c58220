"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { usePaymentPages, type PaymentPage } from "@/lib/query/payment-pages";
import { useLiveClosed, useMayCall } from "@/lib/query/role";
import { paymentPageOperations } from "@/lib/payment-pages/schemas";
import { QueryError } from "../../_components/query-error";
import { CreatePageDialog } from "./page-form-dialog";
import { SharePageDialog } from "./share-page-dialog";
import { priceText, statusTone } from "./page-words";

/** The merchant's payment pages, newest first: each with its price, status and counters; create and share. */
export function PaymentPagesPage() {
  const { t } = useI18n();
  const w = t.paymentPages;
  const pages = usePaymentPages();
  const mayCreate = useMayCall(paymentPageOperations.create);
  const [creating, setCreating] = useState(false);
  const [sharing, setSharing] = useState<PaymentPage | null>(null);
  const liveClosed = useLiveClosed(); // in live mode while the server takes no live payments: nothing to open
  const newButton = mayCreate && !liveClosed ? <Button onClick={() => setCreating(true)}>{w.new}</Button> : null;
  return (
    <>
      <PageHeader title={w.title} description={w.intro} action={newButton} />
      {pages.isPending ? (
        <Skeleton className="h-40" />
      ) : pages.isError ? (
        <QueryError error={pages.error} onRetry={() => void pages.refetch()} />
      ) : pages.data.length === 0 ? (
        <EmptyState title={w.empty} description={w.emptyText} action={newButton} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="payment-pages">
          {pages.data.map((page) => (
            <li key={page.id}>
              <PageRow page={page} onShare={() => setSharing(page)} />
            </li>
          ))}
        </ul>
      )}
      <CreatePageDialog open={creating} onClose={() => setCreating(false)} />
      <SharePageDialog page={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

function PageRow({ page, onShare }: { page: PaymentPage; onShare: () => void }) {
  const { t, lang, fill } = useI18n();
  const w = t.paymentPages;
  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={`/dashboard/payment-pages/${page.id}`} className="truncate font-semibold text-teal-800 underline-offset-2 hover:underline">
              {page.title}
            </Link>
            <Badge tone={statusTone[page.status]}>{w.status[page.status]}</Badge>
          </div>
          <p className="mt-1 text-sm text-stone-600">
            {priceText(page, lang, w.amountRange)} ·{" "}
            {page.stock !== null ? fill(w.sold, { taken: page.units_taken, stock: page.stock }) : fill(w.taken, { taken: page.payments_taken })}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Link href={`/dashboard/payment-pages/${page.id}`} className="inline-flex h-10 items-center rounded-md border border-stone-300 px-4 text-sm font-medium">
            {w.view}
          </Link>
          <Button variant="secondary" onClick={onShare}>
            {w.share}
          </Button>
        </div>
      </div>
    </Card>
  );
}
