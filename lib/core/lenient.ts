import { z } from "zod";

// Request fields read as FastAPI reads them in pydantic v2's default lax mode (DESIGN §9), so the
// clients written for the interface's own stack work unchanged. Every /v1 body and query builds its
// integers, booleans and optional fields from these; the OpenAPI document still says integer and
// boolean (zod documents a preprocess by its output). A bad value keeps its own type, so toItem
// (./validation) answers pydantic's error type: `int_parsing`, `int_from_float`, `bool_parsing`…

/** `"5000"`, `" 5000 "`, `"5_000"`, `"5000.0"`, `5000.0` and `true` (= 1) are 5000-like integers. */
function laxInt(value: unknown): unknown {
  if (typeof value === "boolean") return Number(value);
  if (typeof value !== "string") return value; // 12.5 stays a number: int_from_float
  const digits = /^\s*([+-]?\d+(?:_\d+)*)(?:\.0*)?\s*$/.exec(value)?.[1];
  return digits === undefined ? value : Number(digits.replaceAll("_", ""));
}

const TRUE = new Set(["1", "t", "true", "y", "yes", "on"]);
const FALSE = new Set(["0", "f", "false", "n", "no", "off"]);

/** pydantic's booleans: those words in any case, and the numbers 0 and 1. */
function laxBool(value: unknown): unknown {
  if (typeof value === "string") {
    const word = value.toLowerCase();
    return TRUE.has(word) ? true : FALSE.has(word) ? false : value;
  }
  if (value === 0 || value === 1) return value === 1;
  return value;
}

/**
 * The integer or boolean schema a lax helper reads into (what `integer()` / `boolean()` wrap), or
 * undefined. Known by the preprocess function, which survives `.describe()` (zod clones a schema).
 */
export function laxInner(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  if (def.type !== "pipe" || !def.in) return undefined;
  const transform = (def.in._zod.def as { transform?: unknown }).transform;
  return transform === laxInt || transform === laxBool ? def.out : undefined;
}

// Typed by what they document (an integer, a boolean, an optional field): what else they accept is
// the lax reading above, which a typed caller (the dashboard's forms) never needs to send.
const lax = <T>(schema: z.ZodType) => schema as unknown as T;

/** An integer field; refine it through `check`: `integer((n) => n.min(0))`. */
export function integer(check: (n: z.ZodInt) => z.ZodInt = (n) => n): z.ZodType<number, number> {
  return lax(z.preprocess(laxInt, check(z.int())));
}

/** A boolean field. */
export function boolean(): z.ZodType<boolean, boolean> {
  return lax(z.preprocess(laxBool, z.boolean()));
}

/**
 * An optional field: absent, or `null` (some clients send `"message": null`), means not given, and
 * then `fallback` when there is one. A required field keeps refusing `null` with its type error.
 */
export function optional<T extends z.ZodType>(schema: T): z.ZodOptional<T>;
export function optional<T extends z.ZodType>(schema: T, fallback: z.util.NoUndefined<z.output<T>>): z.ZodDefault<T>;
export function optional<T extends z.ZodType>(schema: T, fallback?: z.util.NoUndefined<z.output<T>>): z.ZodOptional<T> | z.ZodDefault<T> {
  const inner = fallback === undefined ? schema.optional() : schema.default(fallback);
  return lax(z.preprocess(nullAsAbsent, inner));
}

function nullAsAbsent(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** Whether a schema is an optional() field, which takes `null` as "not given" (the document says so). */
export function takesNull(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; in?: z.core.$ZodType };
  return def.type === "pipe" && (def.in?._zod.def as { transform?: unknown } | undefined)?.transform === nullAsAbsent;
}
