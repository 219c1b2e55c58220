import { isCountry, type CountryIso3 } from "@/lib/countries";
import type { Mode } from "@/lib/core/modes";
import { fill } from "@/lib/core/fill";
import { formatMoney } from "@/lib/core/money";
import { intlLocale } from "@/lib/core/languages";
import { dialCode, examplePhone, formatPhone } from "@/lib/countries/format";
import type { FormValues } from "../form-input";
import { attrs, html, type Child, type Html } from "../html";
import { countryName, t, type Locale } from "../i18n";
import { operatorsOf } from "../operators";
import { cardFields, cardOption, countryOptions, operatorOptions, type FormCheckout } from "../views/form-page";
import type { CardOffer } from "../checkout";
import { renderPage } from "../views/layout";
import { invoiceWords } from "./words";

// An invoice's page (/i/{id}) and its print view (/i/{id}/print), as pure text in the checkout's
// frame and stylesheet: who bills whom, the lines, total, paid and balance due, and the pay form
// (the balance, or a part when the invoice allows parts). It works without JavaScript: the form
// posts, the answer is a redirect to the payment's waiting page (the checkout's own).

export type InvoiceStatus = "open" | "partially_paid" | "paid" | "overdue" | "cancelled";

export type InvoiceFacts = {
  id: string;
  mode: Mode;
  reference: string;
  merchant: { name: string; country: string; email: string; phone: string };
  customer: { name: string; phone: string; email: string };
  currency: string;
  lines: { label: string; quantity: number; unit_price: number; amount: number }[];
  total: number;
  paid: number;
  pending: number;
  balance: number;
  /** what a payment may take now (the balance less payments in progress) */
  payable: number;
  /** the least part now; equal to `payable` when the invoice is paid whole */
  least: number;
  allowPartial: boolean;
  dueDate: string;
  today: string;
  createdAt: Date;
  memo: string;
  status: InvoiceStatus;
  payableCountries: CountryIso3[];
  defaultCountry: CountryIso3;
  /** « Carte bancaire » where the merchant offers cards (the fee rule shown), else null */
  card: CardOffer | null;
};

export type InvoiceFormValues = FormValues & { amount: string };

export const invoicePagePath = (id: string, locale: Locale) => `/i/${id}?lang=${locale}`;
export const invoicePrintPagePath = (id: string, locale: Locale) => `/i/${id}/print?lang=${locale}`;

const day = (d: string, locale: Locale) => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));

function frame(inv: InvoiceFacts, locale: Locale, title: string, body: Child, otherLangHref: string, testHelp = false, cards = false) {
  return renderPage({
    cards,
    locale,
    title,
    otherLangHref,
    mode: inv.mode,
    testHelp,
    heading: inv.merchant.name,
    support: inv.merchant.email || inv.merchant.phone ? { email: inv.merchant.email, phone: inv.merchant.phone } : null,
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

function badge(inv: InvoiceFacts, locale: Locale): Html {
  const w = invoiceWords(locale);
  const tone = inv.status === "overdue" || inv.status === "cancelled" ? " late" : inv.status === "paid" ? " done" : "";
  return html`<span class="badge${tone}">${w.status[inv.status]}</span>`;
}

function dueLine(inv: InvoiceFacts, locale: Locale): string {
  const w = invoiceWords(locale);
  if (inv.dueDate === inv.today) return w.dueToday;
  return fill(inv.dueDate < inv.today ? w.overdueSince : w.due, { date: day(inv.dueDate, locale) });
}

/** The lines: on the page label and "4 × price" under it, then the amount; printed, four columns. */
function linesTable(inv: InvoiceFacts, locale: Locale, wide: boolean): Html {
  const w = invoiceWords(locale);
  const money = (minor: number) => formatMoney(minor, inv.currency, locale);
  const head = wide
    ? html`<tr><th scope="col">${w.item}</th><th scope="col">${w.qty}</th><th scope="col">${w.unit}</th><th scope="col">${w.lineTotal}</th></tr>`
    : html`<tr><th scope="col">${w.item}</th><th scope="col">${w.lineTotal}</th></tr>`;
  const rows = inv.lines.map((l) =>
    wide
      ? html`<tr><td>${l.label}</td><td>${l.quantity}</td><td>${money(l.unit_price)}</td><td>${money(l.amount)}</td></tr>`
      : html`<tr><td>${l.label}<span class="sub">${l.quantity} × ${money(l.unit_price)}</span></td><td>${money(l.amount)}</td></tr>`,
  );
  const foot = [
    html`<tr><td>${w.total}</td><td>${money(inv.total)}</td></tr>`,
    inv.paid > 0 ? html`<tr class="minor"><td>${w.paid}</td><td>− ${money(inv.paid)}</td></tr>` : null,
    inv.pending > 0 ? html`<tr class="minor"><td>${w.pending}</td><td>${money(inv.pending)}</td></tr>` : null,
    html`<tr class="due"><td>${w.balance}</td><td>${money(inv.balance)}</td></tr>`,
  ];
  // printed, the totals are a table of their own: the lines' columns may then narrow on a phone
  if (wide) {
    return html`<table class="lines"><caption class="sr">${w.lines}</caption><thead>${head}</thead><tbody>${rows}</tbody></table><table class="lines totals"><caption class="sr">${w.balance}</caption><tbody>${foot}</tbody></table>`;
  }
  return html`<table class="lines"><caption class="sr">${w.lines}</caption><thead>${head}</thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table>`;
}

/** The invoice's head; `heading`: its title line is the page's h1 (while the form is shown; a closed invoice's state has its own). */
function summary(inv: InvoiceFacts, locale: Locale, heading: boolean): Html {
  const w = invoiceWords(locale);
  const money = (minor: number) => formatMoney(minor, inv.currency, locale);
  const title = inv.reference ? `${w.invoice} ${inv.reference}` : w.invoice;
  const titleLine = `${title} · ${w.for} ${inv.customer.name}`;
  return html`<section class="sum">${heading ? html`<h1 class="label">${titleLine}</h1>` : html`<p class="label">${titleLine}</p>`}<p class="amount">${money(inv.status === "paid" || inv.status === "cancelled" ? inv.total : inv.balance)}</p><p class="label">${
    inv.status === "paid" || inv.status === "cancelled" ? null : dueLine(inv, locale)
  }</p>${badge(inv, locale)}</section>`;
}

const printLink = (inv: InvoiceFacts, locale: Locale) => html`<a class="printlink noprint" href="${invoicePrintPagePath(inv.id, locale)}">${invoiceWords(locale).print}</a>`;

/** The customer's page: the invoice, and the pay form while it takes payments (or why not). */
export function renderInvoicePage(inv: InvoiceFacts, locale: Locale, values: InvoiceFormValues, errors: Record<string, string>) {
  const w = invoiceWords(locale);
  const money = (minor: number) => formatMoney(minor, inv.currency, locale);
  const other = invoicePagePath(inv.id, locale === "fr" ? "en" : "fr");
  const memo = inv.memo ? html`<p class="msg memo">${inv.memo}</p>` : null;
  const closed = inv.status === "paid" || inv.status === "cancelled" || inv.payable === 0;
  const top = [summary(inv, locale, !closed), linesTable(inv, locale, false), memo];

  let tail: Child;
  if (closed) {
    const [icon, title, body] =
      inv.status === "paid" ? ["ok", w.paidTitle, w.paidBody] : inv.status === "cancelled" ? ["info", w.cancelledTitle, w.cancelledBody] : ["info", w.heldTitle, w.heldBody];
    tail = html`<section class="state other"><div class="icon ${icon}" aria-hidden="true">${icon === "ok" ? "✓" : "!"}</div><h1>${title}</h1><p>${body}</p></section>`;
  } else {
    const checkout = { payable: inv.payableCountries, unavailable: undefined, card: inv.card, currency: inv.currency } as FormCheckout;
    const country = (inv.payableCountries as string[]).includes(values.country) ? (values.country as CountryIso3) : inv.defaultCountry;
    const ops = operatorsOf(country);
    const operator = values.operator || (ops.length === 1 ? ops[0]![0] : "");
    const problems = Object.keys(errors).length > 0;
    const part = inv.allowPartial && inv.least < inv.payable;
    const amount = part
      ? field("amount", w.amount, fill(w.amountHint, { min: money(inv.least), max: money(inv.payable) }), errors.amount, (d, invalid) =>
          html`<div class="money"><input type="text"${attrs({ id: "amount", name: "amount", value: values.amount, required: true, inputmode: inv.currency === "XAF" || inv.currency === "XOF" ? "numeric" : "decimal", autocomplete: "off", maxlength: 16, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}><span class="unit" aria-hidden="true">${inv.currency}</span></div>`,
        )
      : null;
    tail = html`<form id="invoice-pay" class="other" method="post" novalidate${attrs({ action: invoicePagePath(inv.id, locale) })}><p class="alert" id="err-form" role="alert"${attrs({ hidden: !problems })}>${
      errors.form ?? (problems ? t(locale, "form.problems") : "")
    }</p><input type="hidden" name="client_token" value="${values.client_token}"><h2 class="sec">${t(locale, "section.payment")}</h2>${amount}${field(
      "country",
      t(locale, "field.country"),
      null,
      errors.country,
      (d, invalid) => html`<select${attrs({ id: "country", name: "country", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}>${countryOptions(checkout, country, locale)}</select>`,
    )}${field(
      "operator",
      // « Carte bancaire » among them: the choice is a means of payment
      t(locale, inv.card ? "card.means" : "field.operator"),
      null,
      errors.operator,
      (d, invalid) =>
        html`<select${attrs({ id: "operator", name: "operator", required: true, "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}><option value="">${t(locale, "field.choose")}</option>${operatorOptions(checkout, operator, country, locale)}${cardOption(checkout, operator, locale)}</select>`,
    )}${field(
      "phone",
      t(locale, "field.phone"),
      t(locale, "field.phone.hint", { example: examplePhone(country) }),
      errors.phone,
      (d, invalid) =>
        html`<div class="tel"><span class="dial"${attrs({ hidden: inv.payableCountries.length > 1 })}>${dialCode(country)}</span><input type="tel"${attrs({ id: "phone", name: "phone", value: values.phone, required: true, maxlength: 32, inputmode: "tel", autocomplete: "tel", "aria-describedby": d, "aria-invalid": invalid ? "true" : null })}></div>`,
    )}${cardFields(checkout, values, errors, locale, country, true)}<button type="submit" class="btn">${part ? w.payPart : fill(w.pay, { amount: money(inv.payable) })}</button></form>`;
  }
  const title = inv.reference ? `${w.invoice} ${inv.reference}` : w.invoice;
  return frame(inv, locale, `${title} · ${inv.merchant.name}`, [top, tail, printLink(inv, locale)], other, tail !== null, Boolean(inv.card) && inv.payable > 0);
}

/** The invoice to print: the merchant's details, the customer's, every line, the amounts, the pay link. */
export function renderInvoicePrint(inv: InvoiceFacts, locale: Locale, link: string) {
  const w = invoiceWords(locale);
  const title = inv.reference ? `${w.invoice} ${inv.reference}` : w.invoice;
  const issued = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(inv.createdAt);
  const who = (label: string, lines: string[]) => html`<div><p class="label">${label}</p>${lines.filter(Boolean).map((l, i) => (i === 0 ? html`<p><strong>${l}</strong></p>` : html`<p>${l}</p>`))}</div>`;
  const body = html`<article class="invoice-print"><header class="inv-head"><h1 class="shop">${title}</h1>${badge(inv, locale)}</header><div class="parties">${who(w.from, [
    inv.merchant.name,
    isCountry(inv.merchant.country) ? countryName(locale, inv.merchant.country) : "",
    inv.merchant.email,
    inv.merchant.phone,
  ])}${who(w.customer, [inv.customer.name, inv.customer.phone ? formatPhone(inv.customer.phone) : "", inv.customer.email])}</div><dl class="facts"><div><dt>${w.issued}</dt><dd>${issued}</dd></div><div><dt>${w.dueDate}</dt><dd>${day(
    inv.dueDate,
    locale,
  )}</dd></div></dl>${linesTable(inv, locale, true)}${inv.memo ? html`<p class="label">${w.note}</p><p class="msg memo">${inv.memo}</p>` : null}${
    inv.status === "paid" || inv.status === "cancelled" ? null : html`<p class="label paylink">${w.payOnline} : <span class="ref">${link}</span></p>`
  }<p class="hint noprint">${w.printHint}</p><a class="btn alt noprint" href="${invoicePagePath(inv.id, locale)}">${w.back}</a></article>`;
  return frame(inv, locale, `${title} · ${inv.merchant.name}`, body, invoicePrintPagePath(inv.id, locale === "fr" ? "en" : "fr"));
}

export function renderInvoiceNotFound(locale: Locale, otherLangHref: string) {
  const w = invoiceWords(locale);
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${w.notFoundTitle}</h1><p>${w.notFoundBody}</p></section>`;
  return renderPage({ locale, title: w.notFoundTitle, otherLangHref, body });
}

/** A redirect flow (CinetPay): the customer pays on the provider's page; a page, not a 303 (the CSP's form-action is 'self'). */
export function renderInvoiceToProvider(inv: Pick<InvoiceFacts, "id" | "mode" | "merchant">, locale: Locale, url: string) {
  const title = t(locale, "continue.provider");
  const body = html`<section class="state"><h1>${title}</h1><a class="btn" href="${url}">${t(locale, "continue.link")}</a></section>`;
  return renderPage({
    locale,
    title,
    otherLangHref: invoicePagePath(inv.id, locale === "fr" ? "en" : "fr"),
    mode: inv.mode,
    heading: inv.merchant.name,
    body,
    head: html`<meta http-equiv="refresh" content="0;url=${url}">`,
  });
}
