// The dashboard's one way to call the API: same origin (the session cookie rides along), the
// current mode in `kola-mode`, JSON or multipart bodies, and every `{"detail": …}` error body
// turned into an ApiRequestError with its field errors keyed by field name.

import type { Mode } from "@/lib/core/modes";
import type { ValidationItem } from "@/lib/core/errors";

export type { Mode };

/** One FastAPI-style validation item, as the API sends them in a 422 (`loc` kept as an array, `ctx` its limit). */
export type { ValidationItem };
export type FieldError = ValidationItem;

/** 422 items by field path without its location: ["body","amount"] → `amount`, ["body"] → "" (the form); first item wins. */
export function fieldErrorsOf(items: readonly ValidationItem[]): Record<string, FieldError> {
  const fieldErrors: Record<string, FieldError> = {};
  for (const item of items) fieldErrors[item.loc.slice(1).join(".")] ??= item;
  return fieldErrors;
}

export class ApiRequestError extends Error {
  constructor(
    /** HTTP status; 0 when the network failed before any answer */
    readonly status: number,
    /** the application error type (`GATEWAY_NOT_FOUND`…), `VALIDATION` for a 422 list, `NETWORK` or `HTTP_<status>` */
    readonly type: string,
    message: string,
    /** 422 items by field path without its location: `amount`, `blocks.1.label` */
    readonly fieldErrors: Record<string, FieldError> = {},
    /** seconds, from Retry-After (429) */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

type ApiFetchOptions = {
  mode: Mode;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** a plain object is sent as JSON, FormData as multipart */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type ApiResponse<T> = { data: T; headers: Headers };

/** Calls the API and returns the parsed JSON with the response headers (for `Link`). */
export async function apiFetchWithHeaders<T>(path: string, options: ApiFetchOptions): Promise<ApiResponse<T>> {
  const { mode, method = "GET", body, query, signal } = options;
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: "application/json", "kola-mode": mode, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body; // the browser writes the multipart boundary
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, signal, credentials: "same-origin", cache: "no-store" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "NETWORK", "Network error");
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's error page): handled below by status
  }
  if (!response.ok) throw toError(response, json);
  return { data: json as T, headers: response.headers };
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

function toError(response: Response, json: unknown): ApiRequestError {
  const retryAfter = Number(response.headers.get("retry-after")) || null;
  const detail = (json as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) {
    return new ApiRequestError(response.status, "VALIDATION", "Validation failed", fieldErrorsOf(detail as ValidationItem[]), retryAfter);
  }
  if (detail && typeof detail === "object" && "type" in detail) {
    const { type, message } = detail as { type: string; message?: string };
    return new ApiRequestError(response.status, type, message ?? type, {}, retryAfter);
  }
  if (typeof detail === "string") return new ApiRequestError(response.status, `HTTP_${response.status}`, detail, {}, retryAfter);
  return new ApiRequestError(response.status, `HTTP_${response.status}`, response.statusText || "Request failed", {}, retryAfter);
}

/** The `starting_after` of the `Link: <…>; rel="next"` header, or null on the last page. */
export function nextCursor(headers: Headers): string | null {
  const link = headers.get("link");
  if (!link) return null;
  const match = /<([^>]+)>;\s*rel="next"/.exec(link);
  if (!match) return null;
  return new URL(match[1]!).searchParams.get("starting_after");
}
