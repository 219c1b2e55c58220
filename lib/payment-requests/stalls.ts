import QRCode from "qrcode";
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import type { Currency } from "@/lib/core/money";
import { randomCode } from "@/lib/runtime/random-code";
import { item, valueError } from "@/lib/core/validation";
import { amountBounds } from "@/lib/countries";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { memberships, stalls, users } from "@/lib/db/schema";
import { publicBaseUrl } from "@/lib/runtime/config";
import type { CreateStallBody, StallView, UpdateStallBody } from "./stall-schemas";

// Stalls: the merchant's side (the API, the dashboard's pages). The buyer's side, the page at
// /s/{code}, is stall-sales.ts; its HTML is the checkout's (lib/checkout/stall/).

export type StallRow = typeof stalls.$inferSelect;

/** Who reads or changes stalls: a cashier only its own. */
type Viewer = Pick<Auth, "accountId" | "mode" | "role" | "userId">;

/** A stall's code: 10 characters of Crockford's base32, lower case (50 random bits: not guessable). */
export const STALL_CODE = /^[0-9a-z]{10}$/;

function newStallCode(): string {
  return randomCode(10).toLowerCase();
}

export const stallUrl = (code: string) => `${publicBaseUrl()}/s/${code}`;

type Joined = { stall: StallRow; userName: string | null; userEmail: string | null };

function present({ stall, userName, userEmail }: Joined): StallView {
  return {
    id: stall.id,
    code: stall.code,
    url: stallUrl(stall.code),
    qr_url: `${stallUrl(stall.code)}/qr.png`,
    name: stall.name,
    currency: stall.currency,
    min_amount: stall.minAmount,
    max_amount: stall.maxAmount,
    user: stall.userId ? { id: stall.userId, name: userName || userEmail || "" } : null,
    created_at: stall.createdAt.toISOString(),
  };
}

function selectJoined(db: Db | Tx) {
  return db
    .select({ stall: stalls, userName: users.name, userEmail: users.email })
    .from(stalls)
    .leftJoin(users, eq(users.id, stalls.userId));
}

/** The open stalls the viewer may see: the account's, or a cashier's own. */
function visible(viewer: Viewer): SQL {
  const own = viewer.role === "cashier" ? eq(stalls.userId, viewer.userId ?? "00000000-0000-0000-0000-000000000000") : undefined;
  return and(ownedBy(stalls, viewer), isNull(stalls.archivedAt), own)!;
}

/** GET /v1/stalls: oldest first (the account's own before its cashiers' when made first). */
export async function listStalls(viewer: Viewer): Promise<StallView[]> {
  const db = await getDb();
  const rows = await selectJoined(db).where(visible(viewer)).orderBy(asc(stalls.createdAt), asc(stalls.id));
  return rows.map(present);
}

/** The viewer's open stall, or 404 STALL_NOT_FOUND (another account's, mode's, cashier's or an archived one). */
export async function getStallOrThrow(viewer: Viewer, id: string, db?: Db | Tx): Promise<StallView> {
  const [row] = await selectJoined(db ?? (await getDb())).where(and(eq(stalls.id, id), visible(viewer)));
  if (!row) throw new ApiError("STALL_NOT_FOUND");
  return present(row);
}

/** Every problem of a stall's bounds at once: each within the currency's, and max ≥ min. */
function boundsProblems(currency: string, min: number, max: number, given: { min: boolean; max: boolean }): ValidationItem[] {
  const bounds = amountBounds(currency as Currency);
  const problems: ValidationItem[] = [];
  const check = (field: "min_amount" | "max_amount", value: number) => {
    if (value < bounds.min) problems.push(item(["body", field], "greater_than_equal", { ge: bounds.min }));
    else if (value > bounds.max) problems.push(item(["body", field], "less_than_equal", { le: bounds.max }));
  };
  check("min_amount", min);
  check("max_amount", max);
  if (!problems.length && max < min) {
    // said on the field the request changed (both: on max_amount)
    const field = given.max || !given.min ? "max_amount" : "min_amount";
    problems.push(field === "max_amount" ? item(["body", "max_amount"], "greater_than_equal", { ge: min }) : item(["body", "min_amount"], "less_than_equal", { le: max }));
  }
  return problems;
}

/** POST /v1/stalls: the account's own stall, or a cashier's. */
export async function createStall(auth: Auth, body: CreateStallBody): Promise<StallView> {
  const problems = boundsProblems(auth.currency, body.min_amount, body.max_amount, { min: true, max: true });
  const db = await getDb();
  if (body.user_id !== undefined) {
    const [member] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, auth.accountId), eq(memberships.userId, body.user_id)));
    if (member?.role !== "cashier") problems.push(valueError(["body", "user_id"], "not a member of role cashier of this account"));
  }
  if (problems.length) throw new ValidationError(problems);
  const [created] = await db
    .insert(stalls)
    .values({
      accountId: auth.accountId,
      mode: auth.mode,
      code: newStallCode(),
      userId: body.user_id ?? null,
      name: body.name,
      currency: auth.currency,
      minAmount: body.min_amount,
      maxAmount: body.max_amount,
    })
    // the one open stall per account, mode and cashier is the database's (stalls_one_per_collector_key)
    .onConflictDoNothing()
    .returning({ id: stalls.id });
  if (!created) throw new ApiError("STALL_EXISTS");
  return getStallOrThrow(auth, created.id, db);
}

/** The viewer's open stall's row, locked for a change. */
async function lockStall(tx: Db | Tx, viewer: Viewer, id: string): Promise<StallRow> {
  const [row] = await tx.select().from(stalls).where(and(eq(stalls.id, id), visible(viewer))).for("update");
  if (!row) throw new ApiError("STALL_NOT_FOUND");
  return row;
}

/** PATCH /v1/stalls/{id}: its name or bounds; its code (and printed posters) stay. */
export async function updateStall(auth: Auth, id: string, body: UpdateStallBody): Promise<StallView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stall = await lockStall(tx, auth, id);
    const min = body.min_amount ?? stall.minAmount;
    const max = body.max_amount ?? stall.maxAmount;
    const problems = boundsProblems(stall.currency, min, max, { min: body.min_amount !== undefined, max: body.max_amount !== undefined });
    if (problems.length) throw new ValidationError(problems);
    await tx
      .update(stalls)
      .set({ name: body.name ?? stall.name, minAmount: min, maxAmount: max })
      .where(eq(stalls.id, id));
    return getStallOrThrow(auth, id, tx);
  });
}

/** DELETE /v1/stalls/{id}: its page stops taking payments; its requests stay, and a new stall may open. */
export async function archiveStall(auth: Auth, id: string): Promise<{ id: string; archived: true }> {
  const db = await getDb();
  const [row] = await db
    .update(stalls)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(stalls.id, id), visible(auth)))
    .returning({ id: stalls.id });
  if (!row) throw new ApiError("STALL_NOT_FOUND");
  return { id: row.id, archived: true };
}

/** An open stall by its code (the buyers' page), or null. */
export async function findOpenStall(code: string): Promise<StallRow | null> {
  const lower = code.toLowerCase();
  if (!STALL_CODE.test(lower)) return null;
  const db = await getDb();
  const [row] = await db.select().from(stalls).where(and(eq(stalls.code, lower), isNull(stalls.archivedAt)));
  return row ?? null;
}

/** The stall's page address as a QR code: PNG (`/s/{code}/qr.png`), or SVG for a crisp printed poster. */
export async function stallQr(code: string, type: "png"): Promise<Buffer>;
export async function stallQr(code: string, type: "svg"): Promise<string>;
export async function stallQr(code: string, type: "png" | "svg"): Promise<Buffer | string> {
  const url = stallUrl(code);
  if (type === "svg") return QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return QRCode.toBuffer(url, { type: "png", margin: 2, width: 480, errorCorrectionLevel: "M" });
}

/** GET /s/{code}/qr.png. */
export async function stallQrResponse(code: string): Promise<Response> {
  const stall = await findOpenStall(code);
  if (!stall) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  const png = await stallQr(stall.code, "png");
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png", "cache-control": "public, max-age=86400" } });
}
