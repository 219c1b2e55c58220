import { describe, expect, it } from "vitest";
import * as openapi from "@/app/v1/openapi.json/route";
import { allOperations } from "@/lib/api/all-operations";
import { frenchOperations, frenchTags } from "@/lib/api/openapi-fr";
import { referencePage } from "@/lib/api/reference-page";
import { call } from "@/test/support/api";

// The document in French (?lang=fr): every operation of the tags written in French has its French
// summary, and nothing else changes (paths, methods, fields, examples).

type Operation = { summary: string; description?: string; tags: string[] };
type Doc = { paths: Record<string, Record<string, Operation>>; tags: { name: string; description?: string }[] };

const strip = (doc: Doc) =>
  JSON.parse(JSON.stringify(doc, (key, value: unknown) => (key === "summary" || key === "description" ? undefined : value))) as unknown;

describe("GET /v1/openapi.json?lang=fr", () => {
  it("has the French words of payment pages, invoices, payment requests and customers, and the same paths and fields", async () => {
    const en = (await call(openapi.GET, "GET", "/v1/openapi.json")).body as Doc;
    const fr = (await call(openapi.GET, "GET", "/v1/openapi.json?lang=fr")).body as Doc;
    expect(fr.paths["/v1/payment-pages"]!.post!.summary).toBe("Créer une page de paiement");
    expect(fr.paths["/v1/payment-pages/{page_id}/close"]!.post!.description).toMatch(/^Elle affiche alors son `closed_message`.*\n\n/s); // the role note after it stays
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

  it("an unknown language is a 422; /docs asks for the document in its own language", async () => {
    expect((await call(openapi.GET, "GET", "/v1/openapi.json?lang=de")).status).toBe(422);
    expect(referencePage("fr")).toContain("/v1/openapi.json?lang=fr");
    expect(referencePage("en")).toContain("/v1/openapi.json?lang=en");
  });
});
