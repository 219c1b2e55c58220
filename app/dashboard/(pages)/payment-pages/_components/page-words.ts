import { formatMoney } from "@/lib/core/money";
import type { Lang } from "@/lib/core/languages";
import type { PaymentPage } from "@/lib/query/payment-pages";

/** What a page asks, in money: its price, or the range the buyer chooses in. */
export function priceText(page: PaymentPage, lang: Lang, range: string): string {
  if (page.amount_type === "fixed") return formatMoney(page.amount ?? 0, page.currency, lang);
  return range.replace("{min}", formatMoney(page.min_amount ?? 0, page.currency, lang)).replace("{max}", formatMoney(page.max_amount ?? 0, page.currency, lang));
}

export const statusTone = { open: "success", closed: "neutral", ended: "expired", sold_out: "pending" } as const;
