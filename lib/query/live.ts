// Live updates of the dashboard: TanStack Query polling, not server-sent events.
//
// Why polling: `npm start` runs one server process per core on PostgreSQL, and a status change is
// written by whichever process took the provider's callback, so SSE would need a fan-out between
// processes (LISTEN/NOTIFY or Redis) to reach the process holding the merchant's stream; proxies
// buffer or cut long-lived responses unless configured (nginx buffering, 60 s idle timeouts); and a
// held connection per open tab keeps a cheap phone's radio awake. A poll is one small indexed query
// answered by any process, behind any proxy; TanStack Query stops it while the tab is hidden
// (refetchIntervalInBackground is false) and catches up on focus. The price is a delay of up to
// one interval and a request per visible tab every few seconds.

/** Lists of payments and a payment's page: new payments and status changes show within this. */
export const LIVE_INTERVAL_MS = 5_000;
/** The overview's figures: an aggregate over 30 days, asked less often. */
export const LIVE_STATS_INTERVAL_MS = 15_000;
