import { z } from "zod";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperation } from "@/lib/core/operation";

// Payment statistics for the dashboard's overview (DESIGN §6 statuses), per account and mode.

const depositCount = z.int().min(0);

export const statsQuery = z.object({
  days: optional(integer((n) => n.min(1).max(365)), 30).describe("The period: the last N days (UTC), today included; 1–365, default 30"),
});

const daily = z.array(
  z.object({
    date: z.iso.date(),
    succeeded: depositCount,
    amount: z.int().describe("The day's successful payments, in minor units"),
    net: z.int().describe("The merchant's net revenue that day (as `net.amount`, by the day money moved; below 0 when refunds outweigh)"),
  }),
);

export const stats = z
  .object({
    days: z.int(),
    from: z.iso.date().describe("First day of the period (UTC)"),
    to: z.iso.date().describe("Last day of the period: today (UTC)"),
    currency: z.string().describe("The account's currency: `daily` amounts are in it"),
    payments: z
      .object({
        total: depositCount,
        succeeded: depositCount,
        failed: depositCount,
        expired: depositCount,
        pending: depositCount,
      })
      .describe("Payment attempts (deposits) created in the period, by status"),
    success_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("succeeded ÷ (succeeded + failed + expired); null when no attempt has finished"),
    volumes: z
      .array(z.object({ currency: z.string(), count: depositCount, amount: z.int() }))
      .describe(
        "Successful payments per currency, in minor units: the account's currency first (always present), then any other (marketplace sellers abroad)",
      ),
    net: z
      .object({
        amount: z.int().describe("`received` − `refunded`: what the period brought the merchant"),
        received: z.int().describe("The merchant's own money from the period's payments: payment links' amounts and marketplace fees (sellers' shares excluded)"),
        refunded: z.int().min(0).describe("Refunds the merchant bore in the period (a failed refund gives its amount back)"),
      })
      .describe(
        "The merchant's net revenue in the account's currency, in minor units, from the ledger by the day money moved: payments and fees credited, less refunds; withdrawals are the merchant's own money leaving and do not count",
      ),
    daily: daily.describe("Every day of the period, oldest first, zeros included: successful payments in the account's currency"),
    previous: z
      .object({
        from: z.iso.date(),
        to: z.iso.date().describe("The day before `from`"),
        succeeded: depositCount.describe("Successful payments in the account's currency"),
        amount: z.int().describe("Their sum, in minor units"),
        net: z.int().describe("The merchant's net revenue (as `net.amount`) in those days"),
        daily,
      })
      .describe("The `days` days just before the period, to compare with: the same figures in the account's currency"),
  })
  .meta({ id: "Stats" });

export const statsOperations = {
  get: defineOperation({
    method: "GET",
    path: "/v1/stats",
    tag: "Statistics",
    summary: "Payment statistics of the last N days",
    description: "Counts payment attempts by status and sums successful payments, per day, for the caller's account and mode.",
    auth: "key",
    query: statsQuery,
    response: stats,
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "NOT_SIGNED_IN"],
  }),
};
