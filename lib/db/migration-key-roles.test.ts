import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

// Migration 0019 on a database of the version before: every key keeps what it could do (admin) and
// becomes the account's first owner's; open invitations whose sender is gone, or now below the
// invitation's role, stop working. Played on a database of its own, statement by statement, as the
// migrator does.

const DIR = path.join("lib", "db", "migrations");
const journal = JSON.parse(fs.readFileSync(path.join(DIR, "meta", "_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };

async function apply(db: PGlite, tag: string): Promise<void> {
  for (const statement of fs.readFileSync(path.join(DIR, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe("migration 0019_api_key_roles", () => {
  it("existing keys are admin keys of the first owner; invitations outliving their sender are revoked", async () => {
    const db = await PGlite.create();
    const target = journal.entries.find((e) => e.tag.endsWith("_api_key_roles"))!;
    for (const entry of journal.entries.filter((e) => e.idx < target.idx)) await apply(db, entry.tag);

    const one = async <T>(query: string, params: unknown[] = []) => (await db.query<T>(query, params)).rows[0]!;
    const user = async (email: string) => (await one<{ id: string }>(`insert into users (email, password_hash) values ($1, 'x') returning id`, [email])).id;
    const account = (await one<{ id: string }>(`insert into accounts (email, business_name, country, currency) values ('a@shop.example', 'Shop', 'CMR', 'XAF') returning id`)).id;
    const [first, later, gone, demoted] = [await user("a@shop.example"), await user("b@shop.example"), await user("c@shop.example"), await user("d@shop.example")];
    await db.query(`insert into memberships (account_id, user_id, role, created_at) values ($1, $2, 'owner', now() - interval '2 days'), ($1, $3, 'owner', now() - interval '1 day'), ($1, $4, 'admin', now())`, [
      account,
      first,
      later,
      demoted,
    ]);
    for (const mode of ["test", "live"]) {
      await db.query(`insert into api_keys (account_id, mode, name, key_hash, prefix, last4) values ($1, $2, 'k', $3, 'kola_', 'abcd')`, [account, mode, `hash-${mode}`]);
    }
    const invite = (email: string, role: string, by: string) =>
      db.query(`insert into invitations (account_id, email, role, secret_hash, invited_by, expires_at) values ($1, $2, $3, 's', $4, now() + interval '7 days')`, [account, email, role, by]);
    await invite("kept@x.example", "owner", later); // its sender is still an owner
    await invite("sender-gone@x.example", "viewer", gone); // sender removed before roles held
    await invite("above-sender@x.example", "owner", demoted); // sender demoted to admin since

    await apply(db, target.tag);

    expect((await db.query(`select mode, role, created_by from api_keys order by mode`)).rows).toEqual([
      { mode: "live", role: "admin", created_by: first },
      { mode: "test", role: "admin", created_by: first },
    ]);
    expect((await db.query(`select email, revoked_at is not null as revoked from invitations order by email`)).rows).toEqual([
      { email: "above-sender@x.example", revoked: true },
      { email: "kept@x.example", revoked: false },
      { email: "sender-gone@x.example", revoked: true },
    ]);
    await expect(db.query(`update api_keys set role = 'owner'`)).rejects.toThrow(/api_keys_role_check/);
    await expect(db.query(`insert into api_keys (account_id, mode, name, key_hash, prefix, last4, role) values ($1, 'test', 'k', 'h3', 'p', 'l', 'admin')`, [account])).rejects.toThrow(/created_by/);
    await db.close();
  });
});
