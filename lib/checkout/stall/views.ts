import { fill } from "@/lib/core/fill";
import type { StallRequestState } from "@/lib/payment-requests/stall-sales";
import type { Mode } from "@/lib/core/modes";
import { intlLocale } from "@/lib/core/languages";
import { decimalsOf, formatMoney, toMajor } from "@/lib/core/money";
import { operatorObject, type CountryIso3 } from "@/lib/countries";
import { dialCode, examplePhone, maskedPhone } from "@/lib/countries/format";
import { operatorPrefixes } from "@/lib/countries/operator-of-number";
import { stallEn } from "@/lib/i18n/stall-en";
import { stallFr, type StallWords } from "@/lib/i18n/stall-fr";
import { assetUrl } from "../assets";
import { attrs, html, type Child, type Html } from "../html";
import type { Locale } from "../i18n";
import { renderFrame } from "../views/frame";

// The stall's pages (/s/{code}) as pure text, in the checkout's frame, stylesheet and headers: the
// form where the buyer chooses the amount and types their number, and the status page after it.
// Every value is escaped by `html`; no page shows a whole phone number (masked on the status page).

export const stallWords = (locale: Locale): StallWords => (locale === "en" ? stallEn : stallFr);

/** What the pages show of a stall (lib/payment-requests/stall-sales.ts's OpenStall, as plain data). */
export type StallFacts = {
  code: string;
  mode: Mode;
  name: string;
  businessName: string;
  currency: string;
  min: number;
  max: number;
  country: CountryIso3;
  operators: [code: string, name: string][];
};

export type StallFormValues = { amount: string; phone: string; operator: string; client_token: string };

type Page = { locale: Locale; stall: StallFacts };

export const stallPath = (code: string, locale: Locale) => `/s/${code}?lang=${locale}`;
export const statusPath = (code: string, id: string, locale: Locale) => `/s/${code}/p/${id}?lang=${locale}`;

function frame({ locale, stall }: Page, title: string, otherLangHref: string, body: Html, extra: { script?: boolean; head?: Html } = {}): Html {
  return renderFrame(
    { locale, title, otherLangHref, mode: stall.mode, testHelp: true, heading: stall.businessName, body, head: extra.head },
    { stylesheet: assetUrl("checkout.css"), theme: null, icon: assetUrl("icon.svg"), script: extra.script ? assetUrl("stall.js") : null, logo: null },
  );
}

function field(id: string, label: string, hint: string | null, error: string | undefined, control: (describedBy: string) => Html): Html {
  const describedBy = [hint ? `${id}-hint` : "", `err-${id}`].filter(Boolean).join(" ");
  return html`<div class="field${error ? " bad" : ""}"><label for="${id}">${label}</label>${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : null}${control(
    describedBy,
  )}<p class="err" id="err-${id}"${attrs({ hidden: !error })}>${error ?? ""}</p></div>`;
}

/** The bounds in words: `min` and `max` with the currency, `minNumber` without (« entre 100 et 50 000 FCFA »). */
export function boundsText(stall: Pick<StallFacts, "min" | "max" | "currency">, locale: Locale) {
  const decimals = decimalsOf(stall.currency);
  const number = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return { min: formatMoney(stall.min, stall.currency, locale), minNumber: number.format(toMajor(stall.min, stall.currency)), max: formatMoney(stall.max, stall.currency, locale) };
}

/** The stall's form: amount, number, operator, one button. */
export function renderStallForm(page: Page & { values: StallFormValues; errors: Record<string, string> }): Html {
  const { locale, stall, values, errors } = page;
  const w = stallWords(locale).page;
  const bounds = boundsText(stall, locale);
  const symbol = formatMoney(0, stall.currency, locale).replace(/[\d\s.,\u00a0\u202f]/g, "") || stall.currency;
  const { callingCode, prefixes } = operatorPrefixes(stall.country);
  const problems = Object.keys(errors).length > 0;
  const invalid = (key: string) => (errors[key] ? "true" : null);
  const operatorOptions: Child = stall.operators.map(
    ([code, name]) => html`<option${attrs({ value: code, selected: code === values.operator, "data-p": (prefixes[code] ?? []).join(" ") || null })}>${name}</option>`,
  );
  const shop = stall.name || stall.businessName;
  const body = html`<section class="sum"><h1 class="shop">${shop}</h1>${stall.name ? html`<p class="label">${stall.businessName}</p>` : null}</section><form id="stall" method="post" novalidate${attrs({
    action: stallPath(stall.code, locale),
    "data-busy": w.busy,
    "data-label": w.pay,
  })}><p class="alert" id="err-form" role="alert"${attrs({ hidden: !problems })}>${errors.form ?? (problems ? w.problems : "")}</p><input type="hidden" name="client_token" value="${values.client_token}">${field(
    "amount",
    w.amount,
    fill(w.amountHint, bounds),
    errors.amount,
    (d) =>
      html`<div class="money"><input type="text"${attrs({ id: "amount", name: "amount", value: values.amount, required: true, inputmode: stall.currency === "XAF" || stall.currency === "XOF" ? "numeric" : "decimal", autocomplete: "off", maxlength: 16, "aria-describedby": d, "aria-invalid": invalid("amount") })}><span class="unit" aria-hidden="true">${symbol}</span></div>`,
  )}${field("phone", w.phone, fill(w.phoneHint, { example: examplePhone(stall.country) }), errors.phone, (d) =>
    html`<div class="tel"><span class="dial">${dialCode(stall.country)}</span><input type="tel"${attrs({ id: "phone", name: "phone", value: values.phone, required: true, maxlength: 32, inputmode: "tel", autocomplete: "tel", "aria-describedby": d, "aria-invalid": invalid("phone") })}></div>`,
  )}${field("operator", w.operator, null, errors.operator, (d) =>
    html`<select${attrs({ id: "operator", name: "operator", "data-cc": callingCode, "aria-describedby": d, "aria-invalid": invalid("operator") })}><option value="">${w.operatorAuto}</option>${operatorOptions}</select>`,
  )}<button type="submit" class="btn">${w.pay}</button></form>`;
  return frame(page, fill(w.title, { shop }), stallPath(stall.code, locale === "fr" ? "en" : "fr"), body, { script: true });
}

/** A page that only explains (a stall archived, a request not of this stall). */
export function renderStallMessage(page: { locale: Locale; stall?: StallFacts; otherLangHref: string }, title: string, text: string): Html {
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${title}</h1><p>${text}</p></section>`;
  return renderFrame(
    { locale: page.locale, title, otherLangHref: page.otherLangHref, mode: page.stall?.mode, heading: page.stall?.businessName, body },
    { stylesheet: assetUrl("checkout.css"), theme: null, icon: assetUrl("icon.svg"), script: null, logo: null },
  );
}

/** What the status page shows of a request (never the whole number). */
export type StallRequestFacts = Omit<StallRequestState, "createdAt">;

const fact = (label: string, value: Child) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;

/** After the submit: waiting for the PIN (or the operator's page), paid, or failed. */
export function renderStallStatus(page: Page & { request: StallRequestFacts }): Html {
  const { locale, stall, request } = page;
  const w = stallWords(locale).status;
  const amount = formatMoney(request.amount, request.currency, locale);
  const operator = operatorObject(request.operator).name;
  const phone = maskedPhone(request.phone);
  const facts = html`<dl class="facts">${fact(w.amount, amount)}${fact(w.number, `${operator} · ${phone}`)}</dl>`;
  const otherLang = statusPath(stall.code, request.id, locale === "fr" ? "en" : "fr");
  const waiting = request.status === "pending";
  const poll = html`<section class="state" id="state"${attrs({ "data-poll": `/s/${stall.code}/p/${request.id}/status`, "data-status": request.status })}>`;
  let body: Html;
  let title: string;
  if (request.status === "paid") {
    title = w.paidTitle;
    const code = request.receiptCode;
    // the receipt code, and its public page /r/{code}, once the payment has one
    const receipt = code
      ? html`${fact(w.receiptCode, html`<code class="ref code">${code}</code>`)}</dl><p class="hint">${w.receiptKeep}</p><a class="btn alt" href="${`/r/${code.replace(/-/g, "")}?lang=${locale}`}">${w.receiptLink}</a>`
      : html`</dl>`;
    // the title carries the tick (« Paiement reçu ✔ »): no second one above it
    body = html`<section class="state receipt"><h1>${title}</h1><p>${fill(w.paidBody, { shop: stall.businessName, amount })}</p><dl class="facts">${fact(
      w.amount,
      amount,
    )}${fact(w.number, `${operator} · ${phone}`)}${receipt}</section>`;
  } else if (waiting && request.delivery === "link") {
    title = fill(w.linkTitle, { operator });
    body = html`${poll}<div class="icon info" aria-hidden="true">→</div><h1>${title}</h1><p>${fill(w.linkBody, { operator, amount })}</p><a class="btn" href="${request.payUrl}">${fill(w.linkButton, { operator })}</a></section>`;
  } else if (waiting) {
    title = w.waitTitle;
    body = html`${poll}<div class="spin" aria-hidden="true"></div><h1>${title}</h1><p>${fill(w.waitBody, { amount, phone, operator })}</p><p class="status" role="status">${w.waitStatus}</p>${facts}<p class="hint">${w.waitAuto}</p></section>`;
  } else {
    const cancelled = request.status === "cancelled";
    title = cancelled ? w.cancelledTitle : w.failedTitle;
    const reasons = stallWords(locale).reasons as Record<string, string>;
    const reason = cancelled ? "" : (reasons[request.failureReason ?? "expired"] ?? reasons.other!);
    body = html`<section class="state"><div class="icon ko" aria-hidden="true">✕</div><h1>${title}</h1><p>${reason} ${w.nothingTaken}</p>${facts}<a class="btn" href="${`${stallPath(stall.code, locale)}&from=${request.id}`}">${w.retry}</a></section>`;
  }
  // without JavaScript the waiting page reloads itself every 3 s; the script long-polls instead
  const head = waiting ? html`<noscript><meta http-equiv="refresh" content="3"></noscript>` : undefined;
  return frame(page, title, otherLang, body, { script: waiting, head });
}
