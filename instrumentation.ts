// Runs once when a server process starts: migrations, then background work (lib/server/start.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return; // never open the database while building
  // before any request is served: stamp each with its socket's address; a bad TRUST_PROXY stops here
  const { stampPeerAddresses, trustedProxyHops } = await import("./lib/http/client-address");
  trustedProxyHops();
  stampPeerAddresses();
  const { refuseUnknownMethods } = await import("./lib/http/unknown-methods");
  refuseUnknownMethods(); // TRACE, PROPFIND, … answer 405 before Next.js sees them
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
