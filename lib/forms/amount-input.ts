// Amounts as merchants type them ("10 000", "2,5", "1 234.50") and as the API takes them
// (integers in the currency's minor unit, DESIGN §2).

/** The minor units of a typed amount with at most `decimals` decimals, or null when it is not one. */
export function parseAmountInput(text: string, decimals: number): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, "");
  const normalized = compact.includes(".") ? compact.replace(/,/g, "") : compact.replace(",", ".");
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`) : /^\d{1,12}$/;
  if (!pattern.test(normalized)) return null;
  const [whole, fraction = ""] = normalized.split(".");
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || 0);
}

/** Minor units as the text of an input, without grouping: 150050 with 2 decimals → "1500.5"; 500 with 0 → "500". */
export function amountInputText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  return String(Number((minor / 10 ** decimals).toFixed(decimals)));
}
