import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { account, apiKey, createdApiKey, loginBody, signupBody } from "./schemas";

// Accounts, sessions and API keys: what the dashboard needs beyond the interface (DESIGN §1).

const signedIn = z.object({ account_id: z.uuid(), email: z.string() });

export const authOperations = {
  signup: defineOperation({
    method: "POST",
    path: "/api/auth/signup",
    tag: "Dashboard sessions",
    summary: "Create an account and sign in",
    description:
      "Returns the account's first test API key, shown once, and sets the session cookie. Takes only `application/json` from the dashboard's own origin (`Origin` header).",
    auth: "none",
    body: signupBody,
    response: signedIn.extend({ api_key: z.string() }),
    errors: ["EMAIL_TAKEN", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
  login: defineOperation({
    method: "POST",
    path: "/api/auth/login",
    tag: "Dashboard sessions",
    summary: "Sign in (sets the session cookie)",
    description: "Takes only `application/json` from the dashboard's own origin (`Origin` header).",
    auth: "none",
    body: loginBody,
    response: signedIn,
    errors: ["INVALID_CREDENTIALS", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
  logout: defineOperation({
    method: "POST",
    path: "/api/auth/logout",
    tag: "Dashboard sessions",
    summary: "Sign out",
    auth: "none",
    response: z.object({ signed_out: z.literal(true) }),
    errors: [],
  }),
};

const tag = "Account";
export const accountOperations = {
  get: defineOperation({
    method: "GET",
    path: "/v1/account",
    tag,
    summary: "The signed-in account, in the current mode",
    auth: "key",
    response: account,
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "NOT_SIGNED_IN"],
  }),
  listKeys: defineOperation({
    method: "GET",
    path: "/v1/api-keys",
    tag,
    summary: "API keys of the current mode (dashboard session only)",
    auth: "session",
    response: z.array(apiKey),
    errors: ["NOT_SIGNED_IN"],
  }),
  createKey: defineOperation({
    method: "POST",
    path: "/v1/api-keys",
    tag,
    summary: "Create an API key in the current mode; the key is shown once",
    auth: "session",
    body: z.object({ name: z.string().trim().min(1).max(100) }),
    response: createdApiKey,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST"],
  }),
  revokeKey: defineOperation({
    method: "DELETE",
    path: "/v1/api-keys/{key_id}",
    tag,
    summary: "Revoke an API key: it is refused from then on",
    auth: "session",
    params: z.object({ key_id: z.uuid() }),
    response: apiKey,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "API_KEY_ID_NOT_FOUND"],
  }),
};
