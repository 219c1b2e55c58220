import type postgres from "postgres";

/**
 * postgres.js for a pooler in transaction mode (DATABASE_POOLER=transaction): never two statements
 * in flight on one connection.
 *
 * Once all its connections are taken, postgres.js sends the next statement on a connection whose
 * previous one has not answered yet (pipelining). PgBouncer before 1.21 gives the server connection
 * back to its pool at the first ReadyForQuery that ends a transaction, so the statement sent behind
 * it runs on a server no client is linked to any more: PgBouncer drops its answer ("got packet '1'
 * from server when not linked") and the query waits forever. Seen with 100 checkout submits at once
 * behind Debian's PgBouncer 1.18 (test/payments/attempts.test.ts in the `pgbouncer` project).
 *
 * So at most `max` statements and transactions run at once: postgres.js then always finds a free
 * connection, and the others wait here, as they would in its own queue. A transaction's own
 * statements run on its reserved connection and are not counted again.
 */
export function oneStatementPerConnection(sql: postgres.Sql, max: number): postgres.Sql {
  let free = max;
  const waiting: (() => void)[] = [];
  async function slot<T>(run: () => PromiseLike<T>): Promise<T> {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  }
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "begin") {
        return (...args: unknown[]) => slot(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      }
      if (property === "unsafe") {
        // what Drizzle's postgres-js session does with a statement: await it, or await .values()
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
          const statement = () => target.unsafe(query, params, options);
          return {
            then: <A, B>(resolve?: (rows: postgres.RowList<postgres.Row[]>) => A, reject?: (error: unknown) => B) =>
              slot(statement).then(resolve, reject),
            values: () => slot(() => statement().values()),
          };
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
