import "server-only";
import type { Mode } from "@/lib/accounts/modes";
import { ApiError } from "@/lib/http/errors";
import { cinetpayConfigured, cinetpayProvider } from "./cinetpay";
import { pawapayConfigured, pawapayProvider } from "./pawapay";
import { sandboxProvider } from "./sandbox";
import type { OperatorAvailability, Provider } from "./types";

const providers: Record<string, Provider> = { sandbox: sandboxProvider, pawapay: pawapayProvider, cinetpay: cinetpayProvider };
const configured: Record<string, () => boolean> = { pawapay: pawapayConfigured, cinetpay: cinetpayConfigured };

export const liveProviderChoices = ["pawapay", "cinetpay"] as const;

export function providerByName(name: string): Provider | undefined {
  return Object.hasOwn(providers, name) ? providers[name] : undefined;
}

/** LIVE_PROVIDERS as written (order of preference), whether or not each has its settings. */
export function listedLiveProviders(): string[] {
  const names = (process.env.LIVE_PROVIDERS ?? "").split(",").map((n) => n.trim().toLowerCase()).filter(Boolean);
  return [...new Set(names)].filter((n) => (liveProviderChoices as readonly string[]).includes(n));
}

/** The live providers that can be used: listed in LIVE_PROVIDERS and given their settings. */
export function liveProviderNames(): string[] {
  return listedLiveProviders().filter((name) => configured[name]?.());
}

export const liveModeReady = () => liveProviderNames().length > 0;

/**
 * The providers a mode pays through, in order of preference. Test mode keeps the sandbox unless
 * TEST_PROVIDER=pawapay asks for pawaPay (its sandbox credentials in the PAWAPAY_* settings).
 */
export function providersForMode(mode: Mode): Provider[] {
  if (mode === "test") {
    const wanted = process.env.TEST_PROVIDER?.trim().toLowerCase();
    if (wanted && wanted !== "sandbox" && configured[wanted]?.()) return [providers[wanted]!];
    return [sandboxProvider];
  }
  return liveProviderNames().map((name) => providers[name]!);
}

export type OperatorRoute = { operator: string; provider: string | null; reason?: "down" | "unserved" | "amount" };

/**
 * For each operator, the first provider of the mode that serves it and reports it available now
 * (and, given an amount, takes that amount). A provider without an availability report serves all.
 */
export async function routeOperators(mode: Mode, operators: string[], amount?: number): Promise<OperatorRoute[]> {
  const chain = providersForMode(mode);
  const reports = await Promise.all(chain.map((p) => (p.availability ? p.availability() : Promise.resolve(undefined))));
  return operators.map((operator) => {
    let reason: OperatorRoute["reason"] = "unserved";
    for (const [i, provider] of chain.entries()) {
      const report: OperatorAvailability | undefined = reports[i] ? reports[i]!.get(operator) : { available: true };
      if (!report) continue;
      if (!report.available) {
        reason = "down";
        continue;
      }
      if (amount !== undefined && ((report.min !== undefined && amount < report.min) || (report.max !== undefined && amount > report.max))) {
        if (reason !== "down") reason = "amount";
        continue;
      }
      return { operator, provider: provider.name };
    }
    return { operator, provider: null, reason };
  });
}

/** The provider that takes this operator's payment now; a clear 503 when none can. */
export async function providerFor(mode: Mode, operator: string, amount?: number): Promise<Provider> {
  if (!providersForMode(mode).length) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE");
  const [route] = await routeOperators(mode, [operator], amount);
  if (!route?.provider) {
    throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  }
  return providers[route.provider]!;
}

/** Test mode always has a provider; live mode needs one in LIVE_PROVIDERS with its settings. */
export function providerForMode(mode: Mode): void {
  if (!providersForMode(mode).length) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE");
}
