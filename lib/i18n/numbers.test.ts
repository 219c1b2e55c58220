import { describe, expect, it } from "vitest";
import { maskPhone } from "./numbers";
import { formatMoney } from "@/lib/core/money";

describe("formatMoney", () => {
  const cases: [number, string, "fr" | "en", string][] = [
    [5000, "XAF", "fr", "5 000 FCFA"],
    [12500, "XOF", "fr", "12 500 F CFA"],
    [1250, "KES", "en", "KES 12.50"],
    [1250, "KES", "fr", "12,50 KES"],
    [700, "RWF", "en", "RWF 700"],
  ];
  for (const [minor, currency, lang, expected] of cases) {
    it(`${minor} ${currency} (${lang}) → ${expected}`, () => {
      // Intl separates thousands with a narrow no-break space: compare with plain spaces
      expect(formatMoney(minor, currency, lang).replace(/[\u00a0\u202f]/g, " ")).toBe(expected);
    });
  }
});

describe("maskPhone", () => {
  const cases: [string, string][] = [
    ["237670000042", "+237 67••••042"],
    ["221771234567", "+221 77••••567"],
    ["254712345678", "+254 71••••678"],
    ["0712345678", "07•••••678"],
    ["12345", "•••••"],
  ];
  for (const [digits, masked] of cases) {
    it(`${digits} → ${masked}`, () => {
      expect(maskPhone(digits)).toBe(masked);
      expect(maskPhone(digits)).not.toContain(digits.slice(-7, -3));
    });
  }
});
