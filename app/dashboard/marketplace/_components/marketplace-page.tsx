"use client";

import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/forms/messages";
import { useMarketplaceWords } from "@/lib/i18n/marketplace-words";
import { useI18n } from "@/lib/i18n/provider";
import { useMarketplace } from "@/lib/query/marketplace";
import { useMode } from "@/lib/query/mode";
import { CreateMarketplace } from "./create-marketplace";
import { MarketplaceSettings } from "./marketplace-settings";

export function MarketplacePage() {
  const words = useMarketplaceWords();
  const { t } = useI18n();
  const { mode } = useMode();
  const query = useMarketplace();

  return (
    <>
      <PageHeader title={words.settings.title} description={words.settings.intro} />
      {query.isPending ? (
        <SettingsSkeleton label={words.settings.loading} />
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
        <CreateMarketplace />
      ) : (
        // a new form when the marketplace changes (the test/live switch): never another mode's edits
        <MarketplaceSettings key={`${mode}-${query.data.id}`} marketplace={query.data} />
      )}
    </>
  );
}

function SettingsSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
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
