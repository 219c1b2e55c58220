import { z } from "zod";
import { ValidationError, type ValidationItem } from "./errors";
import { SINGLE_LINE_ERROR } from "./single-line";
import { uuidError } from "./uuid";

export type Location = "body" | "path" | "query";

/**
 * pydantic v2's message of each error type we answer, rendered from its `ctx` (pydantic_core's
 * `ErrorType` templates, Python mode as FastAPI uses them). A type without a context takes none.
 */
const messages = {
  missing: () => "Field required",
  model_attributes_type: () => "Input should be a valid dictionary or object to extract fields from",
  list_type: () => "Input should be a valid list",
  string_type: () => "Input should be a valid string",
  string_unicode: () => "Input should be a valid string, unable to parse raw data as a unicode string",
  string_too_short: (c: { min_length: number }) => `String should have at least ${c.min_length} character${plural(c.min_length)}`,
  string_too_long: (c: { max_length: number }) => `String should have at most ${c.max_length} character${plural(c.max_length)}`,
  string_pattern_mismatch: (c: { pattern: string }) => `String should match pattern '${c.pattern}'`,
  int_type: () => "Input should be a valid integer",
  int_parsing: () => "Input should be a valid integer, unable to parse string as an integer",
  int_from_float: () => "Input should be a valid integer, got a number with a fractional part",
  bool_type: () => "Input should be a valid boolean",
  bool_parsing: () => "Input should be a valid boolean, unable to interpret input",
  greater_than: (c: { gt: number }) => `Input should be greater than ${c.gt}`,
  greater_than_equal: (c: { ge: number }) => `Input should be greater than or equal to ${c.ge}`,
  less_than: (c: { lt: number }) => `Input should be less than ${c.lt}`,
  less_than_equal: (c: { le: number }) => `Input should be less than or equal to ${c.le}`,
  too_short: (c: { field_type: string; min_length: number; actual_length: number }) =>
    `${c.field_type} should have at least ${c.min_length} item${plural(c.min_length)} after validation, not ${c.actual_length}`,
  too_long: (c: { field_type: string; max_length: number; actual_length: number }) =>
    `${c.field_type} should have at most ${c.max_length} item${plural(c.max_length)} after validation, not ${c.actual_length}`,
  enum: (c: { expected: string }) => `Input should be ${c.expected}`,
  literal_error: (c: { expected: string }) => `Input should be ${c.expected}`,
  uuid_parsing: (c: { error: string }) => `Input should be a valid UUID, ${c.error}`,
  // FastAPI's own words for a body its JSON decoder refuses; the decoder's message stays in ctx.error
  json_invalid: (c: { error: string }) => (c.error, "JSON decode error"),
  value_error: (c: { error: string }) => `Value error, ${c.error}`,
} satisfies Record<string, (ctx: never) => string>;

export type ItemType = keyof typeof messages;
type CtxOf<T extends ItemType> = Parameters<(typeof messages)[T]>[0];

const plural = (n: number) => (n === 1 ? "" : "s");

/**
 * The one builder of a 422 item: `msg` rendered from `type` and `ctx` as pydantic renders it, so a
 * client (and the dashboard) reads the limit from `ctx`, never from the sentence.
 */
export function item<T extends ItemType>(
  loc: (string | number)[],
  type: T,
  ...[ctx]: CtxOf<T> extends undefined ? [] : [CtxOf<T>]
): ValidationItem {
  const msg = (messages[type] as (c: unknown) => string)(ctx);
  return ctx === undefined ? { loc, msg, type } : { loc, msg, type, ctx: ctx as Record<string, string | number> };
}

/** A rule of ours that pydantic would raise as a ValueError: `Value error, <error>`. */
export const valueError = (loc: (string | number)[], error: string) => item(loc, "value_error", { error });

/** The `expected` of `enum` / `literal_error`: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function expectedOf(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/**
 * Validates `input` and returns the parsed value, or throws a ValidationError listing every
 * problem in FastAPI's words (`missing`, `int_type`, `string_too_long`, `uuid_parsing`, …).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, location: Location): z.output<S> {
  const nul = nulCharacters(input, [location]);
  // `reportInput` (the input beside each issue, for pydantic's words) turns zod's compiled fast path
  // off: twenty times slower on every request (measured, zod 4.6). Only a failed parse needs it.
  let result = schema.safeParse(input);
  if (!result.success) result = schema.safeParse(input, { reportInput: true });
  // JSON text inside a field (form_blocks) only shows its strings once parsed: check the output too
  if (result.success && nul.length === 0) nul.push(...nulCharacters(result.data, [location]));
  if (result.success && nul.length === 0) return result.data;
  const items = result.success ? [] : result.error.issues.map((issue) => toItem(issue, location));
  // a NUL is reported once, by its own rule, not again as a name's control character
  const nulAt = new Set(nul.map((i) => JSON.stringify(i.loc)));
  const again = (i: ValidationItem) => i.ctx?.error === SINGLE_LINE_ERROR && nulAt.has(JSON.stringify(i.loc));
  throw new ValidationError([...nul, ...items.filter((i) => !again(i))]);
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: refuse it in any string or key, wherever it is, as
 * a 422. Inputs reach here with bounded depth (JSON bodies and parts go through parseJsonText).
 */
export function nulCharacters(value: unknown, loc: (string | number)[]): ValidationItem[] {
  if (!hasNul(value)) return []; // every request goes through here: no allocation when clean
  const nul = (at: (string | number)[]) => valueError(at, "must not contain a NUL character");
  if (typeof value === "string") return value.includes("\u0000") ? [nul(loc)] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulCharacters(v, [...loc, i]));
  if (value && typeof value === "object" && isPlainObject(value)) {
    return Object.entries(value).flatMap(([k, v]) => (k.includes("\u0000") ? [nul([...loc, k])] : nulCharacters(v, [...loc, k])));
  }
  return [];
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (!value || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (const one of value) if (hasNul(one)) return true;
    return false;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes("\u0000") || hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** One zod issue as the item pydantic would report for the same input. */
export function toItem(issue: z.core.$ZodIssue, location: Location): ValidationItem {
  const loc = [location, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return item(loc, "missing");
      const expected = issue.expected as string;
      if (expected === "int" || expected === "number") {
        // every number of this API is an integer (`fee` of a marketplace is multipart text)
        if (typeof input === "string") return item(loc, "int_parsing");
        if (typeof input === "number") return item(loc, "int_from_float");
        return item(loc, "int_type");
      }
      if (expected === "boolean") return typeof input === "string" || typeof input === "number" ? item(loc, "bool_parsing") : item(loc, "bool_type");
      if (expected === "string") return item(loc, "string_type");
      if (expected === "object") return item(loc, "model_attributes_type");
      if (expected === "array") return item(loc, "list_type");
      return valueError(loc, `expected ${expected}`);
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return item(loc, "string_too_short", { min_length: min });
      if (issue.origin === "array" || issue.origin === "set")
        return item(loc, "too_short", { field_type: "List", min_length: min, actual_length: lengthOf(input) });
      return issue.inclusive ? item(loc, "greater_than_equal", { ge: min }) : item(loc, "greater_than", { gt: min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return item(loc, "string_too_long", { max_length: max });
      if (issue.origin === "array" || issue.origin === "set")
        return item(loc, "too_long", { field_type: "List", max_length: max, actual_length: lengthOf(input) });
      return issue.inclusive ? item(loc, "less_than_equal", { le: max }) : item(loc, "less_than", { lt: max });
    }
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid") return item(loc, "uuid_parsing", { error: uuidError(String(input)) });
      if (issue.format === "regex") return item(loc, "string_pattern_mismatch", { pattern: patternOf(issue.pattern) });
      return valueError(loc, issue.message);
    case "invalid_value":
      return item(loc, "enum", { expected: expectedOf(issue.values) });
    case "custom": {
      // a refinement may name its pydantic type and context:
      // ctx.addIssue({ code: "custom", params: { type: "json_invalid", ctx: { error: "…" } } })
      const params = issue.params as { type?: ItemType; ctx?: Record<string, string | number> } | undefined;
      if (params?.type) return (item as (l: typeof loc, t: ItemType, c?: unknown) => ValidationItem)(loc, params.type, params.ctx);
      return valueError(loc, issue.message);
    }
    default:
      return valueError(loc, issue.message);
  }
}

/** zod names a regex as JavaScript writes it (`/^[^\/]*$/u`); pydantic's ctx holds the pattern alone. */
const patternOf = (source = "") => (/^\/(.*)\/[a-z]*$/s.exec(source)?.[1] ?? source).replaceAll("\\/", "/");

const lengthOf = (input: unknown) => (Array.isArray(input) ? input.length : input instanceof Set ? input.size : 0);

/** Python's `json` decoder's words for what V8's JSON.parse reports (FastAPI puts them in ctx.error). */
const decoderErrors: [RegExp, string][] = [
  [/Expected ':'/, "Expecting ':' delimiter"],
  [/property name/, "Expecting property name enclosed in double quotes"],
  [/Expected ',' or/, "Expecting ',' delimiter"],
  [/Unterminated string/, "Unterminated string starting at"],
  [/Bad control character/, "Invalid control character at"],
  [/Bad (escaped character|Unicode escape)/, "Invalid \\escape"],
  [/non-whitespace character after JSON/, "Extra data"],
  // our own checks before the decoder (lib/http/body.ts, ./json-text.ts)
  [/invalid UTF-8/, "Invalid UTF-8"],
  [/nested too deeply/, "Nested too deeply"],
];

/** The FastAPI item for a body that is not JSON: loc ["body", <character position>]. */
export function jsonInvalid(error: unknown, loc: (string | number)[] = ["body"]): ValidationError {
  const message = String((error as Error)?.message ?? error);
  const position = /position (\d+)/.exec(message)?.[1];
  const decoder = decoderErrors.find(([pattern]) => pattern.test(message))?.[1] ?? "Expecting value";
  return new ValidationError([item([...loc, Number(position ?? 0)], "json_invalid", { error: decoder })]);
}
