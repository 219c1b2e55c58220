"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { CreatePaymentRequestBody, paymentRequestSummary, PaymentRequestView } from "@/lib/payment-requests/schemas";
import { apiFetch, ApiRequestError, type Mode } from "./api-fetch";
import { useMode } from "./mode";

// Requests to pay, for the counter screen (/dashboard/counter). Two long-polls instead of polling
// (lib/query/live.ts polls the other pages): the sale on screen is read with `?wait=25&status=…`,
// answered as soon as its status changes; the day's summary with `?wait=25&version=…`, answered as
// soon as any request of the day is made or changes (a stall's sale made elsewhere included), and
// only then is the day's list read again. A phone on 2G pays a few hundred bytes per change, not
// a request every few seconds. Both pause while the page is hidden or the phone is offline.

export type PaymentRequest = PaymentRequestView;
export type PaymentRequestSummary = z.output<typeof paymentRequestSummary>;
export type NewPaymentRequest = Pick<CreatePaymentRequestBody, "amount" | "phone_number"> & { country?: string; operator?: string };

/** How long the server may hold a long-poll (the API's maximum). */
const WAIT_SECONDS = 25;
/** The day's list shows this many of the newest requests; the total is the summary's. */
export const TODAY_LIMIT = 30;

const keys = {
  today: (mode: Mode) => [mode, "payment-requests", "today"] as const,
};

/** POST /v1/payment-requests under the sale's own Idempotency-Key: sent again, it never rings twice. */
export function createPaymentRequest(mode: Mode, body: NewPaymentRequest, idempotencyKey: string): Promise<PaymentRequest> {
  return apiFetch<PaymentRequest>("/v1/payment-requests", { mode, method: "POST", body, headers: { "idempotency-key": idempotencyKey } });
}

export function resendPaymentRequest(mode: Mode, id: string, operator: string | undefined, idempotencyKey: string): Promise<PaymentRequest> {
  return apiFetch<PaymentRequest>(`/v1/payment-requests/${encodeURIComponent(id)}/resend`, {
    mode,
    method: "POST",
    body: operator ? { operator } : {},
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function cancelPaymentRequest(mode: Mode, id: string, idempotencyKey: string): Promise<PaymentRequest> {
  return apiFetch<PaymentRequest>(`/v1/payment-requests/${encodeURIComponent(id)}/cancel`, { mode, method: "POST", headers: { "idempotency-key": idempotencyKey } });
}

export function readPaymentRequest(mode: Mode, id: string, options: { wait?: number; status?: string; signal?: AbortSignal } = {}): Promise<PaymentRequest> {
  return apiFetch<PaymentRequest>(`/v1/payment-requests/${encodeURIComponent(id)}`, {
    mode,
    query: { wait: options.wait, status: options.status },
    signal: options.signal,
  });
}

/** Resolves once the page is visible and the browser online (at once when it is), or rejects on abort. */
function whenActive(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (signal.aborted) return done(() => reject(signal.reason));
      if (document.visibilityState === "visible" && navigator.onLine) done(resolve);
    };
    const done = (then: () => void) => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("online", check);
      signal.removeEventListener("abort", check);
      then();
    };
    document.addEventListener("visibilitychange", check);
    window.addEventListener("online", check);
    signal.addEventListener("abort", check);
    check();
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** A long-poll's loop: `round` again and again while the page is shown and online; backs off after failures; stops on a 4xx. */
async function longPoll(signal: AbortSignal, round: () => Promise<boolean | void>): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      await whenActive(signal);
      if ((await round()) === false) return;
      failures = 0;
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        // a 401 (the session ended) sends the member to log in, as the dashboard's queries do
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        if (error.status === 401) window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      failures++;
      await sleep(Math.min(30_000, 1000 * 2 ** failures), signal).catch(() => undefined);
    }
  }
}

/**
 * Follows a request while it is `pending`: `onChange` gets it each time the server answers with a
 * change (its status, or a new attempt's track_id), until its status is no longer pending.
 */
export function useFollowRequest(request: PaymentRequest | null, onChange: (request: PaymentRequest) => void): void {
  const { mode } = useMode();
  const id = request?.status === "pending" ? request.id : null;
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    void longPoll(controller.signal, async () => {
      const seen = await readPaymentRequest(mode, id, { wait: WAIT_SECONDS, status: "pending", signal: controller.signal });
      if (controller.signal.aborted) return false;
      latest.current(seen);
      return seen.status === "pending";
    });
    return () => controller.abort();
  }, [mode, id]);
}

/**
 * The day's summary (paid count and total, per collector), kept live by its long-poll; each new
 * version reads the day's list (useTodayRequests) again.
 */
export function useTodaySummary(): PaymentRequestSummary | null {
  const { mode } = useMode();
  const client = useQueryClient();
  const [summary, setSummary] = useState<PaymentRequestSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let version: string | undefined;
    void longPoll(controller.signal, async () => {
      const next = await apiFetch<PaymentRequestSummary>("/v1/payment-requests/summary", {
        mode,
        query: { day: "today", wait: version ? WAIT_SECONDS : undefined, version },
        signal: controller.signal,
      });
      if (controller.signal.aborted || next.version === version) return;
      const first = version === undefined;
      version = next.version;
      setSummary(next);
      if (!first) void client.invalidateQueries({ queryKey: keys.today(mode) });
    });
    return () => controller.abort();
  }, [mode, client]);
  return summary;
}

/** The day's newest requests (a cashier: its own), read again when the summary's version changes. */
export function useTodayRequests() {
  const { mode } = useMode();
  return useQuery({
    queryKey: keys.today(mode),
    queryFn: ({ signal }) => apiFetch<PaymentRequest[]>("/v1/payment-requests", { mode, query: { day: "today", limit: TODAY_LIMIT }, signal }),
    // the summary's long-poll says when it changed: no refetch on focus or timer
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Puts a request the counter just made or followed into the day's list at once (before the summary's next version). */
export function usePutToday() {
  const { mode } = useMode();
  const client = useQueryClient();
  return (request: PaymentRequest) =>
    client.setQueryData<PaymentRequest[]>(keys.today(mode), (list) => {
      if (!list) return list;
      return list.some((r) => r.id === request.id) ? list.map((r) => (r.id === request.id ? request : r)) : [request, ...list].slice(0, TODAY_LIMIT);
    });
}

/** GET /api/providers/predict-operator: pawaPay's guess of a number's operator, or null. */
export async function predictOperator(country: string, phone: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const res = await fetch(`/api/providers/predict-operator?country=${encodeURIComponent(country)}&phone=${encodeURIComponent(phone)}`, { signal, credentials: "same-origin" });
    if (!res.ok) return null;
    return ((await res.json()) as { operator: string | null }).operator;
  } catch {
    return null;
  }
}
