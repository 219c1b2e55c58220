// The fault test's HTTP: a client that can speak from any loopback address (each buyer its own,
// as real buyers are: rate limits count per client address), and the merchant's webhook receiver.
import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: <T>() => T };

/** One request; a network error (a node killed mid-request) is status 0. */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, localAddress: options.from, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString("utf8")) as T });
      });
      res.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), json: () => ({}) as never }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), json: () => ({}) as never }));
    req.end(options.body);
  });
}

/** A multipart body as a browser would send it. */
export async function multipart(parts: Record<string, string | Blob>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, "logo.png");
  }
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type")! };
}

/** A fresh loopback address: 127.x.y.z, random per run so that runs (and colleagues) do not share limits. */
export function loopbackAddresses(): () => string {
  const [x, y] = [randomInt(2, 254), randomInt(2, 254)];
  let n = 0;
  return () => {
    const i = n++;
    return `127.${x}.${((y + Math.floor(i / 250)) % 254) + 1}.${(i % 250) + 1}`;
  };
}

export type Delivery = { endpoint: number; id: string; type: string; subject: string; at: number };

/**
 * The merchant's server: `count` endpoints at /hook/{i}, each verifying the Standard Webhooks
 * signature with its secret (set once the endpoint is made), answering 2xx after `delayMs` (so a
 * delivery is often in flight when a node dies). `cut` lists deliveries whose sender vanished mid-request.
 */
export async function startReceiver(count: number, delayMs: number) {
  let delay = delayMs;
  const secrets: string[] = Array.from({ length: count }, () => "");
  const deliveries: Delivery[] = [];
  const cut: Delivery[] = [];
  const badSignatures: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const endpoint = Number(/^\/hook\/(\d+)$/.exec(req.url ?? "")?.[1] ?? -1);
      const raw = Buffer.concat(chunks).toString("utf8");
      let event: { id: string; type: string; data: { track_id?: string; id?: string } };
      try {
        event = new Webhook(secrets[endpoint]!).verify(raw, req.headers as Record<string, string>) as typeof event;
      } catch {
        badSignatures.push(raw.slice(0, 200));
        res.writeHead(400).end();
        return;
      }
      const delivery = { endpoint, id: event.id, type: event.type, subject: event.data.track_id ?? event.data.id ?? "", at: Date.now() };
      let answered = false;
      res.on("close", () => {
        if (!answered) cut.push(delivery);
      });
      setTimeout(() => {
        if (res.destroyed) return;
        answered = true;
        deliveries.push(delivery);
        res.writeHead(204).end();
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (i: number) => `http://127.0.0.1:${port}/hook/${i}`,
    secrets,
    deliveries,
    cut,
    badSignatures,
    /** how long the next answers wait */
    setDelay: (ms: number) => (delay = ms),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
