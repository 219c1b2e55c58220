import type { CountryIso3 } from "@/lib/countries";
import type { Mode } from "@/lib/core/modes";
import type { FormBlock } from "@/lib/core/form-block-shape";
import { fill } from "@/lib/core/fill";
import { formatMoney } from "@/lib/core/money";
import { intlLocale } from "@/lib/core/languages";
import { dialCode, examplePhone } from "@/lib/countries/format";
import type { FormValues } from "../form-input";
import { attrs, html, type Child, type Html } from "../html";
import { t, type Locale } from "../i18n";
import { operatorsOf } from "../operators";
import { blockField, cardFields, cardOption, countryOptions, operatorOptions, type FormCheckout } from "../views/form-page";
import type { CardOffer } from "../checkout";
import { renderPage } from "../views/layout";
import { pageWords } from "./words";

// A payment page (/pp/{id}) as pure text, in the checkout's frame and stylesheet: what is sold (a
// price and a quantity, or an amount to choose), the page's questions, the buyer's number; or, once
// it takes no payment, its message. It works without JavaScript: the form posts, the answer is a
// redirect to the payment's waiting page (the checkout's own, which follows the payment).

export type PageFacts = {
  id: string;
  mode: Mode;
  title: string;
  description: string;
  currency: string;
  amountType: "fixed" | "custom";
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  maxQuantity: number;
  unitsLeft: number | null;
  endsAt: Date | null;
  closedMessage: string;
  blocks: FormBlock[];
  payable: CountryIso3[];
  defaultCountry: CountryIso3;
  support: { email: string; phone: string } | null;
  /** « Carte bancaire » where the merchant offers cards (the fee rule shown), else null */
  card: CardOffer | null;
};

export type PageFormValues = FormValues & { quantity: string; amount: string };

export const payPagePath = (id: string, locale: Locale) => `/pp/${id}?lang=${locale}`;

function frame(page: PageFacts, locale: Locale, title: string, body: Child, testHelp = false, cards = false) {
  return renderPage({
    cards,
    locale,
    title,
    otherLangHref: payPagePath(page.id, locale === "fr" ? "en" : "fr"),
    mode: page.mode,
    testHelp,
    heading: page.title,
    support: page.support,
    body,
  });
}

function field(id: string, label: string, hint: string | null, error: string | undefined, control: (describedBy: string, invalid: boolean) => Html): Html {
  const describedBy = [hint ? `${id}-hint` : "", `err-${id}`].filter(Boolean).join(" ");
  return html`<div class="field${error ? " bad" : ""}"><label for="${id}">${label}</label>${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : null}${control(
    describedBy,
    Boolean(error),
  )}<p class="err" id="err-${id}"${attrs({ hidden: !error })}>${error ?? ""}</p></div>`;
}

/** The most units one payment may buy now: the page's limit, and what is left of its stock. */
export function quantityLimit(page: Pick<PageFacts, "maxQuantity" | "unitsLeft">): number {
  return Math.max(1, Math.min(page.maxQuantity, page.unitsLeft ?? page.maxQuantity));
}

export function renderPageForm(page: PageFacts, locale: Locale, values: PageFormValues, errors: Record<string, string>) {
  const w = pageWords(locale);
  const money = (minor: number) => formatMoney(minor, page.currency, locale);
  const problems = Object.keys(errors).length > 0;
  const checkout = { payable: page.payable, unavailable: undefined, card: page.card, currency: page.currency } as FormCheckout;
  const country = (page.payable as string[]).includes(values.country) ? (values.country as CountryIso3) : page.defaultCountry;
  const ops = operatorsOf(country);
  const operator = values.operator || (ops.length === 1 ? ops[0]![0] : "");
  const most = quantityLimit(page);

  const price =
    page.amountType === "fixed"
      ? html`<p class="label">${most > 1 ? w.unitPrice : t(locale, "amount.label")}</p><p class="amount">${money(page.amount!)}</p>`
      : html`<p class="label">${w.amount}</p><p class="amount">${money(page.minAmount!)} – ${money(page.maxAmount!)}</p>`;
  const left = page.unitsLeft !== null ? html`<p class="hint">${fill(w.left, { left: page.unitsLeft })}</p>` : null;
  const ends = page.endsAt
    ? html`<p class="hint">${fill(w.endsAt, { date: new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(page.endsAt) })} UTC</p>`
    : null;

  const choice =
    page.amountType === "custom"
      ? field("amount", w.amount, fill(w.amountHint, { min: money(page.minAmount!), max: money(page.maxAmount!) }), errors.amount, (d, invalid) =>
          html`<div class="money"><input type="text"${attrs({ id: "amount", name: "amount", value: values.amount, required: true, inputmode: page.currency === "XAF" || page.currency === "XOF" ? "numeric" : "decimal", autocomplete: "off", maxlength: 16, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}><span class="unit" aria-hidden="true">${page.currency}</span></div>`,
        )
      : most > 1
        ? field("quantity", w.quantity, fill(w.quantityHint, { max: most }), errors.quantity, (d, invalid) =>
            html`<select${attrs({ id: "quantity", name: "quantity", "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>${Array.from(
              { length: most },
              (_, i) => html`<option${attrs({ value: i + 1, selected: String(i + 1) === (values.quantity || "1") })}>${i + 1} × ${money(page.amount!)} = ${money((i + 1) * page.amount!)}</option>`,
            )}</select>`,
          )
        : null;

  const questions = page.blocks.length
    ? [html`<h2 class="sec">${w.questions}</h2>`, page.blocks.map((block) => blockField(block, values.answers[block.fieldName] ?? "", errors, locale))]
    : null;

  const payer = [
    html`<h2 class="sec">${t(locale, "section.payment")}</h2>`,
    field("country", t(locale, "field.country"), null, errors.country, (d, invalid) =>
      html`<select${attrs({ id: "country", name: "country", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>${countryOptions(checkout, country, locale)}</select>`,
    ),
    // « Carte bancaire » among them: the choice is a means of payment
    field("operator", t(locale, page.card ? "card.means" : "field.operator"), null, errors.operator, (d, invalid) =>
      html`<select${attrs({ id: "operator", name: "operator", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}><option value="">${t(locale, "field.choose")}</option>${operatorOptions(checkout, operator, country, locale)}${cardOption(checkout, operator, locale)}</select>`,
    ),
    field("phone", t(locale, "field.phone"), t(locale, "field.phone.hint", { example: examplePhone(country) }), errors.phone, (d, invalid) =>
      html`<div class="tel"><span class="dial"${attrs({ hidden: page.payable.length > 1 })}>${dialCode(country)}</span><input type="tel"${attrs({ id: "phone", name: "phone", value: values.phone, required: true, maxlength: 32, inputmode: "tel", autocomplete: "tel", "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}></div>`,
    ),
    cardFields(checkout, values, errors, locale, country, true),
  ];

  const body = html`<section class="sum"><h1 class="shop">${page.title}</h1>${page.description ? html`<p class="msg">${page.description}</p>` : null}${price}${left}${ends}</section><form id="page-pay" method="post" novalidate${attrs({
    action: payPagePath(page.id, locale),
  })}><p class="alert" id="err-form" role="alert"${attrs({ hidden: !problems })}>${errors.form ?? (problems ? t(locale, "form.problems") : "")}</p><input type="hidden" name="client_token" value="${values.client_token}">${choice}${questions}${payer}<button type="submit" class="btn">${w.pay}</button></form>`;
  return frame(page, locale, t(locale, "page.pay", { shop: page.title }), body, true, Boolean(page.card));
}

export type ClosedKind = "closed" | "ended" | "sold_out";

/** A page that takes no payment: the merchant's message, or ours. */
export function renderPageClosed(page: PageFacts, locale: Locale, kind: ClosedKind) {
  const w = pageWords(locale);
  const title = kind === "sold_out" ? w.soldOutTitle : kind === "ended" ? w.endedTitle : w.closedTitle;
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${title}</h1><p class="shop">${page.title}</p><p>${page.closedMessage || w.closedBody}</p></section>`;
  return frame(page, locale, title, body);
}

export function renderPageNotFound(locale: Locale, otherLangHref: string) {
  const w = pageWords(locale);
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${w.notFoundTitle}</h1><p>${w.notFoundBody}</p></section>`;
  return renderPage({ locale, title: w.notFoundTitle, otherLangHref, body });
}

/** A redirect flow (CinetPay): the buyer pays on the provider's page; a page, not a 303 (the CSP's form-action is 'self'). */
export function renderToProvider(page: PageFacts, locale: Locale, url: string) {
  const title = t(locale, "continue.provider");
  const body = html`<section class="state"><h1>${title}</h1><a class="btn" href="${url}">${t(locale, "continue.link")}</a></section>`;
  return renderPage({
    locale,
    title,
    otherLangHref: payPagePath(page.id, locale === "fr" ? "en" : "fr"),
    mode: page.mode,
    heading: page.title,
    body,
    head: html`<meta http-equiv="refresh" content="0;url=${url}">`,
  });
}
