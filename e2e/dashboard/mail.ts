// The mails a test server "sends": with no SMTP_URL and DEV_MAIL_PAGE=1 (e2e/global-setup.ts), they
// are listed at /dev/mail. Specs read them there, as a developer would, and follow their links.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The first link to `pathname` in the newest mail to `to` (waits a little: mails leave after the answer). */
export async function mailLink(request: APIRequestContext, to: string, pathname: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await request.get("/dev/mail")).text();
        const start = html.indexOf(`data-mail-to="${to}"`);
        if (start < 0) return undefined;
        const article = html.slice(start, html.indexOf("</article>", start));
        const href = new RegExp(`href="(https?://[^"]*${pathname.replace(/[/]/g, "\\/")}\\?token=[^"]+)"`).exec(article)?.[1];
        found = href?.replaceAll("&amp;", "&");
        return found;
      },
      { timeout: 10_000, message: `a mail to ${to} with a ${pathname} link` },
    )
    .toBeTruthy();
  return found!;
}

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };
const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "actions");

/** Every axe rule (WCAG 2.x A/AA and best practices), any impact: none may fail. */
export async function expectNoAxeViolation(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const all = results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  expect(all, `axe: ${label}`).toEqual([]);
}

/**
 * `name`-1440.png and `name`-375.png (full page) in `shots`, `axe` at both sizes, and nothing wider
 * than the phone. Leaves the page at 1440×900.
 */
export async function checkBoth(page: Page, name: string, shots = SHOTS, axe = expectNoAxeViolation): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  for (const [size, suffix] of [
    [WIDE, "1440"],
    [PHONE, "375"],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(shots, `${name}-${suffix}.png`), fullPage: true });
    await axe(page, `${name} at ${suffix}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width at ${suffix}`).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(WIDE);
}
