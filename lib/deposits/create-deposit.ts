import { randomBytes } from "node:crypto";
import type { Mode } from "@/lib/accounts/api-keys";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { deposits, type DepositStatus } from "@/lib/db/schema";

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
  clientToken?: string;
  status?: DepositStatus;
};

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** `TRK` + 20 base32 characters (100 random bits): unique, URL-safe, easy to read out on the phone. */
export function newTrackId(): string {
  const bytes = randomBytes(20);
  return "TRK" + Array.from(bytes, (b) => BASE32[b & 31]).join("");
}

/** Records one payment attempt (a mobile-money collection), pending until its provider answers. */
export async function createDeposit(input: NewDeposit, tx?: Db | Tx): Promise<DepositRow> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(deposits)
    .values({ ...input, trackId: newTrackId() })
    .returning();
  return row!;
}
