import type { Dictionary } from "@/lib/i18n";
import { fill } from "@/lib/core/fill";
import type { WebhookDelivery } from "@/lib/query/webhooks";

type Attempt = WebhookDelivery["attempts"][number];

/** Why an attempt did not count as delivered, in the merchant's words: the HTTP status, or the kind of error. */
export function attemptProblem(attempt: Attempt, t: Dictionary): string {
  if (attempt.status_code !== null && !attempt.error_code) return fill(t.developers.webhookHttpStatus, { code: attempt.status_code });
  return t.developers.attemptErrors[attempt.error_code ?? "other"];
}

export const lastAttempt = (delivery: WebhookDelivery): Attempt | undefined => delivery.attempts[delivery.attempts.length - 1];

/** An endpoint's state from its newest delivery that was tried: failing (retries pending), given up, or fine (null). */
export function endpointTrouble(deliveries: WebhookDelivery[] | undefined): { delivery: WebhookDelivery; attempt: Attempt } | null {
  const tried = deliveries?.find((d) => d.attempts.length > 0);
  const attempt = tried && lastAttempt(tried);
  if (!tried || !attempt || tried.status === "succeeded") return null;
  return { delivery: tried, attempt };
}
