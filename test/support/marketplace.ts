import * as marketplaceRoutes from "@/app/v1/api/marketplace/route";
import { call } from "./api";

// Helpers of the marketplace tests: the multipart form the marketplace endpoints take. What they
// answer, spelled field by field: test/support/marketplace-bodies.ts.

export type Parts = Record<string, string | File>;

/** The multipart body of POST and PATCH /v1/api/marketplace. */
export function form(parts: Parts): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
}

export const createMarketplace = (key: string | null, parts: Parts) =>
  call(marketplaceRoutes.POST, "POST", "/v1/api/marketplace", { key, form: form(parts) });
export const updateMarketplace = (key: string | null, parts: Parts) =>
  call(marketplaceRoutes.PATCH, "PATCH", "/v1/api/marketplace/", { key, form: form(parts) });
