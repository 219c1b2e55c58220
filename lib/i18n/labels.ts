import { countries, isCountry, operatorObject } from "@/lib/countries";
import { CARD_OPERATOR } from "@/lib/core/cards";
import type { Dictionary } from "./fr";
import type { Lang } from "@/lib/core/languages";

// The API's codes (countries, operators, providers, failure reasons, the keys' default names) in
// the merchant's words. Every dashboard page words them here, so none shows a code.

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** "CMR" → "Cameroun" (fr) / "Cameroon" (en): the CLDR's names, as the browser and the server both have them. */
export function countryLabel(code: string, lang: Lang): string {
  if (!isCountry(code)) return code;
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang], { type: "region" })));
  return names.of(countries[code].iso2) ?? countries[code].name;
}

/** "MTN_MOMO_CMR" → "MTN", or "MTN (Cameroun)" where operators of several countries are listed together. */
export function operatorLabel(code: string, lang: Lang, withCountry = false): string {
  if (code === CARD_OPERATOR) return lang === "fr" ? "Carte bancaire" : "Bank card";
  const { name } = operatorObject(code);
  if (!withCountry) return name;
  const country = Object.keys(countries).find((c) => Object.hasOwn(countries[c as keyof typeof countries].operators, code));
  return country ? `${name} (${countryLabel(country, lang)})` : name;
}

const providerNames: Record<string, string> = { pawapay: "pawaPay", cinetpay: "CinetPay" };

/** "sandbox" → "Bac à sable" / "Sandbox"; "pawapay" → "pawaPay"; an unknown one as it is. */
export function providerLabel(code: string, t: Dictionary): string {
  return code === "sandbox" ? t.providers.sandboxName : (providerNames[code] ?? code);
}

/**
 * A failure reason's code in words; a code this dashboard does not know reads "refused by the
 * operator". A card payment's (`operator` CARD) in a card's words: a bank, 3-D Secure, CinetPay's
 * card channel, never a phone.
 */
export function reasonLabel(code: string | null | undefined, t: Dictionary, operator?: string | null): string {
  if (operator === CARD_OPERATOR) {
    const card: Record<string, string> = t.reasons.card;
    return (code && Object.hasOwn(card, code) ? card[code] : undefined) ?? t.reasons.card.other;
  }
  const words: Record<string, unknown> = t.reasons;
  const said = code && Object.hasOwn(words, code) ? words[code] : undefined;
  return typeof said === "string" ? said : t.reasons.other;
}

/**
 * The names Kola gives keys it makes itself (lib/accounts/create-account.ts: the sign-up's test key;
 * the admin CLI's `{mode} key`), in the merchant's words; a name the merchant chose stays as it is.
 * key-names.test.ts checks that sign-up still uses the first.
 */
export const kolaKeyNames = { "Default test key": "defaultTestKey", "test key": "testKey", "live key": "liveKey" } as const;

export function keyNameLabel(name: string, t: Dictionary): string {
  const key = Object.hasOwn(kolaKeyNames, name) ? kolaKeyNames[name as keyof typeof kolaKeyNames] : undefined;
  return key ? t.developers.keyNames[key] : name;
}
