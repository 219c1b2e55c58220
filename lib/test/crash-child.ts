import { spawn } from "node:child_process";
import { expect } from "vitest";
import { closeDb, databaseSettings } from "@/lib/db/client";
import type { CrashPointName } from "@/lib/payments/crash-point";

// The crash tests' child: `script` (an ES module, run by node + tsx with the react-server condition)
// on this test's database, stopped at `point` (lib/payments/crash-point.ts) and killed there with
// SIGKILL. On PGlite this process closes its database first: one process at a time on a folder.

export async function crashChildAt(point: CrashPointName, script: string, args: string[]): Promise<void> {
  if (!databaseSettings().databaseUrl) await closeDb();
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, KOLA_CRASH_POINT: point, LOG_LEVEL: "silent" },
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
  expect([reached, await exited, out]).toEqual([true, "SIGKILL", `crash-point ${point}\n`]);
}
