import { z } from "zod";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { FIRST_DAY, LAST_DAY, queryDay } from "@/lib/core/query-day";
import { languages } from "@/lib/core/languages";

// CSV exports of payments and marketplace transactions over a date range.

export const exportQuery = z
  .object({
    from: queryDay.describe(`First day, \`YYYY-MM-DD\` (UTC), included; from ${FIRST_DAY} to ${LAST_DAY}`),
    to: queryDay.describe(`Last day, \`YYYY-MM-DD\` (UTC), included; not before \`from\`, at most ${LAST_DAY}`),
    lang: z
      .enum(languages)
      .optional()
      .describe(
        "A file for a spreadsheet in this language instead of the documented one: headers and values in words, amounts in the currency's major unit with the language's decimal mark, times as `YYYY-MM-DD HH:MM:SS` (UTC), one column per question of the marketplace form; `;` between cells for `fr`",
      ),
    delimiter: z
      .enum(["comma", "semicolon"])
      .optional()
      .describe("The cell separator: `comma` by default, `semicolon` by default with `lang=fr` (French Excel expects it)"),
  })
  .superRefine((q, ctx) => {
    // only between two days (zod runs this even when a field failed, which is reported already)
    const days = queryDay.safeParse(q.from).success && queryDay.safeParse(q.to).success;
    if (days && q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  });
export type ExportQuery = z.output<typeof exportQuery>;



const csvNotes = [
  `\`from\` and \`to\` are days from ${FIRST_DAY} to ${LAST_DAY} (what PostgreSQL stores): a day outside, or one that does not exist, is a 422 naming the parameter.`,
  "A `text/csv; charset=utf-8` file (RFC 4180: comma-separated unless `delimiter` or `lang=fr` says otherwise, CRLF line ends, quotes doubled), oldest first, streamed: any range, however large, is sent as it is read.",
  "It starts with a UTF-8 byte order mark so that Excel reads accents right; most CSV readers skip it (Python: `encoding=\"utf-8-sig\"`).",
  "A text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading `'`.",
  "Without `lang`: the columns below, amounts as integers in the currency's minor unit, times ISO 8601 UTC, codes as the API writes them. `refunded_amount` is what refunds made or under way took back from the payment; `refund_statuses` the statuses of its refunds, oldest first, comma-separated. `receipt_code` is a success's public receipt code (`K7P2M-9XQ4D`, checked at `/r/{receipt_code}`), empty otherwise. Columns added later come after the others, so the columns before them keep their places.",
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
  "refunded_amount",
  "refund_statuses",
  "receipt_code",
  "payment_page_id",
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
  "refunded_amount",
  "refund_statuses",
  "receipt_code",
] as const;

export const customerColumns = [
  "created_at",
  "customer_id",
  "phone_number",
  "country",
  "name",
  "email",
  "created_by",
  "payments_count",
  "amount_paid",
  "amount_refunded",
  "currency",
  "last_payment_at",
] as const;

/** The customer book is exported whole (it is not a range of days): only the file's style is asked. */
export const customerExportQuery = z.object({ lang: exportQuery.shape.lang, delimiter: exportQuery.shape.delimiter });
export type CustomerExportQuery = z.output<typeof customerExportQuery>;

/** What both exports are: a range of the key's account and mode in, one CSV document out. */
const csvExport = { auth: "key" as const, query: exportQuery, response: z.string(), responseType: "text/csv" as const, errors: [...keyErrors] };
const csvDescription = (intro: string, columns: readonly string[], columnNotes: string) =>
  [intro, ...csvNotes, `Columns: ${columns.map((c) => `\`${c}\``).join(", ")}. ${columnNotes}`].join("\n\n");

export const exportOperations = defineOperations("Exports", {
  payments: {
    method: "GET",
    path: "/v1/exports/payments",
    summary: "Export payments (every attempt) as CSV",
    description: csvDescription(
      "Every deposit of the key's account and mode created in the range, payment links and marketplace links alike.",
      paymentColumns,
      "`link_type` is `payment_link` or `marketplace_link`. `payment_page_id` is the payment page a payment was made on (GET /v1/payment-pages/{page_id}), empty otherwise; such a payment's `link_type` is `payment_link` and its `link_id` the payment's own link (its `gateway_id` in webhooks).",
    ),
    ...csvExport,
  },
  marketplaceTransactions: {
    method: "GET",
    path: "/v1/exports/marketplace-transactions",
    summary: "Export marketplace transactions as CSV",
    description: csvDescription(
      "Every buyer's transaction on the key's marketplace links (account and mode) created in the range.",
      transactionColumns,
      "`fee` is `buyer_price − product_price`; `additional_info` is the buyer's answers as JSON (`[{\"fieldName\", \"value\"}]`); with `lang`, one column per question instead, headed by its label.",
    ),
    ...csvExport,
  },
  customers: {
    method: "GET",
    path: "/v1/exports/customers",
    summary: "Export the customer book as CSV",
    description: [
      "Every customer of the key's account and mode, oldest first, with its whole number and its totals; merged and erased records are left out.",
      ...csvNotes.slice(1),
      `Columns: ${customerColumns.map((c) => `\`${c}\``).join(", ")}. \`created_by\` is \`payment\` or \`manual\`; the totals are as GET /v1/customers/{customer_id} gives them.`,
    ].join("\n\n"),
    ...csvExport,
    query: customerExportQuery,
  },
});
