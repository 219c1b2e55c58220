import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError, type ValidationItem } from "./errors";
import { jsonInvalid, toItem, validate, type Location } from "./validation";

// zod issues in FastAPI's words (DESIGN §9): one table row per pydantic error type.

function problems(schema: z.ZodType, input: unknown, location: Location = "body"): ValidationItem[] {
  try {
    validate(schema, input, location);
  } catch (error) {
    if (error instanceof ValidationError) return error.items;
    throw error;
  }
  throw new Error("expected a validation error");
}

const item = (loc: (string | number)[], msg: string, type: string, ctx?: ValidationItem["ctx"]): ValidationItem =>
  ctx ? { loc, msg, type, ctx } : { loc, msg, type };
const field = <S extends z.ZodType>(schema: S) => z.object({ value: schema });
const INT_MSG = "Input should be a valid integer";
const uuid = (loc: (string | number)[], error: string) => item(loc, `Input should be a valid UUID, ${error}`, "uuid_parsing", { error });

const cases: [string, z.ZodType, unknown, ValidationItem[]][] = [
  ["missing", field(z.int()), {}, [item(["body", "value"], "Field required", "missing")]],
  ["missing (explicit undefined)", field(z.string()), { value: undefined }, [item(["body", "value"], "Field required", "missing")]],
  ["int_type (null)", field(z.int()), { value: null }, [item(["body", "value"], INT_MSG, "int_type")]],
  ["int_type (boolean)", field(z.int()), { value: true }, [item(["body", "value"], INT_MSG, "int_type")]],
  ["int_type (array, for a number)", field(z.number()), { value: [1] }, [item(["body", "value"], INT_MSG, "int_type")]],
  ["int_parsing (digits)", field(z.int()), { value: "12" }, [
    item(["body", "value"], `${INT_MSG}, unable to parse string as an integer`, "int_parsing"),
  ]],
  ["int_parsing (words)", field(z.number()), { value: "douze" }, [
    item(["body", "value"], `${INT_MSG}, unable to parse string as an integer`, "int_parsing"),
  ]],
  ["int_from_float", field(z.int()), { value: 1.5 }, [
    item(["body", "value"], `${INT_MSG}, got a number with a fractional part`, "int_from_float"),
  ]],
  ["string_type", field(z.string()), { value: 5 }, [item(["body", "value"], "Input should be a valid string", "string_type")]],
  ["string_too_short (1)", field(z.string().min(1)), { value: "" }, [
    item(["body", "value"], "String should have at least 1 character", "string_too_short", { min_length: 1 }),
  ]],
  ["string_too_short (3)", field(z.string().min(3)), { value: "ab" }, [
    item(["body", "value"], "String should have at least 3 characters", "string_too_short", { min_length: 3 }),
  ]],
  ["string_too_long (1)", field(z.string().max(1)), { value: "ab" }, [
    item(["body", "value"], "String should have at most 1 character", "string_too_long", { max_length: 1 }),
  ]],
  ["string_too_long (100)", field(z.string().max(100)), { value: "x".repeat(101) }, [
    item(["body", "value"], "String should have at most 100 characters", "string_too_long", { max_length: 100 }),
  ]],
  ["greater_than_equal", field(z.int().min(100)), { value: 99 }, [
    item(["body", "value"], "Input should be greater than or equal to 100", "greater_than_equal", { ge: 100 }),
  ]],
  ["greater_than", field(z.number().gt(0)), { value: 0 }, [item(["body", "value"], "Input should be greater than 0", "greater_than", { gt: 0 })]],
  ["less_than_equal", field(z.int().max(1000)), { value: 1001 }, [
    item(["body", "value"], "Input should be less than or equal to 1000", "less_than_equal", { le: 1000 }),
  ]],
  ["less_than", field(z.number().lt(50)), { value: 50 }, [item(["body", "value"], "Input should be less than 50", "less_than", { lt: 50 })]],
  ["uuid_parsing (too short)", field(z.uuid()), { value: "abc" }, [uuid(["body", "value"], "invalid length: expected length 32 for simple format, found 3")]],
  ["uuid_parsing (guid)", field(z.guid()), { value: "abc" }, [uuid(["body", "value"], "invalid length: expected length 32 for simple format, found 3")]],
  ["uuid_parsing (a character)", field(z.uuid()), { value: "nope" }, [
    uuid(["body", "value"], "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1"),
  ]],
  ["uuid_parsing (groups)", field(z.uuid()), { value: "0b6e-4c1a" }, [uuid(["body", "value"], "invalid group count: expected 5, found 2")]],
  ["uuid_parsing (a group's length)", field(z.uuid()), { value: "0b6e2a3-4c1a-4f1e-9a2b-0c3d4e5f6a7b" }, [
    uuid(["body", "value"], "invalid group length in group 0: expected 8, found 7"),
  ]],
  ["uuid_parsing (the last group)", field(z.uuid()), { value: "0b6e2a31-4c1a-4f1e-9a2b-0c3d4e5f6a7" }, [
    uuid(["body", "value"], "invalid group length in group 4: expected 12, found 11"),
  ]],
  ["enum (two values)", field(z.enum(["test", "live"])), { value: "prod" }, [
    item(["body", "value"], "Input should be 'test' or 'live'", "enum", { expected: "'test' or 'live'" }),
  ]],
  ["enum (three values)", field(z.enum(["a", "b", "c"])), { value: "d" }, [
    item(["body", "value"], "Input should be 'a', 'b' or 'c'", "enum", { expected: "'a', 'b' or 'c'" }),
  ]],
  ["enum (a literal)", field(z.literal("yes")), { value: "no" }, [item(["body", "value"], "Input should be 'yes'", "enum", { expected: "'yes'" })]],
  ["string_pattern_mismatch", field(z.string().regex(/^[^/\p{Cc}]*$/u)), { value: "a/b" }, [
    item(["body", "value"], "String should match pattern '^[^/\\p{Cc}]*$'", "string_pattern_mismatch", { pattern: "^[^/\\p{Cc}]*$" }),
  ]],
  ["value_error (refine)", field(z.string().refine((v) => v.startsWith("#"), { message: "must start with #" })), { value: "x" }, [
    item(["body", "value"], "Value error, must start with #", "value_error", { error: "must start with #" }),
  ]],
  ["value_error (email)", field(z.email()), { value: "x" }, [item(["body", "value"], "Value error, Invalid email address", "value_error", { error: "Invalid email address" })]],
  ["value_error (an unmapped expected type)", field(z.bigint()), { value: "1" }, [
    item(["body", "value"], "Value error, expected bigint", "value_error", { error: "expected bigint" }),
  ]],
  ["bool_type", field(z.boolean()), { value: null }, [item(["body", "value"], "Input should be a valid boolean", "bool_type")]],
  ["bool_parsing (a word)", field(z.boolean()), { value: "maybe" }, [
    item(["body", "value"], "Input should be a valid boolean, unable to interpret input", "bool_parsing"),
  ]],
  ["bool_parsing (a number)", field(z.boolean()), { value: 2 }, [
    item(["body", "value"], "Input should be a valid boolean, unable to interpret input", "bool_parsing"),
  ]],
  ["list_type", field(z.array(z.string())), { value: "a" }, [item(["body", "value"], "Input should be a valid list", "list_type")]],
  ["too_short (list)", field(z.array(z.string()).min(1)), { value: [] }, [
    item(["body", "value"], "List should have at least 1 item after validation, not 0", "too_short", { field_type: "List", min_length: 1, actual_length: 0 }),
  ]],
  ["too_long (list)", field(z.array(z.string()).max(2)), { value: ["a", "b", "c"] }, [
    item(["body", "value"], "List should have at most 2 items after validation, not 3", "too_long", { field_type: "List", max_length: 2, actual_length: 3 }),
  ]],
  ["model_attributes_type (array)", z.object({}), [], [
    item(["body"], "Input should be a valid dictionary or object to extract fields from", "model_attributes_type"),
  ]],
  ["model_attributes_type (null)", z.object({}), null, [
    item(["body"], "Input should be a valid dictionary or object to extract fields from", "model_attributes_type"),
  ]],
  ["nested locations, with list indexes", z.object({ blocks: z.array(z.object({ label: z.string() })) }), {
    blocks: [{ label: "a" }, {}, { label: 3 }],
  }, [
    item(["body", "blocks", 1, "label"], "Field required", "missing"),
    item(["body", "blocks", 2, "label"], "Input should be a valid string", "string_type"),
  ]],
  ["every problem at once, in field order", z.object({ a: z.int(), b: z.string().max(2), c: z.boolean() }), {
    a: "x",
    b: "long",
    c: [],
  }, [
    item(["body", "a"], `${INT_MSG}, unable to parse string as an integer`, "int_parsing"),
    item(["body", "b"], "String should have at most 2 characters", "string_too_long", { max_length: 2 }),
    item(["body", "c"], "Input should be a valid boolean", "bool_type"),
  ]],
  ["two problems with one field", field(z.string().max(3).refine((v) => /^[a-z]*$/.test(v), { message: "lower case only" })), { value: "ABCD" }, [
    item(["body", "value"], "String should have at most 3 characters", "string_too_long", { max_length: 3 }),
    item(["body", "value"], "Value error, lower case only", "value_error", { error: "lower case only" }),
  ]],
];

describe("validate / toItem", () => {
  for (const [name, schema, input, expected] of cases) {
    it(name, () => {
      expect(problems(schema, input)).toEqual(expected);
    });
  }

  for (const location of ["body", "path", "query"] as const) {
    it(`prefixes loc with "${location}"`, () => {
      expect(problems(z.object({ gateway_id: z.uuid() }), { gateway_id: "x" }, location)).toEqual([
        uuid([location, "gateway_id"], "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `x` at 1"),
      ]);
    });
  }

  it("returns the parsed value: defaults, trimming, unknown keys dropped", () => {
    const schema = z.object({ name: z.string().trim().min(1), note: z.string().default(""), n: z.int() });
    expect(validate(schema, { name: "  Awa ", n: 3, extra: true }, "body")).toEqual({ name: "Awa", note: "", n: 3 });
  });

  it("writes a symbol path key as text", () => {
    const issue = { code: "custom", path: [Symbol("key"), 0], message: "odd", input: 1 } as z.core.$ZodIssue;
    expect(toItem(issue, "body")).toEqual(item(["body", "Symbol(key)", 0], "Value error, odd", "value_error", { error: "odd" }));
  });
});

describe("jsonInvalid", () => {
  // the position and, in ctx.error, Python's json decoder's words for the same text
  const texts: [string, number, string][] = [
    ["{", 1, "Expecting property name enclosed in double quotes"],
    ['{"amount": 5000,}', 16, "Expecting property name enclosed in double quotes"],
    ['{"amount": 5000 "shop_name": "B"}', 16, "Expecting ',' delimiter"],
    ["[1 2]", 3, "Expecting ',' delimiter"],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['"abc', 4, "Unterminated string starting at"],
    ['"a\u0001"', 2, "Invalid control character at"],
    ['"\\x"', 2, "Invalid \\escape"],
    ['{"a": 1} x', 9, "Extra data"],
    ["nope", 0, "Expecting value"], // V8 names no position here; Python's decoder says char 0 as well
  ];
  for (const [text, position, decoder] of texts) {
    it(`reports ${JSON.stringify(text)} at ["body", ${position}]`, () => {
      let error: unknown;
      try {
        JSON.parse(text);
      } catch (caught) {
        error = caught;
      }
      expect(jsonInvalid(error).body).toEqual({ detail: [item(["body", position], "JSON decode error", "json_invalid", { error: decoder })] });
    });
  }

  it("falls back to position 0 for an error without one", () => {
    expect(jsonInvalid("boom").items).toEqual([item(["body", 0], "JSON decode error", "json_invalid", { error: "Expecting value" })]);
  });
});

describe("NUL characters", () => {
  it("are refused wherever they are, with every other problem", async () => {
    const { validate: check } = await import("./validation");
    const { z: zod } = await import("zod");
    const schema = zod.object({ a: zod.string(), b: zod.array(zod.string()), c: zod.int() });
    let items: unknown;
    try {
      check(schema, { a: "x\u0000y", b: ["ok", "\u0000"], c: "no" }, "body");
    } catch (error) {
      items = (error as { items: unknown }).items;
    }
    expect(items).toEqual([
      { loc: ["body", "a"], msg: "Value error, must not contain a NUL character", type: "value_error", ctx: { error: "must not contain a NUL character" } },
      { loc: ["body", "b", 1], msg: "Value error, must not contain a NUL character", type: "value_error", ctx: { error: "must not contain a NUL character" } },
      { loc: ["body", "c"], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" },
    ]);
  });
});

describe("describeError", () => {
  it("never logs the SQL parameters of a failed query", async () => {
    const { describeError } = await import("@/lib/http/route");
    const error = new Error('Failed query: select * from deposits where phone = $1\nparams: 237670000000', {
      cause: Object.assign(new Error("boom"), { code: "22P02" }),
    });
    const described = describeError(error) as Record<string, unknown>;
    expect(described).toMatchObject({ name: "Error", message: "database query failed", code: "22P02", cause: "boom" });
    expect(JSON.stringify(described)).not.toContain("237670000000");
  });
});
