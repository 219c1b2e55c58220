import { randomBytes } from "node:crypto";
import { parseJson, readBody, readFormEntries } from "@/lib/http/body";
import type { CheckoutInput } from "@/lib/payments/schemas";
import type { Kind } from "./checkout";
import { CARD_OPERATOR, cardPayerFields, isCardOperator, type CardPayerField } from "@/lib/core/cards";

// What a checkout form sends: a plain form post (no JavaScript) or the same fields from the
// page's script; the JSON endpoint also takes a JSON object of the same fields.

export type FormValues = {
  country: string;
  operator: string;
  phone: string;
  full_name: string;
  email: string;
  answers: Record<string, string>;
  client_token: string;
  /** a card payer's details (operator CARD), as typed */
  card: Partial<Record<CardPayerField, string>>;
};

const MAX_BODY = 64 * 1024;

/** A client token for one rendering of the form: 32 URL-safe characters (192 random bits). */
export function newClientToken(): string {
  return randomBytes(24).toString("base64url");
}

export function emptyValues(country: string, operator = ""): FormValues {
  return { country, operator, phone: "", full_name: "", email: "", answers: {}, client_token: newClientToken(), card: {} };
}

/** Form fields as the page names them: answers go in `answers[<fieldName>]`. */
export function valuesFromForm(form: URLSearchParams): FormValues {
  const answers: Record<string, string> = {};
  for (const [name, value] of form) {
    const m = /^answers\[([^\]]{1,100})\]$/.exec(name);
    if (m && !Object.hasOwn(answers, m[1]!)) answers[m[1]!] = value;
  }
  const text = (name: string) => form.get(name) ?? "";
  return {
    country: text("country"),
    operator: text("operator"),
    phone: text("phone"),
    full_name: text("full_name"),
    email: text("email"),
    answers,
    client_token: text("client_token"),
    card: Object.fromEntries(cardPayerFields.filter((f) => form.has(f)).map((f) => [f, text(f)])),
  };
}

/** What startPayment is given: a payment link takes neither buyer details nor answers. */
export function toCheckoutInput(values: FormValues, kind: Kind): CheckoutInput {
  // the card fields go with a card payment only: a mobile-money submission is what it always was
  const base = { country: values.country, operator: values.operator, phone: values.phone, client_token: values.client_token, ...(isCardOperator(values.operator) ? values.card : {}) };
  if (kind === "link") return base as CheckoutInput;
  return { ...base, full_name: values.full_name, email: values.email, answers: values.answers } as CheckoutInput;
}

/**
 * Reads a submission: urlencoded (or multipart) form fields, or a JSON object. JSON goes to
 * startPayment as it came (its schema reports wrong types); forms become text values. A body
 * that is not UTF-8, not JSON or nested too deeply is a ValidationError, as on the API.
 */
export async function readSubmission(req: Request, kind: Kind): Promise<{ input: unknown; values: FormValues | null }> {
  const raw = await readBody(req, MAX_BODY);
  const contentType = req.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    const parsed = parseJson(raw);
    const object = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    if (kind === "link") {
      const { country, operator, phone, client_token } = object;
      const card = operator === CARD_OPERATOR ? Object.fromEntries(cardPayerFields.filter((f) => f in object).map((f) => [f, object[f]])) : {};
      return { input: { country, operator, phone, client_token, ...card }, values: null };
    }
    return { input: object, values: null };
  }
  // a form: urlencoded by default (the page's own form), multipart when it says so
  const formType = type === "multipart/form-data" ? contentType : "application/x-www-form-urlencoded";
  const { text } = await readFormEntries(raw, formType);
  const values = valuesFromForm(new URLSearchParams(text));
  return { input: toCheckoutInput(values, kind), values };
}
