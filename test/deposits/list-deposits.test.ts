import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/v1/deposits/route";
import * as gateways from "@/app/v1/gateway/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { call, newAccount } from "@/test/support/api";
import { newTrackId } from "@/lib/deposits/create-deposit";
import { newReceiptCode } from "@/lib/deposits/receipt-code";

// GET /v1/deposits: the caller's payment attempts, newest first, filtered and paged (dashboard).

type Item = {
  id: string;
  track_id: string;
  amount: number;
  phone_number: string;
  country: string;
  currency: string;
  operator: string;
  status: DepositStatus;
  created_at: string;
  payment_gateway_id: string | null;
  marketplace_gateway_id: string | null;
  failure_reason: string | null;
  duplicate_of: string | null;
  late_success: boolean;
  given_up: boolean;
  refunded_amount: number;
  refundable_amount: number;
  link_name: string;
  buyer_name: string | null;
  receipt_code: string | null;
};

const MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;
const get = (key: string, query = "") => call(list.GET, "GET", `/v1/deposits${query}`, { key });

let owner: Awaited<ReturnType<typeof newAccount>>;
let linkA: string;
let linkB: string;
let made: Item[]; // newest first

async function insert(accountId: string, mode: "test" | "live", status: DepositStatus, minutesAgo: number, gatewayId: string | null) {
  const db = await getDb();
  const [row] = await db
    .insert(deposits)
    .values({
      accountId,
      mode,
      trackId: newTrackId(),
      amount: 1000 + minutesAgo,
      currency: "XAF",
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phoneNumber: "237670000000",
      status,
      failureReason: status === "failed" ? "insufficient funds" : null,
      provider: "sandbox",
      paymentGatewayId: gatewayId,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      receiptCode: status === "success" ? newReceiptCode() : null,
    })
    .returning();
  return {
    id: row!.id,
    track_id: row!.trackId,
    amount: row!.amount,
    phone_number: "237670000000",
    country: "CMR",
    currency: "XAF",
    operator: "MTN_MOMO_CMR",
    status,
    created_at: expect.stringMatching(MICROS) as unknown as string,
    payment_gateway_id: gatewayId,
    marketplace_gateway_id: null,
    failure_reason: status === "failed" ? "insufficient funds" : null,
    duplicate_of: null,
    late_success: false,
    given_up: false,
    refunded_amount: 0,
    refundable_amount: status === "success" ? row!.amount : 0,
    link_name: gatewayId ? "B" : "",
    buyer_name: null,
    // stored bare, shown in two groups of five
    receipt_code: row!.receiptCode ? `${row!.receiptCode.slice(0, 5)}-${row!.receiptCode.slice(5)}` : null,
  } satisfies Item;
}

beforeAll(async () => {
  owner = await newAccount("CMR");
  const link = async () =>
    ((await call(gateways.POST, "POST", "/v1/gateway", { key: owner.key, json: { amount: 5000, shop_name: "B" } })).body as { id: string }).id;
  linkA = await link();
  linkB = await link();
  const rows: [DepositStatus, number, string | null][] = [
    ["failed", 50, linkA],
    ["success", 40, linkA],
    ["expired", 30, linkB],
    ["pending", 20, linkB],
    ["success", 10, null],
  ];
  made = [];
  for (const [status, minutes, gateway] of rows) made.unshift(await insert(owner.accountId, "test", status, minutes, gateway));
  // other tenants' and the other mode's deposits never show
  await insert(owner.accountId, "live", "success", 5, null);
  await insert((await newAccount()).accountId, "test", "success", 5, null);
});

describe("GET /v1/deposits", () => {
  const filters: [string, (items: Item[]) => Item[]][] = [
    ["", (items) => items],
    ["?status=success", (items) => items.filter((d) => d.status === "success")],
    ["?status=pending", (items) => items.filter((d) => d.status === "pending")],
    ["?payment_gateway_id=A", (items) => items.filter((d) => d.payment_gateway_id === linkA)],
    ["?payment_gateway_id=B&status=expired", (items) => items.filter((d) => d.payment_gateway_id === linkB && d.status === "expired")],
    [`?marketplace_gateway_id=${randomUUID()}`, () => []],
  ];
  for (const [query, expected] of filters) {
    it(`lists ${query || "every deposit"} newest first, in the caller's mode only`, async () => {
      const reply = await get(owner.key, query.replace("=A", `=${linkA}`).replace("=B", `=${linkB}`));
      expect([reply.status, reply.body, reply.headers.get("link")]).toEqual([200, expected(made), null]);
    });
  }

  it("pages with limit and starting_after, the Link header keeping the filters", async () => {
    const first = await get(owner.key, `?payment_gateway_id=${linkA}&limit=1`);
    expect(first.body).toEqual([made[3]]);
    expect(first.headers.get("link")).toBe(
      `<http://kola.test/v1/deposits?payment_gateway_id=${linkA}&limit=1&starting_after=${made[3]!.id}>; rel="next"`,
    );
    const second = await get(owner.key, `?payment_gateway_id=${linkA}&limit=1&starting_after=${made[3]!.id}`);
    expect([second.body, second.headers.get("link")]).toEqual([[made[4]], null]);
  });

  it("shows the live key only live deposits", async () => {
    const live = (await createApiKey({ email: owner.email, mode: "live" })).api_key;
    const reply = await get(live);
    expect((reply.body as Item[]).map((d) => d.status)).toEqual(["success"]);
  });

  const invalid: [string, unknown][] = [
    ["?status=paid", [{ loc: ["query", "status"], msg: "Input should be 'pending', 'success', 'failed' or 'expired'", type: "enum", ctx: { expected: "'pending', 'success', 'failed' or 'expired'" } }]],
    ["?payment_gateway_id=x", [{
      loc: ["query", "payment_gateway_id"],
      msg: "Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `x` at 1",
      type: "uuid_parsing",
      ctx: { error: "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `x` at 1" },
    }]],
    ["?limit=0", [{ loc: ["query", "limit"], msg: "Input should be greater than or equal to 1", type: "greater_than_equal", ctx: { ge: 1 } }]],
  ];
  for (const [query, detail] of invalid) {
    it(`answers 422 for ${query}`, async () => {
      const reply = await get(owner.key, query);
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
    });
  }

  it("needs a key or a session", async () => {
    const reply = await call(list.GET, "GET", "/v1/deposits");
    expect([reply.status, reply.body]).toEqual([401, { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } }]);
  });
});
