"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ExportForm } from "@/components/payments/export-form";
import { PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { isCountry } from "@/lib/countries";
import { fill } from "@/lib/core/fill";
import { formatDate } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { useMode } from "@/lib/query/mode";
import { useArchiveMarketplaceLink, useMarketplace, useMarketplaceLinks, type MarketplaceLink } from "@/lib/query/marketplace";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryList } from "../../_components/query-list";
import { useTold } from "../../_components/use-told";
import { Can, useLiveClosed, useMayUse } from "@/lib/query/role";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";

// The dialog (and libphonenumber's metadata) loads when the merchant first opens it.
const CreateLinkDialog = dynamic(() => import("./create-link-dialog").then((m) => m.CreateLinkDialog), { ssr: false });

const PAGE_SIZE = 20;

export function LinksPage() {
  const w = useI18n().t.marketplace.links;
  const search = useSearchParams();
  const marketplace = useMarketplace();
  const account = useAccount();
  const { mode } = useMode();
  // ?view=archived: the archived links, each with its way back
  const archived = search.get("view") === "archived";
  const pages = useCursorPages(`${mode}-${archived}`); // another mode or view starts at its first page
  const links = useMarketplaceLinks(pages.cursor, PAGE_SIZE, archived);
  const [dialogOpen, setDialogOpen] = useState(false);
  // once opened, the dialog stays mounted: closing it gives focus back to the button that opened it
  const [dialogKept, setDialogKept] = useState(false);
  const [dialogKey, setDialogKey] = useState(0); // a new key, a fresh form

  const ready = marketplace.data && marketplace.data.is_active && account.data;
  const canCreate = useMayUse("marketplace_gateway_create"); // a viewer or a developer: no "new link"
  const liveClosed = useLiveClosed(); // nor in live mode while the server takes no live payments
  // /dashboard/marketplace-links?new=1 (from the marketplace page) opens the create dialog once the
  // marketplace is known, and only once: read when the page opens, then gone from the address (the
  // history's own replaceState, which Next.js follows, as the links page does), so a reload does not
  // open it again and closing it (after a link is made or not) does not either
  const [askedByUrl] = useState(() => search.get("new") === "1");
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!askedByUrl) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has("new")) return;
    url.searchParams.delete("new");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }, [askedByUrl]);
  const open = dialogOpen || (askedByUrl && !answered && Boolean(ready) && canCreate && !liveClosed);
  const openDialog = () => {
    setDialogKey((key) => key + 1);
    setDialogOpen(true);
    setDialogKept(true);
  };
  const closeDialog = () => {
    setDialogOpen(false);
    setDialogKept(true);
    setAnswered(true);
  };

  const newButton = ready && canCreate && !liveClosed ? (
    <Button onClick={openDialog}>
      <span aria-hidden="true">+</span> {w.new}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={w.title} description={w.intro} action={newButton} />

      {marketplace.data === null ? (
        <EmptyState
          title={w.needMarketplaceTitle}
          description={w.needMarketplaceText}
          action={
            <Link href="/dashboard/marketplace" className={buttonClass("primary")}>
              {w.needMarketplaceAction}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          {marketplace.data && !marketplace.data.is_active && (
            <div className="flex flex-col items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center">
              <p className="flex-1">{w.inactiveText}</p>
              <Link href="/dashboard/marketplace" className={buttonClass("secondary", "sm")}>
                {w.inactiveAction}
              </Link>
            </div>
          )}
          <ViewTabs archived={archived} />
          {/* the marketplace first (its states), then its links */}
          <QueryList
            query={marketplace.data ? links : marketplace}
            items={links.data?.items}
            loading={w.loading}
            // switched off, the warning above is the whole story: no "create one" next to it;
            // past the first page, an empty page keeps its pager
            empty={
              pages.page !== 1 ? undefined : archived ? (
                <p className="text-sm text-stone-600">{w.archivedEmpty}</p>
              ) : (
                marketplace.data?.is_active && <EmptyState title={w.emptyTitle} description={w.emptyText} action={newButton} />
              )
            }
          >
            {(items) => (
              <>
                {archived ? (
                  <ArchivedLinks links={items} />
                ) : (
                  <>
                    <LinksTable links={items} />
                  </>
                )}
                <Pager
                  page={pages.page}
                  hasNext={Boolean(links.data?.next)}
                  onNext={() => links.data?.next && pages.next(links.data.next)}
                  onPrevious={pages.previous}
                  busy={links.isPlaceholderData}
                />
              </>
            )}
          </QueryList>
          {marketplace.data && <ExportForm kind="marketplace-transactions" />}
        </div>
      )}

      {(open || dialogKept) && marketplace.data && account.data && isCountry(account.data.country.iso_code) && (
        <CreateLinkDialog
          key={dialogKey}
          open={open}
          onClose={closeDialog}
          feePercent={marketplace.data.fee}
          country={account.data.country.iso_code}
        />
      )}
    </>
  );
}

function useFormatters() {
  const { lang } = useI18n();
  return {
    money: (link: MarketplaceLink, minor: number) => formatMoney(minor, link.currency, lang),
    date: (iso: string) => formatDate(iso, lang),
  };
}

/** The links: a table, one card per link on phones (components/ui/table.tsx). */
function LinksTable({ links }: { links: MarketplaceLink[] }) {
  const w = useI18n().t.marketplace.links;
  const { t } = useI18n();
  const f = useFormatters();
  // the shop's name opens the link's page (its payments, its share panel)
  return (
    <Table label={w.title}>
      <THead actions={t.common.actions}>
        <Th>{w.colSeller}</Th>
        <Th className="text-right">{w.colPrice}</Th>
        <Th className="text-right">{w.colFee}</Th>
        <Th className="text-right">{w.colTotal}</Th>
        <Th>{w.colCreated}</Th>
      </THead>
      <TBody>
        {links.map((link) => (
          <Tr key={link.id} testId="marketplace-link-row">
            <Td kind="primary">
              <Link href={`/dashboard/marketplace-links/${link.id}`} className={cn("rounded font-medium text-teal-800 hover:underline", focusRing)}>
                {link.shop_name}
              </Link>
              {link.message && <p className="max-w-xs truncate text-xs font-normal text-stone-600">{link.message}</p>}
            </Td>
            <Td kind="detail" label={w.colPrice} className="text-right whitespace-nowrap tabular-nums">{f.money(link, link.amount)}</Td>
            <Td kind="detail" label={w.colFee} className="text-right whitespace-nowrap tabular-nums">{f.money(link, link.fee)}</Td>
            <Td kind="amount" className="text-right font-medium whitespace-nowrap tabular-nums">{f.money(link, buyerPrice(link.amount, link.fee))}</Td>
            <Td kind="when" className="whitespace-nowrap text-stone-600">{f.date(link.creation_date)}</Td>
            <Td kind="actions" className="text-right">
              <LinkActions link={link} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function LinkActions({ link }: { link: MarketplaceLink }) {
  const w = useI18n().t.marketplace.links;
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 md:flex-nowrap">
      <CopyButton value={link.link} label={w.copyLink} copiedLabel={t.common.copied} ariaLabel={fill(w.copyLinkOf, { shop: link.shop_name })} />
      <Link
        href={`/dashboard/marketplace-links/${link.id}`}
        aria-label={fill(w.detailsOf, { shop: link.shop_name })}
        className={buttonClass("secondary", "sm")}
      >
        {w.details}
      </Link>
    </div>
  );
}

/** Live or archived links: two links that keep the page's other query parameters out. */
function ViewTabs({ archived }: { archived: boolean }) {
  const w = useI18n().t.marketplace.links;
  const tab = (active: boolean) =>
    cn(
      "rounded-md px-3 py-1.5 text-sm font-medium",
      focusRing,
      active ? "bg-white text-stone-900 shadow-sm ring-1 ring-stone-200" : "text-stone-700 hover:text-stone-900",
    );
  return (
    <nav aria-label={w.tabsLabel} className="self-start rounded-lg bg-stone-100 p-1">
      <ul className="flex gap-1">
        <li>
          <Link href="/dashboard/marketplace-links" className={tab(!archived)} aria-current={!archived ? "page" : undefined}>
            {w.tabLive}
          </Link>
        </li>
        <li>
          <Link href="/dashboard/marketplace-links?view=archived" className={tab(archived)} aria-current={archived ? "page" : undefined}>
            {w.tabArchived}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Archived links: what they were, and "unarchive" (the link takes payments again). */
function ArchivedLinks({ links }: { links: MarketplaceLink[] }) {
  const { t } = useI18n();
  const w = t.marketplace.links;
  const f = useFormatters();
  const told = useTold();
  const unarchive = useArchiveMarketplaceLink();
  return (
    // a table, one card per link on phones: the seller's shop and what the buyer paid, when, then the way back
    <Table label={w.tabArchived}>
      <THead actions={t.common.actions}>
        <Th>{w.colSeller}</Th>
        <Th className="text-right">{w.colTotal}</Th>
        <Th>{w.colCreated}</Th>
      </THead>
      <TBody>
        {links.map((link) => (
          <Tr key={link.id} testId="archived-link">
            <Td kind="primary" className="font-semibold break-words">{link.shop_name}</Td>
            <Td kind="amount" className="text-right whitespace-nowrap tabular-nums">{f.money(link, buyerPrice(link.amount, link.fee))}</Td>
            <Td kind="when" className="whitespace-nowrap text-stone-600">{f.date(link.creation_date)}</Td>
            <Td kind="actions" className="text-right">
              <Can operation="marketplace_gateway_unarchive">
                <div className="flex justify-end">
                  <Button variant="secondary" size="sm" disabled={unarchive.isPending} aria-label={fill(w.unarchiveOf, { shop: link.shop_name })} onClick={() => unarchive.mutate({ id: link.id, archived: false }, told(w.unarchivedToast))}>
                    {w.unarchive}
                  </Button>
                </div>
              </Can>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
