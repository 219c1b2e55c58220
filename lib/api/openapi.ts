import { z } from "zod";
import { mayCall, requiredRole, roles } from "@/lib/core/roles";
import { publicBaseUrl } from "@/lib/runtime/config";
import { errorTypes, type ErrorType } from "@/lib/core/errors";
import { crossOrigin } from "@/lib/http/cors";
import { defineOperation, type Operation } from "@/lib/core/operation";
import { uuidError } from "@/lib/core/uuid";
import { takesNull } from "@/lib/core/lenient";
import { singleLinePattern } from "@/lib/core/single-line";
import { item } from "@/lib/core/validation";
import { webhookEvents } from "@/lib/webhooks/schemas";
import { inFrench } from "./openapi-fr";
import { allOperations, operationId } from "./all-operations";

// The OpenAPI 3.1 document, generated from the same zod schemas and error table the route wrapper
// validates and answers with (DESIGN §9), so the reference at /docs cannot drift from the code.

type Json = { [key: string]: unknown };
type Io = "input" | "output";

export const openApiOperation = defineOperation({
  method: "GET",
  path: "/v1/openapi.json",
  tag: "Meta",
  summary: "This OpenAPI 3.1 document",
  auth: "none",
  query: z.object({
    lang: z.enum(["en", "fr"]).optional().describe("`fr`: the summaries and descriptions of payment pages, invoices, payment requests and customers in French (paths and fields unchanged)"),
  }),
  response: z.record(z.string(), z.unknown()),
  errors: [],
});

let cached: Json | undefined;
let cachedFr: Json | undefined;

/** The document, built once per process (the operations cannot change while it runs). */
export function buildOpenApiDocument(lang: "en" | "fr" = "en"): Json {
  cached ??= openApiDocumentOf(allOperations, webhookEvents);
  if (lang === "fr") return (cachedFr ??= inFrench(cached, new Map(allOperations.map((o) => [`${o.method} ${o.path}`, o.description]))));
  return cached;
}

// The bodies the route wrapper sends for every error (lib/core/errors.ts, lib/http/route.ts).
const validationItem = z
  .object({
    loc: z.array(z.union([z.string(), z.int()])).describe('Where: `["body","amount"]`, `["path","gateway_id"]`, …'),
    msg: z.string(),
    type: z.string().describe("`missing`, `int_type`, `string_type`, `string_too_long`, `uuid_parsing`, `json_invalid`, …"),
    ctx: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe(
        'What the message is made from, as pydantic gives it: `{"max_length": 100}`, `{"ge": 100}`, `{"expected": "\'XAF\'"}`, `{"error": "…"}`. Absent for types without one (`missing`, `int_parsing`, …). A refused webhook `url`: `reason` (`invalid_url`, `https_required`, `private_address`), `host`, `address`.',
      ),
  })
  .meta({ id: "ValidationError" });
const validationBody = z
  .object({ detail: z.array(validationItem) })
  .meta({ id: "HTTPValidationError", description: "Every problem of the request at once, FastAPI-style." });
const errorBody = z
  .object({
    detail: z.object({
      message: z.string(),
      type: z.enum(Object.keys(errorTypes) as [ErrorType, ...ErrorType[]]),
    }),
  })
  .meta({ id: "ApiError", description: "An application error: its `type` is stable, its `message` may change." });

const API_KEY_ERRORS: ErrorType[] = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"];
const IDEMPOTENCY_ERRORS: ErrorType[] = ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"];

const headers = {
  "x-request-id": {
    description:
      "The id of this request, on every response: yours if you sent a valid `x-request-id`, else a new UUID. Quote it when asking for support.",
    schema: { type: "string" },
  },
  Link: {
    description: 'Present when there is a next page: `<https://…?limit=100&starting_after=…>; rel="next"`.',
    schema: { type: "string" },
  },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.",
    schema: { type: "string", enum: ["true"] },
  },
  "Access-Control-Allow-Origin": {
    description: "`*`: browsers on any origin may read this response.",
    schema: { type: "string", enum: ["*"] },
  },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
};
const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

/**
 * The document of the given operations and webhook events (exported for tests; the API's own is
 * above). Events become OpenAPI 3.1 `webhooks`: the POST each endpoint receives, by event type.
 */
export function openApiDocumentOf(operations: Operation[], events: Record<string, z.ZodType> = {}): Json {
  const schemas = new SchemaSet();
  const paths: Record<string, Record<string, Json>> = {};
  const tags: string[] = [];
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase();
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is defined twice`);
    item[method] = describeOperation(operation, schemas);
    if (!tags.includes(operation.tag)) tags.push(operation.tag);
  }
  const webhooks = Object.fromEntries(
    Object.entries(events).map(([type, schema]) => [type, { post: describeEvent(type, schema, schemas) }]),
  );
  if (Object.keys(webhooks).length) tags.push(EVENTS_TAG);
  const document: Json = {
    openapi: "3.1.0",
    info: {
      title: "Kola API",
      version: "0.1.0",
      description: [
        "Payment links and marketplaces paid by mobile money.",
        "",
        "**Authentication.** Send your API key in the `api-key` header. A missing key is `401 NO_API_KEY_PROVIDED`; an unknown one `404 API_KEY_NOT_FOUND`.",
        "",
        '**Errors.** Application errors are `{"detail": {"message": "…", "type": "…"}}`; the `type` is stable. Invalid input is `422 {"detail": [{"loc": […], "msg": "…", "type": "…"}]}` listing every problem at once.',
        "",
        '**Input is read as FastAPI reads it** (pydantic\'s lax mode): an `integer` field also takes its decimal text (`"5000"`, `"5000.0"`) and `true`/`false` (1/0); a `boolean` field takes `"true"`, `"1"`, `"yes"`, `"on"` and their opposites; `null` for an optional field means it is not given. Names are one line: a control character or a line break in one is refused.',
        "",
        "**Retries.** Send an `Idempotency-Key` header on a mutating request: the same key with the same body within 24 h replays the stored response (`Idempotent-Replayed: true`).",
        "",
        '**Lists** are JSON arrays, newest first, paged with `limit` and `starting_after`; a `Link: <…>; rel="next"` header says there is more.',
        "",
        "**Browsers.** Pages on any origin may call these operations with an `api-key` header: each path answers CORS preflights (`OPTIONS`) with its methods and the headers `api-key`, `content-type`, `idempotency-key`, `x-request-id`; answers carry `Access-Control-Allow-Origin: *` and expose `Link`, `x-request-id`, `Retry-After` and `Idempotent-Replayed`. Never with credentials: the dashboard's session cookie is of no use to another origin.",
      ].join("\n"),
    },
    servers: [{ url: publicBaseUrl() }],
    security: [{ apiKey: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      schemas: {},
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "api-key",
          description: "Your secret key, `kola_test_…` or `kola_live_…`, from the dashboard.",
        },
      },
      headers,
    },
  };
  // the placeholder references become final component names only once every schema is known
  const { components, names } = schemas.components();
  (document.components as Json).schemas = components;
  return renameRefs(document, names) as Json;
}

function describeOperation(operation: Operation, schemas: SchemaSet): Json {
  const mutating = operation.method !== "GET";
  const keyed = operation.auth === "key";
  const hasInput = Boolean(operation.params || operation.query || operation.body);
  const parameters = [
    ...objectParameters(operation.params, "path", schemas),
    ...objectParameters(operation.query, "query", schemas),
    ...(keyed && mutating
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "Any unique string up to 255 characters. Retrying with the same key and body within 24 h replays the first response instead of acting twice; another body is 422 `IDEMPOTENCY_KEY_REUSED`; while the first request with the key still runs, 409 `IDEMPOTENCY_KEY_IN_USE`. A 5xx is not stored and nothing of it is kept: retry with the same key.",
            schema: { type: "string", maxLength: 255 },
          },
        ]
      : []),
  ];

  const notes = [
    operation.description,
    operation.paged
      ? 'Newest first, at most `limit` items. When there are more, the `Link` header holds the next page\'s URL (`rel="next"`), which repeats `limit` and sets `starting_after` to the last id.'
      : undefined,
    operation.paged === "whole"
      ? "Without `limit` and `starting_after`, the whole list in one JSON array, however long (sent as it is read from the database, without a `Link` header). Should the server fail after it has started sending, the transfer is cut off before the closing `]`: a client never sees a shorter list that parses."
      : undefined,
    operation.path.startsWith("/v1/") && !crossOrigin(operation)
      ? "Dashboard only: it answers no CORS, so pages on other origins can neither call nor read it."
      : undefined,
    operation.auth === "none" ? undefined : roleNote(operation),
  ].filter(Boolean);

  const okHeaders: Json = { "x-request-id": headerRef("x-request-id") };
  if (operation.paged) okHeaders.Link = headerRef("Link");
  if (crossOrigin(operation)) okHeaders["Access-Control-Allow-Origin"] = headerRef("Access-Control-Allow-Origin");
  if (keyed && mutating) okHeaders["Idempotent-Replayed"] = headerRef("Idempotent-Replayed");

  const responses: Record<string, Json> = {
    "200": {
      description: "Success",
      headers: okHeaders,
      content: operation.responseType
        ? { [operation.responseType]: { schema: { type: "string" } } }
        : { "application/json": { schema: schemas.convert(operation.response, "output") } },
    },
    ...errorResponses(operation, hasInput, schemas),
  };

  return {
    operationId: operationId(operation),
    summary: operation.summary,
    ...(notes.length ? { description: notes.join("\n\n") } : {}),
    tags: [operation.tag],
    ...(operation.auth === "none" ? {} : { "x-kola-role": requiredRole(operation) }),
    // the least ranked role above; a cashier, outside the ranking, may call only the operations marked so
    ...(operation.auth !== "none" && mayCall("cashier", operation) ? { "x-kola-cashier": true } : {}),
    // the document's default is the key; an operation without one says so with an empty list
    security: keyed ? [{ apiKey: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(operation, schemas) } : {}),
    responses,
  };
}

/**
 * Who may call it (DESIGN §1 "Team"): the least role, and what an API key counts as. A cashier may
 * call only the counter's operations (`role: "cashier"`) and those about its own login (`self`).
 */
function roleNote(operation: Operation): string {
  const role = requiredRole(operation);
  if (operation.self) return "Any member of the account may call it, a cashier too: it concerns only the signed-in login.";
  if (operation.role === "cashier") {
    return role === "viewer"
      ? "Every role may call it (an API key too); a cashier sees only its own."
      : "A cashier, an admin or an owner may call it (an API key acts as an admin): another role gets 403 `INSUFFICIENT_ROLE`.";
  }
  if (role === "viewer") return "Any member of the account may call it (an API key too), but a cashier: 403 `INSUFFICIENT_ROLE`.";
  if (role === "owner") return "Owners only (dashboard session): a member of another role gets 403 `INSUFFICIENT_ROLE`.";
  const who = role === "admin" ? "an owner or an admin (an API key acts as an admin)" : "an owner, an admin or a developer (an API key acts as an admin)";
  return `Needs ${who}: a member of a lesser role, or a cashier, gets 403 \`INSUFFICIENT_ROLE\`.`;
}

const EVENTS_TAG = "Webhook events";

// The Standard Webhooks headers every event POST carries (lib/webhooks/signing.ts).
const eventHeaders = [
  ["webhook-id", "The event's id (`evt_…`), the same on every retry: use it to ignore duplicates."],
  ["webhook-timestamp", "Unix seconds when this attempt was signed; refuse old ones to stop replays."],
  ["webhook-signature", "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with your endpoint's `whsec_…` secret; space-separated when a rotated secret still signs too."],
  ["webhook-sequence", "The body's `sequence`: the event's number among the events about its payment, in the order they happened. Apply the highest; ignore one not above the last you applied for that `track_id`."],
].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

/** One webhook event: the POST Kola sends to each subscribed endpoint. */
function describeEvent(type: string, schema: z.ZodType, schemas: SchemaSet): Json {
  const { description } = z.globalRegistry.get(schema) ?? {};
  return {
    operationId: `event_${type.replace(/\W+/g, "_")}`,
    summary: type,
    description: [
      description,
      "Signed per the Standard Webhooks specification. Answer any 2xx within 10 s to acknowledge it; anything else is retried with exponential backoff for about a day.",
      "The events about one payment reach an endpoint in `sequence` order: the next one is sent only once the one before is acknowledged or given up.",
    ]
      .filter(Boolean)
      .join("\n\n"),
    tags: [EVENTS_TAG],
    security: [],
    parameters: eventHeaders,
    requestBody: { required: true, content: { "application/json": { schema: schemas.convert(schema, "output") } } },
    responses: { "200": { description: "Received: any 2xx status acknowledges the event." } },
  };
}

/** Path or query parameters, one per property of the operation's zod object. */
function objectParameters(schema: z.ZodObject | undefined, where: "path" | "query", schemas: SchemaSet): Json[] {
  if (!schema) return [];
  const json = schemas.resolve(schemas.convert(schema, "input"));
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = (json.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBody(operation: Operation, schemas: SchemaSet): Json {
  // a JSON body may say `null` for an optional field (multipart parts and query values cannot)
  const schema = schemas.convert(operation.body!, "input", operation.bodyKind !== "multipart");
  // without one, a reader's tool makes its example up from the schema (amount 1, shop_name "")
  const example = operation.example ? { example: operation.example } : {};
  if (operation.bodyKind !== "multipart") return { required: true, content: { "application/json": { schema, ...example } } };
  // The zod body validates the text parts; the file parts are read beside it (lib/http/body.ts).
  const files = Object.fromEntries(
    Object.entries(operation.files ?? {}).map(([name, limits]) => [
      name,
      { type: "string", format: "binary", contentMediaType: "application/octet-stream", description: limits },
    ]),
  );
  const withFiles =
    Object.keys(files).length === 0
      ? schema
      : schema.$ref
        ? { allOf: [schema, { type: "object", properties: files }] }
        : { ...schema, properties: { ...((schema.properties as Json) ?? {}), ...files } };
  return { required: true, content: { "multipart/form-data": { schema: withFiles, ...example } } };
}

/** 4xx/5xx responses: the 422 of validation, and every error type the operation can answer, by status. */
function errorResponses(operation: Operation, hasInput: boolean, schemas: SchemaSet): Record<string, Json> {
  const mutating = operation.method !== "GET";
  // The wrapper raises these for every operation of the kind, whether or not the route lists them.
  const types = new Set<ErrorType>([
    ...(operation.auth === "key" ? API_KEY_ERRORS : []),
    ...operation.errors,
    ...(operation.auth === "key" && mutating ? IDEMPOTENCY_ERRORS : []),
    ...(mutating ? (["FILE_TOO_LARGE"] as const) : []),
    // some role may not call it (a cashier most operations: lib/core/roles.ts `mayCall`)
    ...(operation.auth !== "none" && roles.some((role) => !mayCall(role, operation)) ? (["INSUFFICIENT_ROLE"] as const) : []),
    // while the database is away, or up but too busy to serve in time (lib/db/availability.ts); the liveness check never asks it
    ...(operation.path !== "/healthz" ? (["DATABASE_UNAVAILABLE", "SERVICE_BUSY"] as const) : []),
  ]);
  const byStatus = new Map<number, ErrorType[]>();
  for (const type of types) {
    const status = errorTypes[type].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
  if (hasInput && !byStatus.has(422)) byStatus.set(422, []);

  const errorSchema = schemas.convert(errorBody, "output");
  const responses: Record<string, Json> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const statusTypes = byStatus.get(status)!;
    const examples: Record<string, Json> = {};
    const lines: string[] = [];
    if (status === 422 && hasInput) {
      examples.validation = { summary: "Invalid input", value: validationExample(operation) };
      lines.push("Invalid input: every problem is listed in `detail`.");
    }
    for (const type of statusTypes) {
      const { message } = errorTypes[type];
      examples[type] = { summary: type, value: { detail: { message, type } } };
      lines.push(`\`${type}\`: ${message}`);
    }
    const schema =
      status === 422 && hasInput
        ? statusTypes.length
          ? { oneOf: [schemas.convert(validationBody, "output"), errorSchema] }
          : schemas.convert(validationBody, "output")
        : errorSchema;
    const values = Object.values(examples);
    const responseHeaders: Json = { "x-request-id": headerRef("x-request-id") };
    if (statusTypes.some((type) => type === "RATE_LIMITED" || type === "DATABASE_UNAVAILABLE" || type === "SERVICE_BUSY")) responseHeaders["Retry-After"] = headerRef("Retry-After");
    responses[String(status)] = {
      description: lines.join("\n\n"),
      headers: responseHeaders,
      content: {
        "application/json": values.length === 1 ? { schema, example: values[0]!.value } : { schema, examples },
      },
    };
  }
  return responses;
}

/** A realistic 422 body for the operation: its first required input reported missing or malformed. */
function validationExample(operation: Operation): Json {
  const first = (schema: z.ZodType | undefined) =>
    schema instanceof z.ZodObject ? Object.keys(schema.shape).find((key) => !schema.shape[key]!.isOptional()) : undefined;
  const body = first(operation.body);
  if (body) return { detail: [item(["body", body], "missing")] };
  const param = first(operation.params);
  if (param) return { detail: [item(["path", param], "uuid_parsing", { error: uuidError("nope") })] };
  const query = operation.query ? Object.keys(operation.query.shape)[0] : undefined;
  if (query) return { detail: [item(["query", query], "int_parsing")] };
  return { detail: [item(["body"], "missing")] };
}

/**
 * zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with z.toJSONSchema. A schema carrying
 * `.meta({ id })` becomes one entry of components/schemas. Its input and output shapes (defaults
 * make a field optional in a request but always present in a response) share the name when they
 * agree; otherwise the request side is `<id>Input`.
 */
class SchemaSet {
  private defs = new Map<string, Json>(); // `${io}:${id}` → schema

  convert(schema: z.ZodType, io: Io, nulls = false): Json {
    const json = { ...z.toJSONSchema(schema, { io, override: (context) => tidy(context, nulls) }) } as Json;
    const $defs = json.$defs;
    delete json.$schema; // OpenAPI 3.1's own dialect is JSON Schema 2020-12
    delete json.$defs;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      // zod names shared unnamed parts `__schema0`, … per call: give them an id instead
      if (/^__schema\d+$/.test(id)) throw new Error(`Give the recursive schema ${id} an id with .meta({ id })`);
      const key = `${io}:${id}`;
      const rewritten = pointRefs(def, io) as Json;
      const known = this.defs.get(key);
      if (known && JSON.stringify(known) !== JSON.stringify(rewritten))
        throw new Error(`Two different zod schemas carry the id "${id}"`);
      this.defs.set(key, rewritten);
    }
    return pointRefs(json, io) as Json;
  }

  /** The schema itself when `json` is a reference to a component. */
  resolve(json: Json): Json {
    const ref = typeof json.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(json.$ref)?.[1] : undefined;
    return ref ? (this.defs.get(ref) ?? json) : json;
  }

  components(): { components: Record<string, Json>; names: Map<string, string> } {
    const names = new Map<string, string>();
    const components: Record<string, Json> = {};
    for (const [key, def] of [...this.defs].sort(([a], [b]) => a.localeCompare(b))) {
      const [io, id] = key.split(/:(.*)/s) as [Io, string];
      const output = this.defs.get(`output:${id}`);
      const name = io === "input" && output && JSON.stringify(output) !== JSON.stringify(def) ? `${id}Input` : id;
      names.set(key, name);
      components[name] = def;
    }
    return { components, names };
  }
}

/**
 * zod's own regexes for formats and the safe-integer bounds of z.int() say nothing a reader needs.
 * What JSON Schema cannot say is said in words: a string the server trims before checking it.
 * With `nulls` (a JSON request body), an optional() field also takes `null`, meaning "not given"
 * (DESIGN §9, as FastAPI documents `Optional[…] = None`): the document says so.
 */
function tidy({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: Json }, nulls: boolean) {
  const trim = trims(zodSchema);
  if (trim) {
    const note = trim === "after max"
      ? "Leading and trailing white space is removed before the other checks; `maxLength` counts it."
      : "Leading and trailing white space is removed before the checks.";
    addNote(jsonSchema, note);
  }
  const singleLine = jsonSchema.pattern === singleLinePattern(true) || jsonSchema.pattern === singleLinePattern(false);
  if (singleLine && zodSchema._zod.def.type === "string") {
    addNote(jsonSchema, "One line: no line break, control character or bidirectional override (the `pattern`).");
  }
  if (typeof jsonSchema.format === "string" && typeof jsonSchema.pattern === "string") delete jsonSchema.pattern;
  if (jsonSchema.type === "integer") {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  }
  if (nulls && takesNull(zodSchema)) {
    const { description, default: fallback, ...rest } = jsonSchema;
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, {
      ...(description !== undefined && { description }),
      anyOf: [rest, { type: "null" }],
      ...(fallback !== undefined && { default: fallback }),
    });
  }
}

function addNote(jsonSchema: Json, note: string): void {
  jsonSchema.description = jsonSchema.description ? `${jsonSchema.description as string}. ${note}`.replace(/\.\. /, ". ") : note;
}

/**
 * Whether a zod string trims its input (`.trim()` is an overwrite check: try it on a padded value),
 * and "after max" when a length bound is checked before (singleLine: the bound counts the padding).
 */
function trims(schema: z.core.$ZodType): boolean | "after max" {
  const checks = ((schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? []).map((check) => check._zod.def as { check: string; tx?: (value: unknown) => unknown });
  const at = checks.findIndex((def) => def.check === "overwrite" && def.tx?.(" x ") === "x");
  if (at < 0) return false;
  return checks.slice(0, at).some((def) => def.check === "max_length") ? "after max" : true;
}

/** `#/$defs/X` → a placeholder `#/components/schemas/<io>:X`, named for good by renameRefs. */
function pointRefs(value: unknown, io: Io): unknown {
  return mapRefs(value, (ref) => ref.replace(/^#\/\$defs\/(.+)$/, (_, id: string) => `#/components/schemas/${io}:${id}`));
}

function renameRefs(value: unknown, names: Map<string, string>): unknown {
  return mapRefs(value, (ref) =>
    ref.replace(/^#\/components\/schemas\/((?:input|output):.+)$/, (whole, key: string) => {
      const name = names.get(key);
      return name ? `#/components/schemas/${name}` : whole;
    }),
  );
}

function mapRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === "$ref" && typeof item === "string" ? map(item) : mapRefs(item, map)]),
  );
}
