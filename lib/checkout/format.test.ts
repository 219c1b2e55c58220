import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/core/money";
import { dialCode, examplePhone, maskedPhone, formatPhone, formatDateTime } from "@/lib/countries/format";
import { buildReturnUrl } from "./return-url";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("formatMoney", () => {
  // amounts are minor units: XAF, XOF and RWF have none, the others two decimals (DESIGN §2)
  it.each([
    [5000, "XAF", "fr", `5${NNBSP}000${NBSP}FCFA`],
    [5000, "XAF", "en", `FCFA${NBSP}5,000`],
    [100, "XOF", "fr", `100${NBSP}F${NNBSP}CFA`],
    [1234567, "XOF", "en", `F${NNBSP}CFA${NBSP}1,234,567`],
    [250000, "RWF", "fr", `250${NNBSP}000${NBSP}RWF`],
    [123456, "KES", "fr", `1${NNBSP}234,56${NBSP}KES`],
    [123456, "KES", "en", `KES${NBSP}1,234.56`],
    [100, "KES", "en", `KES${NBSP}1.00`],
    [1, "TZS", "en", `TZS${NBSP}0.01`],
    [99999, "CDF", "fr", `999,99${NBSP}CDF`],
    [1000000000, "ZMW", "en", `ZMW${NBSP}10,000,000.00`],
  ] as const)("%i %s in %s → %s", (minor, currency, locale, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });
});

describe("phones and dates", () => {
  it("writes stored numbers internationally, or masked for public pages", () => {
    expect(formatPhone("237670000000")).toBe(`+237${NBSP}6${NBSP}70${NBSP}00${NBSP}00${NBSP}00`);
    expect(formatPhone("2250700000000")).toBe(`+225${NBSP}07${NBSP}00${NBSP}00${NBSP}0000`);
    expect(maskedPhone("237670000000")).toBe(`+237${NBSP}•••${NBSP}00`);
    expect(maskedPhone("254712345678")).toBe(`+254${NBSP}•••${NBSP}78`);
  });

  it("shows what to type in each country", () => {
    const nb = (text: string) => text.replace(/ /g, NBSP); // a number never breaks across lines
    expect([examplePhone("CMR"), dialCode("CMR")]).toEqual([nb("6 71 23 45 67"), "+237"]);
    expect([examplePhone("SEN"), dialCode("SEN")]).toEqual([nb("70 123 45 67"), "+221"]);
    expect([examplePhone("KEN"), dialCode("KEN")]).toEqual([nb("0712 123456"), "+254"]);
  });

  it.each([
    ["CMR", "fr", "22 nov. 2026, 11:15 UTC+1"],
    ["CMR", "en", "22 Nov 2026, 11:15 UTC+1"],
    ["SEN", "fr", "22 nov. 2026, 10:15 UTC"],
    ["KEN", "en", "22 Nov 2026, 13:15 UTC+3"],
    ["RWA", "fr", "22 nov. 2026, 12:15 UTC+2"],
    ["COD", "fr", "22 nov. 2026, 11:15 UTC+1"],
    ["XXX", "en", "22 Nov 2026, 10:15 UTC"],
  ] as const)("dates a receipt paid from %s in that country's time (%s)", (country, locale, expected) => {
    expect(formatDateTime(new Date("2026-11-22T10:15:30.123Z"), locale, country)).toBe(expected);
  });
});

describe("buildReturnUrl", () => {
  const params = { order_id: "CMD 42/é", gateway_id: "g-1", track_id: "TRKABC", status: "success" as const };
  const added = "order_id=CMD+42%2F%C3%A9&gateway_id=g-1&track_id=TRKABC&status=success";

  it.each([
    ["https://shop.example/merci", `https://shop.example/merci?${added}`],
    ["https://shop.example/merci?x=1", `https://shop.example/merci?x=1&${added}`],
    ["https://shop.example/merci?", `https://shop.example/merci?${added}`],
    ["https://shop.example/merci?a=b%20c&flag", `https://shop.example/merci?a=b%20c&flag&${added}`],
    ["https://shop.example/merci?x=1&", `https://shop.example/merci?x=1&${added}`],
    ["https://shop.example/merci#done", `https://shop.example/merci?${added}#done`],
    ["https://shop.example/merci?x=1#a?b", `https://shop.example/merci?x=1&${added}#a?b`],
    ["http://127.0.0.1:3000/healthz?x=1", `http://127.0.0.1:3000/healthz?x=1&${added}`],
  ])("%s", (base, expected) => {
    expect(buildReturnUrl(base, params)).toBe(expected);
  });

  it.each([
    ["https://shop.example/café", `https://shop.example/caf%C3%A9?${added}`],
    ["https://shop.example/merci#fin-été", `https://shop.example/merci?${added}#fin-%C3%A9t%C3%A9`],
  ])("%s goes percent-encoded (a Location header holds ASCII)", (base, expected) => {
    expect(buildReturnUrl(base, params)).toBe(expected);
  });

  it.each([
    "",
    "/relative",
    "javascript:alert(1)",
    "ftp://shop.example/x",
    "not a url",
    "https://shop.example/ok\r\nSet-Cookie: a=b",
    "https://shop.example/o\tk",
    "https://shop.example/mer ci",
    " https://shop.example/ok",
    "https://shop.example/o\u007fk",
  ])("refuses %j", (base) => {
    expect(buildReturnUrl(base, params)).toBeNull();
  });
});
