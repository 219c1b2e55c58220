import { z } from "zod";
import { anyText, field, lower, numberOr, numberText, oneOf, urlText, type Raw } from "./env-field";

// The money settings: payment expiry, balance holds, the providers and their breaker. Each `read`
// is the reading its code did before (lib/runtime/env-field.ts).

/** The live providers Kola has adapters for (lib/providers). */
export const LIVE_PROVIDER_CHOICES = ["pawapay", "cinetpay"] as const;

const listed = (raw: Raw) => (raw ?? "").split(",").map((n) => n.trim().toLowerCase()).filter(Boolean);
const positive = (n: number) => n > 0;
const notNegative = (n: number) => n >= 0;
/** Number(raw) when it is a number that `ok` takes, else the default (unset and empty included). */
const numberSetting = (fallback: number, ok: (n: number) => boolean) => (raw: Raw) => numberOr(raw, fallback, ok);
const balanceHold = (fallback: number) => (raw: Raw) => (raw !== undefined && raw !== "" ? numberOr(raw, fallback, notNegative) : fallback);

export const providerFields = {
  DEPOSIT_EXPIRY_SECONDS: field({
    accepts: numberText(positive),
    read: (raw) => numberOr(raw || "600", 600, positive),
    default: "`600`",
    expects: "a number of seconds above 0",
    description: "a payment attempt still pending after this long expires, unless its provider says it is still processing it",
  }),
  BALANCE_HOLD_SECONDS: field({
    accepts: numberText(notNegative),
    read: balanceHold(86_400),
    default: "`86400`",
    expects: "a number of seconds (0: at once)",
    description:
      "live mode: how long a payment's money stays `pending` before it is `available` to withdraw or refund (`0`: at once)",
  }),
  TEST_BALANCE_HOLD_SECONDS: field({
    accepts: numberText(notNegative),
    read: balanceHold(0),
    default: "`0`",
    expects: "a number of seconds (0: at once)",
    description: "the same in test mode",
  }),
  PROVIDER_CALLBACK_SECRET: field({
    accepts: anyText,
    read: (raw) => raw || undefined,
    default: "random per process",
    expects: "a long random text",
    description: "HMAC-SHA256 key of the test-mode sandbox's callbacks (`x-kola-signature`); set it when several processes run",
  }),
  LIVE_PROVIDERS: field({
    accepts: z.string().refine((raw) => listed(raw).every((name) => (LIVE_PROVIDER_CHOICES as readonly string[]).includes(name))),
    // as written, lower-cased; names Kola has no adapter for are left out by lib/providers
    read: listed,
    default: "unset",
    expects: `a comma-separated list of ${LIVE_PROVIDER_CHOICES.join(", ")}`,
    description:
      "live mobile-money providers in order of preference, e.g. `pawapay,cinetpay`; unset: live checkouts refuse with a clear page (503). See [Going live](#going-live)",
  }),
  TEST_PROVIDER: field({
    accepts: oneOf(["", "sandbox", ...LIVE_PROVIDER_CHOICES], lower),
    read: (raw) => raw?.trim().toLowerCase(),
    default: "`sandbox`",
    expects: `sandbox, ${LIVE_PROVIDER_CHOICES.join(" or ")}`,
    description: "`pawapay`: test mode pays through pawaPay's sandbox (the `PAWAPAY_*` settings) instead of the built-in sandbox",
  }),
  PAWAPAY_BASE_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => raw,
    default: "`https://api.sandbox.pawapay.io`",
    expects: "an http(s) URL",
    description: "pawaPay Merchant API; `https://api.pawapay.io` for real money",
  }),
  PAWAPAY_API_TOKEN: field({
    accepts: anyText,
    read: (raw) => raw ?? "",
    default: "unset",
    expects: "a pawaPay API token",
    description: "pawaPay API token (dashboard → System configuration → API tokens)",
  }),
  PAWAPAY_SIGNED_CALLBACKS: field({
    accepts: oneOf(["", "true", "1", "on", "yes", "false", "0", "off", "no"], lower),
    read: (raw) => !["false", "0", "off", "no"].includes((raw ?? "true").toLowerCase()),
    default: "on",
    expects: "`on` or `off`",
    description:
      "verify pawaPay's RFC 9421 callback signatures (turn signed callbacks on in pawaPay's dashboard); `off` only to rehearse",
  }),
  CINETPAY_BASE_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => raw,
    default: "`https://api-checkout.cinetpay.com`",
    expects: "an http(s) URL",
    description: "CinetPay payment API",
  }),
  CINETPAY_API_KEY: field({
    accepts: anyText,
    read: (raw) => raw ?? "",
    default: "unset",
    expects: "CinetPay's API key",
    description: "CinetPay credentials (back office → Integrations), with `CINETPAY_SITE_ID` and `CINETPAY_SECRET_KEY`: all three are needed",
  }),
  CINETPAY_SITE_ID: field({
    accepts: anyText,
    read: (raw) => raw ?? "",
    default: "unset",
    expects: "CinetPay's site id",
    description: "see `CINETPAY_API_KEY`",
  }),
  CINETPAY_SECRET_KEY: field({
    accepts: anyText,
    read: (raw) => raw ?? "",
    default: "unset",
    expects: "CinetPay's secret key",
    description: "see `CINETPAY_API_KEY`",
  }),
  CINETPAY_TRANSFER_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => raw,
    default: "`https://client.cinetpay.com`",
    expects: "an http(s) URL",
    description: "CinetPay transfer API (money out: seller payouts, withdrawals)",
  }),
  CINETPAY_TRANSFER_PASSWORD: field({
    accepts: anyText,
    read: (raw) => raw ?? "",
    default: "unset",
    expects: "the transfer API password",
    description: "the transfer API password set in CinetPay's back office; without it CinetPay pays nothing out",
  }),
  CINETPAY_CONTACT_EMAIL: field({
    accepts: anyText,
    read: (raw) => raw || "payouts@kola.example",
    default: "`payouts@kola.example`",
    expects: "an e-mail address",
    description: "the e-mail on the contact card CinetPay requires for each payee",
  }),
  PROVIDER_TIMEOUT_MS: field({
    accepts: numberText(positive),
    read: (raw) => numberOr(raw ?? "15000", 15_000, positive),
    default: "`15000`",
    expects: "a number of milliseconds above 0",
    description: "how long a provider request may take; a timeout leaves the payment pending, never failed",
  }),
  PROVIDER_RETRY_BASE_MS: field({
    accepts: numberText(notNegative),
    read: (raw) => numberOr(raw ?? "250", 250, notNegative),
    default: "`250`",
    expects: "a number of milliseconds",
    description: "the first pause before a provider request is tried again (doubled at each try; tests set `0`)",
  }),
  BREAKER_FAILURES: field({
    accepts: numberText(positive),
    read: numberSetting(5, positive),
    default: "`5`",
    expects: "a number above 0",
    description:
      "consecutive signs of an outage (no answer, 5xx, credentials refused; per operator where the provider says it) that open a provider's circuit breaker (its operators go to the next provider)",
  }),
  BREAKER_PAUSE_SECONDS: field({
    accepts: numberText(positive),
    read: numberSetting(30, positive),
    default: "`30`",
    expects: "a number of seconds above 0",
    description: "how long an open breaker sets a provider aside before one payment tries it again",
  }),
  PROVIDER_CONFIG_STALE_SECONDS: field({
    accepts: numberText(positive),
    read: numberSetting(300, positive),
    default: "`300`",
    expects: "a number of seconds above 0",
    description: "how long a provider's last configuration stands in while it cannot be read; past it the provider is skipped",
  }),
  INTERNAL_BASE_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => raw,
    default: "`http://127.0.0.1:$PORT`",
    expects: "an http(s) URL",
    description: "where the sandbox provider sends its callbacks (this server)",
  }),
};
