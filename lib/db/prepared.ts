import { handleOf, type Db } from "./client";

/**
 * A query built once per database handle and reused: Drizzle then skips rebuilding its SQL on
 * every request (the hot paths: a public payment link, an API key, a new link). Keyed by handle,
 * because tests switch databases. Inside a transaction (every change runs in one, lib/http/route.ts)
 * the handle's query is run on the transaction's connection: the same query with the transaction's
 * client, instead of a query built again for each transaction.
 */
export function prepared<Q extends object>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    const handle = handleOf(db);
    let query = cache.get(handle);
    if (!query) cache.set(handle, (query = build(handle)));
    return handle === db ? query : (onClientOf(query, db) ?? build(db));
  };
}

/**
 * `query` run by `tx`'s client: Drizzle's prepared queries (postgres.js and PGlite alike) keep the
 * client they run on in `client`, and their transactions' sessions theirs. Null if either is not
 * where it is expected (another Drizzle version): the query is then built for `tx` as before.
 */
function onClientOf<Q extends object>(query: Q, tx: Db): Q | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || !Object.prototype.hasOwnProperty.call(query, "client")) return null;
  return Object.create(query, { client: { value: client } }) as Q;
}
