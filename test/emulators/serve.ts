import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The small HTTP plumbing the contract emulators share: node:http on 127.0.0.1, whole bodies read,
// JSON answers, and a switch that makes every answer a 503 (a provider that is down).

export type Incoming = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage["headers"]; raw: string };
export type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string; /** drop the connection without answering */ destroy?: boolean };
export type Handler = (req: Incoming) => Promise<Answer> | Answer;

export type Served = {
  url: string;
  port: number;
  close: () => Promise<void>;
  /** every answer a 503 (true), or back to normal */
  setDown: (down: boolean) => void;
  /** stops listening (connections refused, as to a host that is down) or listens again on the same port */
  setRefusing: (refusing: boolean) => Promise<void>;
  received: Incoming[];
};

export async function serve(handler: Handler, port = 0): Promise<Served> {
  let down = false;
  const received: Incoming[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= 1_000_000) chunks.push(c);
    });
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const incoming: Incoming = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") };
      received.push(incoming);
      if (received.length > 1000) received.shift();
      let answer: Answer;
      try {
        answer = down ? { status: 503, body: { message: "Service Unavailable" } } : await handler(incoming);
      } catch (error) {
        answer = { status: 500, body: { message: String(error) } };
      }
      if (answer.destroy) {
        req.socket.destroy();
        return;
      }
      if (answer.html !== undefined) {
        res.writeHead(answer.status, { "content-type": "text/html; charset=utf-8", ...answer.headers });
        res.end(answer.html);
        return;
      }
      const body = answer.body === undefined ? "" : JSON.stringify(answer.body);
      res.writeHead(answer.status, { ...(body ? { "content-type": "application/json" } : {}), ...answer.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  let refusing = false;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    received,
    setDown: (value) => void (down = value),
    setRefusing: async (value) => {
      if (value === refusing) return;
      refusing = value;
      if (value) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else {
        await new Promise<void>((resolve) => server.listen(bound, "127.0.0.1", resolve));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (refusing) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function parseJsonBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
