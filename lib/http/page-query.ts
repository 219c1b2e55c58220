import { z } from "zod";

// The `limit`/`starting_after` query of every list. Kept apart from ./pagination (which needs the
// database helpers) so the dashboard's forms can import the schemas that use it.
export const pageQuery = z.object({
  limit: z
    .preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v), z.int().min(1).max(1000))
    .default(100)
    .describe("How many items, 1–1000 (default 100)"),
  starting_after: z.uuid().optional().describe("The id of the last item of the previous page"),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A `true`/`false` query parameter; anything else is a 422 `bool_type`. */
export const queryBoolean = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v),
  z.boolean(),
);
