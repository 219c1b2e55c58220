import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createGatewayBody } from "@/lib/gateways/schemas";
import { en } from "@/lib/i18n/en";
import { fr } from "@/lib/i18n/fr";
import { ApiRequestError } from "@/lib/query/api-fetch";
import type { ValidationItem } from "@/lib/core/errors";
import { errorMessage, fieldErrorMessage, issueMessage } from "./messages";

// What a merchant reads when something is wrong: zod issues of the API's own schemas, 422 items
// and application errors, in French and English.

const issues = (schema: z.ZodType, input: unknown) => schema.safeParse(input, { reportInput: true }).error!.issues;
const OVERRIDES = { success_url: "url", order_id: "orderId" } as const;

describe("issueMessage", () => {
  it("says each problem of a payment link in French", () => {
    const found = issues(createGatewayBody, { amount: "douze", shop_name: "", order_id: "a/b", success_url: "ftp://x", message: "m".repeat(501) });
    expect(found.map((issue) => [issue.path.join("."), issueMessage(issue, fr, OVERRIDES)])).toEqual([
      ["amount", "Entrez un nombre entier."],
      ["shop_name", "Ce champ est obligatoire."],
      ["message", "Au plus 500 caractères."],
      ["order_id", "Pas de « / » ni de caractère invisible."],
      ["success_url", "Entrez une adresse complète qui commence par https:// (ou laissez vide)."],
    ]);
  });

  const cases: [string, z.ZodType, unknown, string, string][] = [
    ["a missing field", z.object({ a: z.string() }), {}, "Ce champ est obligatoire.", "This field is required."],
    ["a short password", z.object({ a: z.string().min(8) }), { a: "abc" }, "Au moins 8 caractères.", "At least 8 characters."],
    ["a small number", z.object({ a: z.int().min(100) }), { a: 5 }, "Doit être au moins 100.", "Must be at least 100."],
    ["a big number", z.object({ a: z.int().max(10) }), { a: 50 }, "Doit être au plus 10.", "Must be at most 10."],
    ["an email", z.object({ a: z.email() }), { a: "nope" }, "Entrez une adresse e-mail valide.", "Enter a valid email address."],
  ];
  for (const [name, schema, input, french, english] of cases) {
    it(`says ${name} in both languages`, () => {
      const [issue] = issues(schema, input);
      expect([issueMessage(issue!, fr), issueMessage(issue!, en)]).toEqual([french, english]);
    });
  }
});

describe("fieldErrorMessage (422 items of the API)", () => {
  // the words come from `type` and `ctx`; `msg` is a placeholder the function must not read
  const items: [string, ValidationItem["ctx"], string, string][] = [
    ["missing", undefined, "Ce champ est obligatoire.", "This field is required."],
    ["string_too_short", { min_length: 1 }, "Ce champ est obligatoire.", "This field is required."],
    ["string_too_short", { min_length: 8 }, "Au moins 8 caractères.", "At least 8 characters."],
    ["string_too_long", { max_length: 100 }, "Au plus 100 caractères.", "At most 100 characters."],
    ["greater_than_equal", { ge: 100 }, "Doit être au moins 100.", "Must be at least 100."],
    ["greater_than", { gt: 0 }, "Doit être au moins > 0.", "Must be at least > 0."],
    ["less_than_equal", { le: 10000000 }, "Doit être au plus 10000000.", "Must be at most 10000000."],
    ["less_than", { lt: 51 }, "Doit être au plus < 51.", "Must be at most < 51."],
    ["int_parsing", undefined, "Entrez un nombre entier.", "Enter a whole number."],
    ["int_from_float", undefined, "Entrez un nombre entier.", "Enter a whole number."],
    ["value_error", { error: "must be empty or an absolute http(s) URL" }, "Valeur invalide.", "Invalid value."],
  ];
  for (const [type, ctx, french, english] of items) {
    it(`${type} ${JSON.stringify(ctx ?? {})}: ${french}`, () => {
      const item: ValidationItem = { loc: ["body", "amount"], msg: "(not read)", type, ...(ctx ? { ctx } : {}) };
      expect([fieldErrorMessage(item, fr), fieldErrorMessage(item, en)]).toEqual([french, english]);
    });
  }

  // a refused webhook URL: the server's real reason, from the item's ctx
  it.each([
    [{ reason: "https_required" }, "L'adresse doit commencer par https:// : les événements ne partent pas en http non chiffré."],
    [
      { reason: "private_address", host: "127.0.0.1", problem: "a loopback address" },
      "127.0.0.1 est une adresse privée ou locale : l'adresse de notification doit être joignable depuis Internet.",
    ],
    [
      { reason: "private_address", host: "intranet.example", address: "10.0.0.7", problem: "a private address" },
      "intranet.example pointe vers 10.0.0.7, une adresse privée ou locale : l'adresse de notification doit être joignable depuis Internet.",
    ],
    [{ reason: "invalid_url" }, "Entrez une adresse complète qui commence par https://."],
  ])("a webhook URL refused for %o", (ctx, words) => {
    expect(fieldErrorMessage({ loc: ["body", "url"], type: "value_error", msg: "Value error, …", ctx }, fr, "url", { url: "webhookUrl" })).toBe(words);
  });

  it("an empty webhook URL is required, not 'or leave it empty'", async () => {
    const { createWebhookBody } = await import("@/lib/webhooks/schemas");
    const [issue] = issues(createWebhookBody, { url: "" });
    expect([issueMessage(issue!, fr, { url: "webhookUrl" }), issueMessage(issue!, en, { url: "webhookUrl" })]).toEqual([
      "Ce champ est obligatoire.",
      "This field is required.",
    ]);
    const [other] = issues(createWebhookBody, { url: "exemple.com/hook" });
    expect(issueMessage(other!, en, { url: "webhookUrl" })).toBe("Enter a full address starting with https://.");
  });

  it("reads the limit from ctx, not from the English message", () => {
    const item = { loc: ["body", "shop_name"], msg: "String should have at most 999 characters", type: "string_too_long", ctx: { max_length: 100 } };
    expect(fieldErrorMessage(item, fr)).toBe("Au plus 100 caractères.");
  });

  it("uses a field's own words for a value_error", () => {
    const item = { loc: ["body", "success_url"], msg: "Value error, …", type: "value_error", ctx: { error: "…" } };
    expect(fieldErrorMessage(item, en, "success_url", OVERRIDES)).toBe("Enter a full address starting with https:// (or leave it empty).");
  });
});

describe("errorMessage", () => {
  const cases: [string, unknown, string, string][] = [
    ["a known type", new ApiRequestError(409, "ORDER_ID_CONFLICT", "…"), "Cette référence de commande est déjà utilisée par un autre lien.", "This order reference is already used by another link."],
    ["a rate limit of 9 minutes", new ApiRequestError(429, "RATE_LIMITED", "…", {}, 540), "Trop de tentatives, réessayez dans 9 minutes.", "Too many attempts, try again in 9 minutes."],
    ["a rate limit of a few seconds", new ApiRequestError(429, "RATE_LIMITED", "…", {}, 5), "Trop de tentatives, réessayez dans 1 minute.", "Too many attempts, try again in 1 minute."],
    ["a network failure", new ApiRequestError(0, "NETWORK", "…"), "Connexion impossible. Vérifiez votre réseau et réessayez.", "Can't connect. Check your network and try again."],
    ["a 422", new ApiRequestError(422, "VALIDATION", "…"), "Certains champs sont à corriger.", "Some fields need fixing."],
    ["an unknown 500", new ApiRequestError(500, "INTERNAL_ERROR", "…"), "Le service a rencontré un problème. Réessayez dans un instant.", "The service had a problem. Please try again in a moment."],
    ["anything else", new Error("boom"), "Une erreur est survenue. Réessayez dans un instant.", "Something went wrong. Please try again in a moment."],
  ];
  for (const [name, error, french, english] of cases) {
    it(`says ${name}`, () => {
      expect([errorMessage(error, fr), errorMessage(error, en)]).toEqual([french, english]);
    });
  }
});
