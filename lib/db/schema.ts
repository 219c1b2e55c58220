import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { modes } from "@/lib/core/modes";
import { cardFeeRules, MAX_CARD_SURCHARGE_BPS } from "@/lib/core/cards";
import { keyRoles, roles } from "@/lib/core/roles";
import { languages } from "@/lib/core/languages";
import { notificationKinds, notificationStatuses } from "@/lib/core/notification-kinds";
import { depositHistoryEvents, depositStatuses } from "@/lib/core/deposit-statuses";
import { disbursementStatuses, entryKinds, ledgerAccounts, payoutKinds, sellerShareModes } from "@/lib/core/ledger-kinds";
import type { FormBlock } from "@/lib/core/form-block-shape";
import { eventTypes, webhookDeliveryStatuses } from "@/lib/core/event-types";
import { paymentRequestChannels, paymentRequestDeliveries, paymentRequestOutcomes } from "@/lib/core/payment-requests";

// Enums and shapes live in dependency-free modules (imported above) that the browser can import;
// this file only maps them to columns.

// Every merchant-owned table carries account_id and mode (DESIGN §1): queries are scoped by both.
const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow();
/** the time of the statement, not of the transaction: entries written together keep their order */
const clockTime = () => timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().default(sql`clock_timestamp()`);
const owner = () => ({
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  mode: text("mode", { enum: modes }).notNull(),
});

export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    /** the address the account was opened with (its first owner's); people sign in as users */
    email: text("email").notNull(),
    businessName: text("business_name").notNull(),
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    /** shown to buyers on checkout pages and receipts (Settings); empty: not shown */
    supportEmail: text("support_email").notNull().default(""),
    supportPhone: text("support_phone").notNull().default(""),
    /** card payments (« Carte bancaire », CinetPay's card channel) offered on its checkouts (Settings) */
    cardsEnabled: boolean("cards_enabled").notNull().default(false),
    /** who bears the card fee: `merchant` absorbs it, `buyer` pays `card_surcharge_bps` on top (lib/core/cards.ts) */
    cardFeeRule: text("card_fee_rule", { enum: cardFeeRules }).notNull().default("merchant"),
    cardSurchargeBps: integer("card_surcharge_bps").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_email_key").on(sql`lower(${t.email})`),
    check("accounts_card_surcharge_check", sql`${t.cardSurchargeBps} >= 0 and ${t.cardSurchargeBps} <= ${sql.raw(String(MAX_CARD_SURCHARGE_BPS))}`),
  ],
);

// People who sign in to the dashboard: one login, a member of one or more accounts.
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    /** the dashboard's language at sign-in, and the language of the mails this person gets */
    language: text("language", { enum: languages }).notNull().default("fr"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

// A user's place in an account: their role (DESIGN §1 "Team") and the notifications they want.
// Changes of an account's members are serialized by the team's lock (lib/accounts/members.ts), so
// that the last owner can never be removed or demoted, even by two owners at once.
export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull(),
    notifyPayments: boolean("notify_payments").notNull().default(true),
    notifyRefunds: boolean("notify_refunds").notNull().default(true),
    notifyFailedPayouts: boolean("notify_failed_payouts").notNull().default(true),
    notifyProviderAlerts: boolean("notify_provider_alerts").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("memberships_account_user_key").on(t.accountId, t.userId), index("memberships_user_idx").on(t.userId)],
);

// An invitation to join an account with a role, mailed as a single-use link `{id}.{secret}` (only a
// SHA-256 of the secret is kept); accepting it is one conditional update. One open invitation per
// address (stored lower-case) and account: inviting the address again replaces it.
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull(),
    secretHash: text("secret_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitations_open_key")
      .on(t.accountId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("invitations_account_idx").on(t.accountId, t.createdAt.desc()),
    index("invitations_invited_by_idx").on(t.accountId, t.invitedBy).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // the retention job's batches, oldest first (lib/retention/)
    index("invitations_unaccepted_expires_idx").on(t.expiresAt).where(sql`${t.acceptedAt} is null`),
  ],
);

// An API key acts with its own role (lib/core/roles.ts `keyRoles`: admin at most), bounded by
// the member who made it: their removal revokes it and their demotion lowers it, in the same
// transaction (lib/accounts/members.ts), unless an owner took it over (created_by is then theirs).
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    ...owner(),
    name: text("name").notNull().default(""),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    role: text("role", { enum: keyRoles }).notNull(),
    /** the member whose role bounds the key; no user is deleted while a key names them */
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_account_idx").on(t.accountId, t.mode),
    index("api_keys_created_by_idx").on(t.accountId, t.createdBy),
    check("api_keys_role_check", sql`${t.role} in ('admin', 'developer', 'viewer')`),
  ],
);

export const files = pgTable(
  "files",
  {
    id: id(),
    ...owner(),
    entityType: text("entity_type").notNull(),
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileKey: text("file_key").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("files_file_key_key").on(t.fileKey)],
);

export const paymentGateways = pgTable(
  "payment_gateways",
  {
    id: id(),
    ...owner(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    shopName: text("shop_name").notNull(),
    message: text("message").notNull().default(""),
    orderId: text("order_id").notNull().default(""),
    successUrl: text("success_url").notNull().default(""),
    failureUrl: text("failure_url").notNull().default(""),
    /** `link`: made by POST /v1/gateway (listed there); `request`: made by a request to pay, listed with those; `page`: one buyer's payment on a payment page */
    origin: text("origin", { enum: ["link", "request", "page", "invoice"] }).notNull().default("link"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_gateways_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    // a live link holds its order_id; archiving (DELETE) frees it for a new link (DESIGN §3)
    uniqueIndex("payment_gateways_live_order_id_key")
      .on(t.accountId, t.mode, t.orderId)
      .where(sql`${t.orderId} <> '' and ${t.archivedAt} is null`),
    // the payin lookup by order_id, archived holders included
    index("payment_gateways_order_id_idx").on(t.accountId, t.mode, t.orderId).where(sql`${t.orderId} <> ''`),
    // `?q=` finds a word anywhere in the shop name and the message (ILIKE '%…%'): trigram indexes
    // (pg_trgm) answer it from the rows that hold the word instead of reading every link of the account
    index("payment_gateways_shop_name_trgm_idx").using("gin", t.shopName.op("gin_trgm_ops")),
    index("payment_gateways_message_trgm_idx").using("gin", t.message.op("gin_trgm_ops")),
    // …and an order_id by its beginning, any case (lower(order_id) LIKE 'q%'): a range of this index.
    // Not by trigrams: order ids share all their trigrams ("ord", "cmd", digits), so a trigram search
    // for one id intersected posting lists as long as the table (3,800 pages at a million links)
    index("payment_gateways_order_id_prefix_idx").on(t.accountId, t.mode, sql`lower(${t.orderId}) text_pattern_ops`),
  ],
);

export const marketplaces = pgTable(
  "marketplaces",
  {
    id: id(),
    ...owner(),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    fee: numeric("fee", { precision: 5, scale: 2 }).notNull().default("0"),
    isActive: boolean("is_active").notNull().default(true),
    logoFileId: uuid("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    logoUrl: text("logo_url").notNull().default(""),
    faviconFileId: uuid("favicon_file_id").references(() => files.id, { onDelete: "set null" }),
    faviconUrl: text("favicon_url").notNull().default(""),
    formBlocks: jsonb("form_blocks").$type<FormBlock[]>().notNull().default([]),
    /** how long a sale's seller share is held before it is paid out; 0: at once */
    sellerPayoutDelayDays: integer("seller_payout_delay_days").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("marketplaces_account_mode_key").on(t.accountId, t.mode),
    check("marketplaces_seller_payout_delay_days_check", sql`${t.sellerPayoutDelayDays} between 0 and 30`),
  ],
);

// A marketplace seller: a party with money of its own, identified by its payout phone
// within the marketplace. Found or made when a buyer submits (the sale names it from then on);
// `held_at` stops its payouts (the merchant suspects fraud) until it is cleared. `paid_out` is the
// sum of its successful payouts, counted in the transaction that settles each (lib/money-out/settle.ts;
// `npm run ledger:check` recomputes it): a seller's read costs one row, however many payouts it had.
export const sellers = pgTable(
  "sellers",
  {
    id: id(),
    ...owner(),
    marketplaceId: uuid("marketplace_id")
      .notNull()
      .references(() => marketplaces.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    /** ISO 3166 alpha-3 of the phone, and its currency: the seller is paid in it */
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    /** the `shop_name` of the marketplace link it last sold through */
    name: text("name").notNull(),
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason").notNull().default(""),
    paidOut: bigint("paid_out", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sellers_marketplace_phone_key").on(t.marketplaceId, t.phoneNumber),
    index("sellers_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    check("sellers_paid_out_check", sql`${t.paidOut} >= 0`),
  ],
);

export const marketplaceGateways = pgTable(
  "marketplace_gateways",
  {
    id: id(),
    ...owner(),
    marketplaceId: uuid("marketplace_id")
      .notNull()
      .references(() => marketplaces.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    shopName: text("shop_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    message: text("message").notNull().default(""),
    favicon: text("favicon").notNull().default(""),
    marketplaceLogo: text("marketplace_logo").notNull().default(""),
    marketplaceColor: text("marketplace_color").notNull(),
    marketplaceFavicon: text("marketplace_favicon").notNull().default(""),
    formBlocks: jsonb("form_blocks").$type<FormBlock[]>().notNull().default([]),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("marketplace_gateways_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc())],
);

// A payment page: one link many buyers pay (a product at a fixed price with a quantity, or an amount
// the buyer chooses between two bounds). Each buyer's payment is a deposit on a one-payment link of
// its own (origin `page`), so webhooks, receipts, the books and exports treat it as any payment.
// `units_taken` and `payments_taken` count what pending and successful payments hold: a payment's
// start raises them by one conditional update (never past `stock` / `max_payments`), and a trigger on
// deposits gives them back when a payment fails or expires (and takes them again on a late success).
export const paymentPages = pgTable(
  "payment_pages",
  {
    id: id(),
    ...owner(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    amountType: text("amount_type", { enum: ["fixed", "custom"] }).notNull(),
    /** fixed: the unit price; custom: null */
    amount: integer("amount"),
    /** custom: the buyer's amount bounds */
    minAmount: integer("min_amount"),
    maxAmount: integer("max_amount"),
    /** fixed: the most units one payment may buy (1: no quantity to choose) */
    maxQuantity: integer("max_quantity").notNull().default(1),
    /** units for sale in all; null: no limit */
    stock: integer("stock"),
    /** payments taken in all; null: no limit */
    maxPayments: integer("max_payments"),
    unitsTaken: integer("units_taken").notNull().default(0),
    paymentsTaken: integer("payments_taken").notNull().default(0),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** shown instead of the form once the page is closed, past its end, or sold out */
    closedMessage: text("closed_message").notNull().default(""),
    formBlocks: jsonb("form_blocks").$type<FormBlock[]>().notNull().default([]),
    successUrl: text("success_url").notNull().default(""),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_pages_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    check("payment_pages_taken_check", sql`${t.unitsTaken} >= 0 and ${t.paymentsTaken} >= 0`),
  ],
);

// A customer: the merchant's book of payers, one per payer's number (E.164 digits) per account and
// mode, made by the first successful payment from that number (in the success's own transaction,
// lib/customers/record-customer.ts) or by hand. Its totals are read from its payments
// (deposits_customer_idx), never kept here: a merge moves payments, and nothing can drift.
// A merged record keeps its number (and its place in the unique index) and points at the record it
// was merged into, so a later payment from that number lands on the survivor; an erased one has
// no number, name or e-mail left, and frees the number for a new record.
export const customers = pgTable(
  "customers",
  {
    id: id(),
    ...owner(),
    /** E.164 digits without `+`; null once erased */
    phoneNumber: text("phone_number"),
    /** ISO 3166 alpha-3 of the number */
    country: text("country"),
    name: text("name"),
    email: text("email"),
    createdBy: text("created_by", { enum: ["payment", "manual", "invoice"] }).notNull(),
    mergedInto: uuid("merged_into").references((): AnyPgColumn => customers.id),
    mergedAt: timestamp("merged_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_account_phone_key").on(t.accountId, t.mode, t.phoneNumber).where(sql`${t.erasedAt} is null`),
    index("customers_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    check("customers_erased_check", sql`${t.erasedAt} is null or (${t.phoneNumber} is null and ${t.name} is null and ${t.email} is null)`),
    check("customers_phone_check", sql`${t.erasedAt} is not null or ${t.phoneNumber} is not null`),
  ],
);

// One mobile-money collection: every payment attempt on a payment link or a marketplace link.
export const deposits = pgTable(
  "deposits",
  {
    id: id(),
    ...owner(),
    trackId: text("track_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    operator: text("operator").notNull(),
    phoneNumber: text("phone_number").notNull(),
    status: text("status", { enum: depositStatuses }).notNull().default("pending"),
    failureReason: text("failure_reason"),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    paymentGatewayId: uuid("payment_gateway_id").references(() => paymentGateways.id, { onDelete: "cascade" }),
    marketplaceGatewayId: uuid("marketplace_gateway_id").references(() => marketplaceGateways.id, {
      onDelete: "cascade",
    }),
    clientToken: text("client_token"),
    /** the payment page this payment was made on (its link is then the payment's own, origin `page`) */
    paymentPageId: uuid("payment_page_id").references(() => paymentPages.id, { onDelete: "cascade" }),
    /** the invoice this payment pays (all of its balance, or a part): its link is then the payment's own, origin `invoice` */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "cascade" }),
    /** when the reconciler or the expiry sweeper last asked the provider about this pending deposit */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /**
     * when the buyer gave this attempt up ("use another number"): it no longer holds the link's one
     * pending place, but stays pending until its provider answers or it expires (DESIGN §3)
     */
    abandonedAt: timestamp("abandoned_at", { withTimezone: true }),
    /** a success on a payment link that was already paid: the kept success it duplicates (to refund) */
    duplicateOf: uuid("duplicate_of").references((): AnyPgColumn => deposits.id, { onDelete: "set null" }),
    /** a success that arrived after our expiry (`expired` → `success`, DESIGN §6) */
    lateSuccess: boolean("late_success").notNull().default(false),
    /** what refunds took or hold of this success (pending, processing or done); never more than `amount` */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /**
     * The events about this deposit so far, and the `created_at` of the last one: each
     * event takes the next number and a later time by one update of this row, in the transaction
     * that writes it, so the numbers follow the commit order (lib/deposits/event-sequence.ts)
     */
    eventSequence: integer("event_sequence").notNull().default(0),
    lastEventAt: timestamp("last_event_at", { withTimezone: true, precision: 6 }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * A success's public receipt code (lib/core/receipt-code.ts, drawn by lib/deposits/receipt-code.ts): short, unguessable, given in the
     * transaction that records the success; `/r/{code}` shows what it proves (amount, shop, date, status)
     */
    receiptCode: text("receipt_code"),
    /** the customer a success is booked to (lib/customers), set in the transaction that records the success */
    customerId: uuid("customer_id").references(() => customers.id),
  },
  (t) => [
    uniqueIndex("deposits_track_id_key").on(t.trackId),
    uniqueIndex("deposits_receipt_code_key").on(t.receiptCode),
    uniqueIndex("deposits_client_token_key").on(t.clientToken),
    // each list's filter and order (lib/http/pagination.ts: `created_at desc nulls last, id desc nulls
    // last`, as `.desc()` declares), so a page reads its rows and no more however many there are
    index("deposits_payment_gateway_idx").on(t.paymentGatewayId, t.createdAt.desc(), t.id.desc()),
    index("deposits_marketplace_gateway_idx").on(t.marketplaceGatewayId, t.createdAt.desc(), t.id.desc()),
    index("deposits_payment_page_idx").on(t.paymentPageId, t.createdAt.desc(), t.id.desc()),
    index("deposits_invoice_idx").on(t.invoiceId, t.createdAt.desc(), t.id.desc()),
    index("deposits_account_status_idx").on(t.accountId, t.mode, t.status, t.createdAt.desc(), t.id.desc()),
    // a merchant's deposits by time: GET /v1/deposits reads it forward, CSV exports backward (oldest
    // first, `asc nulls first`: lib/exports/keyset-batches.ts)
    index("deposits_account_created_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    // a customer's payments, newest first, and its totals (count, sum, last): only its own rows read
    index("deposits_customer_idx").on(t.customerId, t.completedAt.desc(), t.id.desc()).where(sql`${t.customerId} is not null`),
    index("deposits_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Money rules the database keeps (DESIGN §3): one attempt in flight per payment link, and per
    // buyer phone on a marketplace link (an attempt given up no longer counts); a payment link is
    // paid once: at most one kept success, any other is a flagged duplicate.
    uniqueIndex("deposits_one_pending_per_link_key")
      .on(t.paymentGatewayId)
      .where(sql`${t.status} = 'pending' and ${t.abandonedAt} is null and ${t.paymentGatewayId} is not null`),
    uniqueIndex("deposits_one_pending_per_buyer_key")
      .on(t.marketplaceGatewayId, t.phoneNumber)
      .where(sql`${t.status} = 'pending' and ${t.abandonedAt} is null and ${t.marketplaceGatewayId} is not null`),
    uniqueIndex("deposits_one_kept_success_per_link_key")
      .on(t.paymentGatewayId)
      .where(sql`${t.status} = 'success' and ${t.duplicateOf} is null and ${t.paymentGatewayId} is not null`),
    check("deposits_refunded_amount_check", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

// A deposit's history, append-only: one row when it is made, one per status change and one when
// its buyer gives it up, each written in the same transaction as the change it records
// (createDeposit, settleDeposit, giveUpAttempt). `backfilled` rows were inferred from a deposit's
// columns by the migration that made this table: their times are the best the columns knew.
export const depositStatusChanges = pgTable(
  "deposit_status_changes",
  {
    id: id(),
    ...owner(),
    depositId: uuid("deposit_id")
      .notNull()
      .references(() => deposits.id, { onDelete: "cascade" }),
    event: text("event", { enum: depositHistoryEvents }).notNull(),
    /** the status before; null when the deposit was made */
    fromStatus: text("from_status", { enum: depositStatuses }),
    /** the status after (a give-up leaves it pending) */
    toStatus: text("to_status", { enum: depositStatuses }).notNull(),
    /** a failure or expiry reason as stored on the deposit (`insufficient_funds`, `no_answer_from_payer`…) */
    reason: text("reason"),
    backfilled: boolean("backfilled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("deposit_status_changes_deposit_idx").on(t.depositId, t.createdAt, t.id)],
);

// One buyer's attempt on a marketplace link; its status is its deposit's.
export const marketplaceTransactions = pgTable(
  "marketplace_transactions",
  {
    id: id(),
    ...owner(),
    marketplaceGatewayId: uuid("marketplace_gateway_id")
      .notNull()
      .references(() => marketplaceGateways.id, { onDelete: "cascade" }),
    depositId: uuid("deposit_id")
      .notNull()
      .references(() => deposits.id, { onDelete: "cascade" }),
    /** the seller paid by this sale, fixed when the buyer submits (with product_price, its share) */
    sellerId: uuid("seller_id").references(() => sellers.id),
    buyerId: uuid("buyer_id").notNull().defaultRandom(),
    buyerFullName: text("buyer_full_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    buyerPhone: text("buyer_phone").notNull(),
    buyerCountry: text("buyer_country").notNull(),
    buyerOperator: text("buyer_operator").notNull(),
    buyerPrice: integer("buyer_price").notNull(),
    productPrice: integer("product_price").notNull(),
    additionalInfo: jsonb("additional_info").$type<{ fieldName: string; value: string }[]>().notNull().default([]),
    /** the checkout's language when the buyer paid: their receipt's (null on rows older than that column: French) */
    buyerLang: text("buyer_lang", { enum: languages }),
    createdAt: createdAt(),
  },
  (t) => [
    index("marketplace_transactions_gateway_idx").on(t.marketplaceGatewayId, t.createdAt.desc(), t.id.desc()),
    // read backward by CSV exports (oldest first: lib/exports/keyset-batches.ts)
    index("marketplace_transactions_account_created_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("marketplace_transactions_deposit_key").on(t.depositId),
  ],
);

// Stored responses of mutating requests sent with an Idempotency-Key (DESIGN §9).
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: modes }).notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

// The transactional outbox: one row per status transition, written in the same database
// transaction as the transition itself, so every transition is announced exactly once.
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: id(),
    ...owner(),
    type: text("type", { enum: eventTypes }).notNull(),
    /** what the event is about: a deposit, or (money out) a payout or a refund */
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "cascade" }),
    payoutId: uuid("payout_id").references((): AnyPgColumn => payouts.id, { onDelete: "cascade" }),
    refundId: uuid("refund_id").references((): AnyPgColumn => refunds.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /**
     * The deposit in whose order this event takes its place: the deposit itself, or the payment a
     * refund or a seller's payout is about; null for a withdrawal (its one event is number 1)
     */
    sequenceDepositId: uuid("sequence_deposit_id").references(() => deposits.id, { onDelete: "cascade" }),
    /** its number among that deposit's events, 1, 2, … in commit order (`sequence` in the payload) */
    sequence: integer("sequence").notNull().default(1),
    createdAt: createdAt(),
    /** when the webhook dispatcher turned this event into deliveries (claimed with SKIP LOCKED) */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    /** when the notifier turned this event into mails, if any (lib/notifications/fan-out.ts) */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_events_account_idx").on(t.accountId, t.mode, t.createdAt),
    uniqueIndex("outbox_events_deposit_type_key").on(t.depositId, t.type),
    uniqueIndex("outbox_events_payout_type_key").on(t.payoutId, t.type),
    uniqueIndex("outbox_events_refund_type_key").on(t.refundId, t.type),
    uniqueIndex("outbox_events_deposit_sequence_key").on(t.sequenceDepositId, t.sequence),
    index("outbox_events_undispatched_idx").on(t.createdAt, t.id).where(sql`${t.dispatchedAt} is null`),
    index("outbox_events_unnotified_idx").on(t.createdAt, t.id).where(sql`${t.notifiedAt} is null`),
  ],
);

// Provider callbacks already applied, by the provider's event id: a replay is refused.
export const providerCallbacks = pgTable(
  "provider_callbacks",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// Dashboard sessions (DESIGN §1): the cookie holds a random token; only its SHA-256 is stored.
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    /** the account the dashboard shows now (the user is one of its members) */
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * Why it ended before its time, the login page's words for it: "removed" (an owner removed the
     * member from the account: its expiry is set to the removal, the row stays until retention).
     */
    endedBecause: text("ended_because"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_account_idx").on(t.accountId),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt), // the retention job's batches (lib/retention/)
  ],
);

// Single-use links sent by e-mail: a password reset, or the confirmation of a sign-up (the account
// is created only when its address is confirmed, so sign-up never says whether an address is taken).
// The link carries `{id}.{secret}`; only a SHA-256 of the secret is stored, compared in constant time,
// and `used_at` is set by one conditional update, so two uses of one link at once let one through.
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: id(),
    purpose: text("purpose", { enum: ["password_reset", "signup"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    /** on old rows, the account a reset was for; null since resets became a user's */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** the user a reset is for; null for a sign-up (no user yet) */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** a sign-up's details (business name, country, argon2id hash of the password) */
    signup: jsonb("signup").$type<{ businessName: string; country: string; passwordHash: string; language?: "fr" | "en" }>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_tokens_account_idx").on(t.accountId),
    index("email_tokens_user_idx").on(t.userId),
    index("email_tokens_expires_idx").on(t.expiresAt), // the retention job's batches (lib/retention/)
  ],
);

// Webhooks (DESIGN §8). Endpoints per account and mode; the outbox fans out to one delivery per
// event × subscribed endpoint; every HTTP attempt of a delivery is logged.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    ...owner(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** the event types sent to this endpoint; empty = every type */
    eventTypes: text("event_types", { enum: eventTypes }).array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    /** `whsec_…` (Standard Webhooks); kept readable because every delivery is signed with it */
    secret: text("secret").notNull(),
    /** after a rotation, the old secret also signs for a while, so receivers can switch without a gap */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc())],
);

// One event for one endpoint. `event_id` is the `webhook-id` of every attempt; `payload` is the exact
// body, fixed when the delivery is made. A worker claims a delivery by setting `lease_id` and
// `locked_until`: if it dies, the delivery is due again once the lease has run out.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    ...owner(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    eventCreatedAt: timestamp("event_created_at", { withTimezone: true, precision: 6 }).notNull(),
    /** the event's deposit and number (outbox_events.sequence_deposit_id, sequence): one endpoint gets a deposit's events in this order */
    depositId: uuid("deposit_id"),
    sequence: integer("sequence").notNull().default(1),
    payload: text("payload").notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 6 }).defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, precision: 6 }),
    lockedUntil: timestamp("locked_until", { withTimezone: true, precision: 6 }),
    leaseId: uuid("lease_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_key").on(t.endpointId, t.eventId),
    index("webhook_deliveries_list_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    // an endpoint's list filtered by status (?status=failed): the few failed ones without reading the rest
    index("webhook_deliveries_status_list_idx").on(t.endpointId, t.status, t.createdAt.desc(), t.id.desc()),
    // what workers look for: pending deliveries, by due time, and per endpoint in event order
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_pending_idx")
      .on(t.endpointId, t.eventCreatedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // an earlier event of the same deposit still pending for the endpoint holds the later ones back
    index("webhook_deliveries_pending_sequence_idx")
      .on(t.endpointId, t.depositId, t.sequence)
      .where(sql`${t.status} = 'pending' and ${t.depositId} is not null`),
    // the deliveries in flight (leased): an endpoint's count before a claim, a lane's heartbeat
    index("webhook_deliveries_leased_idx")
      .on(t.endpointId, t.leaseId, t.lockedUntil)
      .where(sql`${t.status} = 'pending' and ${t.leaseId} is not null`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** the HTTP status of the answer; null when there was none (timeout, refused, blocked address) */
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    /** at most 1 KB of the answer's body */
    responseExcerpt: text("response_excerpt").notNull().default(""),
    /** the answer's body as read, at most 64 KB (RESPONSE_BODY_BYTES), for the delivery's detail view */
    responseBody: text("response_body").notNull().default(""),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt),
    index("webhook_attempts_created_idx").on(t.createdAt), // the retention job's batches (lib/retention/)
  ],
);

// Fixed-window rate-limit counters (lib/http/rate-limit.ts) when REDIS_URL is not set: every
// server process shares them, so a limit holds across `npm start`'s workers. The key is the
// limit's name and a hash of its subject (address, email, phone, link), never the subject itself.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

export const providerLogKinds = ["request", "callback"] as const;

// Every request Kola sends to a mobile-money provider and every callback it accepts from one
//: the body without secrets, the HTTP status, what it meant, and the deposit it concerns.
// `alert` marks what a person must look at: a callback whose amount, currency or reference is not ours.
export const providerLogs = pgTable(
  "provider_logs",
  {
    id: id(),
    provider: text("provider").notNull(),
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "cascade" }),
    /** copied from the deposit, so the dashboard's queries stay scoped by account and mode */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: modes }),
    kind: text("kind", { enum: providerLogKinds }).notNull(),
    /** e.g. `POST /v2/deposits` */
    operation: text("operation").notNull(),
    /** the HTTP status of the answer (requests) or of our reply (callbacks); null without an answer */
    httpStatus: integer("http_status"),
    /** what it meant: accepted, rejected, network_error, settled, mismatch … */
    outcome: text("outcome").notNull(),
    alert: boolean("alert").notNull().default(false),
    request: jsonb("request").$type<unknown>(),
    response: jsonb("response").$type<unknown>(),
    latencyMs: integer("latency_ms"),
    createdAt: createdAt(),
    /** a live-mode alert's mails to the account's members were written (lib/notifications/fan-out.ts) */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    index("provider_logs_unnotified_alert_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.alert} and ${t.notifiedAt} is null and ${t.accountId} is not null and ${t.mode} = 'live'`),
    index("provider_logs_deposit_idx").on(t.depositId, t.createdAt),
    index("provider_logs_provider_idx").on(t.provider, t.kind, t.createdAt.desc()),
    index("provider_logs_alert_idx").on(t.accountId, t.mode, t.createdAt.desc()).where(sql`${t.alert}`),
    index("provider_logs_created_idx").on(t.createdAt), // the retention job's batches (lib/retention/)
  ],
);

// Each provider a deposit was offered to (failover per operator), in order. One row per
// (deposit, provider): an initiation is never sent twice to one provider for one attempt, whatever
// races or crashes happen; `request_id` is the id that provider knows it by (pawaPay's depositId,
// CinetPay's and the sandbox's transaction id), unique per provider, so a callback finds its deposit.
export const providerAttemptOutcomes = ["sending", "accepted", "rejected", "not_taken", "unknown"] as const;
export const depositProviderAttempts = pgTable(
  "deposit_provider_attempts",
  {
    id: id(),
    ...owner(),
    depositId: uuid("deposit_id")
      .notNull()
      .references(() => deposits.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** 1 for the first provider tried, 2 for the next… */
    position: integer("position").notNull(),
    requestId: text("request_id").notNull(),
    /** sending → accepted | rejected (a definite no) | not_taken (provably never taken) | unknown (no answer) */
    outcome: text("outcome", { enum: providerAttemptOutcomes }).notNull().default("sending"),
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposit_provider_attempts_deposit_provider_key").on(t.depositId, t.provider),
    uniqueIndex("deposit_provider_attempts_request_key").on(t.provider, t.requestId),
  ],
);

// A circuit breaker per provider, shared by every process: consecutive failed calls
// (no answer, 5xx, an initiation never taken) open it; after a pause one caller claims the probe
// (half-open); a taken initiation closes it. Kept in the database so every server agrees.
export const providerBreakers = pgTable("provider_breakers", {
  provider: text("provider").primaryKey(),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  probeAt: timestamp("probe_at", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
});

// Money out: the columns of a payout's and a refund's life, defined once for both tables
// so that the sender, the reconciler and the settlement (lib/money-out) read either one with the
// same types, and a change to one is a change to both.
const disbursementLifecycle = () => ({
  id: id(),
  ...owner(),
  status: text("status", { enum: disbursementStatuses }).notNull().default("pending"),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  provider: text("provider").notNull(),
  providerReference: text("provider_reference"),
  failureReason: text("failure_reason"),
  /** when it was last handed to the provider (null: never yet) */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /** when the sender or the reconciler last claimed it */
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

// Money out: seller payouts and merchant withdrawals. `id` is the provider's payoutId
// (its idempotency key): a payout is sent under one id only, so a re-send can never pay twice.
// A failed payout is retried as a new row (`retry_of`), once per failed row.
export const payouts = pgTable(
  "payouts",
  {
    ...disbursementLifecycle(),
    kind: text("kind", { enum: payoutKinds }).notNull(),
    /** ISO 3166 alpha-3 of the receiving phone */
    country: text("country").notNull(),
    operator: text("operator").notNull(),
    phoneNumber: text("phone_number").notNull(),
    /** seller payouts: the sale (deposit) whose seller share this pays */
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "cascade" }),
    marketplaceGatewayId: uuid("marketplace_gateway_id").references(() => marketplaceGateways.id, { onDelete: "cascade" }),
    /** seller payouts: the seller paid */
    sellerId: uuid("seller_id").references(() => sellers.id),
    retryOf: uuid("retry_of").references((): AnyPgColumn => payouts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("payouts_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("payouts_open_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'processing')`),
    // a sale's seller share is paid by one payout at a time, and never again once paid
    uniqueIndex("payouts_one_live_per_sale_key").on(t.depositId).where(sql`${t.depositId} is not null and ${t.status} <> 'failed'`),
    uniqueIndex("payouts_retry_of_key").on(t.retryOf),
    index("payouts_seller_idx").on(t.sellerId, t.createdAt.desc()).where(sql`${t.sellerId} is not null`),
    // the payouts list filtered by kind (?kind=withdrawal: the few among the seller payouts)
    index("payouts_kind_list_idx").on(t.accountId, t.mode, t.kind, t.createdAt.desc(), t.id.desc()),
    // a sale's latest payout (a seller's sales), read backwards: created_at desc, id desc
    index("payouts_deposit_idx").on(t.depositId, t.createdAt, t.id).where(sql`${t.depositId} is not null`),
    check("payouts_amount_check", sql`${t.amount} > 0`),
  ],
);

// Refunds of successful deposits (full or partial); `id` is the provider's refundId.
export const refunds = pgTable(
  "refunds",
  {
    ...disbursementLifecycle(),
    depositId: uuid("deposit_id")
      .notNull()
      .references(() => deposits.id, { onDelete: "cascade" }),
    /** the merchant's words, or `duplicate_payment` for the automatic refund of a duplicate success */
    reason: text("reason").notNull().default(""),
    automatic: boolean("automatic").notNull().default(false),
    // A marketplace sale's refund: the seller, who bears its part, and the split.
    sellerId: uuid("seller_id").references(() => sellers.id),
    sellerShare: text("seller_share", { enum: sellerShareModes }),
    /** the seller's share of the sale in this refund, in proportion: `amount × share / buyer_price` */
    sharePart: integer("share_part").notNull().default(0),
    /** what the seller's balance pays (reverse, debit_seller: share_part; merchant: 0); the merchant pays the rest */
    sellerAmount: integer("seller_amount").notNull().default(0),
  },
  (t) => [
    index("refunds_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("refunds_deposit_idx").on(t.depositId),
    index("refunds_seller_idx").on(t.sellerId, t.createdAt.desc()).where(sql`${t.sellerId} is not null`),
    index("refunds_open_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'processing')`),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_split_check", sql`${t.sellerAmount} >= 0 and ${t.sellerAmount} <= ${t.sharePart} and ${t.sharePart} <= ${t.amount}`),
  ],
);

// The double-entry ledger. Append-only: an entry is a set of postings that sum to zero
// per currency, written in the same transaction as the status change that caused it; an entry is
// written once per (source, kind), which the unique indexes hold.
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    ...owner(),
    kind: text("kind", { enum: entryKinds }).notNull(),
    currency: text("currency").notNull(),
    // no cascade: what the books name cannot be deleted alone (an account's deletion takes all at once)
    depositId: uuid("deposit_id").references(() => deposits.id),
    payoutId: uuid("payout_id").references(() => payouts.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    /** payments credited as pending: when the release makes them available */
    availableAt: timestamp("available_at", { withTimezone: true }),
    /**
     * a payment with a hold: when the release step dealt with it (posted its `release` entry, or
     * found nothing pending to release), so that each round reads only the payments still held
     */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: clockTime(),
  },
  (t) => [
    uniqueIndex("ledger_entries_deposit_kind_key").on(t.depositId, t.kind).where(sql`${t.payoutId} is null and ${t.refundId} is null`),
    uniqueIndex("ledger_entries_payout_kind_key").on(t.payoutId, t.kind),
    uniqueIndex("ledger_entries_refund_kind_key").on(t.refundId, t.kind),
    index("ledger_entries_release_idx").on(t.availableAt).where(sql`${t.availableAt} is not null and ${t.releasedAt} is null`),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: id(),
    ...owner(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: "cascade" }),
    ledgerAccount: text("ledger_account", { enum: ledgerAccounts }).notNull(),
    currency: text("currency").notNull(),
    /** signed minor units: positive = owed to this account more */
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** the marketplace seller whose money this line moves, else null: the merchant's */
    sellerId: uuid("seller_id").references(() => sellers.id),
    createdAt: clockTime(),
  },
  (t) => [
    index("ledger_postings_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("ledger_postings_entry_idx").on(t.entryId),
    index("ledger_postings_seller_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()).where(sql`${t.sellerId} is not null`),
  ],
);

// The overview's daily totals (GET /v1/stats), so that it reads a few rows a day however many
// payments there are. Kept by triggers in the transaction of the change they count (the last
// migration that touches them holds their SQL), recounted by `npm run ledger:check`.
/** Deposits finished (success, failed, expired) per UTC day of their `created_at`, status and currency. */
export const depositDays = pgTable(
  "deposit_days",
  {
    ...owner(),
    day: date("day").notNull(),
    status: text("status", { enum: depositStatuses }).notNull(),
    currency: text("currency").notNull(),
    count: integer("count").notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.day, t.status, t.currency] })],
);

/**
 * The merchant's own money per UTC day of the postings (merchant_pending and merchant_available,
 * but the moves that are not revenue: release, payout, payout_failed), refunds apart.
 */
export const ledgerDays = pgTable(
  "ledger_days",
  {
    ...owner(),
    currency: text("currency").notNull(),
    day: date("day").notNull(),
    refund: boolean("refund").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.currency, t.day, t.refund] })],
);

// Each ledger account's balance, kept up to date in the entry's transaction (the sum of its
// postings; `npm run ledger:check` recomputes it). The check is the last word on "never below zero".
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    ...owner(),
    ledgerAccount: text("ledger_account", { enum: ledgerAccounts }).notNull(),
    currency: text("currency").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mode, t.ledgerAccount, t.currency] }),
    // seller_payable totals every seller's balance: one seller's debt may outweigh the others' money
    check("ledger_balances_non_negative_check", sql`${t.ledgerAccount} in ('provider_clearing', 'seller_payable') or ${t.balance} >= 0`),
  ],
);

// Each seller's own balances: the seller's part of the merchant's totals, kept in the
// same transaction as the postings that name the seller (`npm run ledger:check` recomputes them).
// A seller's seller_payable may go below zero (a debt: a refund it bears after being paid); no
// other balance may.
export const sellerBalances = pgTable(
  "seller_balances",
  {
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    ...owner(),
    ledgerAccount: text("ledger_account", { enum: ledgerAccounts }).notNull(),
    currency: text("currency").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.ledgerAccount] }),
    // GET /v1/balance's sellers' money in flight: the rows of the sellers with a payout under way only
    index("seller_balances_in_flight_idx").on(t.accountId, t.mode, t.currency).where(sql`${t.ledgerAccount} = 'payouts_in_flight' and ${t.balance} > 0`),
    check("seller_balances_non_negative_check", sql`${t.ledgerAccount} = 'seller_payable' or ${t.balance} >= 0`),
  ],
);

// A marketplace sale's seller share, from the sale's success: how much of it is still
// held (seller_pending), released and not paid out yet (seller_payable), and refunded. Every change
// to a share locks its row first: refunds, releases and payouts of one sale happen one at a time.
export const sellerShares = pgTable(
  "seller_shares",
  {
    depositId: uuid("deposit_id")
      .primaryKey()
      .references(() => deposits.id),
    ...owner(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id),
    currency: text("currency").notNull(),
    /** the seller's share (the product price) and the merchant's fee, as fixed when the buyer submitted */
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    /** when its payout hold ends (`seller_payout_delay_days` after the sale) */
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** still in seller_pending */
    held: integer("held").notNull(),
    /** released, in seller_payable, not paid out (a failed payout's money comes back here) */
    owed: integer("owed").notNull().default(0),
    /** the seller's part of the sale's refunds that did not fail, whoever bore it */
    refunded: integer("refunded").notNull().default(0),
    /** when its payout was made (or the share went to the seller's debt): never made again */
    disbursedAt: timestamp("disbursed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("seller_shares_seller_idx").on(t.sellerId, t.createdAt.desc(), t.depositId),
    index("seller_shares_due_idx").on(t.releaseAt).where(sql`${t.releasedAt} is null`),
    index("seller_shares_payable_idx").on(t.createdAt).where(sql`${t.releasedAt} is not null and ${t.disbursedAt} is null and ${t.owed} > 0`),
    check(
      "seller_shares_amounts_check",
      sql`${t.held} >= 0 and ${t.owed} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount} and ${t.held} + ${t.owed} <= ${t.amount}`,
    ),
  ],
);

// The mail outbox: one row per mail to one recipient, written by the notifier from an
// outbox event or a provider alert in the transaction that marks that source notified (exactly once,
// the unique keys hold it), then sent at most once: a worker claims a row (`sending`, committed)
// before it talks to the SMTP server, and a claimed row is never sent again (lib/notifications/send.ts).
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    ...owner(),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    outboxEventId: uuid("outbox_event_id").references(() => outboxEvents.id, { onDelete: "cascade" }),
    providerLogId: uuid("provider_log_id").references(() => providerLogs.id, { onDelete: "cascade" }),
    /** the payment a receipt or a « payé » alert is about: at most one of each kind per recipient */
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "cascade" }),
    /** an invoice's reminder: a payment or a cancellation of the invoice stops it while still pending (a trigger on invoices) */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "cascade" }),
    /** the member it is for; null for a buyer's receipt */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    language: text("language", { enum: languages }).notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: notificationStatuses }).notNull().default("pending"),
    /** SMTP tries that provably handed nothing over (refused connection, 4xx before the message) */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_event_key").on(t.outboxEventId, t.kind, t.recipient),
    uniqueIndex("notifications_alert_key").on(t.providerLogId, t.kind, t.recipient),
    uniqueIndex("notifications_deposit_key").on(t.depositId, t.kind, t.recipient),
    index("notifications_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("notifications_sending_idx").on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index("notifications_created_idx").on(t.createdAt),
    // the tidy-up of old mails that are done with (lib/notifications/send.ts), oldest first
    index("notifications_done_idx").on(t.createdAt).where(sql`${t.status} in ('sent', 'failed', 'unknown')`),
  ],
);

// A request to pay (lib/payment-requests/): a one-buyer payment link made for a buyer's phone, whose
// collection Kola asks the operator to push at once (the buyer approves with their PIN, no page), or,
// for an operator only a redirect provider serves, whose short pay link is handed over instead. Its
// payments are its link's deposits (one in flight at a time: deposits_one_pending_per_link_key).
export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: id(),
    ...owner(),
    paymentGatewayId: uuid("payment_gateway_id")
      .notNull()
      .references(() => paymentGateways.id, { onDelete: "cascade" }),
    /** the short public code of its pay link (`/p/{code}`) */
    code: text("code").notNull(),
    channel: text("channel", { enum: paymentRequestChannels }).notNull(),
    /** the stall (a reusable counter page) a buyer paid through, when channel is `stall` */
    stallId: uuid("stall_id").references((): AnyPgColumn => stalls.id, { onDelete: "set null" }),
    /** the buyer's number, national digits as deposits keep them */
    phoneNumber: text("phone_number").notNull(),
    country: text("country").notNull(),
    operator: text("operator").notNull(),
    /** `push`: the operator rings the buyer's phone; `link`: the buyer opens the pay link */
    delivery: text("delivery", { enum: paymentRequestDeliveries }).notNull(),
    reference: text("reference").notNull().default(""),
    /** who collected: the member (a cashier at the counter, or its stall's cashier) or the API key */
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByKeyId: uuid("created_by_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** what its link's attempts say (lib/core/payment-requests.ts), kept by triggers (migration 0039_request_outcome) */
    attemptOutcome: text("attempt_outcome", { enum: paymentRequestOutcomes }).notNull().default("none"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_requests_gateway_key").on(t.paymentGatewayId),
    // `?status=`: the requests of one outcome, newest first (lib/payment-requests/queries.ts)
    index("payment_requests_outcome_idx").on(t.accountId, t.mode, t.attemptOutcome, t.createdAt.desc(), t.id.desc()),
    // `?status=cancelled`
    index("payment_requests_cancelled_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()).where(sql`${t.cancelledAt} is not null`),
    uniqueIndex("payment_requests_code_key").on(t.code),
    index("payment_requests_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("payment_requests_collector_idx").on(t.accountId, t.mode, t.createdByUserId, t.createdAt.desc()),
    // the summary's version: the last expiry of the day's requests already passed (one row read)
    index("payment_requests_expiry_idx").on(t.accountId, t.mode, t.expiresAt),
  ],
);

// The counter's summary (GET /v1/payment-requests/summary), so that it reads a few rows a day
// however many requests there are: per UTC hour of the requests' created_at (a country's day is
// 24 of them: every country's offset is whole hours) and collector, the requests paid and their
// links' amount, and a count of every change of those requests (made, an attempt started or
// settled or given up, cancelled) that the summary's version follows. Kept by triggers in the
// transaction of the change they count (the migration that made them holds their SQL), recounted
// by `npm run ledger:check`.
export const paymentRequestHours = pgTable(
  "payment_request_hours",
  {
    ...owner(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    /** `member:{user id}`, `api_key:{key id}`, or '' (neither: its member or key was deleted) */
    collector: text("collector").notNull(),
    paidCount: integer("paid_count").notNull().default(0),
    paidTotal: bigint("paid_total", { mode: "number" }).notNull().default(0),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.mode, t.hour, t.collector] })],
);

// A stall: a reusable counter page (`/s/{code}`, printed as a poster with its QR) where buyers choose
// the amount within the merchant's bounds and type their number; each payment is a payment request
// of channel `stall`, collected by the stall's cashier (or by the account when it names none).
export const stalls = pgTable(
  "stalls",
  {
    id: id(),
    ...owner(),
    code: text("code").notNull(),
    /** the cashier whose stall it is; null: the account's own */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    currency: text("currency").notNull(),
    minAmount: integer("min_amount").notNull(),
    maxAmount: integer("max_amount").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stalls_code_key").on(t.code),
    // one open stall per account and mode, and per cashier
    uniqueIndex("stalls_one_per_collector_key")
      .on(t.accountId, t.mode, sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.archivedAt} is null`),
    check("stalls_bounds_check", sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
  ],
);

// The account's own phone numbers, proven by a code sent to them by SMS: where the « payé » alerts go,
// and, in test mode, the only numbers a receipt SMS may go to (lib/sms/). Only a hash of the code is kept.
export const accountPhones = pgTable(
  "account_phones",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164 digits without the + */
    phoneNumber: text("phone_number").notNull(),
    country: text("country").notNull(),
    codeHash: text("code_hash"),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** whether the « payé » alerts go to this number */
    alerts: boolean("alerts").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_phones_account_phone_key").on(t.accountId, t.phoneNumber)],
);

// One buyer's payment on a payment page: how many units it holds and the answers to the page's
// questions; its status is its deposit's.
export const paymentPagePayments = pgTable(
  "payment_page_payments",
  {
    depositId: uuid("deposit_id")
      .primaryKey()
      .references(() => deposits.id, { onDelete: "cascade" }),
    ...owner(),
    paymentPageId: uuid("payment_page_id")
      .notNull()
      .references(() => paymentPages.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    additionalInfo: jsonb("additional_info").$type<{ fieldName: string; value: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_page_payments_page_idx").on(t.paymentPageId, t.createdAt.desc()),
    check("payment_page_payments_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

// An invoice (a payment request to one customer): lines, a due date, a reminder schedule, and
// whether it may be paid in parts. Each payment is a deposit of its own (deposits.invoice_id) on a
// one-payment link of its own (origin `invoice`), so webhooks, receipts and the books treat it as
// any payment. `amount_reserved` counts what pending and successful payments hold: a payment's start
// raises it by one conditional update (never past `total`), a trigger on deposits gives it back when
// a payment fails or expires; `amount_paid` counts successes, raised by that trigger in the success's
// own transaction. The customer is a copy (name, phone, e-mail), not a reference.
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    ...owner(),
    /** the merchant's own reference, e.g. `F-2027-014`; may be empty */
    reference: text("reference").notNull().default(""),
    customerName: text("customer_name").notNull(),
    /** E.164 digits without `+`, or empty */
    customerPhone: text("customer_phone").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    /** `fr` or `en`: the customer's page and reminders */
    language: text("language", { enum: languages }).notNull().default("fr"),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    lines: jsonb("lines").$type<{ label: string; quantity: number; unit_price: number; amount: number }[]>().notNull(),
    total: integer("total").notNull(),
    memo: text("memo").notNull().default(""),
    /** the day it is due (the merchant's calendar day; reminders count days from it) */
    dueDate: date("due_date").notNull(),
    allowPartial: boolean("allow_partial").notNull().default(false),
    /** the least one part may be (the balance may always be paid whole) */
    minPartAmount: integer("min_part_amount"),
    /** days from the due date, e.g. [-3, 0, 7]: one reminder per step */
    reminderDays: jsonb("reminder_days").$type<number[]>().notNull().default([]),
    amountReserved: integer("amount_reserved").notNull().default(0),
    amountPaid: integer("amount_paid").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** when its due date passed with a balance due and `invoice.overdue` was sent: set once, by a conditional update */
    overdueAt: timestamp("overdue_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoices_list_idx").on(t.accountId, t.mode, t.createdAt.desc(), t.id.desc()),
    // the reminder round reads open invoices only
    index("invoices_open_idx").on(t.dueDate).where(sql`${t.paidAt} is null and ${t.cancelledAt} is null`),
    check("invoices_amounts_check", sql`${t.amountReserved} >= 0 and ${t.amountPaid} >= 0 and ${t.total} > 0`),
  ],
);

// One reminder step of an invoice, written once: the unique key (invoice_id, step) makes "never two
// reminders for one step" a rule of the database; its mail and SMS (rows of `notifications`) are
// written in the same transaction, and the notifier sends each at most once.
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    ...owner(),
    /** the step, in days from the due date */
    step: integer("step").notNull(),
    /** the round's clock when it wrote the step */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** how many messages it wrote (mail, SMS): 0 when the customer has neither */
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.step] })],
);

// A card payment's payer, as CinetPay's card channel asks for them at initialisation (its customer_*
// fields): written with the deposit in its transaction, read by the adapter on every offer (a
// failover or a retry sends the same). `price` is the link's amount and `surcharge` what the buyer
// paid on top of it (the account's fee rule at that moment): the deposit's amount is their sum.
export const cardPayers = pgTable(
  "card_payers",
  {
    depositId: uuid("deposit_id")
      .primaryKey()
      .references(() => deposits.id, { onDelete: "cascade" }),
    ...owner(),
    name: text("name").notNull(),
    surname: text("surname").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-1 alpha-2, as CinetPay takes it */
    country: text("country").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    price: integer("price").notNull(),
    surcharge: integer("surcharge").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("card_payers_surcharge_check", sql`${t.surcharge} >= 0 and ${t.price} > 0`)],
);

// A merchant's saved payout number (the withdrawal dialog's « Numéro enregistré »): a label, the
// wallet's operator and its number, per account and mode. Checked as a withdrawal's destination is
// when saved (lib/payouts/create-withdrawal.ts parseDestination: the operator must be the number's
// where its prefix tells it); a withdrawal to it copies operator and number onto the payout row.
export const payoutNumbers = pgTable(
  "payout_numbers",
  {
    id: id(),
    ...owner(),
    label: text("label").notNull().default(""),
    /** ISO 3166 alpha-3 of the number */
    country: text("country").notNull(),
    operator: text("operator").notNull(),
    /** E.164 digits without the + */
    phoneNumber: text("phone_number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payout_numbers_account_number_key").on(t.accountId, t.mode, t.operator, t.phoneNumber), index("payout_numbers_list_idx").on(t.accountId, t.mode, t.createdAt)],
);
