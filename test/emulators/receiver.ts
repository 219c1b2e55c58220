import { serve, type Served } from "./serve";

type RouteHandler = (req: Request, ctx: { params: Promise<{ provider: string }> }) => Promise<Response>;

/**
 * A real HTTP endpoint on 127.0.0.1 in front of the callback route handlers, so tests receive the
 * emulators' callbacks over the wire (headers, signatures and all) without a Next.js server:
 * /api/providers/{p}/callback (deposits) and, given a handler, /api/providers/{p}/disbursements/callback.
 */
export async function startCallbackReceiver(handler: RouteHandler, disbursements?: RouteHandler): Promise<Served> {
  return serve(async (incoming) => {
    const deposit = /^\/api\/providers\/([^/]+)\/callback$/.exec(incoming.path);
    const money = /^\/api\/providers\/([^/]+)\/disbursements\/callback$/.exec(incoming.path);
    const route = deposit ? handler : money ? disbursements : undefined;
    const provider = (deposit ?? money)?.[1];
    if (!route || !provider) return { status: 404, body: { detail: "Not Found" } };
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const req = new Request(`http://${incoming.headers.host}${incoming.path}`, { method: incoming.method, headers, body: incoming.raw });
    const res = await route(req, { params: Promise.resolve({ provider }) });
    return { status: res.status, body: await res.json() };
  });
}
