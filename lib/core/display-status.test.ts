import { describe, expect, it } from "vitest";
import { linkDisplayStatus, paymentDisplayStatus } from "./display-status";

describe("linkDisplayStatus", () => {
  it.each([
    { link: {}, shown: "open", why: "nobody tried (no payment_status asked)" },
    { link: { payment_status: "pending" }, shown: "open", why: "nobody tried, or an attempt is under way" },
    { link: { payment_status: "failed" }, shown: "open", why: "its only attempt failed: buyers can still pay it" },
    { link: { payment_status: "expired" }, shown: "open", why: "its latest attempt expired" },
    { link: { payment_status: "success" }, shown: "paid", why: "an attempt succeeded" },
    { link: { payment_status: "success", archived_at: "2026-11-27T10:00:00Z" }, shown: "archived", why: "paid, then archived" },
    { link: { payment_status: "failed", archived_at: "2026-11-27T10:00:00Z" }, shown: "archived", why: "archived" },
    { link: { payment_status: "pending", archived: true }, shown: "archived", why: "from the archived list" },
    { link: { payment_status: "success", archived_at: null, archived: false }, shown: "paid", why: "not archived" },
  ] as const)("$shown: $why", ({ link, shown }) => {
    expect(linkDisplayStatus(link)).toBe(shown);
  });
});

describe("paymentDisplayStatus", () => {
  it.each([
    { payment: { status: "pending", amount: 5000, refunded_amount: 0 }, shown: "pending" },
    { payment: { status: "failed", amount: 5000, refunded_amount: 0 }, shown: "failed" },
    { payment: { status: "expired", amount: 5000, refunded_amount: 0 }, shown: "expired" },
    { payment: { status: "success", amount: 5000, refunded_amount: 0 }, shown: "success" },
    { payment: { status: "success", amount: 5000, refunded_amount: 2000 }, shown: "partly_refunded" },
    { payment: { status: "success", amount: 5000, refunded_amount: 4999 }, shown: "partly_refunded" },
    { payment: { status: "success", amount: 5000, refunded_amount: 5000 }, shown: "refunded" },
    { payment: { status: "success", amount: 23000, refunded_amount: 23000 }, shown: "refunded" },
    { payment: { status: "success", amount: 5000 }, shown: "success" },
    { payment: { status: "success", refunded_amount: 2000 }, shown: "success" },
    { payment: { status: "success", amount: 5000, refunded_amount: null }, shown: "success" },
    { payment: { status: "failed", amount: 5000, refunded_amount: 5000 }, shown: "failed" },
  ] as const)("$payment.status, $payment.refunded_amount of $payment.amount refunded → $shown", ({ payment, shown }) => {
    expect(paymentDisplayStatus(payment)).toBe(shown);
  });
});
