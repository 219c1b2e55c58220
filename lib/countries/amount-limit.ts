import { integer } from "@/lib/core/lenient";

// The one upper bound of every money amount a request carries: 10,000,000 units of a
// two-decimal currency in minor units, the largest of DESIGN §2's per-currency maxima (./index.ts
// amountBounds). Amounts live in PostgreSQL `integer` columns (at most 2^31 − 1); twice this bound
// still fits, so an amount plus a fee (a marketplace buyer price) cannot overflow either, and no
// request can reach the database with a number it would refuse. Dependency-free: the dashboard may
// import it.
export const MAX_AMOUNT = 1_000_000_000;

/** A money amount in a request body: an integer from `min` to MAX_AMOUNT (the OpenAPI shows both). */
export function amountField(min: number) {
  return integer((n) => n.min(min).max(MAX_AMOUNT));
}
