import { describe, expect, it } from "vitest";
import { depositStatuses, type DepositStatus } from "@/lib/core/deposit-statuses";
import { defaultFee } from "@/lib/marketplace-gateways/create-marketplace-gateway";
import { canTransition, eventTypeFor, isTerminal, statusesBefore } from "./status";
import { sandboxOutcome } from "@/lib/providers/sandbox";

describe("status machine", () => {
  const allowed: [DepositStatus, DepositStatus][] = [
    ["pending", "success"],
    ["pending", "failed"],
    ["pending", "expired"],
    ["expired", "success"], // a provider success after our timeout (DESIGN §6)
  ];
  for (const from of depositStatuses) {
    for (const to of depositStatuses) {
      const ok = allowed.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to} is ${ok ? "allowed" : "refused"}`, () => expect(canTransition(from, to)).toBe(ok));
    }
  }

  it.each([
    ["success", ["pending", "expired"]],
    ["failed", ["pending"]],
    ["expired", ["pending"]],
  ] as const)("a deposit moves to %s from %j", (to, from) => expect(statusesBefore(to)).toEqual(from));

  it("knows terminal statuses", () => {
    expect(depositStatuses.filter(isTerminal)).toEqual(["success", "failed", "expired"]);
  });

  it.each([
    ["payment_link", "success", "payment.succeeded"],
    ["payment_link", "failed", "payment.failed"],
    ["payment_link", "expired", "payment.expired"],
    ["marketplace", "success", "marketplace.transaction.succeeded"],
    ["marketplace", "failed", "marketplace.transaction.failed"],
    ["marketplace", "expired", "marketplace.transaction.expired"],
  ] as const)("%s %s announces %s", (kind, to, type) => expect(eventTypeFor(kind, to)).toBe(type));
});

describe("sandbox outcomes by the phone's last two digits", () => {
  it.each([
    ["237670000000", { status: "success" }],
    ["237670000001", { status: "failed", reason: "insufficient_funds" }],
    ["237670000002", { status: "failed", reason: "refused_by_payer" }],
    ["237670000003", null],
    ["237670000099", { status: "success" }],
  ])("%s → %j", (phone, outcome) => expect(sandboxOutcome(phone)).toEqual(outcome));
});

describe("fee arithmetic", () => {
  it.each([
    [10_000, 2.5, 250],
    [10_000, 0, 0],
    [1_001, 3.33, 33],
    [150, 50, 75],
    [999, 1.5, 15], // 14.985 rounds half up
    [100, 0.01, 0],
  ])("round(%i × %f %%) = %i", (amount, percent, fee) => expect(defaultFee(amount, percent)).toBe(fee));
});
