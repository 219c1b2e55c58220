import type postgres from "postgres";
import { assertDatabaseAvailable, busyError, reportDatabaseError } from "./availability";

/**
 * postgres.js behind the availability gate (./availability.ts), with a bounded wait for a connection.
 *
 * The gate. Left alone while its database refuses connections, postgres.js hands each waiting
 * statement to a connection that reconnects at once, over and over (~500 attempts a second,
 * measured), and a statement may wait there until the database is back. So every statement and
 * transaction Drizzle starts passes here: refused at once while the gate is closed, and its failure
 * reported to the gate, whose verdict (down, or up but busy) it waits for before its caller sees the
 * error. When the gate closes, `drop()` ends the pool without waiting (its statements fail, its
 * connections are destroyed). The gate's probe, the only one to connect meanwhile, is a fresh pool's
 * first statement: when it answers, that pool (one connection open) serves what follows. Its check
 * (after a connection error while open) is a connection of its own, closed after `select 1`: the
 * pool and its statements in flight are left alone.
 *
 * The wait. At most `max` statements and transactions run at once, one per connection; the others
 * wait here in turn, each at most `waitMs`, then fail with SERVICE_BUSY (503, Retry-After): a burst
 * is answered "busy" after a known bound, never left waiting without end. A transaction's own
 * statements run on its reserved connection and are not counted again. Never two statements in
 * flight on one connection also keeps a pooler in transaction mode right: postgres.js would
 * otherwise send a statement behind one that has not answered yet (pipelining), and PgBouncer before
 * 1.21 gives the server connection back at the first ReadyForQuery that ends a transaction, so the
 * statement behind it runs on a server no client is linked to any more: PgBouncer drops its answer
 * ("got packet '1' from server when not linked") and the query waits forever (seen with 100 checkout
 * submits at once behind Debian's PgBouncer 1.18, test/payments/attempts.test.ts).
 */
export type GatedPool = postgres.Sql & {
  drop: () => void;
  /** the gate's probe: a fresh pool's first connection; kept (warm) when it answers, so recovery costs no second connect */
  probe: () => Promise<void>;
  /** the gate's check: one connection of its own asks the database, then closes; the pool is not touched */
  check: () => Promise<void>;
};

export function gatedPool(open: () => postgres.Sql, { max, waitMs }: { max: number; waitMs: number }): GatedPool {
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
  const pool = (): postgres.Sql => (current ??= fresh());
  const ask = async (candidate: postgres.Sql) => {
    try {
      await candidate.unsafe("select 1");
    } catch (error) {
      void candidate.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
  };
  const probe = async () => {
    const candidate = fresh();
    await ask(candidate);
    const replaced = current;
    current = candidate;
    void replaced?.end({ timeout: 0 }).catch(() => {});
  };
  const check = async () => {
    const candidate = fresh();
    await ask(candidate);
    void candidate.end({ timeout: 0 }).catch(() => {});
  };

  // The slots: `free` connections not running a statement or transaction; `waiting` in turn, the
  // oldest first, so one timer, set for the oldest's deadline, is enough to answer the late ones.
  let free = max;
  type Waiter = { go: () => void; fail: (error: unknown) => void; deadline: number };
  const waiting: Waiter[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;
  const expire = () => {
    timer = undefined;
    const now = performance.now();
    while (head < waiting.length && waiting[head]!.deadline <= now) waiting[head++]!.fail(busyError());
    compact();
    if (head < waiting.length) arm();
  };
  const arm = () => {
    timer ??= setTimeout(expire, Math.max(0, waiting[head]!.deadline - performance.now()) + 1);
  };
  const compact = () => {
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
      if (timer) clearTimeout(timer);
      timer = undefined;
    } else if (head > 1024) {
      waiting.splice(0, head);
      head = 0;
    }
  };
  const release = () => {
    if (head === waiting.length) return void free++;
    const next = waiting[head++]!;
    compact();
    next.go();
  };
  const acquire = (): Promise<void> | undefined => {
    if (free > 0) {
      free--;
      return undefined;
    }
    return new Promise<void>((go, fail) => {
      waiting.push({ go, fail, deadline: performance.now() + waitMs });
      arm();
    });
  };
  const failed = async (error: unknown): Promise<never> => {
    await reportDatabaseError(error);
    throw error;
  };
  /** Runs `start` in a slot, the gate open: its failure reported to the gate, and its slot given back when it settles. */
  const gated = <T>(start: (sql: postgres.Sql) => PromiseLike<T>): Promise<T> => {
    try {
      assertDatabaseAvailable();
    } catch (error) {
      return Promise.reject(error);
    }
    const slot = acquire();
    if (!slot) return run(start);
    return slot.then(() => {
      try {
        assertDatabaseAvailable(); // the gate closed while this one waited: its slot goes to the next
      } catch (error) {
        release();
        throw error;
      }
      return run(start);
    });
  };
  const run = <T>(start: (sql: postgres.Sql) => PromiseLike<T>): Promise<T> => {
    let started: PromiseLike<T>;
    try {
      started = start(pool());
    } catch (error) {
      release();
      return Promise.reject(error);
    }
    // a postgres.js query is a Promise whose species is Promise: its then() runs it and gives a plain one
    return started.then(
      (value) => {
        release();
        return value;
      },
      (error: unknown) => {
        release();
        return failed(error);
      },
    ) as Promise<T>;
  };

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
              gated((sql) => sql.unsafe(query, params, options)).then(resolve, reject),
            values: () => gated((sql) => sql.unsafe(query, params, options).values()),
          });
        case "begin":
          return (...args: unknown[]) => gated((sql) => (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args));
        case "drop":
          return drop;
        case "probe":
          return probe;
        case "check":
          return check;
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
