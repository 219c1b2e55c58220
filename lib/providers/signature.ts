import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { log } from "@/lib/runtime/log";
import { setting } from "@/lib/runtime/config";

// Provider callbacks are signed with HMAC-SHA256 over the raw body:
//   x-kola-signature: t=<unix seconds>,v1=<hex of HMAC(secret, "<t>.<raw body>")>
// The timestamp bounds replays to a 5-minute window; event ids refuse them inside it.
const TOLERANCE_SECONDS = 300;
const store = globalThis as unknown as { __kolaCallbackSecret?: string };

export function callbackSecret(): string {
  const configured = setting("PROVIDER_CALLBACK_SECRET");
  if (configured) return configured;
  if (!store.__kolaCallbackSecret) {
    store.__kolaCallbackSecret = randomBytes(32).toString("hex");
    if (setting("NODE_ENV") === "production") {
      log("warn", "PROVIDER_CALLBACK_SECRET is not set: using a per-process secret (one process only)");
    }
  }
  return store.__kolaCallbackSecret;
}

export function signCallback(raw: string, secret = callbackSecret(), now = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${now}.${raw}`).digest("hex");
  return `t=${now},v1=${mac}`;
}

export function verifyCallback(raw: string, header: string | null, secret = callbackSecret(), now = Date.now() / 1000): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
