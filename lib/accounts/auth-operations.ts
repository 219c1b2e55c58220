import { z } from "zod";
import { defineOperation, defineOperations } from "@/lib/core/operation";
import { account, apiKey, changePasswordBody, confirmSignupBody, createdApiKey, createKeyBody, loginBody, resetPasswordBody, resetRequestBody, signupBody } from "./schemas";

// Accounts, sessions and API keys: what the dashboard needs beyond the interface (DESIGN §1).

const signedIn = z.object({ account_id: z.uuid(), email: z.string() });

export const authOperations = {
  signup: defineOperation({
    method: "POST",
    path: "/api/auth/signup",
    tag: "Dashboard sessions",
    summary: "Ask for an account: a confirmation link is mailed",
    description:
      "The same answer whether or not the address has an account: a new address gets a link that opens the account (POST /api/auth/signup/confirm); an address with an account gets a mail saying someone tried. Takes only `application/json` from the dashboard's own origin (`Origin` header).",
    auth: "none",
    body: signupBody,
    response: z.object({ email: z.string(), confirmation_sent: z.literal(true) }),
    errors: ["CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
  confirmSignup: defineOperation({
    method: "POST",
    path: "/api/auth/signup/confirm",
    tag: "Dashboard sessions",
    summary: "Open the account of a sign-up link and sign in",
    description: "Spends the link's token and sets the session cookie. No API key is made: the account's members create keys when they need one (POST /v1/api-keys), each shown once.",
    auth: "none",
    body: confirmSignupBody,
    response: signedIn.extend({ business_name: z.string() }),
    errors: ["INVALID_TOKEN", "EMAIL_TAKEN", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
  changePassword: defineOperation({
    method: "POST",
    path: "/api/auth/password",
    tag: "Dashboard sessions",
    summary: "Change the signed-in login's password",
    description:
      "The current password is required (tries are limited as at sign-in). On success every other session of the login ends, in every account; this one stays, and a mail tells the address. Takes only `application/json` from the dashboard's own origin.",
    auth: "session",
    role: "viewer",
    self: true,
    body: changePasswordBody,
    response: z.object({ changed: z.literal(true), other_sessions_ended: z.int() }),
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "WRONG_PASSWORD", "RATE_LIMITED"],
  }),
  requestPasswordReset: defineOperation({
    method: "POST",
    path: "/api/auth/password-reset",
    tag: "Dashboard sessions",
    summary: "Mail a password-reset link",
    description: "The same answer whether or not the address has an account. The link works once, for an hour.",
    auth: "none",
    body: resetRequestBody,
    response: z.object({ email: z.string(), requested: z.literal(true) }),
    errors: ["CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
  resetPassword: defineOperation({
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    tag: "Dashboard sessions",
    summary: "Set a new password with a reset link",
    description: "Spends the link's token, closes every session of the account and signs this browser in.",
    auth: "none",
    body: resetPasswordBody,
    response: signedIn,
    errors: ["INVALID_TOKEN", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
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

export const accountOperations = defineOperations("Account", {
  get: {
    method: "GET",
    path: "/v1/account",
    summary: "The signed-in account, in the current mode",
    auth: "key",
    response: account,
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "NOT_SIGNED_IN"],
  },
  listKeys: {
    method: "GET",
    path: "/v1/api-keys",
    summary: "API keys of the current mode (dashboard session only)",
    auth: "session",
    response: z.array(apiKey),
    errors: ["NOT_SIGNED_IN"],
  },
  createKey: {
    method: "POST",
    path: "/v1/api-keys",
    summary: "Create an API key in the current mode, with a role up to yours; the key is shown once",
    description:
      "The key acts with its `role` (admin, developer or viewer), never above the role of the member who makes it (403 `INSUFFICIENT_ROLE`): an admin or an owner may make admin keys, a developer developer and viewer keys. The key answers to its maker: removing them revokes it, demoting them lowers it to their new role, unless an owner takes it over (POST /v1/api-keys/{key_id}/take-over).",
    auth: "session",
    role: "developer",
    body: createKeyBody,
    example: { name: "Order service", role: "developer" },
    response: createdApiKey,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "INSUFFICIENT_ROLE"],
  },
  revokeKey: {
    method: "DELETE",
    path: "/v1/api-keys/{key_id}",
    summary: "Revoke an API key: it is refused from then on",
    description: "A member revokes the keys they made and keys of a role they could give (403 `INSUFFICIENT_ROLE` otherwise): a developer cannot switch off an admin's integration.",
    auth: "session",
    role: "developer",
    params: z.object({ key_id: z.uuid() }),
    response: apiKey,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "API_KEY_ID_NOT_FOUND", "INSUFFICIENT_ROLE"],
  },
  takeOverKey: {
    method: "POST",
    path: "/v1/api-keys/{key_id}/take-over",
    summary: "Take an API key over: it becomes yours and outlives the member who made it",
    description:
      "Owners only. The key keeps its role; its `created_by` becomes you, so removing or demoting the member who made it no longer touches it (do it before removing a member whose key a server still uses). A revoked key cannot be taken over (409 `API_KEY_REVOKED`).",
    auth: "session",
    role: "owner",
    params: z.object({ key_id: z.uuid() }),
    response: apiKey,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "API_KEY_ID_NOT_FOUND", "API_KEY_REVOKED"],
  },
});
