import { describe, expect, it } from "vitest";
import { gsm7Length, isGsm7, oneSms, toGsm7 } from "./text";
import { alertSms, phoneCodeSms, receiptSms } from "./words";

describe("GSM-7 texts", () => {
  it("strips what the alphabet lacks (ê ô î ç, quotes, Intl's narrow spaces), keeps é è à ù É", () => {
    expect(toGsm7("Reçu « fête » à l’hôtel, île — 5\u202f000\u00a0FCFA… Élève è ù")).toBe('Recu " fete " à l\'hotel, ile - 5 000 FCFA... Élève è ù');
    expect(toGsm7("漢")).toBe("?");
  });

  it("one SMS: a long name is cut with ..., the rest whole; every text GSM-7 and at most 160", () => {
    const text = oneSms("Paid to {shop}. Code {code}", { shop: "ê".repeat(300), code: "K7P2M-9XQ4D" }, "shop");
    expect([gsm7Length(text), text.endsWith("eee.... Code K7P2M-9XQ4D")]).toEqual([160, true]);
    const texts = [
      receiptSms("fr", { amount: 123456789, currency: "XAF", shop: "Épicerie « Chez Françoise » ".repeat(8), code: "K7P2M-9XQ4D", url: "https://pay.example.com/r/K7P2M9XQ4D", test: true }),
      alertSms("en", { amount: 5000, currency: "KES", link: "x".repeat(500), code: null, test: false }),
      phoneCodeSms("fr", "012345"),
    ];
    expect(texts.map((t) => [isGsm7(t), gsm7Length(t) <= 160])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(texts[0]).toMatch(/\.\.\. confirmé\. Recu K7P2M-9XQ4D : https:\/\/pay\.example\.com\/r\/K7P2M9XQ4D$/);
  });
});
