import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

// CSV exports of payments and marketplace transactions over a date range (issue 13 item 12).

const day = z.iso.date();

export const exportQuery = z
  .object({
    from: day.describe("First day, `YYYY-MM-DD` (UTC), included"),
    to: day.describe("Last day, `YYYY-MM-DD` (UTC), included"),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  });
export type ExportQuery = z.output<typeof exportQuery>;

/** [from 00:00 UTC, the day after `to` 00:00 UTC) */
export function rangeOf(query: ExportQuery): { from: Date; to: Date } {
  const to = new Date(`${query.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from: new Date(`${query.from}T00:00:00Z`), to };
}

const csvNotes = [
  "A `text/csv; charset=utf-8` file (RFC 4180: comma-separated, CRLF line ends, quotes doubled), oldest first, streamed: any range, however large, is sent as it is read.",
  "It starts with a UTF-8 byte order mark so that Excel reads accents right; most CSV readers skip it (Python: `encoding=\"utf-8-sig\"`).",
  "A text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading `'`.",
  "Amounts are integers in the currency's minor unit; times are ISO 8601 UTC.",
];

export const paymentColumns = [
  "created_at",
  "completed_at",
  "track_id",
  "status",
  "failure_reason",
  "amount",
  "currency",
  "country",
  "operator",
  "phone_number",
  "provider",
  "provider_reference",
  "link_type",
  "link_id",
  "link_name",
  "order_id",
  "buyer_name",
  "buyer_email",
  "duplicate_of",
  "late_success",
  "given_up",
] as const;

export const transactionColumns = [
  "created_at",
  "transaction_id",
  "track_id",
  "status",
  "failure_reason",
  "link_id",
  "seller",
  "buyer_price",
  "product_price",
  "fee",
  "currency",
  "buyer_name",
  "buyer_email",
  "buyer_phone",
  "buyer_country",
  "operator",
  "additional_info",
] as const;

const tag = "Exports";
const errors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"] as const;

export const exportOperations = {
  payments: defineOperation({
    method: "GET",
    path: "/v1/exports/payments",
    tag,
    summary: "Export payments (every attempt) as CSV",
    description: [
      "Every deposit of the key's account and mode created in the range, payment links and marketplace links alike.",
      ...csvNotes,
      `Columns: ${paymentColumns.map((c) => `\`${c}\``).join(", ")}. \`link_type\` is \`payment_link\` or \`marketplace_link\`.`,
    ].join("\n\n"),
    auth: "key",
    query: exportQuery,
    response: z.string(),
    responseType: "text/csv",
    errors: [...errors],
  }),
  marketplaceTransactions: defineOperation({
    method: "GET",
    path: "/v1/exports/marketplace-transactions",
    tag,
    summary: "Export marketplace transactions as CSV",
    description: [
      "Every buyer's transaction on the key's marketplace links (account and mode) created in the range.",
      ...csvNotes,
      `Columns: ${transactionColumns.map((c) => `\`${c}\``).join(", ")}. \`fee\` is \`buyer_price − product_price\`; \`additional_info\` is the buyer's answers as JSON (\`[{"fieldName", "value"}]\`).`,
    ].join("\n\n"),
    auth: "key",
    query: exportQuery,
    response: z.string(),
    responseType: "text/csv",
    errors: [...errors],
  }),
};
