"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useSellers, type Seller } from "@/lib/query/sellers";
import { phoneText } from "../../_components/money";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryList } from "../../_components/query-list";

export function SellersPage() {
  const { t } = useI18n();
  const w = t.sellers;
  const pages = useCursorPages("sellers");
  const sellers = useSellers(pages.cursor);
  return (
    <>
      <PageHeader title={w.title} description={w.intro} />
      <QueryList query={sellers} items={sellers.data?.items} loading={w.loading} empty={pages.page === 1 ? <EmptyState title={w.empty} description={w.emptyHint} /> : undefined}>
        {(items) => (
          <>
            {/* one list: a table, one card a seller on phones (components/ui/table.tsx) */}
            <div>
              <Table label={w.title} className="min-w-[40rem]">
                <THead>
                  <Th>{w.colSeller}</Th>
                  <Th className="text-right">{w.colPending}</Th>
                  <Th className="text-right">{w.colAvailable}</Th>
                  <Th className="text-right">{w.colInFlight}</Th>
                  <Th className="text-right">{w.colPaidOut}</Th>
                </THead>
                <TBody>
                  {items.map((seller) => (
                    <SellerRow key={seller.id} seller={seller} />
                  ))}
                </TBody>
              </Table>
            </div>
            <Pager page={pages.page} hasNext={Boolean(sellers.data?.next)} onNext={() => sellers.data?.next && pages.next(sellers.data.next)} onPrevious={pages.previous} />
          </>
        )}
      </QueryList>
    </>
  );
}

function SellerRow({ seller: s }: { seller: Seller }) {
  const { t, lang } = useI18n();
  const money = (minor: number) => formatMoney(minor, s.currency, lang);
  return (
    <Tr testId="seller-row">
      <Td kind="primary">
        <Link href={`/dashboard/sellers/${s.id}`} className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
          {s.name}
        </Link>
        <span className="block font-mono text-xs text-stone-600">{phoneText(s.phone_number)}</span>
        {s.on_hold && <Badge tone="failed" className="mt-1">{t.sellers.onHold}</Badge>}
      </Td>
      <Td kind="detail" label={t.sellers.colPending} className="text-right whitespace-nowrap tabular-nums">{money(s.balance.pending)}</Td>
      <Td kind="amount" className={cn("text-right whitespace-nowrap tabular-nums", s.balance.available < 0 && "text-red-800")}>{money(s.balance.available)}</Td>
      <Td kind="detail" label={t.sellers.colInFlight} className="text-right whitespace-nowrap tabular-nums">{money(s.balance.in_flight)}</Td>
      <Td kind="detail" label={t.sellers.colPaidOut} className="text-right whitespace-nowrap tabular-nums">{money(s.balance.paid_out)}</Td>
    </Tr>
  );
}
