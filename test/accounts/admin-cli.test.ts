import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import { closeDb, databaseSettings, getDb, useDatabase } from "@/lib/db/client";
import { accounts, apiKeys, memberships, users } from "@/lib/db/schema";
import { call } from "@/test/support/api";
import { hashApiKey } from "@/lib/accounts/api-keys";

// The administration CLI (DESIGN §1) as operators run it: `npm run --silent admin -- …` in a child
// process. On PGlite it writes a temp DATA_DIR that this file opens afterwards; on PostgreSQL it
// writes this file's own test database. Either way the keys it prints are then used in-process.

const TIMEOUT = { timeout: 60_000 };
let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-admin-"));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseSettings().databaseUrl ?? "" };
});
afterAll(async () => {
  await closeDb(); // before the folder goes
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Run = { code: number; lines: unknown[]; errors: string[] };

/** Runs the CLI; stdout parsed as JSON lines, stderr reduced to the CLI's own `admin:` lines. */
function admin(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", "admin", "--", ...args], { cwd: process.cwd(), env }, (error, stdout, stderr) => {
      resolve({
        code: error ? Number(error.code) : 0,
        lines: stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as unknown),
        errors: stderr.split("\n").filter((line) => line.startsWith("admin:")),
      });
    });
  });
}

const KEY = (mode: "test" | "live") => new RegExp(`^kola_${mode}_[A-Za-z0-9_-]{43}$`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("npm run admin", () => {
  let accountId = "";
  const printed: { test: string; live: string; named: string } = { test: "", live: "", named: "" };

  it("create-account prints one JSON line with the account id and its first test key", TIMEOUT, async () => {
    const run = await admin(
      ...["create-account", "--email", "Ada@Example.com", "--password", "correct horse", "--business", "Ada Shop", "--country", "SEN"],
    );
    expect(run).toEqual({
      code: 0,
      lines: [{ account_id: expect.stringMatching(UUID), api_key: expect.stringMatching(KEY("test")) }],
      errors: [],
    });
    ({ account_id: accountId, api_key: printed.test } = run.lines[0] as { account_id: string; api_key: string });
  });

  const keys: [string, string[], "test" | "live", keyof typeof printed][] = [
    ["a live key", ["--mode", "live"], "live", "live"],
    ["a named test key, for an email in other case", ["--mode", "test", "--name", "CI"], "test", "named"],
  ];
  for (const [name, args, mode, slot] of keys) {
    it(`create-key prints {"api_key": …} for ${name}`, TIMEOUT, async () => {
      const email = slot === "named" ? "ADA@example.COM" : "ada@example.com";
      const run = await admin("create-key", "--email", email, ...args);
      expect(run).toEqual({ code: 0, lines: [{ api_key: expect.stringMatching(KEY(mode)) }], errors: [] });
      printed[slot] = (run.lines[0] as { api_key: string }).api_key;
    });
  }

  const failures: [string, string[], string][] = [
    [
      "a duplicate email (in any case)",
      ["create-account", "--email", "ADA@example.com", "--password", "password-2", "--business", "Other", "--country", "CMR"],
      "admin: An account with email ada@example.com already exists",
    ],
    [
      "an unsupported country",
      ["create-account", "--email", "bob@example.com", "--password", "password-2", "--business", "Bob", "--country", "FRA"],
      "admin: country: Input should be 'CMR', 'CIV', 'SEN', 'BEN', 'BFA', 'TGO', 'COG', 'GAB', 'COD', 'KEN', 'RWA', 'TZA' or 'ZMB'",
    ],
    [
      "a short password and no business",
      ["create-account", "--email", "bob@example.com", "--password", "short", "--country", "CMR"],
      "admin: password: String should have at least 8 characters; business: String should have at least 1 character",
    ],
    ["a key for an unknown email", ["create-key", "--email", "nobody@example.com", "--mode", "live"], "admin: No account with email nobody@example.com"],
    ["a key of an unknown mode", ["create-key", "--email", "ada@example.com", "--mode", "prod"], "admin: mode: Input should be 'test' or 'live'"],
    ["an unknown command", ["delete-everything"],
      "admin: usage: admin create-account --email E --password P --business NAME --country CMR | create-key --email E --mode test|live"],
  ];
  for (const [name, args, message] of failures) {
    it(`exits 1 with a message on stderr for ${name}`, TIMEOUT, async () => {
      expect(await admin(...args)).toEqual({ code: 1, lines: [], errors: [message] });
    });
  }

  describe("what it wrote", () => {
    beforeAll(async () => {
      if (!databaseSettings().databaseUrl) await useDatabase({ dataDir }); // the CLI has exited: the folder is free
    });

    it("stored the account, its owner's login (argon2id) and only the keys' SHA-256 hashes", async () => {
      const db = await getDb();
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(account).toEqual({
        id: accountId,
        email: "ada@example.com",
        businessName: "Ada Shop",
        country: "SEN",
        currency: "XOF",
        supportEmail: "",
        supportPhone: "",
        // card payments start off: a merchant turns them on in Settings
        cardsEnabled: false,
        cardFeeRule: "merchant",
        cardSurchargeBps: 0,
        createdAt: expect.any(Date),
      });
      const owners = await db
        .select({ email: users.email, passwordHash: users.passwordHash, language: users.language, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.accountId, accountId));
      expect(owners).toEqual([{ email: "ada@example.com", passwordHash: expect.stringMatching(/^\$argon2id\$/), language: "fr", role: "owner" }]);
      const rows = await db
        .select({
          mode: apiKeys.mode,
          name: apiKeys.name,
          keyHash: apiKeys.keyHash,
          prefix: apiKeys.prefix,
          last4: apiKeys.last4,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.accountId, accountId));
      const stored = (key: string, mode: string, name: string) => ({
        mode,
        name,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, 14),
        last4: key.slice(-4),
        revokedAt: null,
      });
      expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        stored(printed.named, "test", "CI"),
        stored(printed.test, "test", "Default test key"),
        stored(printed.live, "live", "live key"),
      ]);
      expect(JSON.stringify(rows)).not.toContain(printed.test);
    });

    it("printed keys that work against POST /v1/gateway, each in its own mode", async () => {
      const made: Record<string, string> = {};
      for (const mode of ["test", "live"] as const) {
        const json = { amount: 2500, shop_name: "Ada Shop" };
        const reply = await call(collection.POST, "POST", "/v1/gateway", { key: printed[mode], json });
        const id = (reply.body as { id: string }).id;
        expect([reply.status, reply.body]).toEqual([
          200,
          {
            id,
            amount: 2500,
            currency: "XOF",
            shop_name: "Ada Shop",
            user_id: accountId,
            creation_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
            link: `http://kola.test/pay/${id}`,
            message: "",
            order_id: "",
            success_url: "",
            failure_url: "",
          },
        ]);
        made[mode] = id;
      }
      const ids = async (key: string) =>
        ((await call(collection.GET, "GET", "/v1/gateway", { key })).body as { id: string }[]).map((g) => g.id);
      const seen = [await ids(printed.test), await ids(printed.named), await ids(printed.live)];
      expect(seen).toEqual([[made.test], [made.test], [made.live]]);
    });
  });
});
