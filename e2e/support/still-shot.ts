import type { Page } from "@playwright/test";

/**
 * A full-page screenshot of what a page shows now, taken from a copy that cannot move on: the
 * page's markup without its scripts and its meta refresh, served at the page's own address to
 * another tab of the same browser context. A waiting page reloads itself every few seconds (a meta
 * refresh without JavaScript, a reload when the script sees the payment), and a screenshot that
 * meets that reload halfway waited until the test's timeout on a loaded machine.
 */
export async function stillShot(page: Page, file: string): Promise<void> {
  const url = page.url();
  const markup = (await page.content())
    .replace(/<meta[^>]*http-equiv="refresh"[^>]*>/gi, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const copy = await page.context().newPage();
  try {
    const size = page.viewportSize();
    if (size) await copy.setViewportSize(size);
    await copy.route(
      (address) => address.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: markup }),
    );
    await copy.goto(url);
    await copy.screenshot({ path: file, fullPage: true });
  } finally {
    await copy.close();
  }
}
