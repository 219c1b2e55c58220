// The README's curl examples run in order, as written, against a fresh production server: an
// account made with the admin CLI as the README's production part says, then every example block
// of "The API in curl" and "Webhooks" (e2e/support/readme-examples.ts). A step that fails stops it.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { readmeScript } from "../support/readme-examples";
import { createAccount, freePort, HOST, ROOT, startServer } from "../support/kola-server";

const run = promisify(execFile);
// the smallest PNG there is (1×1, transparent): the README's `logo.png`
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test("the README's API examples run in order against a fresh server", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-e2e-readme-"));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-e2e-readme-cwd-"));
  fs.writeFileSync(path.join(workDir, "logo.png"), Buffer.from(PNG, "base64"));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_BASE_URL: `http://${HOST}:${port}`,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
  };
  const account = await createAccount(env, { email: "you@shop.cm", password: "a long password", business: "Ma Boutique" });
  const server = await startServer({ env, port, logFile: path.join(ROOT, "e2e", ".artifacts", "server", "readme.log") });
  try {
    const { stdout, stderr } = await run("bash", ["-c", readmeScript()], {
      cwd: workDir,
      env: { ...process.env, KOLA: server.baseURL, KEY: account.api_key },
      timeout: 60_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${error.message}\n--- output ---\n${error.stdout}\n--- trace ---\n${error.stderr}`);
    });
    fs.writeFileSync(path.join(ROOT, "e2e", ".artifacts", "server", "readme-output.txt"), `${stdout}\n--- trace ---\n${stderr}`);
    expect(stdout).toContain("README examples: all ran");
    expect(stdout).toMatch(/\{"track_id":"TRK\w+","status":"pending","next":"[^"]+"\}/);
    // what the comments beside the examples say they answer
    expect(stdout).toContain('{"order_id":"CMD-42","status":"pending"}');
    expect(stdout).toMatch(/"deleted":true/);
    // a request to pay pushed by the server's own job, approved by the sandbox, waited for in one GET
    expect(stdout).toMatch(/"status":"pending","delivery":"push"/);
    expect(stdout).toMatch(/"status":"paid","delivery":"push".*"receipt_code":"[0-9A-Z]{5}-[0-9A-Z]{5}"/);
    expect(stdout).toMatch(/"fee":375/);
    expect(stdout).toMatch(/"secret":"whsec_/);
    expect(stderr).toContain("/v1/webhooks/"); // the trace reached the last block
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
