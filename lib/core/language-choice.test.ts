import { describe, expect, it } from "vitest";
import { chooseLang, langOfAcceptLanguage } from "./language-choice";

describe("chooseLang: the merchant's cookie, then the browser's Accept-Language, then French", () => {
  it.each<[string | undefined, string | null, "fr" | "en"]>([
    // no cookie: the browser decides
    [undefined, null, "fr"],
    [undefined, "", "fr"],
    [undefined, "en-US,en;q=0.9", "en"],
    [undefined, "en", "en"],
    [undefined, "en-KE", "en"],
    [undefined, "fr-FR,fr;q=0.9,en;q=0.8", "fr"],
    [undefined, "fr-CM", "fr"],
    [undefined, "sw-KE,sw;q=0.9,en;q=0.8", "en"], // Swahili first: English is the first we speak
    [undefined, "rw,en;q=0.5,fr;q=0.4", "en"],
    [undefined, "fr;q=0.3,en;q=0.7", "en"], // q-values, not order
    [undefined, "en;q=0.5,fr;q=0.5", "en"], // a tie: the first listed
    [undefined, "en;q=0,fr;q=0.1", "fr"], // q=0: not English
    [undefined, "en;q=0", "fr"],
    [undefined, "de-DE,de;q=0.9", "fr"], // nothing we speak: French
    [undefined, "*", "fr"],
    [undefined, "de, *;q=0.5", "fr"],
    [undefined, "EN-GB", "en"],
    [undefined, " en-GB ; q=0.8 , fr ; q=0.6", "en"],
    [undefined, "en;q=abc,fr;q=0.2", "fr"], // an unreadable q is passed over
    [undefined, "en;q=2,fr;q=0.2", "fr"],
    [undefined, "english,fr", "fr"], // not a tag of ours
    // the merchant's choice wins once set
    ["fr", "en-US,en;q=0.9", "fr"],
    ["en", "fr-FR", "en"],
    ["en", null, "en"],
    // a cookie that names no language of ours is no choice
    ["de", "en-US", "en"],
    ["", "en-US", "en"],
    ["EN", "fr", "fr"],
  ])("cookie %j, Accept-Language %j → %s", (cookie, header, lang) => {
    expect(chooseLang(cookie, header)).toBe(lang);
  });

  it("reads a long header without trouble and says when it names no language of ours", () => {
    expect(langOfAcceptLanguage(`${"de;q=0.9,".repeat(500)}en`)).toBeNull(); // only the first 50 ranges are read
    expect(langOfAcceptLanguage("pt-BR")).toBeNull();
  });
});
