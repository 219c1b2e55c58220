import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: two processes writing one data folder silently lose data.
 * The first process writes its pid into DATA_DIR/kola.lock; a second one fails at once, naming the
 * holder. A lock whose process is gone (a crash) is taken over.
 */
export function acquireFolderLock(dataDir: string): () => void {
  const file = path.join(dataDir, "kola.lock");
  const deadline = Date.now() + 2_000;
  for (;;) {
    if (createWithPid(file)) {
      const release = () => {
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    }
    const holder = readPid(file);
    if (holder === process.pid) throw new Error(`The database in ${dataDir} is already open in this process.`);
    if (holder !== null && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder}. ` +
          "PGlite cannot be shared by two processes: stop the other one (a running server, " +
          "`npm run dev` or an admin command) and try again, or set DATABASE_URL to use PostgreSQL.",
      );
    }
    if (holder !== null) takeOverStale(file, holder); // its process is gone
    if (Date.now() > deadline) throw new Error(`Could not lock ${dataDir}.`);
  }
}

/**
 * Creates `file` holding our pid, or returns false when it exists. The pid is written to a private
 * file first and hard-linked into place, so nobody ever reads a lock file that is still empty.
 */
function createWithPid(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Removes a stale lock, one process at a time: without the guard, two processes could both see
 * the stale lock, and the slower one would delete the lock the faster one had just taken.
 */
function takeOverStale(file: string, stale: number): void {
  const guard = `${file}.takeover`;
  if (!createWithPid(guard)) {
    const guardHolder = readPid(guard);
    if (guardHolder !== null && !isAlive(guardHolder)) fs.rmSync(guard, { force: true }); // it crashed mid-takeover
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // let the other one finish
    return;
  }
  try {
    if (Object.is(readPid(file), stale)) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/** The pid in a lock file (NaN when unreadable, which counts as stale), or null when there is none. */
function readPid(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, "utf8").trim() || NaN);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
