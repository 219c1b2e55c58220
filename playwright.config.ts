import { defineConfig } from "@playwright/test";

// End-to-end tests against the production build: run `npm run build` first, then `npm run test:e2e`.
// e2e/global-setup.ts creates an account with the admin CLI on a fresh embedded database, then
// starts the production server (what `npm start` runs) on a free 127.0.0.1 port; its address
// reaches the tests as KOLA_E2E_BASE_URL. KOLA_DISPATCH=off serves /v1 through Next.js (CI runs
// the `api` project so too: both paths must answer alike).
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./e2e/.artifacts/test-results",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  // A page's first assertion waits for its hydration: under a full run on a busy 2-core machine the
  // dashboard's JavaScript took up to 9 s to fetch its data (the server answered in 0.1 s), past
  // the default 5 s. A wait, not a speed target: it ends as soon as the condition holds.
  expect: { timeout: 15_000 },
  reporter: CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "./e2e/.artifacts/report" }]],
  use: {
    // Set by the global setup before the workers start (workers read this file again).
    baseURL: process.env.KOLA_E2E_BASE_URL,
    trace: "retain-on-failure",
    // Playwright cannot download its browsers here: Debian's Chromium (apt-get install chromium).
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // The HTTP API over real requests (no browser).
    { name: "api", testDir: "./e2e/api" },
    // The hosted checkout in Chromium on a phone-sized screen (screenshots in e2e/.artifacts/pay/).
    {
      name: "pay",
      testDir: "./e2e/pay",
      // a payment waits for the sandbox (1–3 s) or for expiry (DEPOSIT_EXPIRY_SECONDS); full-page
      // screenshots at 2x take seconds each on a busy 2-core machine (a guard against hangs: the
      // page without JavaScript went past 90 s on a machine loaded by other work)
      timeout: 120_000,
      use: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "fr-FR" },
    },
    // The stall's pages (/s/{code}) on a phone, the cashier's view of the sale and the printed poster (e2e/.artifacts/checkout/).
    {
      name: "checkout",
      testDir: "./e2e/checkout",
      timeout: 120_000,
      use: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "fr-FR" },
    },
    // The merchant dashboard in Chromium at desktop size; specs also shoot 375 px (e2e/.artifacts/dashboard/).
    {
      name: "dashboard",
      testDir: "./e2e/dashboard",
      // a guard against hangs, not a speed target: the longest specs run axe at two sizes on several
      // pages (4–5 s each on a busy 2-core machine) and went past 60 s
      timeout: 120_000,
      use: { viewport: { width: 1280, height: 800 }, locale: "fr-FR" },
    },
    // Webhooks over real HTTP: a receiver on 127.0.0.1 gets signed events from the server's worker (no browser).
    { name: "webhooks", testDir: "./e2e/webhooks", timeout: 60_000 },
    // `npm start` stopped by a signal, and refused a PGlite folder in use: servers of its own (no browser).
    { name: "server", testDir: "./e2e/server", timeout: 180_000 },
  ],
});
