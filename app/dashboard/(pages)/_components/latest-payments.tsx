"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { operatorLabel } from "@/lib/i18n/labels";
import { fill } from "@/lib/core/fill";
import type { Lang } from "@/lib/core/languages";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime, maskPhone } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useDeposits } from "@/lib/query/deposits";
import type { DepositListItem } from "@/lib/query/types";
import { QueryList } from "./query-list";
import { StatusBadge } from "./status-badge";

/** The last payment attempts of every link, newest first, with their customer and link; live. */
export function LatestPayments() {
  const { t, lang, fill } = useI18n();
  const deposits = useDeposits({}, null, 8);
  return (
    <Card
      title={t.overview.latest}
      action={
        <Link href="/dashboard/deposits" className={cn("rounded text-sm font-medium text-teal-800 underline underline-offset-2", focusRing)}>
          {t.nav.deposits}
        </Link>
      }
    >
      <QueryList query={deposits} items={deposits.data?.items} loading={t.common.loading} empty={<p className="text-sm text-stone-600">{t.deposits.recentEmpty}</p>}>
        {/* the card is the region named "latest payments"; its scrolling table needs a name of its own */}
        {(items) => <DepositTable items={items} lang={lang} label={fill(t.payment.table, { name: t.overview.latest })} />}
      </QueryList>
    </Card>
  );
}

/** What the merchant must know of an attempt beyond its status: a duplicate to refund, a late success, a give-up. */
export function AttemptFlags({ deposit: d }: { deposit: DepositListItem }) {
  const { t } = useI18n();
  return (
    <>
      {d.duplicate_of && (
        <span title={fill(t.deposits.duplicateOf, { trackId: d.duplicate_of })}>
          <Badge tone="live">{t.deposits.duplicate}</Badge>
        </span>
      )}
      {d.late_success && (
        <span title={t.deposits.lateHint}>
          <Badge tone="info">{t.deposits.late}</Badge>
        </span>
      )}
      {d.given_up && d.status === "pending" && <Badge>{t.deposits.givenUp}</Badge>}
    </>
  );
}

export function DepositTable({ items, lang, label }: { items: DepositListItem[]; lang: Lang; label: string }) {
  const { t } = useI18n();
  return (
    <Table label={label}>
      <THead>
        <Th>{t.deposits.createdAt}</Th>
        <Th className="text-right">{t.deposits.amount}</Th>
        <Th>{t.deposits.status}</Th>
        <Th>{t.payment.customer}</Th>
        <Th className="hidden md:table-cell">{t.deposits.operator}</Th>
        <Th>{t.deposits.trackIdShort}</Th>
      </THead>
      <TBody>
        {items.map((d) => (
          <Tr key={d.id}>
            <Td kind="when" className="whitespace-nowrap text-stone-600">{formatDateTime(d.created_at, lang)}</Td>
            <Td kind="amount" className="text-right font-medium whitespace-nowrap tabular-nums">{formatMoney(d.amount, d.currency, lang)}</Td>
            <Td kind="status">
              <span className="flex flex-wrap gap-1">
                <StatusBadge status={d.status} amount={d.amount} refunded={d.refunded_amount} />
                <AttemptFlags deposit={d} />
              </span>
            </Td>
            <Td kind="primary" className="max-w-48">
              <span className="block truncate">{d.buyer_name ?? <span className="font-mono text-xs">{maskPhone(d.phone_number)}</span>}</span>
              <span className="block truncate text-xs text-stone-600">{d.link_name}</span>
            </Td>
            <Td kind="detail" label={t.deposits.operator} className="hidden whitespace-nowrap md:table-cell">{operatorLabel(d.operator, lang)}</Td>
            <Td kind="detail" label={t.deposits.trackIdShort}>
              <Link
                href={`/dashboard/payments/${encodeURIComponent(d.track_id)}`}
                className={cn("rounded font-mono text-xs text-teal-800 underline underline-offset-2", focusRing)}
              >
                {d.track_id}
              </Link>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
