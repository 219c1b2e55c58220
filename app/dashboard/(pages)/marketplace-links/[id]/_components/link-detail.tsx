"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { isCountry } from "@/lib/countries";
import { countryLabel } from "@/lib/i18n/labels";
import { errorMessage } from "@/lib/forms/messages";
import { formatDate, formatDateTime } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { fill } from "@/lib/core/fill";
import { useAccount } from "@/lib/query/account";
import {
  useArchiveMarketplaceLink,
  useMarketplace,
  useMarketplaceLink,
  useMarketplaceTransactions,
  type MarketplaceLink,
  type MarketplaceTransaction,
} from "@/lib/query/marketplace";
import { useEverTrue } from "../../../_components/lazy";
import { useSellerPayouts, type Payout, type Refund } from "@/lib/query/money";
import { useRefundsOf } from "@/lib/query/sellers";
import { QueryList } from "../../../_components/query-list";
import { latestPayouts } from "../../../_components/money-rules";
import { SaleMoney } from "./seller-payout";
import { Can } from "@/lib/query/role";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";
import { QrDialog } from "../../../links/_components/qr-dialog";

// The edit form (and libphonenumber's metadata) loads when the merchant first opens it.
const CreateLinkDialog = dynamic(() => import("../../_components/create-link-dialog").then((m) => m.CreateLinkDialog), { ssr: false });

/** Stored E.164 digits as a dialable number (grouping would need the phone metadata on this page). */
function phoneText(digits: string): string {
  return digits ? `+${digits}` : "";
}

function useCountryName() {
  const { lang } = useI18n();
  return (iso3: string) => countryLabel(iso3, lang);
}

export function LinkDetail({ id }: { id: string }) {
  const words = useI18n().t.marketplace;
  const w = words.link;
  const { t } = useI18n();
  const link = useMarketplaceLink(id);

  return (
    <div className="flex flex-col gap-6">
      <Link href="/dashboard/marketplace-links" className={cn("self-start rounded text-sm font-medium text-teal-800 hover:underline", focusRing)}>
        <span aria-hidden="true">←</span> {w.back}
      </Link>
      {link.isPending ? (
        <LoadingRegion label={w.loading}>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="mt-4 h-40 w-full" />
        </LoadingRegion>
      ) : link.isError ? (
        link.error instanceof ApiRequestError && (link.error.status === 404 || link.error.status === 422) ? (
          <EmptyState
            level={1}
            title={w.notFound}
            action={
              <Link href="/dashboard/marketplace-links" className={buttonClass("primary")}>
                {w.back}
              </Link>
            }
          />
        ) : (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{errorMessage(link.error, t)}</p>
            <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
              {t.common.retry}
            </Button>
          </div>
        )
      ) : (
        <>
          <LinkSummary link={link.data} />
          <Transactions link={link.data} />
        </>
      )}
    </div>
  );
}

function LinkSummary({ link }: { link: MarketplaceLink }) {
  const words = useI18n().t.marketplace;
  const w = words.link;
  const { t, lang } = useI18n();
  const countryName = useCountryName();
  const money = (minor: number) => formatMoney(minor, link.currency, lang);
  const [sharing, setSharing] = useState(false);
  const facts: [string, React.ReactNode][] = [
    [w.price, money(link.amount)],
    [w.fee, money(link.fee)],
    [w.total, <strong key="total">{money(buyerPrice(link.amount, link.fee))}</strong>],
    [w.sellerPhone, phoneText(link.phone_number)],
    [w.country, countryName(link.country)],
    [w.created, formatDate(link.creation_date, lang)],
  ];
  return (
    <>
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{link.shop_name}</h1>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {/* the whole address, wrapped (never cut on a phone) */}
          <p className="min-w-0 rounded-md border border-stone-300 bg-stone-50 px-3 py-1.5 font-mono text-sm break-all sm:max-w-md" data-testid="link-url">
            {link.link}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton value={link.link} label={words.links.copyLink} copiedLabel={t.common.copied} />
            <Button variant="secondary" size="sm" onClick={() => setSharing(true)}>
              {t.links.share}
            </Button>
            <a href={link.link} target="_blank" rel="noopener" className={buttonClass("secondary", "sm")}>
              {words.links.open}
            </a>
          </div>
        </div>
        <EditArchive link={link} />
      </div>
      {/* the payment links' share panel: WhatsApp, SMS, e-mail, the QR code as PNG and SVG */}
      <QrDialog link={sharing ? { url: link.link, name: link.shop_name, amount: money(buyerPrice(link.amount, link.fee)) } : null} onClose={() => setSharing(false)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={w.details}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-stone-600">{label}</dt>
                <dd className="text-right tabular-nums [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          {link.message && (
            <p className="mt-3 border-t border-stone-100 pt-3 text-sm whitespace-pre-line text-stone-700">
              <span className="block font-medium">{w.message}</span>
              {link.message}
            </p>
          )}
        </Card>
        <Card title={w.questions}>
          {link.form_blocks.length === 0 ? (
            <p className="text-sm text-stone-600">{w.noQuestions}</p>
          ) : (
            <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm" data-testid="link-questions">
              {link.form_blocks.map((block) => (
                <li key={block.fieldName}>
                  <span className="font-medium">{block.fieldLabel}</span>{" "}
                  <span className="text-stone-600">
                    · {words.builder.types[block.fieldType]}
                    {block.required ? ` · ${words.builder.requiredShort}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </>
  );
}

/** Edit the link (the create form, filled in) or archive it (then the archived list, where it can come back). */
function EditArchive({ link }: { link: MarketplaceLink }) {
  const w = useI18n().t.marketplace.links;
  const router = useRouter();
  const marketplace = useMarketplace();
  const account = useAccount();
  const archive = useArchiveMarketplaceLink();
  const [editing, setEditing] = useState(false);
  const [editKey, setEditKey] = useState(0); // a new key at each opening: the form starts from the link as it is now
  const [archiving, setArchiving] = useState(false);
  const editLoaded = useEverTrue(editing);
  const country = account.data?.country.iso_code;
  return (
    <div className="flex flex-wrap gap-2">
      <Can operation="marketplace_gateway_update">
        <Button
          variant="secondary"
          size="sm"
          disabled={!marketplace.data || !country}
          onClick={() => {
            setEditKey((k) => k + 1);
            setEditing(true);
          }}
        >
          {w.edit}
        </Button>
      </Can>
      <Can operation="marketplace_gateway_archive">
        <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setArchiving(true)}>
          {w.archive}
        </Button>
      </Can>
      {editLoaded && marketplace.data && country && isCountry(country) && (
        <CreateLinkDialog
          key={editKey}
          open={editing}
          onClose={() => setEditing(false)}
          feePercent={marketplace.data.fee}
          country={country}
          link={link}
        />
      )}
      <ConfirmDialog
        open={archiving}
        title={w.archiveTitle}
        text={fill(w.archiveText, { shop: link.shop_name })}
        confirmLabel={w.archive}
        successMessage={w.archivedToast}
        onConfirm={() => archive.mutateAsync({ id: link.id, archived: true })}
        onClose={() => setArchiving(false)}
        onDone={() => router.push("/dashboard/marketplace-links?view=archived")}
      />
    </div>
  );
}

function Transactions({ link }: { link: MarketplaceLink }) {
  const words = useI18n().t.marketplace;
  const w = words.link;
  const query = useMarketplaceTransactions(link.id);
  const payouts = latestPayouts(useSellerPayouts(link.id).data);
  const refunds = useRefundsOf({ marketplace_gateway_id: link.id }).data ?? [];

  return (
    <section aria-labelledby="transactions-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="transactions-title" className="text-lg font-semibold">
            {w.transactions}
          </h2>
          <p className="text-sm text-stone-600">{w.transactionsIntro}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isRefetching && !query.isFetchingNextPage}>
          {w.refresh}
        </Button>
      </div>
      <QueryList query={query} items={query.data?.pages.flatMap((page) => page.items)} loading={w.transactionsLoading} rows={3} empty={<EmptyState level={3} title={w.empty} description={w.emptyAction} />}>
        {(items) => (
          <>
            <ul className="flex flex-col gap-3" data-testid="transactions">
              {items.map((transaction) => (
                <TransactionCard
                  key={transaction.transaction_id}
                  transaction={transaction}
                  link={link}
                  payout={payouts.get(transaction.transaction_id)}
                  refunds={refunds.filter((r) => r.track_id === transaction.track_id)}
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <Button variant="secondary" className="self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {w.more}
              </Button>
            )}
          </>
        )}
      </QueryList>
    </section>
  );
}

function TransactionCard({ transaction: tx, link, payout, refunds }: { transaction: MarketplaceTransaction; link: MarketplaceLink; payout: Payout | undefined; refunds: Refund[] }) {
  const words = useI18n().t.marketplace;
  const w = words.link;
  const { t, lang } = useI18n();
  const countryName = useCountryName();
  const money = (minor: number) => formatMoney(minor, link.currency, lang);
  const blocks = new Map(link.form_blocks.map((b) => [b.fieldName, b]));
  const answer = (fieldName: string, value: string) => {
    const block = blocks.get(fieldName);
    if (block?.fieldType === "checkbox") return value === "on" || value === "true" ? w.checked : w.unchecked;
    if (block?.fieldType === "date" && /^\d{4}-\d\d-\d\d$/.test(value)) return formatDate(value, lang);
    if (block?.fieldType === "select") return block.fieldOptions.find((o) => o.value === value)?.name ?? value;
    return value || w.noAnswer;
  };
  const buyer = tx.buyer;
  const facts: [string, React.ReactNode][] = [
    [w.email, buyer.email],
    [w.phone, phoneText(buyer.phone_number)],
    [words.link.country, countryName(buyer.country.iso_code)],
    [w.operator, buyer.operator.name],
    // words follow the status: only a success was paid (a failed attempt took nothing)
    [tx.status === "success" ? w.buyerPrice : w.buyerPriceAsked, money(tx.buyer_price)],
    [tx.status === "success" ? w.productPrice : w.productPriceShare, money(tx.product_price)],
  ];

  return (
    <li className="rounded-lg border border-stone-200 bg-white" data-testid="transaction">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-stone-100 px-4 py-3">
        <Badge tone={tx.status}>{t.status[tx.status]}</Badge>
        {refunds.some((r) => r.status !== "failed") && <Badge tone="info">{t.money.refund.badge}</Badge>}
        <p className="font-semibold">{buyer.full_name}</p>
        <p className="ml-auto text-sm text-stone-600">{formatDateTime(tx.creation_date, lang)}</p>
        <Link
          href={`/dashboard/payments/${encodeURIComponent(tx.track_id)}`}
          className={cn("w-full rounded font-mono text-xs text-teal-800 underline underline-offset-2 sm:w-auto", focusRing)}
        >
          {tx.track_id}
        </Link>
      </div>
      <div className="grid gap-4 p-4 md:grid-cols-2">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="mb-1 break-words tabular-nums sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        {tx.additional_info.length > 0 && (
          <div className="rounded-md bg-stone-50 p-3">
            <h3 className="mb-1.5 text-sm font-semibold">{w.answers}</h3>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-y-1.5" data-testid="answers">
              {tx.additional_info.map((info) => (
                <div key={info.fieldName} className="contents">
                  <dt className="break-words text-stone-600">{blocks.get(info.fieldName)?.fieldLabel ?? info.fieldName}</dt>
                  <dd className="mb-1.5 break-words whitespace-pre-line sm:mb-0">{answer(info.fieldName, info.value)}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
      <SaleMoney fee={tx.buyer_price - tx.product_price} currency={link.currency} payout={payout} refunds={refunds} succeeded={tx.status === "success"} />
    </li>
  );
}
