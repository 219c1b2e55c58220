import "server-only";
import type { Mode } from "@/lib/core/modes";
import { ApiError } from "@/lib/core/errors";
import { isCardOperator } from "@/lib/core/cards";
import { setting } from "@/lib/runtime/config";
import { LIVE_PROVIDER_CHOICES } from "@/lib/runtime/env-providers";
import { cinetpayConfigured, cinetpayProvider } from "./cinetpay";
import { pawapayConfigured, pawapayProvider } from "./pawapay";
import { sandboxProvider } from "./sandbox";
import { breakerStates, operatorBreaker, type BreakerView, type BreakerState } from "./breaker";
import type { AvailabilityReport, Provider } from "./types";

const providers: Record<string, Provider> = { sandbox: sandboxProvider, pawapay: pawapayProvider, cinetpay: cinetpayProvider };
const configured: Record<string, () => boolean> = { pawapay: pawapayConfigured, cinetpay: cinetpayConfigured };

export const liveProviderChoices = LIVE_PROVIDER_CHOICES;

export function providerByName(name: string): Provider | undefined {
  return Object.hasOwn(providers, name) ? providers[name] : undefined;
}

/** LIVE_PROVIDERS as written (order of preference), whether or not each has its settings. */
export function listedLiveProviders(): string[] {
  const names = setting("LIVE_PROVIDERS");
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
    const wanted = setting("TEST_PROVIDER");
    if (wanted && wanted !== "sandbox" && configured[wanted]?.()) return [providers[wanted]!];
    return [sandboxProvider];
  }
  return liveProviderNames().map((name) => providers[name]!);
}

export type OperatorRoute = { operator: string; provider: string | null; reason?: "down" | "unserved" | "amount" };

type Direction = "deposits" | "payouts";

/** A provider's word on one operator: served and open, closed ("down"), or not served. */
function verdict(provider: Provider, report: AvailabilityReport | undefined, operator: string, direction: Direction, amount?: number): "ok" | "down" | "unserved" | "amount" {
  // cards only where the provider says it takes them (and never out: no payout goes to a card)
  if (isCardOperator(operator) && (!provider.capabilities.cards || direction === "payouts")) return "unserved";
  if (!report) return "ok"; // no availability report: it serves every operator
  if (report.configuration === "stale") return "down";
  // unreadable or never read: "unknown", tried and failed over from on error, never absent
  if (report.configuration !== "ok") return report.known.includes(operator) ? "ok" : "unserved";
  const entry = report[direction].get(operator);
  if (!entry) return "unserved";
  if (!entry.available) return "down";
  if (amount !== undefined && ((entry.min !== undefined && amount < entry.min) || (entry.max !== undefined && amount > entry.max))) return "amount";
  return "ok";
}

type Chain = { providers: Provider[]; reports: (AvailabilityReport | undefined)[]; breakers: Map<string, BreakerView> };

/** The mode's providers, what each reports, and their breakers: each provider's and, for `operators`, each operator's there. */
async function chainOf(mode: Mode, operators: string[] = []): Promise<Chain> {
  const providers = providersForMode(mode);
  const keys = providers.flatMap((p) => [p.name, ...operators.map((o) => operatorBreaker(p.name, o))]);
  const [reports, breakers] = await Promise.all([
    Promise.all(providers.map((p) => p.capabilities.availability?.().catch(() => undefined))),
    breakerStates(keys),
  ]);
  return { providers, reports, breakers };
}

/**
 * A provider's breaker for one operator: the provider's own, or the operator's there, whichever is
 * worse; `key` is the half-open one a caller must probe.
 */
function breakerFor(breakers: Map<string, BreakerView>, provider: string, operator: string): { state: BreakerState; key: string } {
  const own = breakers.get(provider)?.state ?? "closed";
  const ofOperator = breakers.get(operatorBreaker(provider, operator))?.state ?? "closed";
  if (own === "open" || ofOperator === "open") return { state: "open", key: provider };
  if (own === "half_open") return { state: "half_open", key: provider };
  if (ofOperator === "half_open") return { state: "half_open", key: operatorBreaker(provider, operator) };
  return { state: "closed", key: provider };
}

export type Candidate = { provider: Provider; probe: boolean; probeKey: string };

/**
 * The providers that may take this operator's money now, in the order of LIVE_PROVIDERS:
 * each serves the operator, does not report it CLOSED, takes the amount, and neither its breaker nor
 * the operator's there is open. A half-open one is listed with `probe`: the caller must win
 * claimProbe(probeKey) before using it.
 */
export async function candidatesFor(mode: Mode, operator: string, amount?: number, direction: Direction = "deposits"): Promise<Candidate[]> {
  const { providers, reports, breakers } = await chainOf(mode, [operator]);
  const out: Candidate[] = [];
  for (const [i, provider] of providers.entries()) {
    if (direction === "payouts" && !provider.capabilities.moneyOut) continue;
    if (verdict(provider, reports[i], operator, direction, amount) !== "ok") continue;
    const breaker = breakerFor(breakers, provider.name, operator);
    if (breaker.state === "open") continue;
    out.push({ provider, probe: breaker.state === "half_open", probeKey: breaker.key });
  }
  return out;
}

/**
 * For each operator, the first provider of the mode that may take it now (what the checkout
 * offers; an operator with none is greyed out), and why none can when none can.
 */
export async function routeOperators(mode: Mode, operators: string[], amount?: number): Promise<OperatorRoute[]> {
  const { providers, reports, breakers } = await chainOf(mode, operators);
  return operators.map((operator) => {
    let reason: OperatorRoute["reason"] = "unserved";
    for (const [i, provider] of providers.entries()) {
      const said = verdict(provider, reports[i], operator, "deposits", amount);
      const breakerOpen = breakerFor(breakers, provider.name, operator).state === "open";
      if (said === "ok" && !breakerOpen) return { operator, provider: provider.name };
      if (said === "down" || (said === "ok" && breakerOpen)) reason = "down";
      else if (said === "amount" && reason !== "down") reason = "amount";
    }
    return { operator, provider: null, reason };
  });
}

/** Test mode always has a provider; live mode needs one in LIVE_PROVIDERS with its settings. */
export function providerForMode(mode: Mode): void {
  if (!providersForMode(mode).length) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE");
}

/**
 * Money out per operator: the first provider of the mode that pays out to this operator
 * now (pawaPay, then CinetPay's transfer API), or the first that can pay out at all when none
 * reports the operator (the sender's refusal then says why). Null: nothing in this mode pays out.
 */
export async function payoutProviderFor(mode: Mode, operator: string): Promise<string | null> {
  const [first] = await candidatesFor(mode, operator, undefined, "payouts");
  return first?.provider.name ?? providersForMode(mode).find((p) => p.capabilities.moneyOut)?.name ?? null;
}

/**
 * The provider to try after `current` for a payout to this operator, when `current` refused it for
 * a reason of its own (its operator closed, its limits, its settings): it took nothing, so the
 * payout can go to the next one under the same id (CinetPay's transfer API as the second
 * route). Null: none left.
 */
export async function nextPayoutProvider(mode: Mode, operator: string, current: string): Promise<string | null> {
  const chain = providersForMode(mode).map((p) => p.name);
  const candidates = (await candidatesFor(mode, operator, undefined, "payouts")).map((c) => c.provider.name);
  return candidates.find((name) => chain.indexOf(name) > chain.indexOf(current)) ?? null;
}

/** A refund goes back through the provider that collected the payment, and only it. */
export function refundProviderFor(collectedBy: string): string | null {
  return providerByName(collectedBy)?.capabilities.moneyOut?.sendRefund ? collectedBy : null;
}

/** The provider that would take this operator's payment first now; a clear 503 when none can. */
export async function providerFor(mode: Mode, operator: string, amount?: number): Promise<Provider> {
  if (!providersForMode(mode).length) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE");
  const [first] = await candidatesFor(mode, operator, amount);
  if (!first) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  return first.provider;
}
