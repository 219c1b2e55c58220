import { z } from "zod";
import { countries, countryCodes } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { log } from "@/lib/runtime/log";
import { pawapayConfigured, pawapayProvider } from "./pawapay";

const query = z.object({ phone: z.string().min(6).max(24), country: z.enum(countryCodes) });

const cache = new Map<string, string | null>();
const CACHE_MAX = 5000;

/**
 * GET /api/providers/predict-operator?country=CMR&phone=… — the checkout script's guess of the
 * operator of a typed number, from pawaPay's predict-provider (when pawaPay is configured).
 * `{"operator": null}` whenever there is no confident answer: the buyer keeps choosing.
 */
export async function predictOperator(req: Request): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  const parsed = query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  const phone = parsed.success ? parsePhone(parsed.data.phone, parsed.data.country) : null;
  if (!parsed.success || !phone || !pawapayConfigured()) return Response.json({ operator: null }, { headers });
  let operator = cache.get(phone.digits);
  if (operator === undefined) {
    operator = await pawapayProvider.capabilities.predictOperator(phone.digits).catch((error: unknown) => {
      log("warn", "operator prediction failed", { error });
      return null;
    });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(phone.digits, operator);
  }
  const ofCountry = operator && Object.hasOwn(countries[parsed.data.country].operators, operator) ? operator : null;
  return Response.json({ operator: ofCountry }, { headers });
}
