// One table of application errors: their status and default message. Domain code throws
// ApiError; the edge alone (lib/http/edge.ts) turns it into a response; the OpenAPI document reads
// this table. Every type any route answers (API, checkout JSON, provider callbacks) is here.
export const errorTypes = {
  NO_API_KEY_PROVIDED: { status: 401, message: "No API Key." },
  API_KEY_NOT_FOUND: { status: 404, message: "API Key not found" },
  NOT_SIGNED_IN: { status: 401, message: "Sign in to continue" },
  INVALID_CREDENTIALS: { status: 401, message: "Email or password is incorrect" },
  WRONG_PASSWORD: { status: 400, message: "The current password is wrong" },
  CROSS_SITE_REQUEST: { status: 403, message: "Cross-site request refused" },
  EMAIL_TAKEN: { status: 409, message: "An account with this email already exists" },
  INVALID_TOKEN: { status: 400, message: "This link is invalid, expired or already used; ask for a new one" },
  API_KEY_ID_NOT_FOUND: { status: 404, message: "API key not found" },
  API_KEY_REVOKED: { status: 409, message: "This API key is revoked: make a new one" },
  INSUFFICIENT_ROLE: { status: 403, message: "Your role on this account does not allow this action" },
  MEMBER_NOT_FOUND: { status: 404, message: "Member not found" },
  LAST_OWNER: { status: 409, message: "An account keeps at least one owner: make someone else owner first" },
  ALREADY_A_MEMBER: { status: 409, message: "This address is already a member of the account" },
  INVITATION_NOT_FOUND: { status: 404, message: "Invitation not found, accepted or revoked" },
  INVITATION_FOR_ANOTHER_EMAIL: { status: 403, message: "This invitation is for another e-mail address: sign out and open it again" },
  ACCOUNT_NOT_FOUND: { status: 404, message: "You are not a member of this account" },
  CURRENCY_CHANGE: { status: 409, message: "The account's currency cannot change: pick a country of the same currency" },
  GATEWAY_NOT_FOUND: { status: 404, message: "Payment Gateway Not found" },
  GATEWAY_USER_NOT_FOUND: { status: 404, message: "Payment Gateway user not found" },
  GATEWAY_ALREADY_PAID: { status: 409, message: "This payment link has already been paid; its amount cannot change" },
  ORDER_ID_CONFLICT: { status: 409, message: "A payment link with this order_id already exists with other values" },
  MARKETPLACE_NOT_FOUND: { status: 404, message: "Marketplace not found" },
  MARKETPLACE_ALREADY_EXISTS: { status: 409, message: "A marketplace already exists for this account and mode" },
  MARKETPLACE_INACTIVE: { status: 409, message: "The marketplace is inactive" },
  PAYMENT_IN_PROGRESS: { status: 409, message: "A payment attempt on this link is in progress; retry once it is finished" },
  DEPOSIT_NOT_FOUND: { status: 404, message: "Deposit transaction not found" },
  FILE_NOT_FOUND: { status: 404, message: "File not found" },
  WEBHOOK_NOT_FOUND: { status: 404, message: "Webhook endpoint not found" },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: "Webhook delivery not found" },
  WEBHOOK_DISABLED: { status: 409, message: "This webhook endpoint is disabled; enable it first" },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: "This account has the most webhook endpoints allowed in this mode (16)" },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: "This Idempotency-Key was already used with another request body",
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: "A request with this Idempotency-Key is still being processed; retry later",
  },
  LIVE_PAYMENTS_UNAVAILABLE: {
    status: 503,
    message: "Live payments are not available on this server yet: no live mobile-money provider is configured",
  },
  RATE_LIMITED: { status: 429, message: "Too many requests; retry later" },
  FILE_TOO_LARGE: { status: 413, message: "The file is too large" },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: "Unsupported file type" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the request body as application/json" },
  PROVIDER_NOT_FOUND: { status: 404, message: "No such payment provider" },
  INVALID_SIGNATURE: { status: 401, message: "Invalid signature" },
  CALLBACK_REPLAYED: { status: 409, message: "Callback already received" },
  INVALID_CALLBACK: { status: 422, message: "Invalid callback body" },
  PROVIDER_UNAVAILABLE: { status: 503, message: "The provider could not confirm the payment; retry later" },
  OPERATOR_UNREACHABLE: { status: 503, message: "The mobile-money operator could not be reached: nothing was sent to the phone; try again or choose another operator" },
  INSUFFICIENT_BALANCE: { status: 409, message: "Not enough available balance for this amount" },
  PAYOUT_NOT_FOUND: { status: 404, message: "Payout not found" },
  PAYOUT_NUMBER_NOT_FOUND: { status: 404, message: "Saved payout number not found" },
  PAYOUT_NUMBER_LIMIT_REACHED: { status: 409, message: "This account has the most saved payout numbers allowed in this mode (20): remove one first" },
  PAYMENT_REQUEST_NOT_FOUND: { status: 404, message: "Payment request not found" },
  PAYMENT_REQUEST_IN_FLIGHT: {
    status: 409,
    message: "The buyer's phone is showing this request's prompt: it cannot be withdrawn; wait until the buyer answers or it times out",
  },
  PAYMENT_REQUEST_CLOSED: { status: 409, message: "This payment request is paid, cancelled or past its expiry: make a new one" },
  PAYMENT_PAGE_NOT_FOUND: { status: 404, message: "Payment page not found" },
  PAYMENT_PAGE_CLOSED: { status: 409, message: "This payment page is closed or past its end date: it takes no more payments" },
  PAYMENT_PAGE_SOLD_OUT: { status: 409, message: "Not enough left on this payment page for this payment" },
  CUSTOMER_NOT_FOUND: { status: 404, message: "Customer not found" },
  CUSTOMER_EXISTS: { status: 409, message: "A customer with this number is already in the book" },
  CUSTOMER_MERGED: { status: 409, message: "This customer was merged into another record: use that one" },
  CUSTOMER_ERASED: { status: 409, message: "This customer's personal data was erased: it cannot change any more" },
  INVOICE_NOT_FOUND: { status: 404, message: "Invoice not found" },
  INVOICE_PAID: { status: 409, message: "This invoice is paid: it takes no more payments and cannot be cancelled" },
  INVOICE_CANCELLED: { status: 409, message: "This invoice is cancelled: it takes no more payments" },
  INVOICE_AMOUNT_HELD: { status: 409, message: "A payment in progress holds what is left to pay on this invoice: wait until it succeeds or fails" },
  STALL_NOT_FOUND: { status: 404, message: "Stall not found" },
  STALL_EXISTS: { status: 409, message: "This account already has an open stall for this cashier (or its own): change it, or archive it first" },
  PAYOUT_NOT_RETRYABLE: { status: 409, message: "Only a failed payout that was not retried yet can be retried" },
  REFUND_NOT_FOUND: { status: 404, message: "Refund not found" },
  DEPOSIT_NOT_REFUNDABLE: { status: 409, message: "Only a successful payment can be refunded" },
  REFUND_EXCEEDS_REMAINING: { status: 409, message: "The refund is larger than what remains to refund of this payment" },
  MONEY_OUT_UNAVAILABLE: { status: 503, message: "No mobile-money provider of this mode can send this money out" },
  CARD_REFUND_UNAVAILABLE: {
    status: 409,
    message: "A card payment cannot be refunded through Kola: CinetPay publishes no refund API for card payments; refund it from CinetPay's merchant back-office",
  },
  // marketplace sellers
  SELLER_NOT_FOUND: { status: 404, message: "Seller not found" },
  SELLER_ON_HOLD: { status: 409, message: "This seller's payouts are on hold; clear the hold first" },
  SELLER_SHARE_PAID_OUT: {
    status: 409,
    message: "The seller's share of this sale is no longer held: refund it with seller_share merchant or debit_seller",
  },
  PAYOUT_NOT_REDIRECTABLE: { status: 409, message: "Only a failed seller payout that was not sent again yet can get a new destination" },
  // the account's numbers for SMS (receipts, « payé » alerts)
  PHONE_NOT_FOUND: { status: 404, message: "Phone number not found" },
  PHONE_LIMIT_REACHED: { status: 409, message: "This account has the most phone numbers allowed (10): remove one first" },
  PHONE_CODE_INVALID: { status: 400, message: "This code is not the one we sent: check the SMS and try again" },
  PHONE_CODE_EXPIRED: { status: 400, message: "This code has expired or was tried too many times: ask for a new one" },
  SMS_UNAVAILABLE: { status: 503, message: "SMS is off on this server: no SMS provider is configured" },
  // the database cannot be reached: answered at once, with Retry-After, until it is back
  DATABASE_UNAVAILABLE: { status: 503, message: "The service is briefly unavailable; retry in a moment" },
  // the database is up but did not serve the request in time (every connection busy longer than
  // DATABASE_POOL_WAIT_MS, a slow connect, a statement over its timeout): with Retry-After
  SERVICE_BUSY: { status: 503, message: "The service is busy; retry in a moment" },
  INTERNAL_ERROR: { status: 500, message: "Internal server error" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorType = keyof typeof errorTypes;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    message?: string,
    status?: number,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorTypes[type].message);
    this.status = status ?? errorTypes[type].status;
  }

  get body() {
    return { detail: { message: this.message, type: this.type } };
  }
}

/** One FastAPI-style validation item: `loc` like ["body","amount"], `msg`, `type`. */
/**
 * One FastAPI 422 item. `ctx` carries what pydantic renders its message from (`{"max_length": 100}`,
 * `{"ge": 100}`, `{"expected": "'a' or 'b'"}`, `{"error": "…"}`): read it, never the English `msg`.
 * Built by `item()` in ./validation, the one place that knows pydantic's words.
 */
export type ValidationItem = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, string | number> };

export class ValidationError extends Error {
  constructor(readonly items: ValidationItem[]) {
    super("Validation failed");
  }

  get body() {
    return { detail: this.items };
  }
}
