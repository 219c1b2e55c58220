import type { Db } from "./client";

/**
 * A query built once per database handle and reused: Drizzle then skips rebuilding its SQL on
 * every request (the hot paths: a public payment link, an API key). Keyed by handle, because
 * tests switch databases.
 */
export function prepared<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) cache.set(db, (query = build(db)));
    return query;
  };
}
