import { z } from "zod";

// Dependency-free (the dashboard may import the schemas that use it).
//
// A calendar day in a query (`from`, `to`): `YYYY-MM-DD`, no earlier than 0001-01-01 and no later
// than 9999-12-31. That is every day a four-digit year writes which PostgreSQL stores: it has no
// year 0, and a range that ends with 9999-12-31 is computed in SQL (the next day is year 10000,
// which a JavaScript Date cannot hand it). A day outside is a 422 naming the field, not a 500.

export const FIRST_DAY = "0001-01-01";
export const LAST_DAY = "9999-12-31";
export const DAY_ERROR = `must be a day written YYYY-MM-DD, from ${FIRST_DAY} to ${LAST_DAY}`;

/** One day of a date range, checked and kept as its text (`2026-11-30`). */
export const queryDay = z
  .string()
  .refine((value) => z.iso.date().safeParse(value).success && value >= FIRST_DAY, {
    message: DAY_ERROR,
    params: { type: "value_error", ctx: { error: DAY_ERROR } },
  })
  .meta({ format: "date" });
