"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useMarketplace } from "@/lib/query/marketplace";
import { useMode } from "@/lib/query/mode";
import { Can } from "@/lib/query/role";
import { EmptyState } from "@/components/ui/empty-state";
import { MarketplaceSummary } from "./marketplace-summary";

// The forms (react-hook-form, zod, dnd-kit: about 70 kB gzip) download while the marketplace loads,
// not before the page's first paint.
const CreateMarketplace = dynamic(() => import("./create-marketplace").then((m) => m.CreateMarketplace), {
  ssr: false,
  loading: () => <SettingsSkeleton />,
});
const MarketplaceSettings = dynamic(() => import("./marketplace-settings").then((m) => m.MarketplaceSettings), {
  ssr: false,
  loading: () => <SettingsSkeleton />,
});

export function MarketplacePage() {
  const words = useI18n().t.marketplace;
  const { t } = useI18n();
  const { mode } = useMode();
  const query = useMarketplace();
  useEffect(() => {
    // the settings (the usual case) start downloading now, beside the marketplace's request
    void import("./marketplace-settings");
  }, []);

  return (
    <>
      <PageHeader title={words.settings.title} description={words.settings.intro} />
      {query.isPending ? (
        <SettingsSkeleton />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>
            {words.settings.loadError} {errorMessage(query.error, t)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t.common.retry}
          </Button>
        </div>
      ) : query.data === null ? (
        <Can operation="marketplace_create" otherwise={<EmptyState title={words.settings.createTitle} description={t.access.readOnly} />}>
          <CreateMarketplace />
        </Can>
      ) : (
        // a new form when the marketplace changes (the test/live switch): never another mode's edits;
        // a member who may not change it sees a summary, no editor
        <Can operation="marketplace_update" otherwise={<MarketplaceSummary marketplace={query.data} />}>
          <MarketplaceSettings key={`${mode}-${query.data.id}`} marketplace={query.data} />
        </Can>
      )}
    </>
  );
}

function SettingsSkeleton() {
  const words = useI18n().t.marketplace;
  return (
    <LoadingRegion label={words.settings.loading}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col gap-6">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-2/3" />
            </div>
          ))}
        </div>
        <Skeleton className="h-[32rem] w-full rounded-xl" />
      </div>
    </LoadingRegion>
  );
}
