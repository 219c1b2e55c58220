// The counter's service worker (« Kola Caisse », /dashboard/counter): the page opens without a network.
//
// Served from /counter-sw.js with `Service-Worker-Allowed: /dashboard/counter` (next.config.ts), and
// registered with that scope: a file in public/ is served as it is, with no route to run, and the
// header lets it control a path it does not live under. It controls the counter only; the rest of
// the dashboard never goes through it.
//
// What it keeps (one cache): the counter page's last HTML, and the /_next/static files (hashed,
// never changing) it loaded. The page is asked for on the network first — it carries the session's
// account, language and mode — and the kept copy is served when the network fails (or takes more
// than NETWORK_MS: 2G). Static files are served from the cache first. Nothing else is touched: the
// API (/v1), the long-polls and the QR PNG always go to the network.
const CACHE = "kola-counter-v1";
const PAGE = "/dashboard/counter";
const NETWORK_MS = 6000;

self.addEventListener("install", (event) => {
  // the shell at once, so that the very next opening works offline
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => keepPage(cache))
      .catch(() => undefined) // offline at install: the page is kept at its next opening
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("kola-counter-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The page as the network gives it now, kept only if it is the counter itself (not a redirect to the log-in page). */
async function keepPage(cache) {
  const response = await fetch(PAGE, { credentials: "same-origin", cache: "no-store" });
  if (isCounterPage(response)) await cache.put(PAGE, response.clone());
  else if (response.redirected || response.status === 401 || response.status === 403) await cache.delete(PAGE);
  return response;
}

function isCounterPage(response) {
  return response.ok && !response.redirected && new URL(response.url).pathname === PAGE && (response.headers.get("content-type") || "").includes("text/html");
}

// The page names the static files it loaded (from the HTTP cache, no network): kept for the next
// offline opening. Files of an older build not named any more are dropped.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-shell" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === "string" && url.startsWith("/_next/static/"));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await Promise.all(urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined))));
      const kept = new Set(urls);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith("/_next/static/") && !kept.has(path + new URL(request.url).search)) await cache.delete(request);
      }
    }),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === PAGE) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(staticFile(request));
  }
});

/** Network first (the page carries the session), the kept copy when the network fails or is too slow. */
async function page() {
  const cache = await caches.open(CACHE);
  const network = keepPage(cache);
  network.catch(() => undefined); // a late failure after the kept copy was served
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_MS));
  try {
    const response = await Promise.race([network, slow.then(() => cache.match(PAGE).then((kept) => kept || network))]);
    return response;
  } catch {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    return new Response("<!doctype html><meta charset=utf-8><title>Kola</title><p>Hors connexion / Offline</p>", {
      status: 503,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }
}

/** Hashed files never change: the cache first, the network (then kept) otherwise. */
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
