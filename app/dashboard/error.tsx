"use client";

import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n/provider";

// An unexpected error in a dashboard page: said in the merchant's words, with a retry.
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <p>{t.errors.generic}</p>
      <Button variant="secondary" className="mt-4" onClick={reset}>
        {t.common.retry}
      </Button>
    </div>
  );
}
