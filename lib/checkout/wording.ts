import { isCountry, type CountryIso3 } from "@/lib/countries";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { ValidationItem } from "@/lib/core/errors";
import { CARD_OPERATOR } from "@/lib/core/cards";
import { examplePhone } from "@/lib/countries/format";
import { countryName, t, type Locale, type MessageKey } from "./i18n";

/** Where a message shows: a field (`phone`, `answers.size`) or the form as a whole (`form`). */
export type FieldKey = string;

export type WordingContext = {
  currency: string;
  /** the country the buyer chose (for the phone example), when it is one we know */
  country?: string;
  blocks?: FormBlock[];
  /** the operator chosen: a card payment's phone and fields have words of their own */
  operator?: string;
};

const MISSING = new Set(["missing", "string_too_short", "too_short", "enum", "string_type"]);
const TOO_LONG = new Set(["string_too_long", "too_long"]);

/**
 * The words a buyer reads beside each field, from the FastAPI-style items startPayment throws
 * (loc ["body", field] or ["body", "answers", fieldName]). One message per field, the first one.
 */
export function wordErrors(items: ValidationItem[], locale: Locale, ctx: WordingContext): Record<FieldKey, string> {
  const out: Record<FieldKey, string> = {};
  for (const item of items) {
    // the body as a whole (not JSON, not UTF-8, nested too deeply): the form's own message
    if (item.loc.length === 1 || typeof item.loc[1] === "number") {
      out.form ??= t(locale, "form.problems");
      continue;
    }
    const [, field, name] = item.loc.map(String);
    const key = field === "answers" && name ? `answers.${name}` : field && field !== "client_token" ? field : "form";
    if (out[key]) continue;
    out[key] = wordItem(item, field ?? "", name, locale, ctx);
  }
  return out;
}

function wordItem(item: ValidationItem, field: string, name: string | undefined, locale: Locale, ctx: WordingContext): string {
  const missing = MISSING.has(item.type);
  const say = (key: MessageKey, vars?: Record<string, string>) => t(locale, key, vars);
  switch (field) {
    case "country":
      return missing ? say("err.country.missing") : say("err.country.invalid", { currency: ctx.currency });
    case "operator":
      if (ctx.operator === CARD_OPERATOR && !missing) return say("err.card.offered");
      return missing ? say("err.operator.missing") : say("err.operator.invalid");
    case "phone": {
      if (ctx.operator === CARD_OPERATOR) return say("err.card.phone");
      if (item.type === "missing" || item.type === "string_too_short") return say("err.phone.missing");
      const country = ctx.country && isCountry(ctx.country) ? (ctx.country as CountryIso3) : undefined;
      if (!country) return say("err.phone.missing");
      return say("err.phone.invalid", { country: countryName(locale, country), example: examplePhone(country) });
    }
    case "full_name":
      if (TOO_LONG.has(item.type)) return say("err.full_name.long");
      return item.type === "value_error" ? say("err.full_name.invalid") : say("err.full_name.missing");
    case "email":
      if (TOO_LONG.has(item.type)) return say("err.email.invalid");
      return missing ? say("err.email.missing") : say("err.email.invalid");
    case "answers":
      return wordAnswer(item, ctx.blocks?.find((b) => b.fieldName === name), locale);
    case "client_token":
      return say("form.expired");
    case "card_name":
    case "card_surname":
    case "card_address":
    case "card_city":
    case "card_state":
      return missing ? say("err.card.missing") : TOO_LONG.has(item.type) ? say("err.card.long") : say("err.field");
    case "card_email":
      return missing ? say("err.card.missing") : say("err.card.email");
    case "card_country":
      return missing ? say("err.card.missing") : say("err.card.country");
    case "card_zip_code":
      return missing ? say("err.card.missing") : say("err.card.zip_code");
    default:
      return say("err.field");
  }
}

function wordAnswer(item: ValidationItem, block: FormBlock | undefined, locale: Locale): string {
  if (item.type === "missing") return t(locale, block?.fieldType === "checkbox" ? "err.answer.checkbox" : "err.answer.missing");
  if (TOO_LONG.has(item.type)) return t(locale, "err.answer.long");
  const byType: Record<string, MessageKey> = {
    text: "err.answer.long",
    textarea: "err.answer.long",
    email: "err.answer.email",
    phone: "err.answer.phone",
    number: "err.answer.number",
    date: "err.answer.date",
    select: "err.answer.select",
  };
  return t(locale, (block && byType[block.fieldType]) || "err.field");
}
