import { describe, expect, it } from "vitest";
import * as openapi from "@/app/v1/openapi.json/route";
import { allOperations } from "@/lib/api/all-operations";
import { openApiDocumentOf } from "@/lib/api/openapi";
import { frenchOperations, frenchTags } from "@/lib/api/openapi-fr";
import { frenchText } from "@/lib/api/openapi-fr-texts";
import { webhookEvents } from "@/lib/webhooks/schemas";
import { referencePage } from "@/lib/api/reference-page";
import { call } from "@/test/support/api";

// The document in French (?lang=fr): every operation of the tags written in French has its French
// summary, the descriptions of their fields, parameters, responses and notes are French, and nothing
// else changes (paths, methods, fields, examples). The English document stays as it was.

type Operation = { summary: string; description?: string; tags: string[] };
type Doc = { paths: Record<string, Record<string, Operation>>; tags: { name: string; description?: string }[] };

type Json = Record<string, unknown>;
const component = (doc: Json, kind: string, name: string) => (doc.components as Record<string, Record<string, unknown>>)[kind]![name];

const strip = (doc: Doc) =>
  JSON.parse(JSON.stringify(doc, (key, value: unknown) => (key === "summary" || key === "description" ? undefined : value))) as unknown;

describe("GET /v1/openapi.json?lang=fr", () => {
  it("has the French words of payment pages, invoices, payment requests and customers, and the same paths and fields", async () => {
    const en = (await call(openapi.GET, "GET", "/v1/openapi.json")).body as Doc;
    const fr = (await call(openapi.GET, "GET", "/v1/openapi.json?lang=fr")).body as Doc;
    expect(fr.paths["/v1/payment-pages"]!.post!.summary).toBe("Créer une page de paiement");
    expect(fr.paths["/v1/payment-pages/{page_id}/close"]!.post!.description).toMatch(/^Elle affiche alors son `closed_message`.*\n\n/s); // the role note after it, in French too
    expect(en.paths["/v1/payment-pages"]!.post!.summary).toBe("Create a payment page");
    expect(fr.paths["/v1/deposits"]!.get!.summary).toBe(en.paths["/v1/deposits"]!.get!.summary); // not written in French: English
    expect(strip(fr)).toEqual(strip(en));

    const missing: string[] = [];
    for (const [path, methods] of Object.entries(en.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.tags?.some((tag) => frenchTags[tag])) continue;
        const key = `${method.toUpperCase()} ${path}`;
        if (!frenchOperations[key]) missing.push(key);
        // an operation's own description (not the notes the document adds) has its French one
        else if (allOperations.find((o) => `${o.method} ${o.path}` === key)?.description && !frenchOperations[key]!.description) missing.push(`${key} (description)`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(frenchOperations).every((key) => en.paths[key.split(" ")[1]!]?.[key.split(" ")[0]!.toLowerCase()])).toBe(true);
    expect(fr.tags.find((t) => t.name === "Invoices")?.description).toMatch(/^Factures/);
  });

  it("every description inside these operations, and in the schemas and headers they refer to, has its French words", async () => {
    const en = (await call(openapi.GET, "GET", "/v1/openapi.json")).body as Json;
    const fr = (await call(openapi.GET, "GET", "/v1/openapi.json?lang=fr")).body as Json;
    const missing = new Set<string>();
    const wrong: string[] = [];
    const seen = new Set<string>();
    // the same place in both documents: the French text where the English one is
    const walk = (english: unknown, french: unknown, where: string): void => {
      if (Array.isArray(english)) return english.forEach((item, i) => walk(item, (french as unknown[])[i], where));
      if (!english || typeof english !== "object") return;
      for (const [key, item] of Object.entries(english)) {
        const other = (french as Json)[key];
        if (key === "$ref" && typeof item === "string") {
          if (seen.has(item)) continue;
          seen.add(item);
          const [, , kind, name] = item.split("/") as [string, string, string, string];
          walk(component(en, kind, name), component(fr, kind, name), item);
        } else if (key === "description" && typeof item === "string") {
          for (const paragraph of item.split("\n\n")) if (frenchText(paragraph) === undefined) missing.add(paragraph);
          if (frenchText(item) !== undefined && other !== frenchText(item)) wrong.push(`${where}: ${item}`);
        } else if (!["example", "examples", "default", "const", "enum"].includes(key)) walk(item, other, where);
      }
    };
    for (const [path, methods] of Object.entries(en.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!(operation.tags as string[]).some((tag) => frenchTags[tag])) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const french = (fr.paths as Record<string, Record<string, Json>>)[path]![method]!;
        // the operation's own words (frenchOperations), then the notes the document adds, each in French
        const own = allOperations.find((o) => `${o.method} ${o.path}` === key)?.description;
        const notes = own ? (operation.description as string).slice(own.length).replace(/^\n\n/, "") : (operation.description as string | undefined);
        for (const paragraph of notes ? notes.split("\n\n") : []) if (frenchText(paragraph) === undefined) missing.add(paragraph);
        const expected = [own && frenchOperations[key]!.description, notes && frenchText(notes)].filter(Boolean).join("\n\n");
        if ((french.description ?? "") !== expected) wrong.push(`${key}: its description`);
        for (const part of ["parameters", "requestBody", "responses"]) walk(operation[part], french[part], key);
      }
    }
    expect([...missing]).toEqual([]); // a new English description: write its French in lib/api/openapi-fr-texts.ts
    expect(wrong).toEqual([]);
    const body = (fr.paths as Record<string, Record<string, Json>>)["/v1/payment-pages"]!.post!.requestBody as Json;
    expect(JSON.stringify(body)).toContain("Ce que l'acheteur voit d'abord : le produit, la cause, la facture. Les espaces de début et de fin");
    expect(JSON.stringify(body)).toContain("Bornes par devise : XAF, XOF : 100–10000000");
  });

  it("the English document is the same, byte for byte, before and after the French one is made", async () => {
    const before = JSON.stringify((await call(openapi.GET, "GET", "/v1/openapi.json")).body);
    await call(openapi.GET, "GET", "/v1/openapi.json?lang=fr");
    const after = JSON.stringify((await call(openapi.GET, "GET", "/v1/openapi.json?lang=en")).body);
    expect(after).toBe(before);
    // and the same as one built afresh, which no French word can reach
    expect(JSON.stringify(openApiDocumentOf(allOperations, webhookEvents))).toBe(before);
    expect(before).toContain("What the buyer sees first: the product, the cause, the bill. Leading and trailing white space");
    expect(before).not.toContain("Ce que l'acheteur voit d'abord");
  });

  it("an unknown language is a 422; /docs asks for the document in its own language", async () => {
    expect((await call(openapi.GET, "GET", "/v1/openapi.json?lang=de")).status).toBe(422);
    expect(referencePage("fr")).toContain("/v1/openapi.json?lang=fr");
    expect(referencePage("en")).toContain("/v1/openapi.json?lang=en");
  });
});
