"use client";

import { CheckoutPreview } from "@/components/form-builder/checkout-preview";
import { Card } from "@/components/ui/card";
import { fromResponse } from "@/lib/form-builder/edits";
import { useI18n } from "@/lib/i18n/provider";
import { formatNumber } from "@/lib/i18n/numbers";
import { useAccount } from "@/lib/query/account";
import type { Marketplace } from "@/lib/query/marketplace";

/**
 * The marketplace as a member who may not change it sees it (a viewer, a developer): what it is
 * set to and the buyer's page it makes, with no field, switch, upload or save button.
 */
export function MarketplaceSummary({ marketplace }: { marketplace: Marketplace }) {
  const { t, lang, fill } = useI18n();
  const w = t.access.marketplace;
  const account = useAccount();
  const blocks = fromResponse(marketplace.form_blocks);
  const row = (label: string, value: React.ReactNode) => (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-stone-600 sm:w-56 sm:shrink-0">{label}</dt>
      <dd className="text-sm text-stone-900">{value}</dd>
    </div>
  );
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-4">
        <p className="rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700" data-testid="read-only">
          {t.access.readOnly}
        </p>
        <Card title={t.marketplace.settings.identity}>
          <dl className="flex flex-col gap-3">
            {row(w.name, marketplace.name)}
            {row(
              w.color,
              <span className="inline-flex items-center gap-2">
                <span aria-hidden="true" className="size-4 rounded ring-1 ring-stone-300" style={{ backgroundColor: marketplace.color }} />
                <span className="font-mono">{marketplace.color}</span>
              </span>,
            )}
            {row(w.fee, `${formatNumber(marketplace.fee, lang)} %`)}
            {row(w.delay, fill(w.delayDays, { n: marketplace.seller_payout_delay_days }))}
            {row(
              w.logo,
              marketplace.logo?.url ? (
                // eslint-disable-next-line @next/next/no-img-element -- an upload of the merchant's, any size
                <img src={marketplace.logo.url} alt="" className="h-10 w-auto rounded" />
              ) : (
                w.noLogo
              ),
            )}
            {row(w.status, marketplace.is_active ? w.active : w.inactive)}
            {row(w.questions, blocks.length > 0 ? blocks.length : w.noQuestions)}
          </dl>
        </Card>
      </div>
      <section aria-labelledby="summary-preview" className="flex flex-col gap-2">
        <div>
          <h2 id="summary-preview" className="text-base font-semibold">
            {t.marketplace.preview.title}
          </h2>
          <p className="text-sm text-stone-600">{t.marketplace.preview.intro}</p>
        </div>
        <CheckoutPreview
          name={marketplace.name}
          color={marketplace.color}
          logoUrl={marketplace.logo?.url ?? null}
          fee={String(marketplace.fee)}
          currency={account.data?.currency ?? "XAF"}
          blocks={blocks}
          active={marketplace.is_active}
        />
      </section>
    </div>
  );
}
