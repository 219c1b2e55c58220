// The marketplace settings beyond the main journey: an image dropped on its zone, the upload's
// progress on a slow connection, a file too large for the server, and the on/off switch as the
// links page and the buyer's page then show it. Screenshots in e2e/.artifacts/dashboard/marketplace/.
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { logoPng } from "../pay/data";
import { expectAccessible, MarketplaceLinks, MarketplaceSettings, shots, signUp } from "./marketplace-pages";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A PNG of random pixels: it does not compress, so its size is about width × height × 3 bytes. */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((1 + width * 3) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (1 + width * 3) === 0 ? 0 : (Math.random() * 256) | 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 0 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Drops a file on an element as a browser would (a `drop` event carrying a DataTransfer). */
async function dropFile(page: Page, testId: string, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
  await page.getByTestId(testId).dispatchEvent("dragenter", { dataTransfer });
  await page.getByTestId(testId).dispatchEvent("drop", { dataTransfer });
}

test("uploads show their progress and the server's refusals; switched off, the marketplace stops selling", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, { business: "Boutique Kofi", email: `kofi-${unique()}@example.com`, password: "e2e-password-1234" });
  const settings = new MarketplaceSettings(page);
  await settings.open();
  await page.getByRole("button", { name: "Créer ma marketplace" }).click();
  await expect(page.getByRole("heading", { name: "Formulaire de paiement" })).toBeVisible();

  // — A favicon dropped on its zone.
  await dropFile(page, "favicon-dropzone", { name: "favicon.png", type: "image/png", bytes: logoPng(32) });
  await expect(page.getByRole("status").getByText("Favicon enregistrée")).toBeVisible();
  await expect(page.getByRole("img", { name: "Image actuelle (Favicon)" })).toHaveAttribute("src", /\/files\/[0-9a-f-]+\.png$/);

  // — Too large for a favicon: said at once, nothing sent.
  const tooBig = noisePng(600, 600); // ≈ 1 MB
  expect(tooBig.length).toBeGreaterThan(512 * 1024);
  await page.getByTestId("favicon-input").setInputFiles({ name: "grand.png", mimeType: "image/png", buffer: tooBig });
  await expect(page.getByRole("alert").filter({ hasText: /^Ce fichier pèse [\d,]+ Mo : 512 Ko au plus\./ })).toBeVisible();

  // — A logo on a slow connection: the progress bar moves while the bytes leave.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 120 * 1024 });
  await page.getByTestId("logo-input").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: noisePng(400, 400) }); // ≈ 480 KB
  const progress = page.getByRole("progressbar", { name: "Progression de l'envoi" });
  await expect(progress).toBeVisible();
  await expect(page.getByText("Envoi de photo.png…")).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
  await shots(page, "20-logo-uploading");
  await expect(page.getByRole("status").getByText("Logo enregistré")).toBeVisible({ timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // — Switched off: the preview says so; the links page explains and offers no "new link".
  await page.getByRole("switch", { name: "Marketplace active" }).click();
  await expect(page.getByText("Vos liens refusent les nouveaux paiements.")).toBeVisible();
  await expect(settings.previewBox.getByText("Marketplace inactive : cette page refuse les paiements.")).toBeVisible();
  await settings.save();
  await expect(page.getByRole("status").getByText("Marketplace enregistrée")).toBeVisible();
  await expectAccessible(page, "inactive marketplace settings");
  await shots(page, "21-settings-inactive");

  const links = new MarketplaceLinks(page);
  await links.open();
  await expect(page.getByText("Votre marketplace est inactive : ses liens refusent les paiements")).toBeVisible();
  await expect(page.getByRole("button", { name: "Nouveau lien" })).toHaveCount(0);
  await expectAccessible(page, "marketplace links, inactive");
  await shots(page, "22-links-inactive");

  // — Back on: a link can be created again, from the button the warning offered.
  await page.getByRole("link", { name: "Activer la marketplace" }).click();
  await page.getByRole("switch", { name: "Marketplace active" }).click();
  await settings.save();
  await expect(page.getByText("Tout est enregistré")).toBeVisible();
  await page.getByRole("link", { name: "Créer un lien pour un vendeur" }).click();
  await expect(links.dialog.getByRole("heading", { name: "Nouveau lien marketplace" })).toBeVisible();
  await expect(links.dialog.getByLabel("Boutique du vendeur")).toBeVisible();
});

test("the links list shows 20 links a page, newest first, and pages both ways", async ({ page, baseURL }) => {
  await signUp(page, { business: "Marché Binta", email: `binta-${unique()}@example.com`, password: "e2e-password-1234" });
  // set up through the API the dashboard uses, with the page's own session
  const headers = { origin: baseURL!, "kola-mode": "test" };
  const created = await page.request.post("/v1/api/marketplace", { headers, multipart: { name: "Marché Binta", fee: "2" } });
  expect(created.status(), await created.text()).toBe(200);
  for (let i = 1; i <= 21; i++) {
    const res = await page.request.post("/v1/api/marketplace/gateway", {
      headers,
      data: { amount: 1000 * i, shop_name: `Vendeur ${String(i).padStart(2, "0")}`, phone_number: "+221 77 000 00 00" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  const links = new MarketplaceLinks(page);
  await links.open();
  const rows = page.getByTestId("marketplace-link-row");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Vendeur 21");
  await expect(rows.first()).toContainText("21 000 F CFA"); // a Senegalese seller: XOF
  await expect(rows.first()).toContainText("21 420 F CFA"); // + 2 %
  await page.getByRole("button", { name: /Page suivante/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Vendeur 01");
  await expect(page.getByRole("button", { name: /Page suivante/ })).toBeDisabled();
  await page.getByRole("button", { name: /Page précédente/ }).click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Vendeur 21");
});
