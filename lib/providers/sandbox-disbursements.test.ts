import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callbackRefusal } from "./callback-event";
import { ProviderError } from "./provider-error";
import { sandboxProvider, setSandboxTransport } from "./sandbox";
import { signCallback } from "./signature";
import type { Disbursement } from "./types";

// The sandbox's money out: the phone's last two digits decide, a signed callback says it, the
// same id sent again is the same payout, and the status query answers like a real provider's.

type Delivered = { path: string; raw: string; signature: string };
let delivered: Delivered[];

beforeEach(() => {
  delivered = [];
  setSandboxTransport(async (path, raw, signature) => void delivered.push({ path, raw, signature }), () => 0);
});
afterEach(() => setSandboxTransport(undefined));

const flush = () => new Promise((r) => setTimeout(r, 5));

function disbursement(phone: string, kind: Disbursement["kind"] = "payout", extra: Partial<Disbursement> = {}): Disbursement {
  return { id: randomUUID(), kind, mode: "test", amount: 5000, currency: "XAF", country: "CM", operator: "MTN_MOMO_CMR", phoneNumber: phone, ...extra };
}

const callbackRequest = (d: Delivered, signature = d.signature) =>
  new Request(`http://kola.test${d.path}`, { method: "POST", headers: { "content-type": "application/json", "x-kola-signature": signature }, body: d.raw });

describe("sandbox money out", () => {
  it.each([
    { phone: "237670000000", kind: "payout" as const, status: { state: "settled", outcome: "success" } },
    { phone: "237670000001", kind: "payout" as const, status: { state: "settled", outcome: "failed", reason: "insufficient_funds" } },
    { phone: "237670000002", kind: "refund" as const, status: { state: "settled", outcome: "failed", reason: "refused_by_recipient" } },
    { phone: "237670000099", kind: "refund" as const, status: { state: "settled", outcome: "success" } },
  ])("$kind to …$phone: one signed callback, parsed as $status.outcome", async ({ phone, kind, status }) => {
    const d = disbursement(phone, kind);
    const send = kind === "payout" ? sandboxProvider.capabilities.moneyOut.sendPayout : sandboxProvider.capabilities.moneyOut.sendRefund!;
    const reference = `SBX-${kind === "payout" ? "PO" : "RF"}-${d.id}`;
    expect(await send(d)).toEqual({ reference });
    expect(await send(d)).toEqual({ reference }); // the same id again: taken once
    await flush();
    expect(delivered.map((c) => c.path)).toEqual(["/api/providers/sandbox/disbursements/callback"]);
    const body = JSON.parse(delivered[0]!.raw);
    expect(body).toEqual({
      event_id: `sandbox:${kind}:${d.id}:${status.outcome}`,
      kind,
      id: d.id,
      reference,
      status: status.outcome,
      ...(status.outcome === "failed" ? { reason: status.reason } : {}),
      timestamp: expect.any(Number),
    });
    const update = await sandboxProvider.capabilities.moneyOut.parseDisbursementCallback(callbackRequest(delivered[0]!), delivered[0]!.raw);
    expect(update).toEqual({ kind, id: d.id, eventId: body.event_id, status: { ...status, providerReference: reference } });
  });

  it("03 never answers: no callback, processing", async () => {
    const d = disbursement("237670000003");
    await sandboxProvider.capabilities.moneyOut.sendPayout(d);
    await flush();
    expect(delivered).toEqual([]);
    expect(await sandboxProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" });
  });

  it.each([
    { name: "never sent, no reference", extra: {}, phone: "237670000000", expected: { state: "not_found" } },
    { name: "sent by another process just now", extra: { providerReference: "SBX-PO-x", createdAt: new Date() }, phone: "237670000000", expected: { state: "processing" } },
    {
      name: "sent by another process 10 s ago",
      extra: { providerReference: "SBX-PO-x", createdAt: new Date(Date.now() - 10_000) },
      phone: "237670000001",
      expected: { state: "settled", outcome: "failed", reason: "insufficient_funds" },
    },
    {
      name: "03 sent a day ago: the operator dropped it",
      extra: { providerReference: "SBX-PO-x", createdAt: new Date(Date.now() - 86_400_000) },
      phone: "237670000003",
      expected: { state: "not_found" },
    },
  ])("queryDisbursement: $name", async ({ extra, phone, expected }) => {
    const d = disbursement(phone, "payout", extra);
    const status = await sandboxProvider.capabilities.moneyOut.queryDisbursement(d);
    expect(status).toEqual(expected.state === "settled" ? { ...expected, providerReference: `SBX-PO-${d.id}` } : expected);
  });

  it("queryDisbursement after a send in this process: processing, then the phone's outcome", async () => {
    const d = disbursement("237670000042");
    await sandboxProvider.capabilities.moneyOut.sendPayout(d);
    expect(await sandboxProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" });
    expect(await sandboxProvider.capabilities.moneyOut.queryDisbursement({ ...d, id: randomUUID() })).toEqual({ state: "not_found" });
  });

  const raw = (body: object) => JSON.stringify(body);
  const good = { event_id: "sandbox:payout:x:success", kind: "payout", id: randomUUID(), reference: "SBX-PO-1", status: "success", timestamp: 1 };
  it.each([
    { name: "unsigned", body: raw(good), signature: "", type: "INVALID_SIGNATURE", status: 401 },
    { name: "signed with another secret", body: raw(good), signature: signCallback(raw(good), "other"), type: "INVALID_SIGNATURE", status: 401 },
    { name: "stale signature", body: raw(good), signature: signCallback(raw(good), undefined, Math.floor(Date.now() / 1000) - 3600), type: "INVALID_SIGNATURE", status: 401 },
    { name: "not JSON", body: "{", signature: signCallback("{"), type: "INVALID_CALLBACK", status: 422 },
    { name: "unknown kind", body: raw({ ...good, kind: "deposit" }), signature: signCallback(raw({ ...good, kind: "deposit" })), type: "INVALID_CALLBACK", status: 422 },
    { name: "failed without reason", body: raw({ ...good, status: "failed" }), signature: signCallback(raw({ ...good, status: "failed" })), type: "INVALID_CALLBACK", status: 422 },
    { name: "extra field", body: raw({ ...good, amount: 1 }), signature: signCallback(raw({ ...good, amount: 1 })), type: "INVALID_CALLBACK", status: 422 },
  ])("parseDisbursementCallback refuses: $name", async ({ body, signature, type, status }) => {
    const req = callbackRequest({ path: "/api/providers/sandbox/disbursements/callback", raw: body, signature });
    const error = await sandboxProvider.capabilities.moneyOut.parseDisbursementCallback(req, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    const refusal = callbackRefusal(error as ProviderError);
    expect({ type: refusal?.type, status: refusal?.status, headers: refusal?.headers }).toEqual({ type, status, headers: { "cache-control": "no-store" } });
  });
});
