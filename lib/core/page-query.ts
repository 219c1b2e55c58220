import { z } from "zod";
import { boolean, integer, optional } from "./lenient";

// The `limit`/`starting_after` query of every list. Kept apart from ./pagination (which needs the
// database helpers) so the dashboard's forms can import the schemas that use it.
export const pageQuery = z.object({
  limit: optional(integer((n) => n.min(1).max(1000)), 100).describe("How many items, 1–1000 (default 100)"),
  starting_after: z.uuid().optional().describe("The id of the last item of the previous page"),
});
export type PageQuery = z.output<typeof pageQuery>;

/** The query of a list that answers the whole list when no page is asked for (lib/http/pagination listResponse). */
export const wholeListQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.describe(
    "How many items, 1–1000. Without `limit` and `starting_after`, the whole list; with `starting_after` alone, 100",
  ),
});

/** A boolean query parameter, read as pydantic reads one (`true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`). */
export const queryBoolean = boolean();
