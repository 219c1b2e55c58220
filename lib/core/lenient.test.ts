import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError, type ValidationItem } from "./errors";
import { boolean, integer, laxInner, optional } from "./lenient";
import { validate } from "./validation";
import { allOperations } from "@/lib/api/all-operations";

// pydantic v2's lax mode, as FastAPI reads a body or a query (DESIGN §9): one row per input.

function outcome(schema: z.ZodType, value: unknown): { ok: unknown } | { detail: ValidationItem[] } {
  try {
    return { ok: validate(z.object({ v: schema }), value === undefined ? {} : { v: value }, "body").v };
  } catch (error) {
    if (error instanceof ValidationError) return { detail: error.items };
    throw error;
  }
}

const at = ["body", "v"];
const INT_PARSING = { detail: [{ loc: at, msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" }] };
const INT_FROM_FLOAT = { detail: [{ loc: at, msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" }] };
const INT_TYPE = { detail: [{ loc: at, msg: "Input should be a valid integer", type: "int_type" }] };
const BOOL_PARSING = { detail: [{ loc: at, msg: "Input should be a valid boolean, unable to interpret input", type: "bool_parsing" }] };
const BOOL_TYPE = { detail: [{ loc: at, msg: "Input should be a valid boolean", type: "bool_type" }] };
const STRING_TYPE = { detail: [{ loc: at, msg: "Input should be a valid string", type: "string_type" }] };
const MISSING = { detail: [{ loc: at, msg: "Field required", type: "missing" }] };

describe("integer()", () => {
  it.each<[unknown, unknown]>([
    [5000, { ok: 5000 }],
    [5000.0, { ok: 5000 }],
    ["5000", { ok: 5000 }],
    ["5000.0", { ok: 5000 }],
    ["5000.", { ok: 5000 }],
    [" 5000 ", { ok: 5000 }],
    ["+5000", { ok: 5000 }],
    ["-5", { ok: -5 }],
    ["5_000", { ok: 5000 }],
    [true, { ok: 1 }],
    [false, { ok: 0 }],
    [12.5, INT_FROM_FLOAT],
    ["12.5", INT_PARSING],
    ["abc", INT_PARSING],
    ["", INT_PARSING],
    ["1e3", INT_PARSING],
    ["_5", INT_PARSING],
    [null, INT_TYPE],
    [[5], INT_TYPE],
    [{}, INT_TYPE],
    [undefined, MISSING],
  ])("%j → %j", (input, expected) => {
    expect(outcome(integer(), input)).toEqual(expected);
  });

  it("keeps its bounds, with their ctx", () => {
    expect(outcome(integer((n) => n.min(1).max(1000)), "1001")).toEqual({
      detail: [{ loc: at, msg: "Input should be less than or equal to 1000", type: "less_than_equal", ctx: { le: 1000 } }],
    });
  });
});

describe("boolean()", () => {
  it.each<[unknown, unknown]>([
    [true, { ok: true }],
    [false, { ok: false }],
    ...["true", "True", "TRUE", "t", "yes", "y", "on", "1"].map((word): [unknown, unknown] => [word, { ok: true }]),
    ...["false", "False", "f", "no", "n", "off", "OFF", "0"].map((word): [unknown, unknown] => [word, { ok: false }]),
    [1, { ok: true }],
    [0, { ok: false }],
    [2, BOOL_PARSING],
    [0.5, BOOL_PARSING],
    ["maybe", BOOL_PARSING],
    [" true", BOOL_PARSING],
    ["", BOOL_PARSING],
    [null, BOOL_TYPE],
    [[], BOOL_TYPE],
  ])("%j → %j", (input, expected) => {
    expect(outcome(boolean(), input)).toEqual(expected);
  });
});

describe("optional()", () => {
  it.each<[string, z.ZodType, unknown, unknown]>([
    ["null is not given", optional(z.string()), null, { ok: undefined }],
    ["absent is not given", optional(z.string()), undefined, { ok: undefined }],
    ["null takes the fallback", optional(z.string(), ""), null, { ok: "" }],
    ["absent takes the fallback", optional(z.string(), ""), undefined, { ok: "" }],
    ["a value stays", optional(z.string(), ""), "hi", { ok: "hi" }],
    ["another type is still refused", optional(z.string(), ""), 5, STRING_TYPE],
    ["an optional integer takes null", optional(integer()), null, { ok: undefined }],
    ["an optional integer reads lax", optional(integer()), "7", { ok: 7 }],
    ["a required string refuses null", z.string(), null, STRING_TYPE],
  ])("%s", (_, schema, input, expected) => {
    expect(outcome(schema, input)).toEqual(expected);
  });
});

describe("every /v1 body and query reads input laxly", () => {
  type Def = Record<string, unknown> & { type: string };
  const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
  const CHILDREN = ["shape", "element", "innerType", "in", "out", "options"];

  /** Every integer, number or boolean schema of a request that is not the inside of a lax helper. */
  function strictLeaves(schema: z.ZodType, where: string, blessed: WeakSet<z.ZodType>, found: string[]): void {
    const def = defOf(schema);
    const inner = laxInner(schema);
    if (inner) blessed.add(inner);
    if (["int", "number", "boolean"].includes(def.type) && !blessed.has(schema)) found.push(`${where}: ${def.type}`);
    for (const key of CHILDREN) {
      const child = def[key];
      if (!child) continue;
      const children = key === "shape" ? Object.values(child as Record<string, z.ZodType>) : Array.isArray(child) ? child : [child];
      for (const inner of children as z.ZodType[]) strictLeaves(inner, where, blessed, found);
    }
  }

  it("has no bare integer or boolean in any request schema", () => {
    const found: string[] = [];
    for (const operation of allOperations) {
      for (const [part, schema] of [["params", operation.params], ["query", operation.query], ["body", operation.body]] as const) {
        if (schema) strictLeaves(schema, `${operation.method} ${operation.path} ${part}`, new WeakSet(), found);
      }
    }
    expect(found).toEqual([]);
  });

  it("finds a bare one (the guard can fail)", () => {
    const found: string[] = [];
    strictLeaves(z.object({ a: integer(), b: optional(z.int()) }), "example", new WeakSet(), found);
    expect(found).toEqual(["example: number"]); // zod names z.int() a number
  });
});
