import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dbKind, inTransaction } from "@/lib/db/client";
import { call } from "@/test/support/api";
import { defineOperation } from "@/lib/core/operation";
import { route } from "@/lib/api/route";

const boom = defineOperation({
  method: "GET",
  path: "/v1/boom",
  tag: "Test",
  summary: "fails",
  auth: "none",
  response: z.object({}),
  errors: [],
});

describe("unexpected errors", () => {
  it("answer the generic 500 without a stack, a query or a message", async () => {
    const handler = route(boom, async () => {
      throw new Error("Failed query: select secret from vault\nparams: 237670000000");
    });
    const res = await call(handler, "GET", "/v1/boom");
    expect([res.status, res.body]).toEqual([500, { detail: { message: "Internal server error", type: "INTERNAL_ERROR" } }]);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("a statement its timeout cancelled", () => {
  it("answers 503 SERVICE_BUSY with Retry-After, not a 500 nor 'unavailable': its transaction rolled back, the client retries", async () => {
    const handler = route(boom, async () => {
      await inTransaction(async (tx) => {
        if ((await dbKind()) === "pglite") {
          // PGlite has no statement timer: the error PostgreSQL gives (below, on PostgreSQL), as Drizzle wraps it
          throw new Error("Failed query: select pg_sleep(2)", { cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }) });
        }
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(2)`);
      });
      return {};
    });
    const res = await call(handler, "GET", "/v1/boom");
    expect([res.status, res.headers.get("retry-after"), res.body]).toEqual([
      503,
      "1",
      { detail: { message: "The service is busy; retry in a moment", type: "SERVICE_BUSY" } },
    ]);
  });
});
