import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

// Deposit transactions: interface §2.6 and §4.4, DESIGN §6.

const trackId = z.string().min(1).max(64).describe("The deposit's track_id, e.g. TRK7Q2M…");

export const deposit = z
  .object({
    track_id: z.string(),
    amount: z.number(),
    phone_number: z.string(),
    country: z.string(),
    currency: z.string(),
    operator: z.string(),
    status: z.enum(["pending", "success", "failed", "expired"]),
    created_at: z.string().describe("UTC, fractional seconds, no zone designator: 2026-11-22T10:15:30.123456"),
  })
  .meta({ id: "DepositTransaction" });

const tag = "Deposits";
const errors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "DEPOSIT_NOT_FOUND"] as const;

export const depositOperations = {
  byQuery: defineOperation({
    method: "GET",
    path: "/v1/api/deposit/get_transaction",
    tag,
    summary: "Read a deposit by its track_id (query)",
    auth: "key",
    query: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  }),
  byPath: defineOperation({
    method: "GET",
    path: "/v1/api/deposit/get_transaction/{track_id}",
    tag,
    summary: "Read a deposit by its track_id (path)",
    auth: "key",
    params: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  }),
};
