import { z } from "zod";
import { amountRule } from "@/lib/countries";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { singleLine } from "@/lib/core/single-line";

// Stalls (buyers at a market stall pay by themselves): a reusable counter page, `/s/{code}`, printed as a poster with its QR. A buyer
// chooses the amount within the stall's bounds and types their number; each payment is a payment
// request of channel `stall`, collected by the stall's cashier (or the account, for its own stall).

const name = singleLine(60, { min: 0 }).describe("Shown on the stall's page and poster under the business name (e.g. « Caisse 2 »); empty: the business name alone");

export const createStallBody = z.object({
  name: optional(name, ""),
  min_amount: integer().meta(amountRule("The least a buyer may pay at this stall")),
  max_amount: integer().meta(amountRule("The most a buyer may pay at this stall (at least min_amount)")),
  user_id: optional(z.uuid()).describe("The cashier whose stall it is (a member of role cashier): its payments are theirs. Absent: the account's own stall"),
});
export type CreateStallBody = z.output<typeof createStallBody>;

export const updateStallBody = z.object({
  name: optional(name),
  min_amount: optional(integer().meta(amountRule("The least a buyer may pay"))),
  max_amount: optional(integer().meta(amountRule("The most a buyer may pay"))),
});
export type UpdateStallBody = z.output<typeof updateStallBody>;

export const stallView = z
  .object({
    id: z.uuid(),
    code: z.string().describe("The stall's short code: 10 lower-case characters"),
    url: z.string().describe("The buyers' page: what the poster's QR code opens"),
    qr_url: z.string().describe("A PNG QR code of `url`"),
    name: z.string(),
    currency: z.string(),
    min_amount: z.int(),
    max_amount: z.int(),
    user: z.object({ id: z.uuid(), name: z.string().describe("The member's name, or e-mail") }).nullable().describe("The stall's cashier; null for the account's own stall"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Stall" });
export type StallView = z.output<typeof stallView>;

export const stallParams = z.object({ stall_id: z.uuid() });

const stallErrors = [...keyErrors, "INSUFFICIENT_ROLE"] as const;

export const stallOperations = defineOperations("Stalls", {
  list: {
    method: "GET",
    path: "/v1/stalls",
    summary: "List the open stalls",
    description: "Oldest first. A cashier sees only its own stall.",
    auth: "key",
    role: "cashier",
    response: z.array(stallView),
    errors: [...stallErrors],
    paged: "whole",
  },
  create: {
    method: "POST",
    path: "/v1/stalls",
    summary: "Open a stall: a counter page buyers pay at by scanning its poster",
    description:
      "One open stall per account and mode, and one per cashier (409 `STALL_EXISTS`: change it, or archive it first). The bounds are in the account's currency, within its amount bounds; every problem is answered at once (422).",
    auth: "key",
    body: createStallBody,
    example: { name: "Caisse 1", min_amount: 100, max_amount: 50000 },
    response: stallView,
    errors: [...stallErrors, "STALL_EXISTS"],
  },
  get: {
    method: "GET",
    path: "/v1/stalls/{stall_id}",
    summary: "Read a stall",
    auth: "key",
    role: "cashier",
    params: stallParams,
    response: stallView,
    errors: [...stallErrors, "STALL_NOT_FOUND"],
  },
  update: {
    method: "PATCH",
    path: "/v1/stalls/{stall_id}",
    summary: "Change a stall's name or bounds",
    description: "The page and poster keep their address: a printed poster stays good.",
    auth: "key",
    params: stallParams,
    body: updateStallBody,
    example: { min_amount: 500, max_amount: 100000 },
    response: stallView,
    errors: [...stallErrors, "STALL_NOT_FOUND"],
  },
  archive: {
    method: "DELETE",
    path: "/v1/stalls/{stall_id}",
    summary: "Archive a stall: its page stops taking payments, and a new one may be opened",
    auth: "key",
    params: stallParams,
    response: z.object({ id: z.uuid(), archived: z.literal(true) }),
    errors: [...stallErrors, "STALL_NOT_FOUND"],
  },
});
