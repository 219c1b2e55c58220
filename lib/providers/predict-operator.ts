import { z } from "zod";
import { countries, countryCodes, type CountryIso3 } from "@/lib/countries";
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
  if (!parsed.success || !phone) return Response.json({ operator: null }, { headers });
  return Response.json({ operator: await predictedOperator(phone.digits, parsed.data.country) }, { headers });
}

/**
 * pawaPay's confident guess of a number's operator (E.164 digits), one of `country`'s, or null
 * (pawaPay not configured, no answer, another country's operator). Answers are cached per number.
 */
export async function predictedOperator(digits: string, country: CountryIso3): Promise<string | null> {
  if (!pawapayConfigured()) return null;
  let operator = cache.get(digits);
  if (operator === undefined) {
    operator = await pawapayProvider.capabilities.predictOperator(digits).catch((error: unknown) => {
      log("warn", "operator prediction failed", { error });
      return null;
    });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(digits, operator);
  }
  return operator && Object.hasOwn(countries[country].operators, operator) ? operator : null;
}
