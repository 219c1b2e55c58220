import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash, type Auth } from "@/lib/accounts/queries";
import { ApiError } from "./errors";

export type { Auth };

/** The caller of a keyed operation, from the `api-key` header (DESIGN §1). */
export async function authenticate(req: Request): Promise<Auth> {
  const key = req.headers.get("api-key")?.trim();
  if (!key) throw new ApiError("NO_API_KEY_PROVIDED");
  if (!/^kola_(test|live)_[A-Za-z0-9_-]{43}$/.test(key)) throw new ApiError("API_KEY_NOT_FOUND");
  const auth = await findAuthByKeyHash(hashApiKey(key));
  if (!auth) throw new ApiError("API_KEY_NOT_FOUND");
  return auth;
}
