import type postgres from "postgres";
import { assertDatabaseAvailable, reportDatabaseError } from "./availability";

/**
 * postgres.js behind the availability gate (./availability.ts). Left alone while its database
 * refuses connections, postgres.js hands each waiting statement to a connection that reconnects at
 * once, over and over (~500 attempts a second, measured), and a statement may wait there until the
 * database is back. So every statement and transaction Drizzle starts passes here: refused at once
 * while the gate is closed, and its failure reported to the gate. When the gate closes, `drop()`
 * ends the pool without waiting (its statements fail, its connections are destroyed). The gate's
 * probe, the only one to connect meanwhile, is a fresh pool's first statement: when it answers, that
 * pool (one connection open) serves what follows.
 */
export type GatedPool = postgres.Sql & {
  drop: () => void;
  /** the gate's probe: a fresh pool's first connection; kept (warm) when it answers, so recovery costs no second connect */
  probe: () => Promise<void>;
};

export function gatedPool(open: () => postgres.Sql): GatedPool {
  const first = open();
  let current: postgres.Sql | null = first;
  let ended = false;

  const fresh = (): postgres.Sql => {
    if (ended) throw new Error("the database pool was closed");
    const made = open();
    // Drizzle set its type parsers on the first pool's options when it was made: the same for each new one
    Object.assign(made.options.parsers, first.options.parsers);
    Object.assign(made.options.serializers, first.options.serializers);
    return made;
  };
  const pool = (): postgres.Sql => {
    assertDatabaseAvailable();
    return (current ??= fresh());
  };
  const probe = async () => {
    const candidate = fresh();
    try {
      await candidate.unsafe("select 1");
    } catch (error) {
      void candidate.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
    const replaced = current;
    current = candidate;
    void replaced?.end({ timeout: 0 }).catch(() => {});
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
        case "probe":
          return probe;
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
