import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiKey, insertAccount } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { en } from "./en";
import { fr } from "./fr";
import { countryLabel, keyNameLabel, operatorLabel, providerLabel, reasonLabel } from "./labels";

describe("the API's codes in the merchant's words", () => {
  const cases: [string, () => string, string][] = [
    ["a country (fr)", () => countryLabel("CMR", "fr"), "Cameroun"],
    ["a country (en)", () => countryLabel("CIV", "en"), "Côte d’Ivoire"],
    ["an unknown country, as it is", () => countryLabel("XYZ", "fr"), "XYZ"],
    ["an operator", () => operatorLabel("MTN_MOMO_CMR", "fr"), "MTN"],
    ["an operator with its country (fr)", () => operatorLabel("MTN_MOMO_CMR", "fr", true), "MTN (Cameroun)"],
    ["an operator with its country (en)", () => operatorLabel("ORANGE_MONEY_SEN", "en", true), "Orange (Senegal)"],
    ["the sandbox (fr)", () => providerLabel("sandbox", fr), "Bac à sable"],
    ["the sandbox (en)", () => providerLabel("sandbox", en), "Sandbox"],
    ["pawaPay", () => providerLabel("pawapay", fr), "pawaPay"],
    ["a known reason (fr)", () => reasonLabel("insufficient_funds", fr), "Solde mobile money insuffisant"],
    ["a known reason (en)", () => reasonLabel("refused_by_payer", en), "Declined by the customer on their phone"],
    ["an unknown reason", () => reasonLabel("SOMETHING_NEW", fr), "Refusé par l'opérateur"],
    ["no reason", () => reasonLabel(null, en), "Declined by the operator"],
    ["a name the merchant chose", () => keyNameLabel("Serveur boutique", fr), "Serveur boutique"],
  ];
  for (const [name, label, expected] of cases) it(`${name} → ${expected}`, () => expect(label()).toBe(expected));
});

describe("the names Kola gives keys, in the merchant's words", () => {
  it("names the sign-up's test key and the admin CLI's keys as the dictionaries do (a renamed default fails here)", async () => {
    const { account_id } = await insertAccount({ email: "labels@kola.test", passwordHash: "not used here", business: "Boutique", country: "CMR" });
    await createApiKey({ email: "labels@kola.test", mode: "live" });
    const db = await getDb();
    const names = (await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.accountId, account_id)).orderBy(apiKeys.createdAt)).map((k) => k.name);
    expect(names.map((name) => [keyNameLabel(name, fr), keyNameLabel(name, en)])).toEqual([
      ["Clé de test par défaut", "Default test key"],
      ["Clé réelle", "Live key"],
    ]);
  });
});
