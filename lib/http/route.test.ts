import { describe, expect, it } from "vitest";
import { z } from "zod";
import { call } from "@/lib/test/api";
import { defineOperation } from "./operation";
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
