import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks signatures (https://www.standardwebhooks.com), made with the `standardwebhooks`
// package that receivers use to verify them.

/** A new signing secret: `whsec_` and 32 random bytes in base64, the format the package reads. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The headers of one attempt. `webhook-id` is the event's id, the same on every retry; the timestamp
 * is the attempt's. Each secret adds a signature (after a rotation, the old one signs too for a while).
 */
export function signedHeaders(secrets: string[], eventId: string, payload: string, at = new Date()): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Kola-Webhooks/0.1",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(eventId, at, payload)).join(" "),
  };
}
