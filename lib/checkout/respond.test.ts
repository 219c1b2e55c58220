import { describe, expect, it } from "vitest";
import { captureLog } from "@/lib/runtime/log";
import { checkoutRoute, jsonWithCheckoutHeaders } from "./respond";

describe("checkoutRoute", () => {
  it("a checkout error log line without a phone number, with the request id", async () => {
    const failing = checkoutRoute<{ id: string }>(
      async () => {
        throw new Error("provider refused the deposit for +237 670 00 00 00 and 237670000000");
      },
      () => jsonWithCheckoutHeaders({ detail: { message: "Internal server error", type: "INTERNAL_ERROR" } }, 500),
    );
    let response: Response | undefined;
    const lines = await captureLog(async () => {
      response = await failing(new Request("http://localhost/pay/GW1", { headers: { "x-request-id": "req-phone-1" } }), {
        params: Promise.resolve({ id: "GW1" }),
      });
    });
    expect(response!.status).toBe(500);
    expect(response!.headers.get("x-request-id")).toBe("req-phone-1");
    expect(await response!.json()).toEqual({ detail: { message: "Internal server error", type: "INTERNAL_ERROR" } });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map((line) => [line.msg, line.request_id])).toEqual([
      ["unhandled error", "req-phone-1"],
      ["request", "req-phone-1"],
    ]);
    expect(logged[0]?.error).toMatchObject({ name: "Error", message: "provider refused the deposit for [number] and [number]" });
    const all = lines.join("\n");
    for (const digits of ["670 00 00 00", "237670000000", "670000000"]) expect(all).not.toContain(digits);
  });
});
