// What a failed statement's error says, as postgres.js or PGlite report it, wrapped by Drizzle or not.

/** PostgreSQL's unique_violation (23505); with `constraint`, only a violation of that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name, constraint: name } = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || (constraint_name ?? name) === constraint;
  }
  return false;
}
