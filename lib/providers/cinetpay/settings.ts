import { setting } from "@/lib/runtime/config";
import { decimalsOf } from "@/lib/core/money";

// CinetPay's settings and amount rule, below both its payment adapter (index.ts) and its transfer
// API (transfer.ts), so that neither imports the other (no import circles).

export const CINETPAY_DEFAULT_URL = "https://api-checkout.cinetpay.com";

export function cinetpaySettings() {
  return {
    baseUrl: (setting("CINETPAY_BASE_URL") || CINETPAY_DEFAULT_URL).replace(/\/+$/, ""),
    apiKey: setting("CINETPAY_API_KEY"),
    siteId: setting("CINETPAY_SITE_ID"),
    secretKey: setting("CINETPAY_SECRET_KEY"),
  };
}

export const cinetpayConfigured = () => {
  const s = cinetpaySettings();
  return Boolean(s.apiKey && s.siteId && s.secretKey);
};

/** Money out needs the transfer API password as well as the API key. */
export const cinetpayPayoutsConfigured = () => Boolean(cinetpaySettings().apiKey && setting("CINETPAY_TRANSFER_PASSWORD"));

/**
 * CinetPay takes a whole amount in the currency's unit, a multiple of 5 for XOF and XAF
 * ("le montant doit être un multiple de 5"); null when ours cannot be written so.
 */
export function cinetpayAmount(minor: number, currency: string): number | null {
  const scale = 10 ** decimalsOf(currency);
  if (minor % scale !== 0) return null;
  const whole = minor / scale;
  if ((currency === "XOF" || currency === "XAF") && whole % 5 !== 0) return null;
  return whole;
}

