import { ApiRequestError, fieldErrorsOf, type Mode, type ValidationItem } from "@/lib/query/api-fetch";

// fetch() cannot report upload progress; XMLHttpRequest can. This sends a multipart body the way
// apiFetch does (same origin, session cookie, `kola-mode`) and fails the same way (ApiRequestError),
// so the page handles an upload's errors like any other API error.

export type SendOptions = {
  mode: Mode;
  method: "POST" | "PATCH";
  body: FormData;
  /** 0–1, as the bytes leave the browser */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export function sendWithProgress<T>(path: string, { mode, method, body, onProgress, signal }: SendOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("kola-mode", mode);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: a proxy's page; the status says enough
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(json as T);
      } else reject(toError(xhr.status, xhr.statusText, json, xhr.getResponseHeader("retry-after")));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, "NETWORK", "Network error"));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The same reading of an error body as lib/query/api-fetch.ts. */
function toError(status: number, statusText: string, json: unknown, retryAfterHeader: string | null): ApiRequestError {
  const retryAfter = Number(retryAfterHeader) || null;
  const detail = (json as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) {
    return new ApiRequestError(status, "VALIDATION", "Validation failed", fieldErrorsOf(detail as ValidationItem[]), retryAfter);
  }
  if (detail && typeof detail === "object" && "type" in detail) {
    const { type, message } = detail as { type: string; message?: string };
    return new ApiRequestError(status, type, message ?? type, {}, retryAfter);
  }
  return new ApiRequestError(status, `HTTP_${status}`, typeof detail === "string" ? detail : statusText || "Request failed", {}, retryAfter);
}
