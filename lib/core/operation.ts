import type { z } from "zod";
import type { Role } from "./roles";
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
  /**
   * The least role a member or an API key needs (lib/core/roles.ts). Unsaid, the
   * method decides: GET is for every member (viewer), any other method for admins.
   */
  role?: Role;
  /**
   * It touches only the caller's own login (their name, language and mails, the account their session
   * shows), nothing of the account's: open to a cashier too, who may call nothing else but the
   * operations that say `role: "cashier"` (lib/core/roles.ts `mayCall`).
   */
  self?: true;
  /**
   * It changes who is on the account's team (a member's role, a removal): the team's lock is taken
   * before the caller's credential is held, so that two such changes never wait for each other's
   * caller (lib/accounts/members.ts).
   */
  changesTeam?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyKind?: "json" | "multipart";
  /** multipart file parts, by name, with their documented limits */
  files?: Record<string, string>;
  response: z.ZodType;
  /**
   * A valid request body, shown (and sent by "Test request") in the reference; multipart text parts
   * as strings. test/api/openapi.test.ts sends every one to the real handler.
   */
  example?: Record<string, unknown>;
  /** a body other than JSON (an export): its media type; `response` then describes it as text */
  responseType?: "text/csv";
  errors: ErrorType[];
  /** a list: `limit`/`starting_after` and a `Link` header; "whole": without either, the whole list */
  paged?: boolean | "whole";
};

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** What every operation authenticated by key may answer: no key, or one that is unknown or revoked. */
export const keyErrors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"] as const satisfies readonly ErrorType[];
/** What every operation that honours an Idempotency-Key header may answer. */
export const idempotencyErrors = ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"] as const satisfies readonly ErrorType[];

/**
 * A module's operations under one OpenAPI tag, each as `defineOperation` takes it but without its
 * tag: the tag is said once, for all of them.
 */
export function defineOperations<const T extends Record<string, Omit<Operation, "tag">>>(tag: string, operations: T): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, { ...operation, tag }])) as { [K in keyof T]: T[K] & { tag: string } };
}
