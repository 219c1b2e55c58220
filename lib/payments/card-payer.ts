import { eq } from "drizzle-orm";
import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { cardTotal, type CardFeeRule } from "@/lib/core/cards";
import type { ValidationItem } from "@/lib/core/errors";
import { hasControlCharacter } from "@/lib/core/single-line";
import { item, valueError } from "@/lib/core/validation";
import { getDb } from "@/lib/db/client";
import { accounts, type cardPayers } from "@/lib/db/schema";

// A card payer's details, as CinetPay's card channel asks for them (customer_name, _surname,
// _email, _phone_number, _address, _city, _country (ISO 3166-1 alpha-2), _state, _zip_code): every
// one is required here, each problem reported at once (422). The payer may live anywhere: a card
// from abroad pays a link of any supported country, so the country is any ISO code and the phone
// any valid number of it (international with +, or that country's national form).

export type CardSettings = { enabled: boolean; rule: CardFeeRule; surchargeBps: number };

export type CardPayer = Omit<typeof cardPayers.$inferInsert, "depositId" | "accountId" | "mode">;

type CardInput = {
  phone: string;
  card_name?: string;
  card_surname?: string;
  card_email?: string;
  card_address?: string;
  card_city?: string;
  card_country?: string;
  card_state?: string;
  card_zip_code?: string;
};

const ISO2 = new Set<string>(getCountries());
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** CinetPay asks for text without special characters in its fields; a line of letters, digits and punctuation */
const LINE_LIMITS = { card_name: 100, card_surname: 100, card_address: 200, card_city: 100, card_state: 100 } as const;

export async function cardSettingsOf(accountId: string): Promise<CardSettings> {
  const db = await getDb();
  const [row] = await db
    .select({ enabled: accounts.cardsEnabled, rule: accounts.cardFeeRule, surchargeBps: accounts.cardSurchargeBps })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { enabled: false, rule: "merchant", surchargeBps: 0 };
}

/** Every problem of a card payer's details, the payer as stored, and the phone (E.164 digits). */
export function checkCardPayer(input: CardInput, price: number, currency: string, settings: CardSettings) {
  const problems: ValidationItem[] = [];
  const text = (name: keyof typeof LINE_LIMITS) => {
    const value = (input[name] ?? "").trim();
    if (!value) problems.push(item(["body", name], "missing"));
    else if (value.length > LINE_LIMITS[name]) problems.push(item(["body", name], "string_too_long", { max_length: LINE_LIMITS[name] }));
    else if (hasControlCharacter(value)) problems.push(valueError(["body", name], "must be one line, without control characters"));
    return value;
  };
  const name = text("card_name");
  const surname = text("card_surname");
  const email = (input.card_email ?? "").trim().toLowerCase();
  if (!email) problems.push(item(["body", "card_email"], "missing"));
  else if (email.length > 254 || !EMAIL.test(email)) problems.push(valueError(["body", "card_email"], "not an email address"));
  const address = text("card_address");
  const city = text("card_city");
  const country = (input.card_country ?? "").trim().toUpperCase();
  if (!country) problems.push(item(["body", "card_country"], "missing"));
  else if (!ISO2.has(country)) problems.push(valueError(["body", "card_country"], "not an ISO 3166-1 alpha-2 country code"));
  const state = text("card_state");
  const zipCode = (input.card_zip_code ?? "").trim().toUpperCase();
  if (!zipCode) problems.push(item(["body", "card_zip_code"], "missing"));
  else if (!/^[A-Z0-9][A-Z0-9 -]{0,14}$/.test(zipCode)) problems.push(valueError(["body", "card_zip_code"], "letters, digits, spaces and dashes, at most 15"));

  const cleaned = input.phone.replace(/[\s\-().]/g, "").replace(/^00(?=[1-9])/, "+");
  const parsed = /^\+?\d{6,15}$/.test(cleaned)
    ? parsePhoneNumberFromString(cleaned, ISO2.has(country) ? (country as CountryCode) : undefined)
    : undefined;
  const phone = parsed?.isValid() ? parsed.number.slice(1) : null;
  if (!phone) problems.push(valueError(["body", "phone"], "not a valid phone number for this country"));

  const amount = cardTotal(price, currency, settings.rule, settings.surchargeBps);
  const payer: CardPayer = { name, surname, email, address, city, country, state, zipCode, price, surcharge: amount - price };
  return { problems, phone, payer, amount };
}
