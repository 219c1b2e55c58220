import { z } from "zod";
import { ValidationError, type ValidationItem } from "./errors";

export type Location = "body" | "path" | "query";

/**
 * Validates `input` and returns the parsed value, or throws a ValidationError listing every
 * problem in FastAPI's words (`missing`, `int_type`, `string_too_long`, `uuid_parsing`, …).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, location: Location): z.output<S> {
  const nul = nulCharacters(input, [location]);
  const result = schema.safeParse(input, { reportInput: true });
  // JSON text inside a field (form_blocks) only shows its strings once parsed: check the output too
  if (result.success && nul.length === 0) nul.push(...nulCharacters(result.data, [location]));
  if (result.success && nul.length === 0) return result.data;
  const items = result.success ? [] : result.error.issues.map((issue) => toItem(issue, location));
  throw new ValidationError([...nul, ...items]);
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: refuse it in any string or key, wherever it is, as
 * a 422. Inputs reach here with bounded depth (JSON bodies and parts go through parseJsonText).
 */
export function nulCharacters(value: unknown, loc: (string | number)[]): ValidationItem[] {
  const item = (at: (string | number)[]) => ({ loc: at, msg: "Value error, must not contain a NUL character", type: "value_error" });
  if (typeof value === "string") return value.includes("\u0000") ? [item(loc)] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulCharacters(v, [...loc, i]));
  if (value && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.entries(value).flatMap(([k, v]) => (k.includes("\u0000") ? [item([...loc, k])] : nulCharacters(v, [...loc, k])));
  }
  return [];
}

export function toItem(issue: z.core.$ZodIssue, location: Location): ValidationItem {
  const loc = [location, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return { loc, msg: "Field required", type: "missing" };
      const expected = issue.expected as string;
      // every number of this API is an integer (`fee` of a marketplace is multipart text)
      if ((expected === "int" || expected === "number") && typeof input === "string")
        return { loc, msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" };
      if (expected === "int" && typeof input === "number")
        return { loc, msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" };
      const byExpected: Record<string, [string, string]> = {
        string: ["string_type", "Input should be a valid string"],
        int: ["int_type", "Input should be a valid integer"],
        number: ["int_type", "Input should be a valid integer"],
        boolean: ["bool_type", "Input should be a valid boolean"],
        object: ["model_attributes_type", "Input should be a valid dictionary or object to extract fields from"],
        array: ["list_type", "Input should be a valid list"],
      };
      const [type, msg] = byExpected[expected] ?? ["value_error", `Value error, expected ${expected}`];
      return { loc, msg, type };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return { loc, msg: `String should have at least ${min} character${min === 1 ? "" : "s"}`, type: "string_too_short" };
      if (issue.origin === "array")
        return { loc, msg: `List should have at least ${min} item${min === 1 ? "" : "s"}`, type: "too_short" };
      return issue.inclusive
        ? { loc, msg: `Input should be greater than or equal to ${min}`, type: "greater_than_equal" }
        : { loc, msg: `Input should be greater than ${min}`, type: "greater_than" };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string")
        return { loc, msg: `String should have at most ${max} character${max === 1 ? "" : "s"}`, type: "string_too_long" };
      if (issue.origin === "array")
        return { loc, msg: `List should have at most ${max} item${max === 1 ? "" : "s"}`, type: "too_long" };
      return issue.inclusive
        ? { loc, msg: `Input should be less than or equal to ${max}`, type: "less_than_equal" }
        : { loc, msg: `Input should be less than ${max}`, type: "less_than" };
    }
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid")
        return { loc, msg: "Input should be a valid UUID", type: "uuid_parsing" };
      return { loc, msg: `Value error, ${issue.message}`, type: "value_error" };
    case "invalid_value":
      return {
        loc,
        msg: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(", ").replace(/, ([^,]*)$/, " or $1")}`,
        type: "enum",
      };
    case "custom": {
      // a refinement may name its FastAPI type: ctx.addIssue({ code: "custom", params: { type: "json_invalid" } })
      const type = (issue.params as { type?: string } | undefined)?.type;
      return type ? { loc, msg: issue.message, type } : { loc, msg: `Value error, ${issue.message}`, type: "value_error" };
    }
    default:
      return { loc, msg: `Value error, ${issue.message}`, type: "value_error" };
  }
}

/** The FastAPI item for a body that is not JSON: loc ["body", <character position>]. */
export function jsonInvalid(error: unknown, loc: (string | number)[] = ["body"]): ValidationError {
  const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
  return new ValidationError([{ loc: [...loc, Number(position ?? 0)], msg: "JSON decode error", type: "json_invalid" }]);
}
