// Page objects for the marketplace screens of the dashboard: what a merchant does there, in the
// words they read (French, the default language), so the specs read like the journey itself.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { mailLink } from "./mail";

export const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard", "marketplace");

/**
 * Screenshots of the whole page at the current width and at 375 px. The window is made as tall as
 * the page first (rather than a stitched full-page capture), so fixed and sticky parts — the
 * sidebar, the save bar — sit where a person scrolling would see them.
 */
export async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  await capture(page, size.width, path.join(SHOTS, `${name}-desktop.png`));
  await capture(page, 375, path.join(SHOTS, `${name}-375.png`));
  await page.setViewportSize(size);
}

async function capture(page: Page, width: number, file: string): Promise<void> {
  await page.setViewportSize({ width, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150); // the layout settles (wrapped rows, sticky bars)
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(Math.max(812, height), 8000) });
  await page.waitForTimeout(150);
  await page.screenshot({ path: file });
}

/**
 * No serious or critical axe-core violation (WCAG 2.x A and AA rules, best practices) in the page's
 * own content: `#main`, where these screens and their dialogs render. The dashboard's frame around
 * it (sidebar, top bar) is checked by the specs of the shell.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include("#main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

export async function signUp(page: Page, account: { business: string; email: string; password: string }): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Nom de votre entreprise").fill(account.business);
  await page.getByLabel("Adresse e-mail").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Confirmez votre adresse" })).toBeVisible();
  await page.goto(await mailLink(page.request, account.email, "/signup/confirm"));
  await page.getByRole("button", { name: "Confirmer et ouvrir mon compte" }).click();
  await page.waitForURL(/\/dashboard$/);
}

export class MarketplaceSettings {
  constructor(readonly page: Page) {}

  get blocks(): Locator {
    return this.page.getByTestId("form-block");
  }

  /** The preview beside the builder: the dashboard's notes and the buyer's page in its frame. */
  get previewBox(): Locator {
    return this.page.getByTestId("checkout-preview");
  }

  /** The buyer's page as the preview draws it (the checkout's own markup, in an iframe). */
  get preview(): FrameLocator {
    return this.previewBox.locator("iframe").contentFrame();
  }

  async open(): Promise<void> {
    await this.page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Marketplace", exact: true }).click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  }

  /** The labels of the builder's questions, in order. */
  async labels(): Promise<string[]> {
    return this.blocks.evaluateAll((items) => items.map((item) => item.getAttribute("data-label") ?? ""));
  }

  async previewLabels(): Promise<string[]> {
    // the questions' fields: labelled for `a-<field name>`, as on the checkout page
    return this.preview.locator('form .field:has(label[for^="a-"])').evaluateAll((items) =>
      items.map((item) => (item.querySelector("label")?.childNodes[0]?.textContent ?? "").trim()),
    );
  }

  /** Adds a question of a type (its button in the picker) and names it. */
  async addQuestion(type: string, label: string): Promise<Locator> {
    await this.page.getByRole("button", { name: type, exact: true }).click();
    const block = this.blocks.last();
    await expect(block.getByLabel("Intitulé", { exact: true })).toBeFocused();
    await block.getByLabel("Intitulé", { exact: true }).fill(label);
    return block;
  }

  block(label: string): Locator {
    return this.page.locator(`[data-testid="form-block"][data-label="${label}"]`);
  }

  /** Opens a folded question to edit its fields. */
  async expand(label: string): Promise<Locator> {
    const block = this.block(label);
    const toggle = block.locator("[aria-expanded]");
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    return block;
  }

  handle(label: string): Locator {
    return this.page.getByRole("button", { name: `Déplacer la question « ${label} »` });
  }

  /** Drags a question by its handle with the mouse, onto the place of another (dnd-kit's pointer sensor). */
  async dragWithMouse(label: string, ontoLabel: string): Promise<void> {
    // both handles on screen, clear of the sticky top bar and save bar
    const top = Math.min(...(await Promise.all([this.block(label), this.block(ontoLabel)].map((b) => b.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)))));
    await this.page.evaluate((y) => window.scrollTo(0, y - 120), top);
    const from = (await this.handle(label).boundingBox())!;
    const to = (await this.handle(ontoLabel).boundingBox())!;
    const limit = this.page.viewportSize()!.height - 90;
    expect(Math.max(from.y, to.y), "both handles fit in the window").toBeLessThan(limit);
    // as a person does: the dragged question's middle brought onto the middle of the other one
    const fromBlock = (await this.block(label).boundingBox())!;
    const toBlock = (await this.block(ontoLabel).boundingBox())!;
    const dy = toBlock.y + toBlock.height / 2 - (fromBlock.y + fromBlock.height / 2);
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x, y + Math.sign(dy) * 12, { steps: 3 }); // past the 8 px activation distance
    await this.page.mouse.move(x, y + dy, { steps: 15 });
    await this.page.waitForTimeout(200);
    await this.page.mouse.up();
  }

  /** Moves a question with the keyboard from its handle: Space, arrows, Space (dnd-kit's keyboard sensor). */
  async moveWithKeyboard(label: string, key: "ArrowUp" | "ArrowDown", times = 1): Promise<void> {
    await this.handle(label).focus();
    await this.page.keyboard.press("Space");
    await this.page.waitForTimeout(150);
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key);
      await this.page.waitForTimeout(250); // the sortable animates to its new place before the next step
    }
    await this.page.keyboard.press("Space");
    await this.page.waitForTimeout(300);
  }

  /** What dnd-kit's live region last said to screen readers. */
  get announcement(): Locator {
    return this.page.locator('[id^="DndLiveRegion"]');
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  }
}

export class MarketplaceLinks {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Liens marketplace" }).click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Liens marketplace" })).toBeVisible();
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }
}
