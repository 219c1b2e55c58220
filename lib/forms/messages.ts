import type { z } from "zod";
import type { Dictionary } from "@/lib/i18n";
import { fill } from "@/lib/core/fill";
import { plural } from "@/lib/i18n/plural";
import { ApiRequestError, type FieldError } from "@/lib/query/api-fetch";

// Errors in a merchant's words (fr/en): zod issues from the form, 422 items and application
// errors from the API. `overrides` name what a refinement means for one field ("url", "orderId").

type Validation = Dictionary["validation"];
/** The validation messages that are one sentence (not words that agree with a count). */
type Sentence = { [K in keyof Validation]: Validation[K] extends string ? K : never }[keyof Validation];
export type MessageOverrides = Record<string, Sentence>;

/** The message of one zod issue (client-side validation with the API's own schemas). */
export function issueMessage(issue: z.core.$ZodIssue, t: Dictionary, overrides: MessageOverrides = {}): string {
  const v = t.validation;
  const field = issue.path.join(".");
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined || input === "" || input === null) return v.required;
      // every number of the API is an integer (zod 4 names z.int()'s type "number")
      if (issue.expected === "int" || issue.expected === "number") return v.integer;
      return v.invalid;
    case "too_small": {
      const n = Number(issue.minimum);
      if (issue.origin === "string") return n <= 1 ? v.required : plural(t.locale, v.tooShort, n);
      return fill(v.min, { n: issue.inclusive ? n : `> ${n}` });
    }
    case "too_big": {
      const n = Number(issue.maximum);
      if (issue.origin === "string") return fill(v.tooLong, { n });
      return fill(v.max, { n });
    }
    case "invalid_format":
      if (issue.format === "email") return v.email;
      return overrides[field] ? v[overrides[field]] : v.invalid;
    case "custom":
      if (input === "") return v.required; // an empty required field says so, whatever its rule
      return overrides[field] ? v[overrides[field]] : issue.message || v.invalid;
    default:
      return overrides[field] ? v[overrides[field]] : v.invalid;
  }
}

/** The message of one 422 item of the API. */
export function fieldErrorMessage(error: FieldError, t: Dictionary, field = "", overrides: MessageOverrides = {}): string {
  const v = t.validation;
  const ctx = error.ctx ?? {};
  switch (error.type) {
    case "missing":
      return v.required;
    case "string_too_short":
      return Number(ctx.min_length) <= 1 ? v.required : plural(t.locale, v.tooShort, Number(ctx.min_length));
    case "string_too_long":
      return fill(v.tooLong, { n: ctx.max_length ?? "" });
    case "greater_than_equal":
      return fill(v.min, { n: ctx.ge ?? "" });
    case "greater_than":
      return fill(v.min, { n: `> ${ctx.gt}` });
    case "less_than_equal":
      return fill(v.max, { n: ctx.le ?? "" });
    case "less_than":
      return fill(v.max, { n: `< ${ctx.lt}` });
    case "int_parsing":
    case "int_type":
    case "int_from_float":
      return v.integer;
    case "value_error": {
      // a refused webhook URL says why as data (lib/webhooks/check-url.ts)
      const ctx = error.ctx ?? {};
      const words = { host: String(ctx.host ?? ""), address: String(ctx.address ?? ""), problem: String(ctx.problem ?? "") };
      if (ctx.reason === "https_required") return v.webhookHttps;
      if (ctx.reason === "private_address") return fill(ctx.address ? v.webhookPrivateResolved : v.webhookPrivate, words);
      if (ctx.reason === "invalid_url") return v.webhookUrl;
      return overrides[field] ? v[overrides[field]] : v.invalid;
    }
    default:
      return overrides[field] ? v[overrides[field]] : v.invalid;
  }
}

/** Any error of an API call, as one sentence for a toast or the top of a form. */
export function errorMessage(error: unknown, t: Dictionary): string {
  if (!(error instanceof ApiRequestError)) return t.errors.generic;
  if (error.type === "NETWORK") return t.errors.network;
  if (error.type === "RATE_LIMITED") return plural(t.locale, t.errors.rateLimited, Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
  if (error.type === "VALIDATION") return t.errors.validation;
  const known = (t.errors as Record<string, unknown>)[error.type];
  if (typeof known === "string") return known;
  // a refusal is a refusal, never "try again in a moment"
  if (error.type === "INSUFFICIENT_ROLE" || error.status === 403) return t.access.refused;
  if (error.status >= 500) return t.errors.server;
  return t.errors.generic;
}
