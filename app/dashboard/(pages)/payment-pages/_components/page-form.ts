import { z } from "zod";
import { blocksSchema } from "@/components/form-builder/blocks-schema";
import { fromResponse, toRequestBody, type BuilderBlock } from "@/lib/form-builder/edits";
import type { Lang } from "@/lib/core/languages";
import { decimalsOf, toMajor } from "@/lib/core/money";
import { amountMessage, parseAmountInput } from "@/lib/forms/amount-input";
import type { MarketplaceWords } from "@/lib/i18n";
import { amountTypes } from "@/lib/payment-pages/schemas";
import type { CreatePaymentPage, PaymentPage } from "@/lib/query/payment-pages";

// The payment-page form (create and edit): what the merchant types, as text, and the questions as
// the marketplace's form builder holds them. The form checks what it can say better than the API
// (a title, a price it can read, each question beside its input); the API checks the rest (its
// bounds, dates, URL) and its 422 items land beside the same fields.

export type PageFormValues = {
  title: string;
  description: string;
  amount_type: (typeof amountTypes)[number];
  amount: string;
  max_quantity: string;
  min_amount: string;
  max_amount: string;
  stock: string;
  max_payments: string;
  ends_at: string;
  closed_message: string;
  success_url: string;
  blocks: BuilderBlock[];
};

export const EMPTY_PAGE: PageFormValues = {
  title: "",
  description: "",
  amount_type: "fixed",
  amount: "",
  max_quantity: "1",
  min_amount: "",
  max_amount: "",
  stock: "",
  max_payments: "",
  ends_at: "",
  closed_message: "",
  success_url: "",
  blocks: [],
};

/** The form's fields that a 422 item of the API may name (form_blocks items go to `blocks`). */
export const PAGE_FIELDS = ["title", "description", "amount_type", "amount", "max_quantity", "min_amount", "max_amount", "stock", "max_payments", "ends_at", "closed_message", "success_url"] as const;

/** Minor units back to what the merchant typed: 1250 KES → "12.50", 5000 XAF → "5000". */
function majorText(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const decimals = decimalsOf(currency);
  return decimals ? toMajor(minor, currency).toFixed(decimals) : String(minor);
}

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
function localDateTime(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form's values of an existing page, to edit it. */
export function valuesOfPage(page: PaymentPage): PageFormValues {
  return {
    title: page.title,
    description: page.description,
    amount_type: page.amount_type,
    amount: majorText(page.amount, page.currency),
    max_quantity: String(page.max_quantity),
    min_amount: majorText(page.min_amount, page.currency),
    max_amount: majorText(page.max_amount, page.currency),
    stock: page.stock === null ? "" : String(page.stock),
    max_payments: page.max_payments === null ? "" : String(page.max_payments),
    ends_at: localDateTime(page.ends_at),
    closed_message: page.closed_message,
    success_url: page.success_url,
    blocks: fromResponse(page.form_blocks),
  };
}

/**
 * The form's own check: a title, a price when it is fixed, amounts it can read (else how to write
 * them), and the questions with the API's block schema. `required` is the dictionary's sentence.
 */
export function pageFormSchema(currency: string, lang: Lang, required: string, words: MarketplaceWords) {
  const readable = (text: string, ctx: z.RefinementCtx, path: string) => {
    const message = text.trim() === "" ? null : amountMessage(text, currency, lang);
    if (message) ctx.addIssue({ code: "custom", path: [path], message });
  };
  return z
    .object({
      title: z.string().trim().min(1).max(100),
      amount_type: z.enum(amountTypes),
      amount: z.string(),
      min_amount: z.string(),
      max_amount: z.string(),
      blocks: blocksSchema(words),
    })
    .passthrough()
    .superRefine((values, ctx) => {
      if (values.amount_type === "fixed") {
        if (values.amount.trim() === "") ctx.addIssue({ code: "custom", path: ["amount"], message: required });
        readable(values.amount, ctx, "amount");
      } else {
        readable(values.min_amount, ctx, "min_amount");
        readable(values.max_amount, ctx, "max_amount");
      }
    });
}

/**
 * The body the API takes: amounts in the currency's minor unit, empty optional fields left out
 * (`editing`: sent as null, which removes a limit or an end date), fields of the other amount type
 * left out, the questions as `form_blocks` blocks.
 */
export function pageBodyOf(values: PageFormValues, currency: string, editing = false): CreatePaymentPage {
  const empty = editing ? null : undefined;
  const money = (text: string) => (text.trim() === "" ? empty : (parseAmountInput(text, currency) ?? text));
  const count = (text: string) => (text.trim() === "" ? empty : text.trim());
  const fixed = values.amount_type === "fixed";
  return {
    title: values.title.trim(),
    description: values.description,
    ...(editing ? {} : { amount_type: values.amount_type }),
    ...(fixed ? { amount: money(values.amount), max_quantity: count(values.max_quantity) ?? 1 } : { min_amount: money(values.min_amount), max_amount: money(values.max_amount) }),
    stock: count(values.stock),
    max_payments: count(values.max_payments),
    ends_at: values.ends_at ? new Date(values.ends_at).toISOString() : empty,
    closed_message: values.closed_message,
    success_url: values.success_url.trim(),
    form_blocks: toRequestBody(values.blocks).blocks,
  } as unknown as CreatePaymentPage;
}

/** Where a 422 item of the API shows: a field of the form, a question's input (`blocks.2.label`), or null (the form). */
export function formPathOfItem(field: string): string | null {
  if ((PAGE_FIELDS as readonly string[]).includes(field)) return field;
  const block = /^form_blocks\.(\d+)\.(label|description|options)(?:\.(\d+))?$/.exec(field);
  if (block) return `blocks.${block[1]}.${block[2]}${block[3] !== undefined ? `.${block[3]}` : ""}`;
  if (/^form_blocks\.\d+\.(type|required)$/.test(field)) return `blocks.${field.split(".")[1]}.label`;
  if (field === "form_blocks") return "blocks";
  return null;
}
