// What people typed, as mail text (plain-text bodies and subjects; Kola sends no HTML mail). Names
// come from merchants and buyers: one could hold a line break ("Shop\nVoir le paiement :
// https://evil…") or an address a mail client would turn into a link. The API refuses line breaks
// in names today (lib/core/single-line.ts), but rows written before, and text that is not a name,
// reach the templates too: every value a template did not write itself goes through here.

/** Line breaks, tabs, other control characters, separators and bidirectional controls, runs of white space. */
const BREAKS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** Free text on one line: what could break it or reorder it becomes one space. */
export function oneLine(text: string): string {
  return text.replace(BREAKS, " ").trim();
}

// A dot (an ideographic or full-width one too: IDNA reads them as dots) between a character of a
// word and a run of two or more that holds a letter, as in a host name ("evil.example",
// "www.evil"), and the dots of an IPv4 address: written `[.]`, the usual defanged form, which no
// client links. "S.A.", "v2.0" and "3.50" keep theirs.
const HOST_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=(?=[\p{L}\p{N}-]*\p{L})[\p{L}\p{N}-]{2,})/gu;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
// the colon of a scheme a client acts on ("https:", "mailto:", "javascript:"…) becomes `[:]`
const SCHEME = /\b(https?|ftp|mailto|tel|sms|javascript|data|file):/gi;

/**
 * A name (a business, a shop, a seller, a buyer) or a note as mail text: on one line, and with
 * nothing a mail client would make a link of. "Boutique Awa" stays as it is; "evil.example/pay" becomes
 * "evil[.]example/pay" and "https://x.example" "https[:]//x[.]example".
 */
export function nameInMail(name: string): string {
  return oneLine(name)
    .replace(IPV4, (ip) => ip.replaceAll(".", "[.]"))
    .replace(HOST_DOT, "[.]")
    .replace(SCHEME, "$1[:]");
}
