import type postgres from "postgres";
import { assertDatabaseAvailable, reportDatabaseError } from "./availability";

/**
 * postgres.js behind the availability gate (./availability.ts). Left alone while its database
 * refuses connections, postgres.js hands each waiting statement to a connection that reconnects at
 * once, over and over (~500 attempts a second in issue 20), and a statement may wait there until the
 * database is back. So every statement and transaction Drizzle starts passes here: refused at once
 * while the gate is closed, and its failure reported to the gate. When the gate closes, `drop()`
 * ends the pool without waiting (its statements fail, its connections are destroyed); the first
 * statement after the gate opens again makes a fresh pool. Only the gate's probe connects meanwhile.
 */
export type GatedPool = postgres.Sql & { drop: () => void };

export function gatedPool(open: () => postgres.Sql): GatedPool {
  const first = open();
  let current: postgres.Sql | null = first;
  let ended = false;

  const pool = (): postgres.Sql => {
    assertDatabaseAvailable();
    if (!current) {
      if (ended) throw new Error("the database pool was closed");
      current = open();
      // Drizzle set its type parsers on the first pool's options when it was made: the same for each new one
      Object.assign(current.options.parsers, first.options.parsers);
      Object.assign(current.options.serializers, first.options.serializers);
    }
    return current;
  };
  const watched = <T>(run: () => PromiseLike<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      try {
        run().then(resolve, (error: unknown) => {
          reportDatabaseError(error);
          reject(error);
        });
      } catch (error) {
        reject(error);
      }
    });
  const drop = () => {
    const dead = current;
    current = null;
    void dead?.end({ timeout: 0 }).catch(() => {});
  };

  return new Proxy(first, {
    get(target, property, receiver) {
      switch (property) {
        case "unsafe":
          // what Drizzle's postgres-js session does with a statement: await it, or await .values()
          return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => ({
            then: <A, B>(resolve?: (rows: postgres.RowList<postgres.Row[]>) => A, reject?: (error: unknown) => B) =>
              watched(() => pool().unsafe(query, params, options)).then(resolve, reject),
            values: () => watched(() => pool().unsafe(query, params, options).values()),
          });
        case "begin":
          return (...args: unknown[]) => watched(() => (pool().begin as (...a: unknown[]) => Promise<unknown>)(...args));
        case "drop":
          return drop;
        case "end":
          return async (options?: { timeout?: number }) => {
            ended = true;
            const last = current;
            current = null;
            await last?.end(options);
          };
        case "options":
          return first.options;
        default:
          return Reflect.get(current ?? target, property, receiver) as unknown;
      }
    },
  }) as GatedPool;
}
