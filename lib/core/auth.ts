import type { Mode } from "./modes";
import type { Role } from "./roles";

/** Who is calling: every query of the API is scoped by this account and mode. */
export type Auth = {
  accountId: string;
  mode: Mode;
  apiKeyId: string | null;
  country: string;
  currency: string;
  /** how the caller proved who they are: an `api-key` header, or the dashboard's session cookie */
  via: "key" | "session";
  /** what the caller may do (lib/core/roles.ts): a member's role, or an API key's (bounded by its maker's) */
  role: Role;
  /** the signed-in member's user; null for an API key */
  userId: string | null;
};
