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
  /** a success's receipt code (`K7P2M-9XQ4D`): only on success events */
  receipt_code?: string;
};

export function sandboxPaymentData<T extends Pick<PaymentEventData, "track_id" | "gateway_id" | "order_id" | "amount">>(fields: T & Partial<PaymentEventData>): PaymentEventData & T {
  // keys in the documented order (a marketplace sale's transaction_id after order_id, a success's
  // receipt_code last): tests compare the exact text too
  const { track_id, gateway_id, order_id, amount, ...rest } = fields;
  const { currency = "XAF", status = "success", failure_reason = null, country = "CMR", operator = "MTN_MOMO_CMR", phone_number = "237670000000", receipt_code, ...extra } = rest;
  const receipt = receipt_code === undefined ? {} : { receipt_code };
  return { track_id, gateway_id, order_id, ...extra, amount, currency, status, failure_reason, country, operator, phone_number, ...receipt } as PaymentEventData & T;
}

/** The same for a marketplace sale, paid from the sandbox's Orange wallet (+237 690 000 000). */
export function sandboxSaleData(fields: Pick<PaymentEventData, "track_id" | "gateway_id" | "amount"> & { transaction_id: string } & Partial<PaymentEventData>) {
  return sandboxPaymentData({ order_id: "", operator: "ORANGE_MONEY_CMR", phone_number: "237690000000", ...fields });
}
