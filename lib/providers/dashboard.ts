import { and, desc, eq, inArray, lt, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { Auth } from "@/lib/accounts/authenticate";
import { getDb } from "@/lib/db/client";
import { deposits, providerLogs } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { liveProviderChoices, listedLiveProviders, liveProviderNames, providerByName, providersForMode } from ".";
import { breakerStates } from "./breaker";
import { cinetpayConfigured } from "./cinetpay";
import { pawapayConfigured } from "./pawapay";
import { trackId } from "@/lib/deposits/track-id";

// What the dashboard shows of mobile-money providers: which are configured for live
// mode and how they are doing, and each deposit's provider log.

const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const providerLogEntry = z
  .object({
    provider: z.string(),
    kind: z.enum(["request", "callback"]).describe("a request Kola sent, or a callback the provider sent"),
    operation: z.string().describe("e.g. `POST /v2/deposits`"),
    http_status: z.int().nullable().describe("null: no answer (timeout, connection refused)"),
    outcome: z.string(),
    alert: z.boolean().describe("true: a report about other money than ours (amount, currency, reference): it settled nothing"),
    request: z.unknown().describe("the body sent or received, secrets hidden"),
    response: z.unknown(),
    latency_ms: z.int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "ProviderLogEntry" });

export const providerHealth = z
  .object({
    name: z.enum(liveProviderChoices),
    listed: z.boolean().describe("named in LIVE_PROVIDERS"),
    configured: z.boolean().describe("its settings (token, keys) are present"),
    active: z.boolean().describe("live payments go through it (listed and configured)"),
    last_success_at: z.string().nullable().describe("the last request it answered (any status below 500)"),
    last_failure_at: z.string().nullable().describe("the last request without an answer, or answered 5xx"),
    last_callback_at: z.string().nullable(),
    operators_available: z.array(z.string()).describe("operator codes it can take now"),
    operators_down: z.array(z.string()).describe("operator codes it serves but reports unavailable"),
    configuration: z
      .enum(["ok", "unreadable", "unreachable", "stale", "not_configured"])
      .describe("its configuration (operators, limits, availability): `unreadable` is an alert (a contract change): its operators are tried and failed over from, never dropped; `stale`: not read for too long, skipped"),
    configuration_problem: z.string().nullable().describe("what could not be read, when something could not"),
    breaker: z.enum(["closed", "open", "half_open"]).describe("its circuit breaker: `open` after consecutive failures (skipped), `half_open` after a pause (one payment tries it)"),
  })
  .meta({ id: "ProviderHealth" });

export const providersOverview = z
  .object({
    live_ready: z.boolean().describe("false: live checkouts refuse payments (no provider configured)"),
    test_provider: z.string().describe("what test mode pays through: `sandbox`, or `pawapay` (TEST_PROVIDER)"),
    providers: z.array(providerHealth),
    alerts: z.array(providerLogEntry.extend({ track_id: z.string().nullable() })).describe("the latest alerts on this account and mode"),
  })
  .meta({ id: "ProvidersOverview" });

export const providerOperations = {
  overview: defineOperation({
    method: "GET",
    path: "/v1/providers",
    tag: "Providers",
    summary: "Mobile-money providers: configuration, health and alerts",
    auth: "session",
    response: providersOverview,
    errors: ["NOT_SIGNED_IN"],
  }),
  depositLog: defineOperation({
    method: "GET",
    path: "/v1/deposits/{track_id}/provider-log",
    tag: "Deposits",
    summary: "Every request and callback exchanged with the provider about a deposit",
    auth: "key",
    params: z.object({ track_id: trackId }),
    response: z.array(providerLogEntry),
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "DEPOSIT_NOT_FOUND"],
  }),
};

const entryColumns = {
  provider: providerLogs.provider,
  kind: providerLogs.kind,
  operation: providerLogs.operation,
  http_status: providerLogs.httpStatus,
  outcome: providerLogs.outcome,
  alert: providerLogs.alert,
  request: providerLogs.request,
  response: providerLogs.response,
  latency_ms: providerLogs.latencyMs,
  created_at: sql<string>`to_char(${providerLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
};

/** The caller's deposit's provider log, oldest first; another account's or mode's deposit is 404. */
export async function depositProviderLog(auth: Auth, trackId: string) {
  const db = await getDb();
  const [deposit] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.trackId, trackId), eq(deposits.accountId, auth.accountId), eq(deposits.mode, auth.mode)));
  if (!deposit) throw new ApiError("DEPOSIT_NOT_FOUND");
  return db
    .select(entryColumns)
    .from(providerLogs)
    .where(and(eq(providerLogs.depositId, deposit.id), eq(providerLogs.accountId, auth.accountId), eq(providerLogs.mode, auth.mode)))
    .orderBy(providerLogs.createdAt, providerLogs.id)
    .limit(200);
}

const configured: Record<(typeof liveProviderChoices)[number], () => boolean> = { pawapay: pawapayConfigured, cinetpay: cinetpayConfigured };

/** The Providers section: server-wide configuration and health, and this account's alerts. */
export async function providersOverviewFor(auth: Auth): Promise<z.output<typeof providersOverview>> {
  const db = await getDb();
  const listed = listedLiveProviders();
  const active = liveProviderNames();
  const names = [...liveProviderChoices];
  const stamps = await db
    .select({
      provider: providerLogs.provider,
      success: iso(max(sql`case when ${providerLogs.kind} = 'request' and ${providerLogs.httpStatus} < 500 then ${providerLogs.createdAt} end`)),
      failure: iso(max(sql`case when ${providerLogs.kind} = 'request' and (${providerLogs.httpStatus} is null or ${providerLogs.httpStatus} >= 500) then ${providerLogs.createdAt} end`)),
      callback: iso(max(sql`case when ${providerLogs.kind} = 'callback' then ${providerLogs.createdAt} end`)),
    })
    .from(providerLogs)
    .where(inArray(providerLogs.provider, names))
    .groupBy(providerLogs.provider);
  const breakers = await breakerStates(names);
  const providers = await Promise.all(
    names.map(async (name) => {
      const stamp = stamps.find((s) => s.provider === name);
      const isConfigured = configured[name]();
      const report = isConfigured ? await providerByName(name)!.capabilities.availability?.().catch(() => undefined) : undefined;
      const entries = [...(report?.deposits ?? new Map()).entries()];
      return {
        name,
        listed: listed.includes(name),
        configured: isConfigured,
        active: active.includes(name),
        last_success_at: stamp?.success ?? null,
        last_failure_at: stamp?.failure ?? null,
        last_callback_at: stamp?.callback ?? null,
        operators_available: entries.filter(([, a]) => a.available).map(([op]) => op).sort(),
        operators_down: entries.filter(([, a]) => !a.available).map(([op]) => op).sort(),
        configuration: report?.configuration ?? ("not_configured" as const),
        configuration_problem: report?.problem ?? null,
        breaker: breakers.get(name)?.state ?? ("closed" as const),
      };
    }),
  );
  const alerts = await db
    .select({ ...entryColumns, track_id: deposits.trackId })
    .from(providerLogs)
    .leftJoin(deposits, eq(deposits.id, providerLogs.depositId))
    .where(and(eq(providerLogs.alert, true), eq(providerLogs.accountId, auth.accountId), eq(providerLogs.mode, auth.mode), lt(providerLogs.createdAt, sql`now() + interval '1 minute'`)))
    .orderBy(desc(providerLogs.createdAt))
    .limit(20);
  return { live_ready: active.length > 0, test_provider: providersForMode("test")[0]!.name, providers, alerts };
}
