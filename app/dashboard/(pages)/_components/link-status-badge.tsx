"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { linkDisplayStatus, type LinkDisplayStatus } from "@/lib/core/display-status";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentStatus } from "@/lib/query/types";

const tones: Record<LinkDisplayStatus, BadgeTone> = { open: "info", paid: "success", archived: "neutral" };

/**
 * A payment link's status: « Ouvert » while buyers can pay it (a failed attempt is the attempt's
 * status, shown on the attempt), « Payé » once paid, « Archivé » once withdrawn
 * (lib/core/display-status.ts derives it from the API's payment_status and archived_at).
 */
export function LinkStatusBadge({ status, archived }: { status?: PaymentStatus | null; archived?: boolean | string | null }) {
  const { t } = useI18n();
  const shown = linkDisplayStatus({ payment_status: status, archived: Boolean(archived) });
  return (
    <Badge tone={tones[shown]}>
      {t.statuses.link[shown]}
    </Badge>
  );
}
