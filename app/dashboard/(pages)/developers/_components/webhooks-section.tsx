"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime } from "@/lib/i18n/numbers";
import {
  useDeleteWebhook,
  useResendDelivery,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@/lib/query/webhooks";
import { useEverTrue } from "../../_components/lazy";
import { useTold } from "../../_components/use-told";
import { attemptProblem, endpointTrouble, lastAttempt } from "./attempt-words";
import { QueryList } from "../../_components/query-list";
import { ListCard } from "./list-card";
import { Can, useMayUse } from "@/lib/query/role";

// The form (react-hook-form and zod) and the other dialogs load when first opened, not with the page.
const WebhookDialog = dynamic(() => import("./webhook-dialog").then((m) => m.WebhookDialog), { ssr: false });
const RotateSecretDialog = dynamic(() => import("./rotate-secret-dialog").then((m) => m.RotateSecretDialog), { ssr: false });
const DeliveryDialog = dynamic(() => import("./delivery-dialog").then((m) => m.DeliveryDialog), { ssr: false });

/** Webhooks on the Developers page: endpoints, their secret once, the delivery log, tests and resends. */
export function WebhooksSection() {
  const { t } = useI18n();
  const endpoints = useWebhooks();
  const [creating, setCreating] = useState(false);
  const createLoaded = useEverTrue(creating);
  return (
    <>
      <ListCard title={t.developers.webhooks} intro={t.developers.webhooksIntro} newLabel={t.developers.webhookNew} newOperation="webhook_create" onNew={() => setCreating(true)}
        query={endpoints} loading={t.common.loading} empty={{ title: t.developers.webhookEmpty, description: t.developers.webhookEmptyAction }}>
        {(items) => (
          // a table, one card per address on phones: the address and its events, on or off, then its
          // buttons; its delivery log opens on a row of its own below it (one row group per address)
          <Table label={t.developers.webhooks}>
            <THead actions={t.common.actions}>
              <Th>{t.developers.webhookColUrl}</Th>
              <Th>{t.developers.webhookEnabled}</Th>
            </THead>
            {items.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </Table>
        )}
      </ListCard>
      {createLoaded && <WebhookDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, fill } = useI18n();
  const notify = useToast();
  const told = useTold();
  const update = useUpdateWebhook();
  const test = useSendTestEvent();
  const mayUpdate = useMayUse("webhook_update"); // webhooks are a developer's (DESIGN §1)
  // a payment's page links here (?webhook={id}#webhook-{id}): that endpoint's log opens
  const linkedTo = useSearchParams().get("webhook");
  const [showLog, setShowLog] = useState(linkedTo === endpoint.id);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  const editLoaded = useEverTrue(editing);
  const rotateLoaded = useEverTrue(rotating);
  const logId = useId();
  const events = endpoint.event_types.length
    ? endpoint.event_types.map((e) => t.developers.eventLabels[e]).join(", ")
    : t.developers.webhookAllEvents;

  return (
    <TBody id={`webhook-${endpoint.id}`} label={endpoint.url} className="scroll-mt-20 border-t border-stone-200 first-of-type:border-t-0">
      <Tr testId="webhook">
        <Td kind="primary" className="max-w-md">
          <p className="font-mono text-sm font-normal break-all">{endpoint.url}</p>
          <p className="mt-1 text-xs font-normal text-stone-600">{events}</p>
          <EndpointTrouble webhookId={endpoint.id} />
        </Td>
        <Td kind="status">
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={endpoint.enabled}
              label={fill(t.developers.webhookEnabledLabel, { url: endpoint.url })}
              disabled={update.isPending || !mayUpdate}
              onChange={(enabled) => update.mutate({ id: endpoint.id, body: { enabled } }, told(t.developers.webhookUpdatedToast))}
            />
            <span aria-hidden="true">{t.developers.webhookEnabled}</span>
          </label>
        </Td>
        <Td kind="actions">
          <div className="flex flex-wrap justify-end gap-2">
            <Can operation="webhook_test">
              <Button
                variant="secondary"
                size="sm"
                loading={test.isPending}
                onClick={() =>
                  test.mutate(endpoint.id, {
                    onSuccess: (delivery) => {
                      const attempt = lastAttempt(delivery);
                      if (!attempt) notify(t.developers.webhookTestQueued, "info");
                      else if (delivery.status === "succeeded") notify(fill(t.developers.webhookTestDelivered, { code: attempt.status_code ?? "" }));
                      else notify(fill(t.developers.webhookTestFailed, { reason: attemptProblem(attempt, t) }), "error");
                      setShowLog(true);
                    },
                    onError: (e) => notify(errorMessage(e, t), "error"),
                  })
                }
              >
                {t.developers.webhookTest}
              </Button>
            </Can>
            <Button variant="secondary" size="sm" aria-expanded={showLog} aria-controls={showLog ? logId : undefined} onClick={() => setShowLog((s) => !s)}>
              {showLog ? t.developers.webhookLogHide : t.developers.webhookLog}
            </Button>
            <Can operation="webhook_update">
              <Button variant="secondary" size="sm" aria-label={fill(t.developers.webhookEditLabel, { url: endpoint.url })} onClick={() => setEditing(true)}>
                {t.developers.webhookEdit}
              </Button>
            </Can>
            <Can operation="webhook_rotate_secret">
              <Button variant="secondary" size="sm" onClick={() => setRotating(true)}>
                {t.developers.webhookRotate}
              </Button>
            </Can>
            <Can operation="webhook_delete">
              <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setDeleting(true)}>
                {t.developers.webhookDelete}
              </Button>
            </Can>
          </div>
          <DeleteWebhookDialog endpoint={deleting ? endpoint : null} onClose={() => setDeleting(false)} />
          {editLoaded && <WebhookDialog open={editing} endpoint={endpoint} onClose={() => setEditing(false)} />}
          {rotateLoaded && <RotateSecretDialog endpoint={rotating ? endpoint : null} onClose={() => setRotating(false)} />}
        </Td>
      </Tr>
      {/* the log's own row, across the table (on phones across the card): present while open */}
      {showLog && (
        <tr role="row">
          <td role="cell" colSpan={3} id={logId} className="px-4 pb-3 max-sm:col-span-full max-sm:p-0">
            <DeliveryLog webhookId={endpoint.id} />
          </td>
        </tr>
      )}
    </TBody>
  );
}

const deliveryTone = { pending: "pending", succeeded: "success", failed: "failed" } as const;

/** A failing endpoint says so on its card, with why and when the next attempt is (the log shares its query). */
function EndpointTrouble({ webhookId }: { webhookId: string }) {
  const { t, lang, fill } = useI18n();
  const trouble = endpointTrouble(useWebhookDeliveries(webhookId).data);
  if (!trouble) return null;
  const { delivery, attempt } = trouble;
  const reason = attemptProblem(attempt, t);
  return (
    <p className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="webhook-trouble">
      {delivery.status === "failed"
        ? fill(t.developers.webhookGaveUp, { reason })
        : fill(t.developers.webhookFailing, { reason, time: delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at, lang) : t.common.none })}
    </p>
  );
}

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t, lang, fill, count } = useI18n();
  const told = useTold();
  const deliveries = useWebhookDeliveries(webhookId);
  const resend = useResendDelivery();
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const detailLoaded = useEverTrue(Boolean(open));
  const statusWords = { pending: t.developers.deliveryPending, succeeded: t.developers.deliverySucceeded, failed: t.developers.deliveryFailed };
  return (
    <div className="mt-3">
      <QueryList
        query={deliveries}
        items={deliveries.data}
        loading={t.common.loading}
        rows={2}
        empty={<p className="text-sm text-stone-600">{t.developers.webhookLogEmpty}</p>}
      >
        {(items) => (
          <Table label={t.developers.webhookLog}>
            <THead actions={t.common.actions}>
              <Th>{t.developers.webhookColEvent}</Th>
              <Th>{t.developers.webhookColStatus}</Th>
              <Th>{t.developers.webhookColCode}</Th>
              <Th className="hidden sm:table-cell">{t.developers.webhookColLatency}</Th>
              <Th className="hidden md:table-cell">{t.developers.webhookColAnswer}</Th>
            </THead>
            <TBody>
              {items.map((d) => {
                const attempt = lastAttempt(d);
                return (
                  <Tr key={d.id}>
                    <Td kind="primary">
                      <p className="font-medium whitespace-nowrap">{t.developers.eventLabels[d.event_type]}</p>
                      <p className="text-xs whitespace-nowrap text-stone-500">
                        {formatDateTime(d.created_at, lang)} · {count(t.developers.attempts, d.attempt_count)}
                      </p>
                    </Td>
                    <Td kind="status">
                      <Badge tone={deliveryTone[d.status]}>{statusWords[d.status]}</Badge>
                      {d.status === "pending" && d.next_attempt_at && d.attempts.length > 0 && (
                        <p className="mt-1 text-xs whitespace-nowrap text-stone-600">
                          {fill(t.developers.webhookNextAttempt, { time: formatDateTime(d.next_attempt_at, lang) })}
                        </p>
                      )}
                    </Td>
                    <Td kind="detail" label={t.developers.webhookColCode} className="font-mono text-xs">{attempt?.status_code ?? (attempt ? t.developers.webhookNoAnswer : t.common.none)}</Td>
                    <Td kind="secondary" className="hidden text-xs whitespace-nowrap sm:table-cell">{attempt ? `${attempt.latency_ms} ms` : t.common.none}</Td>
                    <Td kind="secondary" className="hidden max-w-64 md:table-cell">
                      {attempt?.response_excerpt ? (
                        <span className="block truncate font-mono text-xs text-stone-600" title={attempt.response_excerpt}>
                          {attempt.response_excerpt}
                        </span>
                      ) : (
                        <span className="block text-xs text-stone-600">{attempt?.error_code ? attemptProblem(attempt, t) : t.common.none}</span>
                      )}
                    </Td>
                    <Td kind="actions" className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={fill(t.developers.webhookDetailsLabel, { event: t.developers.eventLabels[d.event_type] })}
                        onClick={() => setOpen(d)}
                      >
                        {t.developers.webhookDetails}
                      </Button>
                      <Can operation="webhook_resend">
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={resend.isPending}
                          aria-label={`${t.developers.webhookResend} — ${t.developers.eventLabels[d.event_type]}`}
                          onClick={() => resend.mutate({ webhookId, deliveryId: d.id }, told(t.developers.webhookResent))}
                        >
                          {t.developers.webhookResend}
                        </Button>
                      </Can>
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </QueryList>
      {detailLoaded && <DeliveryDialog webhookId={webhookId} delivery={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function DeleteWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t, fill } = useI18n();
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      open={Boolean(endpoint)}
      title={t.developers.webhookDeleteTitle}
      text={endpoint && fill(t.developers.webhookDeleteText, { url: endpoint.url })}
      confirmLabel={t.developers.webhookDelete}
      successMessage={t.developers.webhookDeletedToast}
      onConfirm={() => remove.mutateAsync(endpoint!.id)}
      onClose={onClose}
    />
  );
}
