// Runs once when a server process starts: migrations, then background work (lib/server/start.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return; // never open the database while building
  // before any request is served: stamp each with its socket's address; a bad TRUST_PROXY stops here
  const { stampPeerAddresses, trustedProxyHops } = await import("./lib/http/client-address");
  trustedProxyHops();
  stampPeerAddresses();
  const { stampRequestIds } = await import("./lib/http/request-id");
  stampRequestIds(); // every response carries x-request-id, Next.js's own redirects and 404s included
  const { refuseUnknownMethods } = await import("./lib/http/unknown-methods");
  refuseUnknownMethods(); // TRACE, PROPFIND, … answer 405 before Next.js sees them
  const { dispatchV1 } = await import("./lib/api/v1-routes");
  dispatchV1(); // /v1 answered by its route files' handlers without Next.js's per-request path (lib/http/dispatch.ts)
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
