// Once per `playwright test`: a fresh DATA_DIR (embedded PGlite), an account made with the admin
// CLI while no server holds that folder, then the production server (the one `npm start` runs) on a free
// 127.0.0.1 port. Tests get its address and the account through KOLA_E2E_* variables (see
// e2e/fixtures.ts); at the end, `npm run ledger:check` on that database. With KOLA_E2E_BASE_URL
// and KOLA_E2E_API_KEY already set, that server is used as is.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startCinetpayEmulator } from "@/test/emulators/cinetpay";
import { startPawapayEmulator } from "@/test/emulators/pawapay";
import { parseJsonBody, serve } from "@/test/emulators/serve";
import { createAccount, freePort, HOST, ROOT, startServer } from "./support/kola-server";

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.KOLA_E2E_BASE_URL && process.env.KOLA_E2E_API_KEY) return;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-e2e-"));
  const port = await freePort();
  // live mode pays through the providers' contract emulators: pawaPay first; Orange
  // Cameroon is closed at pawaPay, so it goes to CinetPay (the redirect flow)
  const cinetpayCredentials = { apiKey: "e2e-cinetpay-key", siteId: "100000", secretKey: randomBytes(16).toString("hex"), transferPassword: randomBytes(8).toString("hex") };
  const pawapay = await startPawapayEmulator({
    token: "e2e-pawapay-token",
    callbackUrl: `http://${HOST}:${port}/api/providers/pawapay/callback`,
    disbursementCallbackUrl: `http://${HOST}:${port}/api/providers/pawapay/disbursements/callback`,
    callbackDelayMs: 1500,
  });
  pawapay.closed.add("ORANGE_CMR");
  const cinetpay = await startCinetpayEmulator(cinetpayCredentials);
  // the specs run in other processes: they make pawaPay fail through this small control endpoint
  // (e2e/pay/providers.spec.ts: POST {"pawapay": "refuse" | "503" | "unreadable" | "up"})
  const control = await serve(async (req) => {
    const wanted = (parseJsonBody(req.raw) as { pawapay?: string } | undefined)?.pawapay;
    if (req.method !== "POST" || !wanted || !["refuse", "503", "unreadable", "up"].includes(wanted)) return { status: 400, body: { error: "POST {pawapay: refuse|503|unreadable|up}" } };
    await pawapay.setRefusing(wanted === "refuse");
    pawapay.setDown(wanted === "503");
    pawapay.tamper.unreadableConf = wanted === "unreadable"; // active-conf answers a body no reader can take
    return { status: 200, body: { pawapay: wanted } };
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_BASE_URL: `http://${HOST}:${port}`, // payment links point at this server
    DATA_DIR: dataDir,
    DATABASE_URL: "", // always the embedded database here, whatever the shell has
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: process.env.PROVIDER_CALLBACK_SECRET || randomBytes(32).toString("hex"),
    // short, so the checkout's expiry spec (a …03 number never answers) ends in seconds
    DEPOSIT_EXPIRY_SECONDS: process.env.DEPOSIT_EXPIRY_SECONDS || "8",
    // the webhook specs' receiver listens on 127.0.0.1, which production refuses without this
    WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
    // no SMTP server: mails are kept at /dev/mail, where the specs read them
    DEV_MAIL_PAGE: "1",
    // one proxy hop trusted: the specs' sign-ups each say an address of their own (X-Forwarded-For)
    TRUST_PROXY: "1",
    SMTP_URL: "",
    LIVE_PROVIDERS: "pawapay,cinetpay",
    PAWAPAY_BASE_URL: pawapay.url,
    PAWAPAY_API_TOKEN: "e2e-pawapay-token",
    CINETPAY_BASE_URL: cinetpay.url,
    CINETPAY_API_KEY: cinetpayCredentials.apiKey,
    CINETPAY_SITE_ID: cinetpayCredentials.siteId,
    CINETPAY_SECRET_KEY: cinetpayCredentials.secretKey,
    CINETPAY_TRANSFER_URL: cinetpay.url,
    CINETPAY_TRANSFER_PASSWORD: cinetpayCredentials.transferPassword,
    // the failover specs make pawaPay fail on purpose, one after the other: its circuit breaker
    // (tested in test/payments/failover.test.ts) would otherwise set it aside for the specs after them
    BREAKER_FAILURES: "1000",
  };
  const account = await createAccount(
    { ...env, LOG_LEVEL: "silent" },
    { email: "e2e@kola.test", password: "e2e-password-1234", business: "Boutique E2E", country: "CMR" },
  );

  const logFile = path.join(ROOT, "e2e", ".artifacts", "server.log");
  const closeEmulators = () => Promise.all([pawapay.close(), cinetpay.close(), control.close()]);
  const server = await startServer({ env, port, logFile }).catch(async (error: unknown) => {
    await closeEmulators();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });

  Object.assign(process.env, {
    KOLA_E2E_BASE_URL: server.baseURL,
    KOLA_E2E_API_KEY: account.api_key,
    KOLA_E2E_ACCOUNT_ID: account.account_id,
    KOLA_E2E_EMAIL: account.email,
    KOLA_E2E_PASSWORD: account.password,
    KOLA_E2E_DATA_DIR: dataDir,
    KOLA_E2E_EMULATOR_CONTROL: control.url,
  });

  return async () => {
    await server.stop();
    await closeEmulators();
    // the books of everything the specs did (sales, payouts, refunds, withdrawals, in both modes),
    // recomputed from the postings once the server has let go of the folder
    const check = spawnSync("npm", ["run", "--silent", "ledger:check"], { cwd: ROOT, env: { ...env, LOG_LEVEL: "silent" }, encoding: "utf8" });
    process.stdout.write(`\n${check.stdout}${check.stderr}`);
    if (!process.env.KOLA_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    if (check.status !== 0) throw new Error(`npm run ledger:check on the e2e server's database exited ${check.status}`);
  };
}
