import type { StatusWords } from "./statuses-fr";

// The statuses the dashboard shows, and the words around them (English; statuses-fr.ts is the model).
export const statusesEn: StatusWords = {
  link: { open: "Open", paid: "Paid", archived: "Archived" },
  payment: {
    pending: "Pending",
    success: "Succeeded",
    partly_refunded: "Partly refunded",
    refunded: "Refunded",
    failed: "Failed",
    expired: "Expired",
  },
  refundEvent: "Refund of {amount}",
  refundState: { pending: "under way", processing: "under way", success: "sent", failed: "failed" },
  sharePaidTitle: "This link has already been paid",
  sharePaidText:
    "A customer who opens it will read “This link has already been paid” and cannot pay. Only the payer finds their receipt there. For a new purchase, create a new link.",
  sharePaidConfirm: "Share anyway",
  chartTitle: "Net revenue per day",
  chartDay: { one: "{date}: net revenue {amount} ({n} successful payment)", other: "{date}: net revenue {amount} ({n} successful payments)" },
};
