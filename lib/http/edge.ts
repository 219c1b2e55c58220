import { asRetryLater, isStatementCancelled, reportDatabaseError } from "@/lib/db/availability";
import { describeError, log } from "@/lib/runtime/log";

export { describeError };
import { ApiError, ValidationError } from "@/lib/core/errors";
import { jsonResponse } from "./json-response";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";

/**
 * The one edge every route goes through (API, checkout, provider callbacks): a request id (the
 * caller's `x-request-id` when well-formed), an unexpected error caught and logged scrubbed
 * (describeError), and one log line per request. Routes differ only in how an error reads (their
 * ErrorFormat): `jsonErrors` answers the documented `{detail: …}` bodies; an HTML route passes its
 * own friendly page.
 */
export type ErrorFormat = (error: unknown, req: Request, requestId: string) => Response;

export type Exchange = {
  requestId: string;
  url: URL;
  /** fields added to the request's log line (e.g. the account) */
  note: (fields: Record<string, unknown>) => void;
};

export async function edge(
  req: Request,
  format: ErrorFormat,
  run: (exchange: Exchange) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  // stamped on every request by the server process (./request-id.ts); a new one for in-process calls
  const requestId = requestIdOf(req);
  const url = new URL(req.url);
  const fields: Record<string, unknown> = {};
  let response: Response;
  try {
    response = await run({ requestId, url, note: (more) => Object.assign(fields, more) });
  } catch (error) {
    await reportDatabaseError(error); // a lost connection: the gate decides "away" or "busy" first
    response = answerError(error, req, requestId, format);
  }
  response.headers.set(REQUEST_ID_HEADER, requestId);
  log(response.status >= 500 ? "error" : "info", "request", {
    request_id: requestId,
    method: req.method,
    path: url.pathname,
    status: response.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    ...fields,
  });
  return response;
}

/**
 * An error as its format answers it; one that is neither ApiError nor ValidationError is logged first.
 * A statement that failed because the database cannot be reached is DATABASE_UNAVAILABLE; one that
 * waited too long for a connection, lost a slow one while the database answers, or that its timeout
 * cancelled is SERVICE_BUSY (both 503, with Retry-After), whichever code it reached: lib/db/availability.ts.
 */
export function answerError(thrown: unknown, req: Request, requestId: string, format: ErrorFormat): Response {
  const error = asRetryLater(thrown) ?? thrown;
  if (!(error instanceof ApiError) && !(error instanceof ValidationError)) {
    log("error", "unhandled error", { request_id: requestId, error });
  } else if (isStatementCancelled(thrown)) {
    // answered 503, but an operator wants to know which request ran past the statement timeout
    log("warn", "statement cancelled", { request_id: requestId, path: new URL(req.url).pathname, error: thrown });
  }
  return format(error, req, requestId);
}

/** Errors as JSON: ApiError and ValidationError as documented, anything else 500 INTERNAL_ERROR. */
export const jsonErrors: ErrorFormat = (error) => {
  if (error instanceof ApiError) return jsonResponse(error.body, { status: error.status, headers: error.headers });
  if (error instanceof ValidationError) return jsonResponse(error.body, { status: 422 });
  return jsonResponse(new ApiError("INTERNAL_ERROR").body, { status: 500 });
};
