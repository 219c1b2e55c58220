"use client";

import { Badge } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime } from "@/lib/i18n/numbers";
import { useWebhookDelivery, type WebhookDelivery } from "@/lib/query/webhooks";
import { QueryList } from "../../_components/query-list";
import { attemptProblem } from "./attempt-words";

/** JSON shown indented when it is JSON, as it came otherwise. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Body({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  return (
    // focusable: a keyboard user can scroll a long body (axe scrollable-region-focusable)
    <pre
      tabIndex={0}
      aria-label={label}
      className="mt-1 max-h-64 overflow-auto rounded-md bg-stone-100 p-3 font-mono text-xs break-words whitespace-pre-wrap text-stone-800"
    >
      {text ? pretty(text) : t.developers.deliveryEmptyBody}
    </pre>
  );
}

/** One delivery: the body sent, then every attempt with its status, time and the answer's body. */
export function DeliveryDialog({ webhookId, delivery, onClose }: { webhookId: string; delivery: WebhookDelivery | null; onClose: () => void }) {
  const { t, lang, fill } = useI18n();
  const detail = useWebhookDelivery(webhookId, delivery?.id ?? null);
  const event = delivery ? t.developers.eventLabels[delivery.event_type] : "";
  return (
    <Dialog
      open={Boolean(delivery)}
      onClose={onClose}
      title={fill(t.developers.deliveryTitle, { event })}
      description={t.developers.deliveryBodyLimit}
      closeLabel={t.common.close}
      size="lg"
    >
      {delivery && (
        <QueryList query={detail} items={detail.data ? [detail.data] : undefined} loading={t.common.loading} rows={3} empty={null}>
          {([d]) => (
            <div className="flex flex-col gap-4">
              <section>
                <h3 className="text-sm font-semibold">{t.developers.deliveryRequest}</h3>
                <p className="font-mono text-xs break-all text-stone-600">webhook-id: {d!.event_id}</p>
                <Body text={d!.request_body} label={t.developers.deliveryRequest} />
              </section>
              {d!.attempts.length === 0 && <p className="text-sm text-stone-600">{t.developers.deliveryNoAttempt}</p>}
              {d!.attempts.map((a) => (
                <section key={a.attempt}>
                  <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                    {fill(t.developers.deliveryAttempt, { n: a.attempt })}
                    <Badge tone={a.status_code !== null && a.status_code < 300 ? "success" : "failed"}>
                      {a.status_code ?? t.developers.webhookNoAnswer}
                    </Badge>
                    <span className="text-xs font-normal text-stone-600">
                      {formatDateTime(a.created_at, lang)} · {a.latency_ms} ms
                    </span>
                  </h3>
                  {a.error_code && <p className="mt-1 text-sm text-red-800">{attemptProblem(a, t)}</p>}
                  <p className="mt-2 text-xs font-medium text-stone-700">{t.developers.deliveryResponse}</p>
                  <Body text={a.response_body} label={`${fill(t.developers.deliveryAttempt, { n: a.attempt })} — ${t.developers.deliveryResponse}`} />
                </section>
              ))}
            </div>
          )}
        </QueryList>
      )}
    </Dialog>
  );
}
