import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Mode } from "@/lib/core/modes";


/** A new API key: `kola_test_` + 32 random bytes (base64url). Only its hash is ever stored. */
export function generateApiKey(mode: Mode) {
  const key = `kola_${mode}_${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 14), last4: key.slice(-4) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
