import type { CountryIso3 } from "@/lib/countries";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { Checkout } from "../checkout";
import { formatMoney } from "@/lib/core/money";
import { dialCode, examplePhone } from "@/lib/countries/format";
import type { FormValues } from "../form-input";
import { attrs, html, type Child, type Html } from "../html";
import { countryName, t, type Locale, type MessageKey } from "../i18n";
import { operatorsOf } from "../operators";
import { countries } from "@/lib/countries";
import { getCountries } from "libphonenumber-js/max";
import { CARD_OPERATOR, type CardPayerField } from "@/lib/core/cards";
import type { PageFrame } from "./frame";

// The buyer's form page (DESIGN §7) as pure text: no server module on its import path, so the
// dashboard's marketplace editor previews a marketplace's form with this very function, and every
// word a merchant typed is escaped there as it is for buyers.

/** What the form page shows of a checkout (the editor's preview makes one up from the settings). */
export type FormCheckout = Pick<
  Checkout,
  "kind" | "mode" | "shopName" | "message" | "total" | "price" | "fee" | "currency" | "defaultCountry" | "payable" | "blocks" | "branding" | "support" | "unavailable" | "card"
>;

export type FormPageModel = {
  checkout: FormCheckout;
  locale: Locale;
  values: FormValues;
  /** friendly messages by field key (`phone`, `answers.size`, `form`) */
  errors: Record<string, string>;
  /** where the form posts, where its script sends it, and the same page in the other language */
  paths: { action: string; api: string; otherLang: string };
};

type FieldSpec = {
  id: string;
  /** the key of its error message (`answers.size`) */
  key: string;
  label: string;
  required: boolean;
  /** show the required marker (a form with optional fields) */
  mark: boolean;
  hint?: string;
  control: (describedBy: string, invalid: boolean) => Html;
};

function field(spec: FieldSpec, errors: Record<string, string>, locale: Locale, extraClass = ""): Html {
  const error = errors[spec.key];
  const hintId = spec.hint ? `${spec.id}-hint` : "";
  const errId = `err-${spec.key}`;
  const describedBy = [hintId, errId].filter(Boolean).join(" ");
  const marker =
    spec.required && spec.mark ? html` <span class="req" aria-hidden="true">*</span><span class="sr"> (${t(locale, "field.required")})</span>` : null;
  return html`<div class="field${extraClass}${error ? " bad" : ""}"><label for="${spec.id}">${spec.label}${marker}</label>${
    spec.hint ? html`<p class="hint" id="${hintId}">${spec.hint}</p>` : null
  }${spec.control(describedBy, Boolean(error))}<p class="err" id="${errId}"${attrs({ hidden: !error })}>${error ?? ""}</p></div>`;
}

export function blockField(block: FormBlock, value: string, errors: Record<string, string>, locale: Locale): Html {
  const id = `a-${block.fieldName}`;
  const name = `answers[${block.fieldName}]`;
  const key = `answers.${block.fieldName}`;
  const common = (describedBy: string, invalid: boolean) => ({
    id,
    name,
    required: block.required,
    "aria-describedby": describedBy,
    "aria-invalid": invalid ? "true" : null,
  });
  if (block.fieldType === "checkbox") {
    const error = errors[key];
    const hintId = block.fieldDescription ? `${id}-hint` : "";
    const errId = `err-${key}`;
    return html`<div class="field check${error ? " bad" : ""}"><input type="checkbox" value="on"${attrs({
      ...common([hintId, errId].filter(Boolean).join(" "), Boolean(error)),
      checked: value === "on" || value === "true",
    })}><label for="${id}">${block.fieldLabel}${
      block.required ? html` <span class="req" aria-hidden="true">*</span><span class="sr"> (${t(locale, "field.required")})</span>` : null
    }</label>${block.fieldDescription ? html`<p class="hint" id="${hintId}">${block.fieldDescription}</p>` : null}<p class="err" id="${errId}"${attrs({
      hidden: !error,
    })}>${error ?? ""}</p></div>`;
  }
  const control = (describedBy: string, invalid: boolean): Html => {
    const a = common(describedBy, invalid);
    switch (block.fieldType) {
      case "textarea":
        return html`<textarea rows="3"${attrs({ ...a, maxlength: 2000 })}>${value}</textarea>`;
      case "select":
        return html`<select${attrs(a)}><option value="">${t(locale, "field.choose")}</option>${block.fieldOptions.map(
          (o) => html`<option${attrs({ value: o.value, selected: o.value === value })}>${o.name}</option>`,
        )}</select>`;
      case "email":
        return html`<input type="email"${attrs({ ...a, value, maxlength: 254, autocomplete: "off" })}>`;
      case "phone":
        return html`<input type="tel"${attrs({ ...a, value, maxlength: 32, inputmode: "tel" })}>`;
      case "number":
        return html`<input type="text"${attrs({
          ...a,
          value,
          inputmode: "decimal",
          pattern: "-?[0-9]+([.,][0-9]+)?",
          title: t(locale, "err.answer.number"),
        })}>`;
      case "date":
        return html`<input type="date"${attrs({ ...a, value })}>`;
      default:
        return html`<input type="text"${attrs({ ...a, value, maxlength: 200 })}>`;
    }
  };
  return field(
    { id, key, label: block.fieldLabel, required: block.required, mark: true, hint: block.fieldDescription || undefined, control },
    errors,
    locale,
  );
}

export function countryOptions(checkout: FormCheckout, chosen: string, locale: Locale): Html[] {
  return checkout.payable.map(
    (code) =>
      html`<option${attrs({ value: code, selected: code === chosen, "data-dial": dialCode(code), "data-ex": examplePhone(code) })}>${countryName(
        locale,
        code,
      )}</option>`,
  );
}

export function operatorOptions(checkout: FormCheckout, chosen: string, country: CountryIso3, locale: Locale): Child {
  // an operator no configured provider can take now stays listed, greyed out, so the buyer knows why
  const option = (code: string, name: string, c: CountryIso3) =>
    checkout.unavailable?.[code]
      ? html`<option${attrs({ value: code, disabled: true, "data-c": c })}>${name} — ${t(locale, "form.operator_down")}</option>`
      : html`<option${attrs({ value: code, selected: code === chosen, "data-c": c })}>${name}</option>`;
  if (checkout.payable.length === 1) return operatorsOf(country).map(([code, name]) => option(code, name, country));
  // without JavaScript every payable country's operators show, grouped; the script keeps the chosen country's
  return checkout.payable.map(
    (c) => html`<optgroup label="${countryName(locale, c)}">${operatorsOf(c).map(([code, name]) => option(code, name, c))}</optgroup>`,
  );
}

/** « Carte bancaire » at the end of the operators, for every country (a card is not a country's). */
export function cardOption(checkout: Pick<FormCheckout, "card">, chosen: string, locale: Locale): Child {
  if (!checkout.card) return null;
  return html`<option${attrs({ value: CARD_OPERATOR, selected: chosen === CARD_OPERATOR, "data-c": "*" })}>${t(locale, "card.option")}</option>`;
}

/** The fee rule the merchant chose, as the buyer reads it before paying: what a card pays, or (the buyer chooses the amount) the rule alone. */
export function cardFeeWords(offer: NonNullable<FormCheckout["card"]>, currency: string, locale: Locale): string {
  const percent = offer.percent.replace(".", locale === "fr" ? "," : ".");
  const buyerPays = offer.rule === "buyer" && offer.percent !== "0";
  if (offer.varies) return buyerPays ? t(locale, "card.fee.buyer.any", { percent }) : t(locale, "card.fee.merchant.any");
  const total = formatMoney(offer.total, currency, locale);
  return buyerPays && offer.surcharge > 0 ? t(locale, "card.fee.buyer", { total, surcharge: formatMoney(offer.surcharge, currency, locale), percent }) : t(locale, "card.fee.merchant", { total });
}

const cardCountryNames = new Map<Locale, [string, string][]>();

/** Every billing country CinetPay may be given (ISO 3166-1 alpha-2), by name in the page's language. */
function cardCountries(locale: Locale): [string, string][] {
  const cached = cardCountryNames.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const list = getCountries()
    .map((code): [string, string] => [code, names.of(code) ?? code])
    .sort((a, b) => a[1].localeCompare(b[1], locale));
  cardCountryNames.set(locale, list);
  return list;
}

/**
 * The card payer's billing details (CinetPay's card channel asks for them). The page's script shows
 * them only when « Carte bancaire » is chosen, and makes them required then; without it they show
 * under a line saying they are for a card payment only. A page without the script (a payment page,
 * an invoice) folds them (`folded`): the buyer opens them to pay by card; they stay open when the
 * card was chosen.
 */
export function cardFields(checkout: Pick<FormCheckout, "card" | "currency">, values: FormValues, errors: Record<string, string>, locale: Locale, country: CountryIso3, folded = false): Child {
  const offer = checkout.card;
  if (!offer) return null;
  const total = formatMoney(offer.total, checkout.currency, locale);
  const fee = cardFeeWords(offer, checkout.currency, locale);
  const chosenCard = values.operator === CARD_OPERATOR;
  const input = (name: CardPayerField, type: string, extra: Record<string, string | number | boolean | null> = {}) =>
    (d: string, invalid: boolean) =>
      html`<input${attrs({ type, id: name, name, value: values.card[name] ?? "", maxlength: 200, "aria-describedby": d, "aria-invalid": invalid ? "true" : null, "data-card-required": true, ...extra })}>`;
  const text = (name: CardPayerField, label: MessageKey, extra: Record<string, string | number | boolean | null> = {}, hint?: string) =>
    field({ id: name, key: name, label: t(locale, label), required: true, mark: false, hint, control: input(name, name === "card_email" ? "email" : "text", extra) }, errors, locale);
  const billing = values.card.card_country || countries[country].iso2;
  const inputs = [
    text("card_name", "card.name", { autocomplete: "given-name" }),
    text("card_surname", "card.surname", { autocomplete: "family-name" }),
    text("card_email", "card.email", { autocomplete: "email", inputmode: "email", maxlength: 254 }),
    text("card_address", "card.address", { autocomplete: "street-address" }),
    text("card_city", "card.city", { autocomplete: "address-level2", maxlength: 100 }),
    text("card_state", "card.state", { autocomplete: "address-level1", maxlength: 100 }),
    text("card_zip_code", "card.zip_code", { autocomplete: "postal-code", maxlength: 15 }, t(locale, "card.zip_code.hint")),
    field(
      {
        id: "card_country",
        key: "card_country",
        label: t(locale, "card.country"),
        required: true,
        mark: false,
        control: (d, invalid) =>
          html`<select${attrs({ id: "card_country", name: "card_country", autocomplete: "country", "aria-describedby": d, "aria-invalid": invalid ? "true" : null, "data-card-required": true })}>${cardCountries(locale).map(
            ([code, name]) => html`<option${attrs({ value: code, selected: code === billing })}>${name}</option>`,
          )}</select>`,
      },
      errors,
      locale,
    ),
  ];
  if (folded) {
    const open = chosenCard || cardPayerFieldsIn(errors);
    return html`<details class="cardbox" id="card"${attrs({ open })}><summary>${t(locale, "card.section")}<span class="hint" id="card-fee">${fee}</span></summary><p class="hint" id="card-only">${t(locale, "card.nojs")}</p><p class="hint">${t(locale, "card.hint")}</p><p class="hint">${t(locale, "card.phone")} — ${t(locale, "card.phone.hint")}</p>${inputs}</details>`;
  }
  return html`<fieldset class="card" id="card"${attrs({ "data-card-total": t(locale, "submit", { amount: total }), "data-card-amount": total })}><legend class="sec">${t(locale, "card.section")}</legend><p class="hint" id="card-fee">${fee}</p><p class="hint" id="card-only"${attrs({ hidden: chosenCard })}>${t(locale, "card.nojs")}</p><p class="hint">${t(locale, "card.hint")}</p>${inputs}</fieldset>`;
}

const cardPayerFieldsIn = (errors: Record<string, string>) => Object.keys(errors).some((k) => k.startsWith("card_"));

export function formPage({ checkout, locale, values, errors, paths }: FormPageModel): PageFrame {
  const market = checkout.kind === "market";
  const total = formatMoney(checkout.total, checkout.currency, locale);
  const country = (checkout.payable as string[]).includes(values.country) ? (values.country as CountryIso3) : checkout.defaultCountry;
  const ops = operatorsOf(country);
  const operator = values.operator || (ops.length === 1 ? ops[0]![0] : "");
  const example = examplePhone(country);
  const hintTemplate = t(locale, "field.phone.hint", { example: "{ex}" });
  const problems = Object.keys(errors).length > 0;

  const buyer = market
    ? [
        html`<h2 class="sec">${t(locale, "section.buyer")}</h2><p class="hint">${t(locale, "required.legend")}</p>`,
        field(
          {
            id: "full_name",
            key: "full_name",
            label: t(locale, "field.full_name"),
            required: true,
            mark: true,
            control: (d, invalid) =>
              html`<input type="text"${attrs({ id: "full_name", name: "full_name", value: values.full_name, required: true, minlength: 2, maxlength: 100, autocomplete: "name", "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>`,
          },
          errors,
          locale,
        ),
        field(
          {
            id: "email",
            key: "email",
            label: t(locale, "field.email"),
            required: true,
            mark: true,
            control: (d, invalid) =>
              html`<input type="email"${attrs({ id: "email", name: "email", value: values.email, required: true, maxlength: 254, autocomplete: "email", inputmode: "email", "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>`,
          },
          errors,
          locale,
        ),
        checkout.blocks.map((block) => blockField(block, values.answers[block.fieldName] ?? "", errors, locale)),
      ]
    : null;

  const payment = [
    market ? html`<h2 class="sec">${t(locale, "section.payment")}</h2>` : null,
    field(
      {
        id: "country",
        key: "country",
        label: t(locale, "field.country"),
        required: true,
        mark: market,
        control: (d, invalid) =>
          html`<select${attrs({ id: "country", name: "country", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>${countryOptions(checkout, country, locale)}</select>`,
      },
      errors,
      locale,
    ),
    field(
      {
        id: "operator",
        key: "operator",
        // « Carte bancaire » among them: the choice is a means of payment
        label: t(locale, checkout.card ? "card.means" : "field.operator"),
        required: true,
        mark: market,
        control: (d, invalid) =>
          html`<select${attrs({ id: "operator", name: "operator", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}><option value="">${t(locale, "field.choose")}</option>${operatorOptions(checkout, operator, country, locale)}${cardOption(checkout, operator, locale)}</select>`,
      },
      errors,
      locale,
    ),
    field(
      {
        id: "phone",
        key: "phone",
        label: t(locale, "field.phone"),
        required: true,
        mark: market,
        hint: t(locale, "field.phone.hint", { example }),
        control: (d, invalid) =>
          // several countries: without the script (which shows it) the calling code could be another country's
          html`<div class="tel"><span class="dial" id="dial"${attrs({ hidden: checkout.payable.length > 1 })}>${dialCode(country)}</span><input type="tel"${attrs({ id: "phone", name: "phone", value: values.phone, required: true, maxlength: 32, inputmode: "tel", autocomplete: "tel", "aria-describedby": d, "aria-invalid": invalid ? "true" : null, "data-hint": hintTemplate, ...(checkout.card ? { "data-card-label": t(locale, "card.phone"), "data-card-hint": t(locale, "card.phone.hint") } : {}) })}></div>`,
      },
      errors,
      locale,
    ),
    cardFields(checkout, values, errors, locale, country),
  ];

  // a marketplace link's price and fee; by card with a surcharge the buyer pays, the card fee too, on
  // one line (the page's script shows it when a card is chosen)
  const split = `${t(locale, "amount.price")} ${formatMoney(checkout.price, checkout.currency, locale)} · ${t(locale, "amount.fee")} ${formatMoney(checkout.fee, checkout.currency, locale)}`;
  const cardSplit = checkout.card && checkout.card.surcharge > 0 ? `${split} · ${t(locale, "amount.card_fee").replaceAll(" ", "\u00a0")}\u00a0${formatMoney(checkout.card.surcharge, checkout.currency, locale)}` : null;

  // the page's heading says what it is for (the header shows whose shop it is); the amount follows
  const body = html`<section class="sum"><h1 class="sr">${t(locale, "page.pay", { shop: checkout.shopName })}</h1>${market ? html`<p class="seller">${t(locale, "seller", { shop: checkout.shopName })}</p>` : null}<p class="label">${t(locale, "amount.label")}</p><p class="amount">${total}</p>${
    checkout.fee > 0
      ? html`<p class="split"${attrs({ "data-card": cardSplit })}>${split}</p>`
      : null
  }${checkout.message ? html`<p class="msg">${checkout.message}</p>` : null}</section><form id="pay" method="post"${attrs({
    action: paths.action,
    "data-api": paths.api,
    "data-busy": t(locale, "submit.busy"),
    "data-network": t(locale, "submit.network"),
  })}><p class="alert" id="err-form" role="alert"${attrs({ hidden: !problems })}>${errors.form ?? (problems ? t(locale, "form.problems") : "")}</p><input type="hidden" name="client_token" value="${values.client_token}">${buyer}${payment}<button type="submit" class="btn">${t(locale, "submit", { amount: total })}</button></form>`;

  return {
    locale,
    title: t(locale, "page.pay", { shop: checkout.branding?.name ?? checkout.shopName }),
    otherLangHref: paths.otherLang,
    mode: checkout.mode,
    testHelp: true,
    branding: checkout.branding,
    heading: checkout.shopName,
    support: checkout.support,
    script: true,
    cards: Boolean(checkout.card),
    body,
  };
}
