import { checkoutAsset } from "@/lib/checkout/handlers";

// GET /pay/assets/{file} — the checkout's stylesheet, script and icon under content-hashed names
export const GET = checkoutAsset;
