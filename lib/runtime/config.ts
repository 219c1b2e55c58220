import { z } from "zod";
import type { Field } from "./env-field";
import { providerFields } from "./env-providers";
import { retentionFields } from "./env-retention";
import { serverFields } from "./env-server";
import { toolFields } from "./env-tools";
import { s3Settings } from "./s3-settings";

// Every environment variable Kola reads, in one place (README, "Environment", is made from it:
// scripts/env-table.ts). The code asks setting("NAME"), which reads the variable on each call, as
// the code always did (tests change process.env between cases); checkConfig() checks them all once,
// when a process starts.

export const ENV_FIELDS = { ...serverFields, ...retentionFields, ...providerFields, ...toolFields };

export type EnvName = keyof typeof ENV_FIELDS;
type ValueOf<N extends EnvName> = ReturnType<(typeof ENV_FIELDS)[N]["read"]>;

/** What each variable accepts (unset always is), with its default and meaning as metadata. */
export const envSchema = z.object(
  Object.fromEntries(
    Object.entries(ENV_FIELDS).map(([name, f]: [string, Field<unknown>]) => [
      name,
      f.accepts.optional().meta({ description: f.description, default: f.default, expects: f.expects }),
    ]),
  ),
);

// A production server reads each setting once (scripts/server.ts calls keepSettings() when its
// environment is complete): nothing changes a running server's environment, and reading
// process.env is a call into the runtime, made several times by every request. Shared through
// globalThis by Next.js's module graphs. Tests and scripts never keep them.
const kept = globalThis as unknown as { __kolaKeptSettings?: Map<string, unknown> };

/** The variable's value as the code uses it, read now (or, in a server that keeps them, once). */
export function setting<N extends EnvName>(name: N): ValueOf<N> {
  const memo = kept.__kolaKeptSettings;
  if (memo?.has(name)) return memo.get(name) as ValueOf<N>;
  const definition = ENV_FIELDS[name] as Field<ValueOf<N>>;
  const value = definition.read(process.env[name]);
  memo?.set(name, typeof value === "object" && value !== null ? Object.freeze(value) : value);
  return value;
}

/** From now on, each setting is read from the environment once and kept (a server process, once its environment is complete). */
export function keepSettings(): void {
  kept.__kolaKeptSettings ??= new Map();
}

/** What is wrong with the settings, one line per variable (its name and what it accepts, never its value). */
export function configProblems(env: Record<string, string | undefined> = process.env): string[] {
  const problems: string[] = [];
  for (const [name, f] of Object.entries(ENV_FIELDS) as [EnvName, Field<unknown>][]) {
    const raw = env[name];
    if (raw !== undefined && !f.accepts.safeParse(raw).success) problems.push(`${name} must be ${f.expects}`);
  }
  if ((env.SMS_PROVIDER ?? "").trim().toLowerCase() === "orange") {
    for (const name of ["ORANGE_SMS_AUTHORIZATION", "ORANGE_SMS_SENDER_NUMBER"] as const) {
      if (!env[name]?.trim()) problems.push(`${name} must be set when SMS_PROVIDER is orange`);
    }
  }
  if (!problems.some((line) => line.startsWith("S3_"))) {
    try {
      s3Settings(env);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

export class ConfigError extends Error {}

/** Checks every setting; a process calls it first and stops (saying why) when it throws. */
export function checkConfig(env: Record<string, string | undefined> = process.env): void {
  const problems = configProblems(env);
  if (problems.length) throw new ConfigError(`invalid settings: ${problems.join("; ")}`);
}

/** The public address, without a trailing slash. */
export function publicBaseUrl(): string {
  return (setting("PUBLIC_BASE_URL") || `http://localhost:${setting("PORT")}`).replace(/\/+$/, "");
}

/** Where this server is reached from itself (the sandbox's callbacks), without a trailing slash. */
export function internalBaseUrl(): string {
  return (setting("INTERNAL_BASE_URL") || `http://127.0.0.1:${setting("PORT")}`).replace(/\/+$/, "");
}

export function dataDir(): string {
  return setting("DATA_DIR");
}

/** A pending deposit older than this is asked about and, unless its provider still processes it, expired. */
export function depositExpirySeconds(): number {
  return setting("DEPOSIT_EXPIRY_SECONDS");
}
