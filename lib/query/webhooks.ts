"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createWebhookBody,
  updateWebhookBody,
  webhookDeliveryDetail,
  webhookDeliveryView,
  webhookView,
  webhookWithSecret,
} from "@/lib/webhooks/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";

// Webhook endpoints and their delivery log (/v1/webhooks…).
export type WebhookEndpoint = z.output<typeof webhookView>;
export type WebhookWithSecret = z.output<typeof webhookWithSecret>;
export type WebhookDelivery = z.output<typeof webhookDeliveryView>;
export type WebhookDeliveryDetail = z.output<typeof webhookDeliveryDetail>;
type WebhookBody = z.input<typeof createWebhookBody>;

/** GET /v1/webhooks — the endpoints of the current mode. */
export function useWebhooks() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.webhooks(mode),
    queryFn: ({ signal }) => apiFetch<WebhookEndpoint[]>("/v1/webhooks", { mode, signal, query: { limit: 100 } }),
  });
}

export function useCreateWebhook() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookBody) => apiFetch<WebhookWithSecret>("/v1/webhooks", { mode, method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks(mode) }),
  });
}

export function useUpdateWebhook() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof updateWebhookBody> }) =>
      apiFetch<WebhookEndpoint>(`/v1/webhooks/${id}`, { mode, method: "PATCH", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks(mode) }),
  });
}

export function useDeleteWebhook() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string; deleted: true }>(`/v1/webhooks/${id}`, { mode, method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks(mode) }),
  });
}

/** GET /v1/webhooks/{id}/deliveries — newest first; followed while one is pending (a retry's outcome shows). */
export function useWebhookDeliveries(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(mode, id),
    queryFn: ({ signal }) => apiFetch<WebhookDelivery[]>(`/v1/webhooks/${id}/deliveries`, { mode, signal, query: { limit: 20 } }),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "pending") ? LIVE_INTERVAL_MS : false),
  });
}

/** How long "Send a test" waits for its first attempt before saying only that it is queued. */
const TEST_WAIT_MS = 15_000;

/**
 * POST /v1/webhooks/{id}/test, then the delivery followed until its first attempt is logged (the
 * worker takes it within a second or two): the merchant hears whether it was delivered, and why
 * not, instead of "sent". `delivery` has no attempt yet when the wait ran out.
 */
export function useSendTestEvent() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookDelivery> => {
      const queued = await apiFetch<WebhookDelivery>(`/v1/webhooks/${id}/test`, { mode, method: "POST" });
      const until = Date.now() + TEST_WAIT_MS;
      let delivery = queued;
      while (delivery.attempts.length === 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        delivery = await apiFetch<WebhookDelivery>(`/v1/webhooks/${id}/deliveries/${queued.id}`, { mode });
      }
      return delivery;
    },
    onSettled: (_delivery, _error, id) => client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(mode, id) }),
  });
}

export function useResendDelivery() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiFetch<WebhookDelivery>(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, { mode, method: "POST" }),
    onSuccess: (_delivery, { webhookId }) => client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(mode, webhookId) }),
  });
}

/** POST /v1/webhooks/{id}/rotate-secret — the new secret, shown once; the old one signs too for 24 h. */
export function useRotateWebhookSecret() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<WebhookWithSecret>(`/v1/webhooks/${id}/rotate-secret`, { mode, method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhooks(mode) }),
  });
}

/** GET /v1/webhooks/{id}/deliveries/{delivery_id} — one delivery with the bodies sent and received. */
export function useWebhookDelivery(webhookId: string, deliveryId: string | null) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [...queryKeys.webhookDeliveries(mode, webhookId), deliveryId],
    queryFn: ({ signal }) => apiFetch<WebhookDeliveryDetail>(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}`, { mode, signal }),
    enabled: Boolean(deliveryId),
  });
}
