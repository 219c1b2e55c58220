// The `data` of a payment event as the sandbox's test wallet (Cameroon, MTN, +237 670 000 000)
// produces it: the tests that assert whole webhook bodies (delivery, events, the e2e webhooks spec)
// name only what differs. Dependency-free, so Playwright specs import it too.
export type PaymentEventData = {
  track_id: string;
  gateway_id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  failure_reason: string | null;
  country: string;
  operator: string;
  phone_number: string;
};

export function sandboxPaymentData<T extends Pick<PaymentEventData, "track_id" | "gateway_id" | "order_id" | "amount">>(fields: T & Partial<PaymentEventData>): PaymentEventData & T {
  // keys in the documented order (a marketplace sale's transaction_id after order_id): tests compare the exact text too
  const { track_id, gateway_id, order_id, amount, ...rest } = fields;
  const { currency = "XAF", status = "success", failure_reason = null, country = "CMR", operator = "MTN_MOMO_CMR", phone_number = "237670000000", ...extra } = rest;
  return { track_id, gateway_id, order_id, ...extra, amount, currency, status, failure_reason, country, operator, phone_number } as PaymentEventData & T;
}

/** The same for a marketplace sale, paid from the sandbox's Orange wallet (+237 690 000 000). */
export function sandboxSaleData(fields: Pick<PaymentEventData, "track_id" | "gateway_id" | "amount"> & { transaction_id: string } & Partial<PaymentEventData>) {
  return sandboxPaymentData({ order_id: "", operator: "ORANGE_MONEY_CMR", phone_number: "237690000000", ...fields });
}
