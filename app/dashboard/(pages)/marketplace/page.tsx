import type { Metadata } from "next";
import { CheckoutFilesProvider } from "@/components/form-builder/checkout-preview";
import { assetUrl } from "@/lib/checkout/assets";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { MarketplacePage } from "./_components/marketplace-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).marketplace.settings.title };
}

// /dashboard/marketplace — create the marketplace, then its name, colour, fee, logo, favicon,
// checkout form (the form-block builder with a live preview) and on/off switch. The preview draws
// the buyer's page with the checkout's own stylesheet, whose hashed name is known here.
export default function Page() {
  return (
    <CheckoutFilesProvider files={{ stylesheet: assetUrl("checkout.css"), icon: assetUrl("icon.svg") }}>
      <MarketplacePage />
    </CheckoutFilesProvider>
  );
}
