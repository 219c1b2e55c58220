import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkConfig, configProblems, depositExpirySeconds, ENV_FIELDS, keepSettings, publicBaseUrl, setting, type EnvName } from "./config";
import { withEnvironmentTable } from "./env-table";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Every Kola variable unset, whatever the test run set. */
function unsetAll(): void {
  for (const name of Object.keys(ENV_FIELDS)) vi.stubEnv(name, undefined);
}

describe("checkConfig", () => {
  it("accepts the settings of this test run, and an empty environment", () => {
    expect(() => checkConfig()).not.toThrow();
    expect(configProblems({})).toEqual([]);
  });

  it.each([
    ["TRUST_PROXY", "yes", "TRUST_PROXY must be a number of proxy hops (0–99)"],
    ["DATABASE_POOLER", "pgbouncer", "DATABASE_POOLER must be `transaction`, `session` or `none`"],
    ["DEPOSIT_EXPIRY_SECONDS", "0", "DEPOSIT_EXPIRY_SECONDS must be a number of seconds above 0"],
    ["KOLA_WORKER_LANES", "65", "KOLA_WORKER_LANES must be a whole number from 1 to 64"],
    ["KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT", "0", "KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT must be a whole number from 1 to 100"],
    ["LIVE_PROVIDERS", "pawapay,mpesa", "LIVE_PROVIDERS must be a comma-separated list of pawapay, cinetpay"],
    ["KOLA_BACKGROUND", "no", "KOLA_BACKGROUND must be `on` or `off`"],
    ["DATABASE_URL", "mysql://secret@db/kola", "DATABASE_URL must be a postgres:// URL"],
  ])("%s=%s → refused, named with what it accepts", (name, value, message) => {
    expect(configProblems({ [name]: value })).toEqual([message]);
    expect(() => checkConfig({ [name]: value })).toThrow(message);
  });

  it("names every bad variable at once, never a value", () => {
    const env = { BREAKER_FAILURES: "many", SMTP_URL: "mail.example.com", S3_BUCKET: "kola", S3_ACCESS_KEY_ID: "id-only", PORT: "80" };
    let message = "";
    try {
      checkConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      "invalid settings: SMTP_URL must be an smtp:// or smtps:// URL; BREAKER_FAILURES must be a number above 0; " +
        "invalid object storage settings: S3_*: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's default credentials)",
    );
    expect(message).not.toContain("mail.example.com");
    expect(message).not.toContain("id-only");
  });

  it("takes the values the code took before: empty texts, other cases and spacing where the reader ignored them", () => {
    const accepted = {
      DATABASE_URL: "",
      DATABASE_POOLER: "none",
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
      REDIS_URL: "",
      KOLA_WORKER: " OFF ",
      WEBHOOKS_ALLOW_PRIVATE_URLS: "Yes",
      PAWAPAY_SIGNED_CALLBACKS: "off",
      TEST_PROVIDER: " PawaPay",
      LIVE_PROVIDERS: "CinetPay, pawapay,",
      LOG_LEVEL: "warn",
      S3_BUCKET: "kola",
      S3_ENDPOINT: "",
    };
    expect(configProblems(accepted)).toEqual([]);
  });
});

describe("setting", () => {
  it("holds each default when nothing is set", () => {
    unsetAll();
    const defaults: Partial<Record<EnvName, unknown>> = {
      PORT: "3000",
      HOST: "127.0.0.1",
      DATA_DIR: "./.data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      DATABASE_POOLER: undefined,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
      DEPOSIT_EXPIRY_SECONDS: 600,
      BALANCE_HOLD_SECONDS: 86_400,
      TEST_BALANCE_HOLD_SECONDS: 0,
      LIVE_PROVIDERS: [],
      TEST_PROVIDER: undefined,
      PAWAPAY_API_TOKEN: "",
      PAWAPAY_SIGNED_CALLBACKS: true,
      CINETPAY_CONTACT_EMAIL: "payouts@kola.example",
      PROVIDER_TIMEOUT_MS: 15_000,
      PROVIDER_RETRY_BASE_MS: 250,
      BREAKER_FAILURES: 5,
      BREAKER_PAUSE_SECONDS: 30,
      PROVIDER_CONFIG_STALE_SECONDS: 300,
      TRUST_PROXY: 0,
      KOLA_BACKGROUND: true,
      KOLA_WORKER: true,
      KOLA_WORKER_LANES: 4,
      KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT: 10,
      KOLA_WEBHOOK_IN_FLIGHT: 32,
      KOLA_DISPATCH: true,
      KOLA_DEMO: false,
      DEV_MAIL_PAGE: false,
      WEBHOOKS_ALLOW_PRIVATE_URLS: undefined,
      KOLA_URL: "http://127.0.0.1:3000",
      PAWAPAY_EMULATOR_PORT: 4010,
      CINETPAY_EMULATOR_PORT: 4020,
      NGINX_BIN: "/usr/sbin/nginx",
      PGBOUNCER_BIN: "/usr/sbin/pgbouncer",
    };
    for (const [name, value] of Object.entries(defaults)) expect([name, setting(name as EnvName)]).toEqual([name, value]);
    expect(publicBaseUrl()).toBe("http://localhost:3000");
    expect(depositExpirySeconds()).toBe(600);
  });

  it("reads a value the check refuses as the code always did (tests set such values)", () => {
    vi.stubEnv("BREAKER_FAILURES", "many");
    vi.stubEnv("PROVIDER_RETRY_BASE_MS", "");
    vi.stubEnv("DATABASE_STATEMENT_TIMEOUT_MS", "");
    vi.stubEnv("KOLA_BACKGROUND", "OFF");
    vi.stubEnv("LIVE_PROVIDERS", "mpesa, PawaPay");
    expect(setting("BREAKER_FAILURES")).toBe(5);
    expect(setting("PROVIDER_RETRY_BASE_MS")).toBe(0);
    expect(setting("DATABASE_STATEMENT_TIMEOUT_MS")).toBe(0);
    expect(setting("KOLA_BACKGROUND")).toBe(true);
    expect(setting("LIVE_PROVIDERS")).toEqual(["mpesa", "pawapay"]);
    vi.stubEnv("TRUST_PROXY", " yes ");
    expect(() => setting("TRUST_PROXY")).toThrow('TRUST_PROXY must be a number of proxy hops (0–99), not "yes"');
  });

  it("sees a change of process.env at once", () => {
    process.env.DEPOSIT_EXPIRY_SECONDS = "5";
    expect(depositExpirySeconds()).toBe(5);
    process.env.DEPOSIT_EXPIRY_SECONDS = "7";
    expect(depositExpirySeconds()).toBe(7);
    delete process.env.DEPOSIT_EXPIRY_SECONDS;
    expect(depositExpirySeconds()).toBe(600);
    vi.stubEnv("PUBLIC_BASE_URL", "https://pay.example//");
    expect(publicBaseUrl()).toBe("https://pay.example");
  });

  it("in a server that keeps its settings, reads each one once, its lists frozen", () => {
    vi.stubEnv("DEPOSIT_EXPIRY_SECONDS", "5");
    vi.stubEnv("LIVE_PROVIDERS", "pawapay");
    keepSettings();
    try {
      expect([depositExpirySeconds(), setting("LIVE_PROVIDERS")]).toEqual([5, ["pawapay"]]);
      vi.stubEnv("DEPOSIT_EXPIRY_SECONDS", "7");
      vi.stubEnv("LIVE_PROVIDERS", "cinetpay");
      expect([depositExpirySeconds(), setting("LIVE_PROVIDERS")]).toEqual([5, ["pawapay"]]);
      expect(Object.isFrozen(setting("LIVE_PROVIDERS"))).toBe(true);
    } finally {
      delete (globalThis as { __kolaKeptSettings?: unknown }).__kolaKeptSettings; // the other tests read process.env
    }
    expect(depositExpirySeconds()).toBe(7);
  });
});

describe("README", () => {
  it("lists every variable as the settings describe it (npx tsx scripts/env-table.ts writes it)", () => {
    const readme = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    expect(withEnvironmentTable(readme) === readme, "README.md's environment table is behind: run `npx tsx scripts/env-table.ts`").toBe(true);
  });
});
