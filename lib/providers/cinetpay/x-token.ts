import { createHmac } from "node:crypto";

// CinetPay notifications (docs.cinetpay.com, "X-TOKEN HMAC"); shared with the contract emulator.

/** The x-token: HMAC-SHA256 with the secret key over the documented fields, concatenated in order. */
export const TOKEN_FIELDS = [
  "cpm_site_id", "cpm_trans_id", "cpm_trans_date", "cpm_amount", "cpm_currency", "signature", "payment_method",
  "cel_phone_num", "cpm_phone_prefixe", "cpm_language", "cpm_version", "cpm_payment_config", "cpm_page_action",
  "cpm_custom", "cpm_designation", "cpm_error_message",
] as const;

export function xToken(form: URLSearchParams, secret: string): string {
  const data = TOKEN_FIELDS.map((f) => form.get(f) ?? "").join("");
  return createHmac("sha256", secret).update(data).digest("hex");
}

