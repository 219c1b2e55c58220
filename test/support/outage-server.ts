// The server process of the database-outage test (lib/db/outage.test.ts), run with node + tsx:
// the production server's own parts (lib/server/start.ts: migrations, background loops, webhook
// worker, notifier, SIGTERM handling; lib/http/node-server.ts with the /v1 dispatcher over the
// route table `npm run build` compiles in), without Next.js (no build needed): the few other routes
// the test calls (/healthz, /healthz/ready, the checkout's) go through the same dispatcher code.
//
// It counts its connection attempts to the database from the client side (every TCP connect to the
// database's port, whoever makes it: pool, probe, migrations) and serves the count at
// GET /__test/attempts. It prints `listening <port>` once it answers.
import net from "node:net";
import path from "node:path";
import type { AddressInfo } from "node:net";

const databasePort = Number(new URL(process.env.DATABASE_URL!).port || 5432);
let attempts = 0;
const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  const [first] = args;
  const port = typeof first === "object" && first !== null ? (first as { port?: unknown }).port : first;
  if (Number(port) === databasePort) attempts++;
  return connect.apply(this, args);
} as typeof net.Socket.prototype.connect;

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const { startServer } = await import("@/lib/server/start");
const { createDispatcher } = await import("@/lib/http/dispatch");
const { createNodeServer } = await import("@/lib/http/node-server");
const { v1Table } = await import("./api");

await startServer();
const { v1Routes } = await v1Table();
const load = (file: string) => import(path.join(ROOT, "app", file)) as Promise<Record<string, unknown>>;
const others = createDispatcher({
  "/healthz": await load("healthz/route.ts"),
  "/healthz/ready": await load("healthz/ready/route.ts"),
  "/pay/[id]": await load("pay/[id]/route.ts"),
  "/pay/m/[id]": await load("pay/m/[id]/route.ts"),
  "/pay/assets/[file]": await load("pay/assets/[file]/route.ts"),
  "/api/checkout/pay/[id]": await load("api/checkout/pay/[id]/route.ts"),
});
const server = createNodeServer({
  dispatcher: createDispatcher(v1Routes),
  fallback: (req, res) => {
    if (req.url === "/__test/attempts") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ attempts }));
      return;
    }
    if (!others.handle(req, res)) res.writeHead(404, { "content-type": "text/plain" }).end("not served by the test server");
  },
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
