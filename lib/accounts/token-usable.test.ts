import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { consumeToken, issueToken, tokenUsable } from "./email-tokens";

// The page a mailed link opens asks tokenUsable() first, so a used or expired link says so at
// once; it never spends the token (consumeToken alone does).

const issue = (purpose: "password_reset" | "signup" = "password_reset") => issueToken({ purpose, email: `usable-${Math.random()}@example.com` });

describe("tokenUsable", () => {
  it.each([
    ["a fresh link", async () => [await issue(), "password_reset"] as const, true],
    ["a used link", async () => {
      const token = await issue();
      await consumeToken("password_reset", token);
      return [token, "password_reset"] as const;
    }, false],
    ["an expired link", async () => {
      const token = await issue();
      await (await getDb()).execute(sql`update email_tokens set expires_at = now() - interval '1 second' where id = ${token.split(".")[0]}`);
      return [token, "password_reset"] as const;
    }, false],
    ["another secret", async () => [`${(await issue()).split(".")[0]}.${"b".repeat(43)}`, "password_reset"] as const, false],
    ["a sign-up link on the reset page", async () => [await issue("signup"), "password_reset"] as const, false],
    ["not a token", async () => ["hello", "signup"] as const, false],
  ] as const)("%s → %s", async (_name, make, usable) => {
    const [token, purpose] = await make();
    expect(await tokenUsable(purpose, token)).toBe(usable);
  });

  it("does not spend the link", async () => {
    const token = await issue("signup");
    expect([await tokenUsable("signup", token), await tokenUsable("signup", token)]).toEqual([true, true]);
    expect((await consumeToken("signup", token)).purpose).toBe("signup");
  });
});
