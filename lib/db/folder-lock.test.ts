import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireFolderLock } from "./folder-lock";

// The PGlite folder lock, with real processes: a child (node + tsx) takes the lock on a temp folder.

const MODULE = pathToFileURL(path.resolve("lib/db/folder-lock.ts")).href;
const children: ChildProcess[] = [];
let dir: string;
let lockFile: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-lock-"));
  lockFile = path.join(dir, "kola.lock");
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A node process running `code` (with `acquireFolderLock` imported and `dir` defined), its stdout as lines. */
function start(code: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", `import { acquireFolderLock } from ${JSON.stringify(MODULE)};\nconst dir = process.argv[1];\n${code}`, dir],
    { cwd: process.cwd(), stdio: ["pipe", "pipe", "inherit"] },
  );
  children.push(child);
  const lines: string[] = [];
  let buffered = "";
  const waiters: (() => void)[] = [];
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** The first line starting with `prefix`, once the child has printed it. */
  async function line(prefix: string): Promise<string> {
    for (;;) {
      const found = lines.find((l) => l.startsWith(prefix));
      if (found) return found;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`child ${child.pid} exited without "${prefix}"`);
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), exited]);
    }
  }
  return { child, pid: child.pid!, line, exited };
}

/** A process that holds the lock on `dir` until it is killed. */
async function holder() {
  const process = start(`acquireFolderLock(dir); console.log("locked"); setInterval(() => {}, 1000);`);
  await process.line("locked");
  return process;
}

const inUse = (pid: number) =>
  `The embedded database in ${path.resolve(dir)} is in use by process ${pid}. ` +
  "PGlite cannot be shared by two processes: stop the other one (a running server, " +
  "`npm run dev` or an admin command) and try again, or set DATABASE_URL to use PostgreSQL.";

async function deadPid(): Promise<number> {
  const gone = start("");
  await gone.exited;
  return gone.pid;
}

describe("acquireFolderLock", () => {
  it("refuses a second process, naming the holder's pid", async () => {
    const other = await holder();
    expect(() => acquireFolderLock(dir)).toThrow(inUse(other.pid));
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(other.pid));
    expect(fs.readdirSync(dir)).toEqual(["kola.lock"]);
  });

  it("takes over the lock of a process that was killed", async () => {
    const other = await holder();
    other.child.kill("SIGKILL");
    await other.exited;
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(other.pid)); // no exit handler ran
    const release = acquireFolderLock(dir);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("is released when the holding process exits normally", async () => {
    const other = start(`acquireFolderLock(dir); console.log("locked");`);
    await other.line("locked");
    expect(await other.exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  const stale: [string, () => Promise<string>][] = [
    ["a dead process's pid", async () => String(await deadPid())],
    ["a pid with a newline", async () => `${await deadPid()}\n`],
    ["an empty file", async () => ""],
    ["text that is no pid", async () => "not a pid"],
    ["pid 0", async () => "0"],
    ["a negative pid", async () => "-1"],
  ];
  for (const [name, content] of stale) {
    it(`takes over a stale lock holding ${name}`, async () => {
      fs.writeFileSync(lockFile, await content());
      const release = acquireFolderLock(dir);
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      expect(fs.readdirSync(dir)).toEqual(["kola.lock"]);
      release();
      expect(fs.readdirSync(dir)).toEqual([]);
    });
  }

  it("refuses a second acquire in the same process", () => {
    const release = acquireFolderLock(dir);
    expect(() => acquireFolderLock(dir)).toThrow(`The database in ${dir} is already open in this process.`);
    release();
  });

  it("release removes the file, twice is harmless, and it never removes another process's lock", async () => {
    const release = acquireFolderLock(dir);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(() => release()).not.toThrow();
    const other = await holder();
    release(); // a stale release must not free the new holder's lock
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(other.pid));
  });

  // Without an atomic create and a guarded takeover, two racing processes could both "win".
  for (const [name, prepare] of [
    ["a fresh folder", async () => {}],
    ["a stale lock", async () => fs.writeFileSync(lockFile, String(await deadPid()))],
  ] as const) {
    it(`lets exactly one of ten processes racing for ${name} win`, { timeout: 60_000 }, async () => {
      await prepare();
      const racers = Array.from({ length: 10 }, () =>
        start(`process.stdin.once("data", (go) => {
          while (Date.now() < Number(String(go))) {} // all start in the same millisecond
          try { acquireFolderLock(dir); console.log("won " + process.pid); }
          catch (error) { console.log("lost " + error.message); process.exit(0); }
        });
        console.log("ready");`),
      );
      await Promise.all(racers.map((r) => r.line("ready")));
      const go = String(Date.now() + 300);
      for (const racer of racers) racer.child.stdin!.write(go);
      const results = await Promise.all(racers.map((r) => Promise.race([r.line("won"), r.line("lost")])));
      const winners = results.filter((r) => r.startsWith("won "));
      expect(winners).toHaveLength(1);
      const winner = Number(winners[0]!.slice(4));
      expect(results.filter((r) => r.startsWith("lost ")).sort()).toEqual(Array(9).fill(`lost ${inUse(winner)}`));
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(winner));
    });
  }
});
