import { serve, type Served } from "./serve";

type RouteHandler = (req: Request, ctx: { params: Promise<{ provider: string }> }) => Promise<Response>;

/**
 * A real HTTP endpoint on 127.0.0.1 in front of the callback route handler, so tests receive the
 * emulators' callbacks over the wire (headers, signatures and all) without a Next.js server.
 */
export async function startCallbackReceiver(handler: RouteHandler): Promise<Served> {
  return serve(async (incoming) => {
    const match = /^\/api\/providers\/([^/]+)\/callback$/.exec(incoming.path);
    if (!match) return { status: 404, body: { detail: "Not Found" } };
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const req = new Request(`http://${incoming.headers.host}${incoming.path}`, { method: incoming.method, headers, body: incoming.raw });
    const res = await handler(req, { params: Promise.resolve({ provider: match[1]! }) });
    return { status: res.status, body: await res.json() };
  });
}
