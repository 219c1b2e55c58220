"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select } from "@/components/ui/field";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useI18n } from "@/lib/i18n/provider";
import { formatDate } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useAccount } from "@/lib/query/account";
import { useGateways, useUnarchiveGateway } from "@/lib/query/gateways";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import type { GatewayFilters, GatewayListItem } from "@/lib/query/types";
import { useEverTrue } from "../../_components/lazy";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryList } from "../../_components/query-list";
import { LinkStatusBadge } from "../../_components/link-status-badge";
import { ArchiveDialog } from "./archive-dialog";
import { LinkActions, type LinkAction } from "./link-actions";
import { QrDialog } from "./qr-dialog";
import { SharePaidDialog } from "./share-paid-dialog";
import { Can } from "@/lib/query/role";

const PAGE_SIZE = 20;

// The form (react-hook-form and zod) loads when a merchant first opens it, not with the list.
const LinkFormDialog = dynamic(() => import("./link-form-dialog").then((m) => m.LinkFormDialog), { ssr: false });

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function LinksPage({ openNew }: { openNew: boolean }) {
  const { t, lang, fill } = useI18n();
  const notify = useToast();
  const account = useAccount();
  const currency = account.data?.currency ?? "XAF";
  const [search, setSearch] = useState("");
  const [archived, setArchived] = useState(false);
  const [paid, setPaid] = useState<"" | "true" | "false">("");
  const q = useDebounced(search.trim(), 300);
  const filters: GatewayFilters = { q: q || undefined, archived: archived || undefined, paid: paid === "" ? undefined : paid === "true" };
  const pages = useCursorPages(JSON.stringify(filters));
  const links = useGateways(filters, pages.cursor, PAGE_SIZE);

  const [form, setForm] = useState<"new" | GatewayListItem | null>(openNew ? "new" : null);
  // ?new=1 (« Nouveau lien » from the overview) has opened the dialog: gone from the address, so a
  // reload does not open it again. The history's own replaceState (which Next.js follows): a
  // router.replace would render the page again as a new segment, and the open dialog with it would go.
  useEffect(() => {
    if (openNew && new URLSearchParams(window.location.search).has("new")) window.history.replaceState(null, "", "/dashboard/links");
  }, [openNew]);
  const formLoaded = useEverTrue(form !== null);
  const [qr, setQr] = useState<GatewayListItem | null>(null);
  const [paidShare, setPaidShare] = useState<GatewayListItem | null>(null); // a paid link: warned before its share panel
  const [toArchive, setToArchive] = useState<GatewayListItem | null>(null);
  const unarchive = useUnarchiveGateway();
  const putBack = async (link: GatewayListItem) => {
    try {
      await unarchive.mutateAsync(link.id);
      notify(t.links.unarchived);
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  const onAction = (link: GatewayListItem) => (action: LinkAction) =>
    action === "share" ? (link.payment_status === "success" ? setPaidShare(link) : setQr(link)) : action === "edit" ? setForm(link) : action === "unarchive" ? void putBack(link) : setToArchive(link);
  const filtered = Boolean(q || archived || paid);

  return (
    <>
      <PageHeader title={t.links.title} description={t.links.intro} action={<Can operation="gateway_create" collects><Button onClick={() => setForm("new")}>{t.links.new}</Button></Can>} />

      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <Field label={t.links.searchLabel} hideLabel>
          <Input type="search" placeholder={t.links.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label={t.links.statusFilter} hideLabel>
          <Select value={archived ? "archived" : "active"} onChange={(e) => setArchived(e.target.value === "archived")}>
            <option value="active">{t.links.active}</option>
            <option value="archived">{t.links.archived}</option>
          </Select>
        </Field>
        <Field label={t.links.paidFilter} hideLabel>
          <Select value={paid} onChange={(e) => setPaid(e.target.value as "" | "true" | "false")}>
            <option value="">
              {fill(t.common.labelled, { label: t.links.paidFilter, value: t.common.all })}
            </option>
            <option value="true">{t.links.paid}</option>
            <option value="false">{t.links.unpaid}</option>
          </Select>
        </Field>
      </div>

      <QueryList
        query={links}
        items={links.data?.items}
        loading={t.links.loading}
        rows={6}
        empty={
          filtered ? (
            <EmptyState
              title={t.links.emptyFiltered}
              action={
                <Button variant="secondary" onClick={() => (setSearch(""), setArchived(false), setPaid(""))}>
                  {t.links.clearFilters}
                </Button>
              }
            />
          ) : (
            <EmptyState title={t.links.emptyTitle} description={t.links.emptyText} action={<Can operation="gateway_create" collects><Button onClick={() => setForm("new")}>{t.links.new}</Button></Can>} />
          )
        }
      >
        {(items) => (
          <div className={cn(links.isPlaceholderData && "opacity-60 transition-opacity")} aria-busy={links.isPlaceholderData}>
            {/* one list: a table, one card per link on phones (components/ui/table.tsx) */}
            <div>
              <Table label={t.links.title}>
                <THead actions={t.common.actions}>
                  <Th>{t.links.colShop}</Th>
                  <Th className="text-right">{t.links.colAmount}</Th>
                  <Th>{t.links.colStatus}</Th>
                  <Th className="hidden md:table-cell">{t.links.colCreated}</Th>
                </THead>
                <TBody>
                  {items.map((link) => (
                    <Tr key={link.id} className="hover:bg-stone-50">
                      <Td kind="primary" className="max-w-64">
                        <LinkTitle link={link} />
                      </Td>
                      <Td kind="amount" className="text-right font-medium whitespace-nowrap tabular-nums">{formatMoney(link.amount, link.currency, lang)}</Td>
                      <Td kind="status"><LinkStatusBadge status={link.payment_status} archived={archived} /></Td>
                      <Td kind="when" className="hidden whitespace-nowrap text-stone-600 md:table-cell">{formatDate(link.creation_date, lang)}</Td>
                      <Td kind="actions">
                        <div className="flex justify-end">
                          <LinkActions link={link} onAction={onAction(link)} archived={archived} />
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </div>
            <Pager
              page={pages.page}
              hasNext={Boolean(links.data?.next)}
              busy={links.isPlaceholderData}
              onNext={() => links.data?.next && pages.next(links.data.next)}
              onPrevious={pages.previous}
            />
          </div>
        )}
      </QueryList>

      {formLoaded && (
        <LinkFormDialog
          target={form}
        currency={currency}
          paid={form !== null && form !== "new" && form.payment_status === "success"}
          onClose={() => setForm(null)}
        />
      )}
      <QrDialog link={qr && { url: qr.link, name: qr.shop_name, amount: formatMoney(qr.amount, qr.currency, lang) }} onClose={() => setQr(null)} />
      <ArchiveDialog link={toArchive} onClose={() => setToArchive(null)} />
      <SharePaidDialog open={paidShare !== null} onShare={() => (setQr(paidShare), setPaidShare(null))} onClose={() => setPaidShare(null)} />
    </>
  );
}

function LinkTitle({ link }: { link: GatewayListItem }) {
  return (
    <>
      <Link href={`/dashboard/links/${link.id}`} className={cn("block truncate rounded font-medium text-stone-900 underline-offset-2 hover:underline", focusRing)}>
        {link.shop_name}
      </Link>
      {(link.order_id || link.message) && <p className="truncate text-xs text-stone-500">{link.order_id || link.message}</p>}
    </>
  );
}
