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
 * `webhook-sequence` repeats the payload's `sequence` (the event's number among its deposit's events)
 * for receivers that order before they parse; the signature covers the payload, which carries it too.
 */
export function signedHeaders(secrets: string[], eventId: string, payload: string, sequence: number, at = new Date()): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Kola-Webhooks/0.1",
    "webhook-id": eventId,
    "webhook-sequence": String(sequence),
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(eventId, at, payload)).join(" "),
  };
}
