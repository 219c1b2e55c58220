// Webhooks from the Developers page: add an endpoint (secret shown once), send a test event and
// read its delivery in the log, resend it, disable and delete the endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../fixtures";
import { checkPage, expectAccessible, screenshots, signUp } from "./support";

test("add a webhook endpoint, send a test event, read the delivery log, resend, disable, delete", async ({ page }) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200, { "content-type": "text/plain" }).end("merci");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kola`;
  try {
    await signUp(page);
    await page.goto("/dashboard/developers");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("Aucune adresse de notification dans ce mode.")).toBeVisible({ timeout: 15_000 });

    await section.getByRole("button", { name: "Ajouter une adresse" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une adresse" });
    await dialog.getByLabel("Adresse de notification (URL)").fill("pas une url");
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog.getByText(/^Entrez une adresse complète/)).toBeVisible();
    await dialog.getByLabel("Adresse de notification (URL)").fill(url);
    await dialog.getByLabel("Paiement réussi", { exact: true }).check();
    await dialog.getByLabel("Paiement échoué", { exact: true }).check();
    await screenshots(page, "50-webhook-form");
    await expectAccessible(page, "webhook form");
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();

    const secretDialog = page.getByRole("dialog", { name: "Secret de signature" });
    await expect(secretDialog.getByTestId("webhook-secret")).toHaveValue(/^whsec_/);
    await secretDialog.getByLabel("J'ai enregistré le secret").check();
    await secretDialog.getByRole("button", { name: "Fermer" }).last().click();

    const item = section.getByRole("rowgroup", { name: url });
    await expect(item).toContainText("Paiement réussi, Paiement échoué");
    await item.getByRole("button", { name: "Envoyer un test" }).click();
    const log = item.getByRole("group", { name: "Journal des envois" });
    const row = log.getByRole("row").filter({ hasText: "Test" });
    await expect(row).toContainText("Livré", { timeout: 20_000 });
    await expect(row).toContainText("200");
    await expect(row).toContainText("merci");
    expect(received.some((body) => body.includes('"type":"webhook.test"'))).toBe(true);
    await checkPage(page, "51-webhook-log");

    await row.getByRole("button", { name: "Renvoyer — Test" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Événement renvoyé" })).toBeVisible();
    await expect(log.getByRole("row").filter({ hasText: "Test" }).first()).toContainText(/[2-9] essais|Livré/, { timeout: 20_000 });

    const enabled = item.getByRole("switch", { name: `Activer l'adresse de notification ${url}` });
    await enabled.click();
    await expect(enabled).toHaveAttribute("aria-checked", "false");
    await item.getByRole("button", { name: "Envoyer un test" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Cette adresse de notification est désactivée : activez-la d'abord." })).toBeVisible();

    await item.getByRole("button", { name: "Supprimer" }).click();
    const confirm = page.getByRole("dialog", { name: "Supprimer cette adresse de notification ?" });
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(section.getByText("Aucune adresse de notification dans ce mode.")).toBeVisible();
  } finally {
    receiver.close();
  }
});
