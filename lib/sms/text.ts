// SMS text in the GSM 03.38 default alphabet (GSM-7): one SMS holds 160 of its characters, while a
// single character outside it (ê, ô, î, ç, «, ’, a narrow no-break space from Intl) turns the whole
// message into UCS-2, 70 characters an SMS. Every text Kola sends by SMS goes through toGsm7().

/** The basic GSM-7 table (one septet each). */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: an escape and the character, two septets each. */
const EXTENSION = "^{}\\[~]|€\f";

/** Look-alikes first (quotes, dashes, spaces, ellipsis), then accents stripped. */
const REPLACEMENTS: [RegExp, string][] = [
  [/[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/g, " "],
  [/[‘’‚‛′`´]/g, "'"],
  [/[“”„‟«»″]/g, '"'],
  [/[‐‑‒–—―−]/g, "-"],
  [/…/g, "..."],
  [/•/g, "*"],
  [/[œ]/g, "oe"],
  [/[Œ]/g, "OE"],
];

const isGsm = (char: string) => BASIC.includes(char) || EXTENSION.includes(char);

/**
 * The text in GSM-7 only: look-alikes replaced, accents stripped where the letter with its accent
 * is not in the table (é, è, à, ù stay; ê → e, ô → o, î → i, ç → c), anything else `?`.
 */
export function toGsm7(text: string): string {
  let out = text;
  for (const [pattern, by] of REPLACEMENTS) out = out.replace(pattern, by);
  return [...out]
    .map((char) => {
      if (isGsm(char)) return char;
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      return [...bare].every(isGsm) && bare !== "" ? bare : "?";
    })
    .join("");
}

/** Septets the text takes (an extension character takes two); the text must be GSM-7 already. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const char of text) n += EXTENSION.includes(char) ? 2 : 1;
  return n;
}

export function isGsm7(text: string): boolean {
  return [...text].every(isGsm);
}

/** One SMS: 160 septets. */
export const SMS_MAX = 160;

/**
 * The template filled, in GSM-7, in one SMS: when it is too long, the value of `shrink` (a name
 * someone typed) is cut, with "...", until it fits; anything still too long is cut at the end.
 */
export function oneSms(template: string, values: Record<string, string>, shrink?: string): string {
  const fill = (vals: Record<string, string>) => toGsm7(template.replace(/\{(\w+)\}/g, (_, key: string) => vals[key] ?? ""));
  let text = fill(values);
  if (shrink && gsm7Length(text) > SMS_MAX) {
    const value = toGsm7(values[shrink] ?? "");
    const over = gsm7Length(text) - SMS_MAX;
    const keep = Math.max(0, [...value].length - over - 3);
    text = fill({ ...values, [shrink]: keep > 0 ? `${[...value].slice(0, keep).join("").trimEnd()}...` : "" });
  }
  while (gsm7Length(text) > SMS_MAX) text = [...text].slice(0, -1).join("");
  return text;
}
