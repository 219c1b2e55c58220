// Webhooks end to end (DESIGN §8) against the production server: an integrator registers an
// endpoint through the API, a buyer pays a link in the sandbox (through the JSON endpoint the
// checkout page's script submits to), and a receiver started here on 127.0.0.1 gets a
// `payment.succeeded` it verifies with the `standardwebhooks` package. The server runs with
// WEBHOOKS_ALLOW_PRIVATE_URLS=1 (e2e/global-setup.ts): a receiver on 127.0.0.1 is refused otherwise.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "../fixtures";
import { sandboxPaymentData } from "@/test/support/event-bodies";

type Received = { headers: Record<string, string>; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kola/events`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test("a sandbox payment ends with a signed payment.succeeded at the merchant's receiver", async ({ request, withKey, createGateway }) => {
  const receiver = await startReceiver();
  const created = await request.post("/v1/webhooks", {
    headers: withKey(),
    data: { url: receiver.url, event_types: ["payment.succeeded"], description: "e2e receiver" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const endpoint = (await created.json()) as { id: string; secret: string };
  expect(endpoint.secret).toMatch(/^whsec_/);

  try {
    const orderId = `E2E-WH-${randomBytes(4).toString("hex")}`;
    const gateway = await createGateway({ amount: 7500, order_id: orderId });
    const paid = await request.post(`/api/checkout/pay/${gateway.id}`, {
      data: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "6 70 00 00 00", client_token: randomBytes(24).toString("base64url") },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { track_id: trackId } = (await paid.json()) as { track_id: string };

    // the sandbox answers in 1–3 s; the worker inside the server delivers right after
    const mine = () => receiver.received.filter((r) => r.body.includes(trackId));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    const [delivery] = mine();

    const event = new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers);
    // the success's receipt code, as the deposit's view says it (`K7P2M-9XQ4D`)
    const detail = await request.get(`/v1/deposits/${trackId}`, { headers: withKey() });
    const { receipt_code } = (await detail.json()) as { receipt_code: string };
    expect(receipt_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: "payment.succeeded",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sequence: 1,
      data: sandboxPaymentData({ track_id: trackId, gateway_id: gateway.id, order_id: orderId, amount: 7500, receipt_code }),
    });
    expect(delivery!.headers["webhook-id"]).toBe((event as { id: string }).id);
    expect(delivery!.headers["webhook-sequence"]).toBe("1");
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(delivery!.body, delivery!.headers)).toThrow();

    // the delivery log says the same, with the receiver's answer
    const log = await request.get(`/v1/webhooks/${endpoint.id}/deliveries?event_id=${(event as { id: string }).id}`, { headers: withKey() });
    expect(log.status()).toBe(200);
    expect(await log.json()).toEqual([
      expect.objectContaining({
        event_id: (event as { id: string }).id,
        event_type: "payment.succeeded",
        status: "succeeded",
        attempt_count: 1,
        payload: event,
        attempts: [expect.objectContaining({ attempt: 1, status_code: 200, response_excerpt: '{"ok":true}', error: null })],
      }),
    ]);
  } finally {
    expect((await request.delete(`/v1/webhooks/${endpoint.id}`, { headers: withKey() })).status()).toBe(200);
    await receiver.close();
  }
});

test("send a test event: it arrives signed, and the log shows the attempt", async ({ request, withKey }) => {
  const receiver = await startReceiver();
  const created = await request.post("/v1/webhooks", { headers: withKey(), data: { url: receiver.url, event_types: ["payment.expired"] } });
  const endpoint = (await created.json()) as { id: string; secret: string };
  try {
    const queued = await request.post(`/v1/webhooks/${endpoint.id}/test`, { headers: withKey() });
    expect(queued.status(), await queued.text()).toBe(200);
    const { id, event_id: eventId } = (await queued.json()) as { id: string; event_id: string };
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    expect(new Webhook(endpoint.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toMatchObject({
      id: eventId,
      type: "webhook.test",
      data: { webhook_id: endpoint.id },
    });
    await expect
      .poll(async () => ((await (await request.get(`/v1/webhooks/${endpoint.id}/deliveries/${id}`, { headers: withKey() })).json()) as { status: string }).status)
      .toBe("succeeded");
  } finally {
    await request.delete(`/v1/webhooks/${endpoint.id}`, { headers: withKey() });
    await receiver.close();
  }
});
