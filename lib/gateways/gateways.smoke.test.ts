import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import * as item from "@/app/v1/gateway/[gateway_id]/route";
import { call, newAccount } from "@/lib/test/api";

describe("payment gateways smoke", () => {
  it("creates and reads a link", async () => {
    const { key, accountId } = await newAccount();
    const created = await call(collection.POST, "POST", "/v1/gateway", { key, json: { amount: 5000, shop_name: "Boutique" } });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect(created.body).toEqual({
      id,
      amount: 5000,
      currency: "XAF",
      shop_name: "Boutique",
      user_id: accountId,
      creation_date: expect.stringMatching(/Z$/),
      link: `http://kola.test/pay/${id}`,
      message: "",
      order_id: "",
      success_url: "",
      failure_url: "",
    });
    const got = await call(item.GET, "GET", `/v1/gateway/${id}`);
    expect(got.status).toBe(200);
    expect((got.body as { user_country: unknown }).user_country).toEqual({ name: "Cameroon", iso_code: "CMR" });
  });
});
