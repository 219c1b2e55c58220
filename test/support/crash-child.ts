import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect } from "vitest";
import { closeDb, databaseSettings, useDatabase } from "@/lib/db/client";
import { checkLedger } from "@/lib/ledger/check";
import type { CrashPointName } from "@/lib/runtime/crash-point";

// The harness of the kill -9 tests: a child process (node + tsx) runs `script` (an ES module that
// reads its job from process.argv[1]: `{ ...job, settings }`, the database settings to open) on the
// test file's database, stops at a crash point (lib/runtime/crash-point.ts) and is killed there.

/**
 * The file's database as the child can open it too: on PGlite a folder of its own (the in-memory
 * database of test/support/setup.ts lives in this process only), on PostgreSQL the file's database.
 * After the file, the books must agree.
 */
export function crashTestDatabase(prefix: string): void {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (!databaseSettings().databaseUrl) await useDatabase({ dataDir });
  });
  afterAll(async () => {
    expect(await checkLedger()).toEqual([]);
    await closeDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A project file as an `import` specifier the child's script can use. */
export const childImport = (file: string) => JSON.stringify(pathToFileURL(path.resolve(file)).href);

/**
 * Runs `script` in a child process started with KOLA_CRASH_POINT=`point`, waits until it announces
 * the point, kills it with SIGKILL and returns what it printed (the announcement, and anything
 * before it). PGlite is closed first: one process at a time on a folder.
 */
export async function crashChildAt(point: CrashPointName, script: string, job: Record<string, unknown> = {}, env: Record<string, string> = {}): Promise<string> {
  const settings = databaseSettings();
  if (!settings.databaseUrl) await closeDb();
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script, JSON.stringify({ ...job, settings })], {
    cwd: process.cwd(),
    env: { ...process.env, KOLA_CRASH_POINT: point, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  let out = "";
  const reached = await new Promise<boolean>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`crash-point ${point}\n`)) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  child.kill("SIGKILL");
  expect([reached, await exited]).toEqual([true, "SIGKILL"]);
  return out;
}
