import { randomBytes } from "node:crypto";
import { readBody } from "@/lib/http/body";
import type { CheckoutInput } from "@/lib/payments/schemas";
import type { Kind } from "./checkout";

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
};

const MAX_BODY = 64 * 1024;

/** A client token for one rendering of the form: 32 URL-safe characters (192 random bits). */
export function newClientToken(): string {
  return randomBytes(24).toString("base64url");
}

export function emptyValues(country: string, operator = ""): FormValues {
  return { country, operator, phone: "", full_name: "", email: "", answers: {}, client_token: newClientToken() };
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
  };
}

/** What startPayment is given: a payment link takes neither buyer details nor answers. */
export function toCheckoutInput(values: FormValues, kind: Kind): CheckoutInput {
  const base = { country: values.country, operator: values.operator, phone: values.phone, client_token: values.client_token };
  if (kind === "link") return base as CheckoutInput;
  return { ...base, full_name: values.full_name, email: values.email, answers: values.answers } as CheckoutInput;
}

/**
 * Reads a submission: urlencoded (or multipart) form fields, or a JSON object. JSON goes to
 * startPayment as it came (its schema reports wrong types); forms become text values.
 */
export async function readSubmission(req: Request, kind: Kind): Promise<{ input: unknown; values: FormValues | null }> {
  const raw = await readBody(req, MAX_BODY);
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(raw.toString("utf8"));
    } catch {
      // an unreadable body is an empty one: every field is reported missing
    }
    const object = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    if (kind === "link") {
      const { country, operator, phone, client_token } = object;
      return { input: { country, operator, phone, client_token }, values: null };
    }
    return { input: object, values: null };
  }
  let form: URLSearchParams;
  if (type === "multipart/form-data") {
    form = new URLSearchParams();
    try {
      const data = await new Response(new Uint8Array(raw), { headers: { "content-type": req.headers.get("content-type")! } }).formData();
      for (const [name, value] of data) if (typeof value === "string") form.append(name, value);
    } catch {
      // a malformed multipart body is an empty one: every field is reported missing
    }
  } else {
    form = new URLSearchParams(raw.toString("utf8"));
  }
  const values = valuesFromForm(form);
  return { input: toCheckoutInput(values, kind), values };
}
