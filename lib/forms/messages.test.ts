import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createGatewayBody } from "@/lib/gateways/schemas";
import { en } from "@/lib/i18n/en";
import { fr } from "@/lib/i18n/fr";
import { ApiRequestError } from "@/lib/query/api-fetch";
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
    ["a short password", z.object({ a: z.string().min(8) }), { a: "abc" }, "Au moins 8 caractère(s).", "At least 8 character(s)."],
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
  const items: [string, string, string][] = [
    ["missing", "Field required", "Ce champ est obligatoire."],
    ["string_too_short", "String should have at least 1 character", "Ce champ est obligatoire."],
    ["string_too_short", "String should have at least 8 characters", "Au moins 8 caractère(s)."],
    ["string_too_long", "String should have at most 100 characters", "Au plus 100 caractères."],
    ["greater_than_equal", "Input should be greater than or equal to 100", "Doit être au moins 100."],
    ["less_than_equal", "Input should be less than or equal to 10000000", "Doit être au plus 10000000."],
    ["int_parsing", "Input should be a valid integer, unable to parse string as an integer", "Entrez un nombre entier."],
    ["value_error", "Value error, must be empty or an absolute http(s) URL", "Valeur invalide."],
  ];
  for (const [type, msg, words] of items) {
    it(`${type}: ${words}`, () => {
      expect(fieldErrorMessage({ type, msg }, fr)).toBe(words);
    });
  }

  it("uses a field's own words for a value_error", () => {
    expect(fieldErrorMessage({ type: "value_error", msg: "Value error, …" }, en, "success_url", OVERRIDES)).toBe(
      "Enter a full address starting with https:// (or leave it empty).",
    );
  });
});

describe("errorMessage", () => {
  const cases: [string, unknown, string, string][] = [
    ["a known type", new ApiRequestError(409, "ORDER_ID_CONFLICT", "…"), "Cette référence de commande est déjà utilisée par un autre lien.", "This order reference is already used by another link."],
    ["a rate limit of 9 minutes", new ApiRequestError(429, "RATE_LIMITED", "…", {}, 540), "Trop de tentatives, réessayez dans 9 minute(s).", "Too many attempts, try again in 9 minute(s)."],
    ["a rate limit of a few seconds", new ApiRequestError(429, "RATE_LIMITED", "…", {}, 5), "Trop de tentatives, réessayez dans 1 minute(s).", "Too many attempts, try again in 1 minute(s)."],
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
