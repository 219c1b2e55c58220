import path from "node:path";
import { expect, test } from "../fixtures";
import { signUp } from "./support";

const SHOTS = path.join(import.meta.dirname, "..", ".artifacts", "dashboard");

test("Providers section with pawaPay's configuration unreadable", async ({ page, baseURL }) => {
  await signUp(page, "Boutique Contrat");
  await page.request.post(process.env.KOLA_E2E_EMULATOR_CONTROL!, { data: { pawapay: "unreadable" } });
  await page.context().addCookies([{ name: "kola_mode", value: "live", url: baseURL! }]);
  for (const [w, h, name] of [[1280, 900, "providers-unreadable-desktop"], [375, 812, "providers-unreadable-375"]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/dashboard/developers");
    const alert = page.locator("[data-configuration=unreadable]");
    await expect(alert).toBeVisible();
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }
  await page.request.post(process.env.KOLA_E2E_EMULATOR_CONTROL!, { data: { pawapay: "up" } });
});
