import type { z } from "zod";
import type { ErrorType } from "./errors";

/**
 * One operation of the public API: the zod schemas that validate its request and describe its
 * response, its auth and its error types. Route handlers validate with it; the OpenAPI document
 * is generated from the same objects (lib/api/openapi.ts), so the two cannot drift.
 */
export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** "key": an api-key header or the dashboard's session; "session": the dashboard only; "none": public */
  auth: "key" | "session" | "none";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyKind?: "json" | "multipart";
  /** multipart file parts, by name, with their documented limits */
  files?: Record<string, string>;
  response: z.ZodType;
  errors: ErrorType[];
  /** answer CORS `*` (readable from buyers' browsers) */
  cors?: boolean;
  /** a list: `limit`/`starting_after` and a `Link` header */
  paged?: boolean;
};

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}
