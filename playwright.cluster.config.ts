import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run test:cluster` (after `npm run build`): two nodes behind nginx, PgBouncer and an S3 server,
// one node killed mid-traffic (e2e/cluster/). It starts its own servers and wants the
// machine to itself, so it runs alone, without the shared server of e2e/global-setup.ts.
export default defineConfig({
  ...base,
  globalSetup: undefined,
  workers: 1,
  // a hang guard: set-up, 40 s of traffic, then a drain that may take up to 5 minutes
  projects: [{ name: "cluster", testDir: "./e2e/cluster", timeout: 540_000 }],
});
