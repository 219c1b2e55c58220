import type { CountryIso3 } from "@/lib/countries";
import type { Locale } from "@/lib/checkout/i18n";
import { themeUrl } from "@/lib/checkout/theme";
import { formPage, type FormCheckout } from "@/lib/checkout/views/form-page";
import { renderFrame } from "@/lib/checkout/views/frame";
import { toRequestBody, type BuilderBlock } from "@/lib/form-builder/edits";
import { decimalsOf } from "@/lib/core/money";
import { defaultFee } from "@/lib/marketplace-gateways/fee";
import { toFormBlocks } from "@/lib/marketplaces/form-blocks";

// The document the marketplace editor previews: a sample product of the marketplace, drawn by the
// buyers' own renderer (lib/checkout/views/form-page.ts, frame.ts), so the merchant's words are
// escaped there exactly as on /pay/m/{id}. Pure, for the browser and for tests.

/** The checkout's files under their hashed names, which only the server knows (lib/checkout/assets.ts). */
export type CheckoutFiles = { stylesheet: string; icon: string };

export type PreviewInput = {
  locale: Locale;
  /** the marketplace's settings, as the merchant is typing them */
  name: string;
  color: string;
  logoUrl: string | null;
  /** the commission in percent, as typed ("2.5"); unreadable text counts as 0 */
  fee: string;
  currency: string;
  blocks: readonly BuilderBlock[];
  /** the sample seller's shop, in the dashboard's words */
  seller: string;
  files: CheckoutFiles;
};

// The sample buyer is in Cameroon.
const SAMPLE_COUNTRY: CountryIso3 = "CMR";
const NO_VALUES = { country: SAMPLE_COUNTRY, operator: "", phone: "", full_name: "", email: "", answers: {}, client_token: "", card: {} };
// the preview's form goes nowhere (its frame is sandboxed and inert)
const NO_PATHS = { action: "#", api: "#", otherLang: "#" };

/** A sample product price: 10 000 in currencies without decimals, 1 000.00 otherwise. */
function samplePrice(currency: string): number {
  const decimals = decimalsOf(currency);
  return decimals === 0 ? 10_000 : 1_000 * 10 ** decimals;
}

/** The questions as the server will store them; one without a label yet shows "…". */
function storedBlocks(blocks: readonly BuilderBlock[]) {
  return toFormBlocks(toRequestBody(blocks).blocks.map((block) => (block.label ? block : { ...block, label: "…" })));
}

/** The whole HTML document of the preview. */
export function previewPage({ locale, name, color, logoUrl, fee, currency, blocks, seller, files }: PreviewInput): string {
  const percent = Number(fee.replace(",", "."));
  const price = samplePrice(currency);
  const commission = Number.isFinite(percent) && percent > 0 && percent <= 50 ? defaultFee(price, percent) : 0;
  const checkout: FormCheckout = {
    kind: "market",
    // live: a test link's page adds the sandbox's banner, which is not the merchant's design
    mode: "live",
    shopName: seller,
    message: "",
    price,
    fee: commission,
    total: price + commission,
    currency,
    defaultCountry: SAMPLE_COUNTRY,
    payable: [SAMPLE_COUNTRY],
    blocks: storedBlocks(blocks),
    branding: { name: name.trim() || "Marketplace", color, logo: logoUrl ?? "", favicon: "" },
    support: null,
  };
  const frame = formPage({ checkout, locale, values: NO_VALUES, errors: {}, paths: NO_PATHS });
  const links = { stylesheet: files.stylesheet, theme: themeUrl(color), icon: files.icon, script: null, logo: logoUrl || null };
  return `<!doctype html>${renderFrame(frame, links).value}`;
}
