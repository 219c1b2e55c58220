import type { z } from "zod";
import { parseForm, parseJson, readBody } from "./body";
import { allowAnyOrigin, crossOrigin, preflightResponse } from "./cors";
import { answerError, describeError, edge, jsonErrors } from "./edge";
import { reportDatabaseError } from "@/lib/db/availability";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { inRequestTransaction, withIdempotencyKey } from "./idempotency";
import { jsonResponse } from "./json-response";
import type { Operation } from "@/lib/core/operation";
import { validate } from "@/lib/core/validation";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Who called, as the authenticator proved it; lib/http knows only what idempotency needs. */
export type Caller = { accountId: string; mode: "test" | "live" };
/** Proves who calls `operation` and that they may (its auth and its role), or throws. */
export type Authenticator<A extends Caller> = (req: Request, operation: Operation) => Promise<A>;
/**
 * Inside a mutating request's transaction, before anything else: proves again that the caller may
 * (their credential as it is now) and holds it until the transaction ends; the caller as it is now.
 */
export type Holder<A extends Caller> = (auth: A, operation: Operation) => Promise<A>;

export type Context<O extends Operation, A extends Caller = Caller> = {
  req: Request;
  url: URL;
  auth: O["auth"] extends "key" | "session" ? A : null;
  params: Out<O["params"]>;
  query: Out<O["query"]>;
  body: Out<O["body"]>;
  files: Record<string, File>;
  /** the request body's bytes, as read (empty for GET) */
  raw: Buffer;
  requestId: string;
};

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

const MAX_JSON_BODY = 64 * 1024;
const MAX_MULTIPART_BODY = 3 * 1024 * 1024;

/**
 * The one wrapper every API route goes through: request id, auth, idempotency, validation of
 * path, query and body (every problem reported at once), errors turned into responses, one log line.
 * A handler returns data (sent as JSON 200) or a Response of its own. lib/http does not know how
 * callers prove who they are: the API's `route` (lib/api/route.ts) is made here with its authenticator.
 */
export function createRoute<A extends Caller>(authenticate: Authenticator<A>, hold?: Holder<A>) {
  return function route<O extends Operation>(operation: O, handler: (ctx: Context<O, A>) => Promise<unknown>) {
    const handle = async (req: Request, next?: NextContext): Promise<Response> => {
      const response = await edge(req, jsonErrors, ({ requestId, url, note }) =>
        run(operation, { authenticate, hold }, handler, req, url, requestId, next, (auth) => note({ account_id: auth.accountId })),
      );
      if (crossOrigin(operation)) allowAnyOrigin(response.headers);
      return response;
    };
    return Object.assign(handle, { operation });
  };
}

async function run<O extends Operation, A extends Caller>(
  operation: O,
  { authenticate, hold }: { authenticate: Authenticator<A>; hold?: Holder<A> },
  handler: (ctx: Context<O, A>) => Promise<unknown>,
  req: Request,
  url: URL,
  requestId: string,
  next: NextContext | undefined,
  onAuth: (auth: A) => void,
): Promise<Response> {
  const auth = operation.auth === "none" ? null : await authenticate(req, operation);
  if (auth) onAuth(auth);

  const mutating = req.method !== "GET" && req.method !== "HEAD";
  const raw = mutating
    ? await readBody(req, operation.bodyKind === "multipart" ? MAX_MULTIPART_BODY : MAX_JSON_BODY)
    : Buffer.alloc(0);

  const held = Boolean(auth && mutating && hold);
  const respond = async (): Promise<Response> => {
    try {
      const caller = held ? await hold!(auth!, operation) : auth;
      const input = await validateInput(operation, req, url, raw, next);
      const result = await handler({ req, url, auth: caller, requestId, raw, ...input } as Context<O, A>);
      return result instanceof Response ? result : jsonResponse(result);
    } catch (error) {
      await reportDatabaseError(error); // answered inside the transaction: the gate decides "away" or "busy" first
      return errorResponse(error, req, requestId);
    }
  };
  // With a key, the handler runs inside the transaction that stores its answer (idempotency.ts);
  // without one, a change still runs in a transaction of its own, its caller held (inRequestTransaction).
  const idempotencyKey = req.headers.get("idempotency-key");
  if (auth && mutating && idempotencyKey) {
    const contentType = req.headers.get("content-type") ?? "";
    return withIdempotencyKey(auth, idempotencyKey, { method: req.method, path: url.pathname, contentType, raw }, respond);
  }
  return held ? inRequestTransaction(respond) : respond();
}

async function validateInput(operation: Operation, req: Request, url: URL, raw: Buffer, next?: NextContext) {
  const problems: ValidationItem[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ValidationError) problems.push(...error.items);
      else throw error;
    }
  };
  const rawParams = next ? await next.params : {};
  const params = operation.params ? attempt(() => validate(operation.params!, rawParams, "path")) : undefined;
  const query = operation.query
    ? attempt(() => validate(operation.query!, Object.fromEntries(url.searchParams), "query"))
    : undefined;
  let body: unknown;
  let files: Record<string, File> = {};
  if (operation.body && operation.bodyKind === "multipart") {
    const form = await parseForm(raw, req.headers.get("content-type") ?? "", Object.keys(operation.files ?? {}));
    files = form.files;
    body = attempt(() => validate(operation.body!, form.fields, "body"));
  } else if (operation.body) {
    // an optional body (z.object(...).optional()) may be left out altogether
    const leftOut = raw.length === 0 && operation.body.safeParse(undefined).success;
    body = attempt(() => validate(operation.body!, leftOut ? undefined : parseJson(raw), "body"));
  }
  if (problems.length) throw new ValidationError(problems);
  return { params, query, body, files };
}

export function errorResponse(error: unknown, req: Request, requestId: string): Response {
  return answerError(error, req, requestId, jsonErrors);
}

export { describeError };

/**
 * For route files: `export const OPTIONS = preflight(GET, POST)` with the file's route handlers,
 * so that OPTIONS (CORS preflight included) names exactly the methods the path has.
 */
export function preflight(...handlers: { operation: Operation }[]) {
  const operations = handlers.map((handler) => handler.operation);
  return (req: Request): Promise<Response> => edge(req, jsonErrors, async () => preflightResponse(req, operations));
}

/** An answer of no operation: under /v1 readable from any origin, as the API's own answers are. */
function bare(req: Request, status: number, body: unknown): Promise<Response> {
  return edge(req, jsonErrors, async ({ url }) => {
    const response = jsonResponse(body, { status });
    if (url.pathname.startsWith("/v1/")) allowAnyOrigin(response.headers);
    return response;
  });
}

/** For route files: the methods a path does not have answer 405 as FastAPI does. */
export function methodNotAllowed(req: Request): Promise<Response> {
  return bare(req, 405, { detail: "Method Not Allowed" });
}

/** For the /v1 catch-all: unknown routes answer 404 as FastAPI does. */
export function notFound(req: Request): Promise<Response> {
  return bare(req, 404, { detail: "Not Found" });
}
