"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useDeposits } from "@/lib/query/deposits";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { useFollowAttempts, useGateway, useUnarchiveGateway } from "@/lib/query/gateways";
import { DepositTable } from "../../../_components/latest-payments";
import { useEverTrue } from "../../../_components/lazy";
import { Pager, useCursorPages } from "../../../_components/pager";
import { QueryError } from "../../../_components/query-error";
import { QueryList } from "../../../_components/query-list";
import { LinkStatusBadge } from "../../../_components/link-status-badge";
import { ArchiveDialog } from "../../_components/archive-dialog";
import { QrDialog } from "../../_components/qr-dialog";
import { SharePaidDialog } from "../../_components/share-paid-dialog";
import { Can } from "@/lib/query/role";

const LinkFormDialog = dynamic(() => import("../../_components/link-form-dialog").then((m) => m.LinkFormDialog), { ssr: false });

export function LinkDetail({ id }: { id: string }) {
  const { t, lang, fill } = useI18n();
  const router = useRouter();
  const gateway = useGateway(id);
  const pages = useCursorPages(id);
  const attempts = useDeposits({ payment_gateway_id: id }, pages.cursor, 20);
  const [editing, setEditing] = useState(false);
  const [qr, setQr] = useState(false);
  const [paidShare, setPaidShare] = useState(false); // a paid link: warned before its share panel
  const formLoaded = useEverTrue(editing);
  const [archiving, setArchiving] = useState(false);
  useFollowAttempts(id, attempts.data);
  const link = gateway.data;
  const archived = Boolean(link?.archived_at);
  const unarchive = useUnarchiveGateway();
  const notify = useToast();
  const putBack = async () => {
    try {
      await unarchive.mutateAsync(id);
      notify(t.links.unarchived);
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  // the server's answer (the payin status rule over every attempt), never the page of 20 on screen
  const paid = link?.payment_status === "success";
  const noAttempts = (
    <EmptyState
      level={3}
      title={t.link.attemptsEmpty}
      description={t.link.attemptsEmptyAction}
      action={link && !archived && <CopyButton value={link.link} label={t.links.copyLink} copiedLabel={t.common.copied} size="md" variant="primary" />}
    />
  );

  return (
    <>
      <Link href="/dashboard/links" className={cn("mb-4 inline-flex rounded text-sm text-teal-800 underline-offset-2 hover:underline", focusRing)}>
        ← {t.link.back}
      </Link>

      {gateway.isPending ? (
        <LoadingRegion label={t.link.loading}>
          <Skeleton className="mb-6 h-40" />
        </LoadingRegion>
      ) : gateway.isError ? (
        <div className="mb-6">
          <QueryError error={gateway.error} />
          <p className="mt-2 text-sm text-stone-600">{t.link.gone}</p>
        </div>
      ) : (
        link && (
          <div className="mb-6">
            <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0">
                <h1 className="text-2xl font-bold tracking-tight break-words">{link.shop_name}</h1>
                <p className="mt-1 flex flex-wrap items-center gap-3 text-lg font-semibold tabular-nums">
                  {formatMoney(link.amount, link.currency, lang)}
                  <LinkStatusBadge status={link.payment_status} archived={archived} />
                </p>
              </div>
              {archived ? (
                <Can operation="gateway_unarchive">
                  <Button onClick={putBack} loading={unarchive.isPending}>
                    {t.links.unarchive}
                  </Button>
                </Can>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <CopyButton value={link.link} label={t.links.copyLink} copiedLabel={t.common.copied} size="md" />
                  <Button variant="secondary" onClick={() => (paid ? setPaidShare(true) : setQr(true))}>
                    {t.links.share}
                  </Button>
                  <Can operation="gateway_update">
                    <Button variant="secondary" onClick={() => setEditing(true)}>
                      {t.common.edit}
                    </Button>
                  </Can>
                  <Can operation="gateway_archive">
                    <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setArchiving(true)}>
                      {t.links.archive}
                    </Button>
                  </Can>
                </div>
              )}
            </div>
            {archived && (
              <div role="status" className="mb-4 rounded-lg border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-800">
                <p className="font-semibold">{t.link.archivedTitle}</p>
                <p>{fill(t.link.archivedText, { date: formatDateTime(link.archived_at!, lang) })}</p>
              </div>
            )}
            <Card>
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                <Detail label={t.link.link}>
                  <a href={link.link} target="_blank" rel="noreferrer" className={cn("rounded font-mono text-xs break-all text-teal-800 underline", focusRing)}>
                    {link.link}
                  </a>
                </Detail>
                <Detail label={t.link.created}>{formatDateTime(link.creation_date, lang)}</Detail>
                <Detail label={t.link.orderId}>{link.order_id || t.common.none}</Detail>
                <Detail label={t.link.message}>{link.message || t.common.none}</Detail>
                <Detail label={t.link.successUrl}>{link.success_url || t.common.none}</Detail>
                <Detail label={t.link.failureUrl}>{link.failure_url || t.common.none}</Detail>
              </dl>
            </Card>
          </div>
        )
      )}

      <h2 className="mb-3 text-lg font-semibold">{t.link.attempts}</h2>
      <QueryList query={attempts} items={attempts.data?.items} loading={t.common.loading} rows={3} empty={noAttempts}>
        {(items) => (
          <>
            {items.some((d) => d.duplicate_of) && <Notice>{t.link.duplicates}</Notice>}
            {items.some((d) => d.late_success) && <Notice>{t.link.lateSuccesses}</Notice>}
            <DepositTable items={items} lang={lang} label={t.link.attempts} />
            <Pager page={pages.page} hasNext={Boolean(attempts.data?.next)} onNext={() => attempts.data?.next && pages.next(attempts.data.next)} onPrevious={pages.previous} />
          </>
        )}
      </QueryList>

      {link && (
        <>
          {formLoaded && <LinkFormDialog target={editing ? link : null} currency={link.currency} paid={paid} onClose={() => setEditing(false)} />}
          <QrDialog link={qr ? { url: link.link, name: link.shop_name, amount: formatMoney(link.amount, link.currency, lang) } : null} onClose={() => setQr(false)} />
          <SharePaidDialog open={paidShare} onShare={() => (setQr(true), setPaidShare(false))} onClose={() => setPaidShare(false)} />
          <ArchiveDialog link={archiving ? link : null} onClose={() => setArchiving(false)} onArchived={() => router.push("/dashboard/links")} />
        </>
      )}
    </>
  );
}

/** Money the merchant must act on (a duplicate to refund) or know about (a late success). */
function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="mb-3 rounded-lg border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-950">
      {children}
    </p>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-stone-900">{children}</dd>
    </div>
  );
}
