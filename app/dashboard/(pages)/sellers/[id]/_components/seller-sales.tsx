"use client";

import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import { fill } from "@/lib/core/fill";
import { formatDateTime } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useReleaseSeller, useSellerSales, type Seller, type SellerSale } from "@/lib/query/sellers";
import { moneyErrorMessage } from "../../../_components/money";
import { QueryList } from "../../../_components/query-list";
import { Can } from "@/lib/query/role";

const tones: Record<SellerSale["state"], BadgeTone> = { held: "pending", due: "info", paying: "info", paid: "success", failed: "failed", closed: "neutral" };

/** The seller's sales, newest first: what each paid, the seller's share and where it stands. */
export function SellerSales({ seller }: { seller: Seller }) {
  const { t } = useI18n();
  const w = t.sellers.sales;
  const sales = useSellerSales(seller.id);
  return (
    <Card title={w.title}>
      <QueryList query={sales} items={sales.data?.pages.flatMap((p) => p.items)} loading={t.common.loading} rows={3} empty={<p className="text-sm text-stone-600">{w.empty}</p>}>
        {(items) => (
          <>
            <ul className="flex flex-col divide-y divide-stone-100" data-testid="seller-sales">
              {items.map((sale) => (
                <SaleRow key={sale.id} sale={sale} seller={seller} />
              ))}
            </ul>
            {sales.hasNextPage && (
              <Button variant="secondary" size="sm" className="mt-3" loading={sales.isFetchingNextPage} onClick={() => void sales.fetchNextPage()}>
                {w.more}
              </Button>
            )}
          </>
        )}
      </QueryList>
    </Card>
  );
}

function SaleRow({ sale: s, seller }: { sale: SellerSale; seller: Seller }) {
  const { t, lang } = useI18n();
  const w = t.sellers.sales;
  const notify = useToast();
  const release = useReleaseSeller();
  const money = (minor: number) => formatMoney(minor, seller.currency, lang);
  const releaseNow = async () => {
    try {
      await release.mutateAsync({ id: seller.id, track_id: s.track_id });
      notify(t.sellers.release.done);
    } catch (error) {
      notify(moneyErrorMessage(error, t), "error");
    }
  };
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="seller-sale">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={`/dashboard/payments/${encodeURIComponent(s.track_id)}`} className={cn("rounded font-mono text-xs text-teal-800 underline underline-offset-2", focusRing)}>
          {s.track_id}
        </Link>
        <Badge tone={tones[s.state]}>{w.states[s.state]}</Badge>
        <span className="ml-auto text-xs text-stone-600">{formatDateTime(s.created_at, lang)}</span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-stone-600">{w.buyerPrice}</dt>
          <dd className="tabular-nums">{money(s.buyer_price)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{w.share}</dt>
          <dd className="font-semibold tabular-nums">{money(s.share)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{w.fee}</dt>
          <dd className="tabular-nums">{money(s.fee)}</dd>
        </div>
      </dl>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-600">
        <span>{s.released_at ? fill(w.releasedAt, { date: formatDateTime(s.released_at, lang) }) : fill(w.releaseAt, { date: formatDateTime(s.release_at, lang) })}</span>
        {s.refunded > 0 && <span className="text-amber-900">{fill(w.refunded, { amount: money(s.refunded) })}</span>}
        {s.state === "held" && (
          <Can operation="seller_release">
            <Button variant="secondary" size="sm" loading={release.isPending} onClick={() => void releaseNow()}>
              {t.sellers.release.action}
            </Button>
          </Can>
        )}
      </p>
    </li>
  );
}
