"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n/provider";

// The counter as an installed app that opens offline: its service worker (public/counter-sw.js,
// scoped to /dashboard/counter) keeps the page's last HTML and the static chunks it loaded.

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online (the server renders online). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Registers the counter's service worker, then hands it what this page loaded from /_next/static
 * (already in the HTTP cache: copying them costs no network) so the next visit opens offline.
 */
export function useCounterServiceWorker(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    let cancelled = false;
    const start = () =>
      navigator.serviceWorker
        .register("/counter-sw.js", { scope: "/dashboard/counter" })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          if (cancelled) return;
          const urls = performance
            .getEntriesByType("resource")
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith("/_next/static/"))
            .map((url) => url.pathname + url.search);
          registration.active?.postMessage({ type: "keep-shell", urls });
        })
        .catch(() => undefined); // no service worker (http on a LAN address, private mode): the page works online
    // after the page has loaded: the worker never competes with the first paint
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", start);
    };
  }, []);
}

type InstallPrompt = Event & { prompt: () => Promise<void> };

/** « Installer la caisse » where the browser offers it (Chrome on Android): the home-screen icon opens this page. */
export function InstallButton() {
  const { t } = useI18n();
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const keep = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    window.addEventListener("beforeinstallprompt", keep);
    return () => window.removeEventListener("beforeinstallprompt", keep);
  }, []);
  if (!prompt) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => {
        void prompt.prompt();
        setPrompt(null);
      }}
    >
      {t.counter.install}
    </Button>
  );
}
