import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { hash, verify } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";

// Migration 0015 on a database of the version before: each account's one login becomes a
// user and the account's owner, with its password, its open sessions and its unused reset links;
// the events already sent are not mailed about. Played on a database of its own, statement by
// statement, as the migrator does.

const DIR = path.join("lib", "db", "migrations");
const journal = JSON.parse(fs.readFileSync(path.join(DIR, "meta", "_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };

async function apply(db: PGlite, tag: string): Promise<void> {
  for (const statement of fs.readFileSync(path.join(DIR, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe("migration 0016_team_notifications", () => {
  it("keeps every existing account working: its login is its owner's, sessions and reset links follow", async () => {
    const db = await PGlite.create();
    const team = journal.entries.find((e) => e.tag.endsWith("_team_notifications"))!;
    for (const entry of journal.entries.filter((e) => e.idx < team.idx)) await apply(db, entry.tag);

    const passwordHash = await hash("old password 1");
    const { rows } = await db.query<{ id: string }>(
      `insert into accounts (email, password_hash, business_name, country, currency) values ('Ada@Shop.example', $1, 'Ada Shop', 'CMR', 'XAF') returning id`,
      [passwordHash],
    );
    const accountId = rows[0]!.id;
    await db.query(`insert into sessions (account_id, token_hash, expires_at) values ($1, 'h1', now() + interval '1 day')`, [accountId]);
    await db.query(
      `insert into email_tokens (purpose, secret_hash, account_id, email, expires_at) values ('password_reset', 's1', $1, 'ada@shop.example', now() + interval '1 hour')`,
      [accountId],
    );
    await db.query(`insert into outbox_events (account_id, mode, type, data) values ($1, 'test', 'payment.succeeded', '{}')`, [accountId]);

    await apply(db, team.tag);

    const user = (await db.query<{ id: string; email: string; password_hash: string; language: string }>(`select id, email, password_hash, language from users`)).rows;
    expect(user).toEqual([{ id: accountId, email: "ada@shop.example", password_hash: passwordHash, language: "fr" }]);
    expect(await verify(user[0]!.password_hash, "old password 1")).toBe(true);
    expect((await db.query(`select account_id, user_id, role, notify_payments from memberships`)).rows).toEqual([
      { account_id: accountId, user_id: accountId, role: "owner", notify_payments: true },
    ]);
    expect((await db.query(`select user_id from sessions`)).rows).toEqual([{ user_id: accountId }]);
    expect((await db.query(`select account_id, user_id from email_tokens`)).rows).toEqual([{ account_id: null, user_id: accountId }]);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from outbox_events where notified_at is null`)).rows).toEqual([{ n: 0 }]);
    expect((await db.query(`select column_name from information_schema.columns where table_name = 'accounts' and column_name = 'password_hash'`)).rows).toEqual([]);
    await db.close();
  });
});
