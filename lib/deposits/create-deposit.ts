import { randomBytes } from "node:crypto";
import type { Mode } from "@/lib/core/modes";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { recordDepositChange } from "./history";

export type DepositRow = typeof deposits.$inferSelect;

export type NewDeposit = {
  accountId: string;
  mode: Mode;
  amount: number;
  currency: string;
  country: string;
  operator: string;
  phoneNumber: string;
  provider: string;
  paymentGatewayId?: string;
  marketplaceGatewayId?: string;
  /** a payment page's payment (its own link is `paymentGatewayId`) */
  paymentPageId?: string;
  /** an invoice's payment (its own link is `paymentGatewayId`) */
  invoiceId?: string;
  clientToken?: string;
  status?: DepositStatus;
};

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** `TRK` + 20 base32 characters (100 random bits): unique, URL-safe, easy to read out on the phone. */
export function newTrackId(): string {
  const bytes = randomBytes(20);
  return "TRK" + Array.from(bytes, (b) => BASE32[b & 31]).join("");
}

/**
 * The insert met a unique index: the client token was used already, or the link (the buyer's phone
 * on a marketplace link) has an attempt in flight. The caller looks up which.
 */
export class DepositConflict extends Error {
  constructor() {
    super("a deposit with this client token, or a pending attempt on this link, already exists");
  }
}

/**
 * Records one payment attempt (a mobile-money collection), pending until its provider answers.
 * The database refuses a second pending attempt on one payment link, or from one phone on one
 * marketplace link (partial unique indexes): that refusal is a DepositConflict, not a crash.
 */
export async function createDeposit(input: NewDeposit, tx?: Db | Tx): Promise<DepositRow> {
  if (!tx) return (await getDb()).transaction((inner) => createDeposit(input, inner));
  const [row] = await tx
    .insert(deposits)
    .values({ ...input, trackId: newTrackId() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DepositConflict();
  await recordDepositChange(tx, { deposit: row, event: "created", from: null, to: row.status });
  return row;
}
