import { describe, expect, it } from "vitest";
import * as docs from "@/app/docs/route";
import nextConfig from "@/next.config";

// The dashboard, the auth pages and the API reference must not be framed (clickjacking): both the
// old X-Frame-Options and CSP frame-ancestors, from next.config.ts on every one of their paths.
describe("framing headers", () => {
  it.each(["/", "/login", "/signup", "/signup/confirm", "/forgot-password", "/reset-password", "/dev/mail", "/dashboard", "/dashboard/links", "/dashboard/developers/webhooks"])("%s cannot be framed", async (path) => {
    const rules = (await nextConfig.headers!()).filter((rule) => matches(rule.source, path));
    expect(rules.flatMap((rule) => rule.headers)).toEqual([
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
    ]);
  });

  it("/docs keeps its own policy (next.config.ts would replace it) and refuses framing", async () => {
    expect((await nextConfig.headers!()).some((rule) => matches(rule.source, "/docs"))).toBe(false);
    const res = await docs.GET(new Request("http://kola.test/docs"));
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'self'; .*; frame-ancestors 'none'$/);
  });
});

/** Next.js's `source` patterns as used here: literal segments and one trailing `:name*`. */
function matches(source: string, path: string): boolean {
  const pattern = source.replace(/\/:\w+\*$/, "(?:/.*)?");
  return new RegExp(`^${pattern}$`).test(path);
}
