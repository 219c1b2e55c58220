import { z } from "zod";
import { anyText, baseUrl, field, lower, numberOr, numberText, oneOf, urlText, type Raw } from "./env-field";
import { s3Fields } from "./s3-settings";

// The server's own settings: where it listens and stores, its database, mail, proxies, background
// work and logs. Each `read` is the reading its code did before (lib/runtime/env-field.ts).

export const serverFields = {
  PORT: field({
    accepts: z.string().regex(/^\d{1,5}$/).refine((raw) => Number(raw) <= 65_535),
    read: (raw: Raw) => raw || "3000",
    default: "`3000`",
    expects: "a TCP port number (0–65535)",
    description: "HTTP port",
  }),
  HOST: field({
    accepts: anyText,
    read: (raw) => raw || "127.0.0.1",
    default: "`127.0.0.1`",
    expects: "an address to listen on",
    description: "address `npm start` listens on (`0.0.0.0` behind a proxy or in a container)",
  }),
  PUBLIC_BASE_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => raw,
    default: "`http://localhost:$PORT`",
    expects: "an http(s) URL",
    description: "the public address; payment `link`s, file URLs and `Link` headers use it",
  }),
  NODE_ENV: field({
    accepts: anyText,
    read: (raw) => raw,
    default: "set by `npm start` / `npm run dev`",
    expects: "`production`, or anything else (development, tests)",
    description: "`production`: unset secrets are made per process (with a warning), mails are never printed, webhook receivers must be public https; Next.js reads it too",
  }),
  DATABASE_URL: field({
    accepts: urlText(/^postgres(ql)?$/),
    read: (raw) => raw || undefined,
    default: "unset",
    expects: "a postgres:// URL",
    description: "PostgreSQL connection URL; unset = embedded PGlite in `DATA_DIR`",
  }),
  DATABASE_POOL_SIZE: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0),
    read: (raw) => Number(raw || 10),
    default: "`10`",
    expects: "a whole number above 0",
    description: "PostgreSQL connections per process",
  }),
  DATABASE_POOL_WAIT_MS: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0),
    read: (raw) => Number(raw || 10_000),
    default: "`10000`",
    expects: "a whole number of milliseconds above 0",
    description:
      'how long a statement or transaction waits for one of the pool\'s connections when all are busy; then the request is answered `503 SERVICE_BUSY` with `Retry-After` (the database is up: the gate stays open). See "When the database is away"',
  }),
  DATABASE_POOLER: field({
    accepts: oneOf(["", "none", "transaction", "session"]),
    read: (raw): "transaction" | "session" | undefined => {
      if (!raw || raw === "none") return undefined;
      if (raw === "transaction" || raw === "session") return raw;
      throw new Error(`DATABASE_POOLER must be transaction, session or none (got ${JSON.stringify(raw)})`);
    },
    default: "unset",
    expects: "`transaction`, `session` or `none`",
    description:
      "`transaction` when `DATABASE_URL` is PgBouncer (or another pooler) in transaction mode: statements are sent unnamed instead of prepared once per connection. `session` or unset: a direct connection or a session-mode pooler",
  }),
  DATABASE_MIGRATION_URL: field({
    accepts: urlText(/^postgres(ql)?$/),
    read: (raw) => raw || undefined,
    default: "`DATABASE_URL`",
    expects: "a postgres:// URL",
    description:
      "a direct PostgreSQL URL for the migrations run at start-up (`npm start`, `npm run worker`, `npm run db:migrate`), when `DATABASE_URL` is a pooler",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: field({
    accepts: numberText((n) => n >= 0),
    // unset: 5 s; anything but a number above 0 (the empty text included): no limit
    read: (raw) => Number(raw ?? 5_000),
    default: "`5000`",
    expects: "a number of milliseconds (0: no limit)",
    description:
      'PostgreSQL cancels a statement running longer (a direct connection; behind a pooler set `statement_timeout` on the role); `0`: no limit. See "When the database is away"',
  }),
  DATA_DIR: field({
    accepts: anyText,
    read: (raw) => raw || "./.data",
    default: "`./.data`",
    expects: "a folder",
    description: "PGlite's database (`pglite/`, lock file `kola.lock`) and, without `S3_BUCKET`, uploaded files (`uploads/`)",
  }),
  ...s3Fields,
  WEB_CONCURRENCY: field({
    accepts: numberText((n) => n >= 0),
    read: (raw) => raw, // read by scripts/start.mjs (plain Node, before anything is compiled)
    default: "cores (PostgreSQL), 1 (PGlite)",
    expects: "a number of processes",
    description: "server processes (workers) `npm start` runs behind one port",
  }),
  SESSION_SECRET: field({
    accepts: anyText,
    read: (raw) => raw || undefined,
    default: "random per process in production",
    expects: "a long random text",
    description: "pepper of dashboard session tokens: set it, or sessions end at each restart",
  }),
  SMTP_URL: field({
    accepts: urlText(/^smtps?$/),
    read: (raw) => raw || undefined,
    default: "unset",
    expects: "an smtp:// or smtps:// URL",
    description:
      "where mails go (password resets, sign-up confirmations, invitations, notifications), e.g. `smtps://user:password@smtp.example.com:465` or `smtp://127.0.0.1:1025`; sent with [nodemailer](https://nodemailer.com). Unset: nothing is sent (see [Mail](#mail-password-reset-and-sign-up))",
  }),
  MAIL_FROM: field({
    accepts: anyText,
    read: (raw) => raw || undefined,
    default: "`Kola <no-reply@{PUBLIC_BASE_URL's host}>`",
    expects: "a mail address, e.g. `Kola <no-reply@example.com>`",
    description: "the mails' `From`",
  }),
  DEV_MAIL_PAGE: field({
    accepts: oneOf(["", "0", "1"]),
    read: (raw) => raw === "1",
    default: "unset",
    expects: "`1` or `0`",
    description:
      "`1`: keep the dev mailbox page `/dev/mail` in a production build without `SMTP_URL` (the end-to-end tests do); never on a real server",
  }),
  SMS_PROVIDER: field({
    accepts: oneOf(["", "off", "orange"], lower),
    read: (raw): "off" | "orange" => (raw?.trim().toLowerCase() === "orange" ? "orange" : "off"),
    default: "`off`",
    expects: "`off` or `orange`",
    description:
      "who carries the SMS (buyers' receipts, the « payé » alerts, phone verification codes): `orange`, Orange's SMS API (the `ORANGE_SMS_*` settings). `off`: no SMS, none is even queued",
  }),
  ORANGE_SMS_AUTHORIZATION: field({
    accepts: z.string().refine((raw) => raw === "" || /^Basic \S+$/.test(raw.trim())),
    read: (raw) => (raw ?? "").trim(),
    default: "unset",
    expects: "the app's authorization header, `Basic …`",
    description: "secret: the Orange Developer app's authorization header (My apps → the app → Authorization header), `Basic` and its base64",
  }),
  ORANGE_SMS_SENDER_NUMBER: field({
    accepts: z.string().regex(/^(\d{8,15})?$/),
    read: (raw) => (raw ?? "").trim(),
    default: "unset",
    expects: "E.164 digits without `+`, e.g. `2250700000000`",
    description: "the developer number the SMS bundle was bought with (Orange's `senderAddress`)",
  }),
  ORANGE_SMS_SENDER_NAME: field({
    accepts: z.string().max(11),
    read: (raw) => raw?.trim() || undefined,
    default: "unset",
    expects: "a sender name Orange registered for the app (11 characters at most)",
    description: "the name shown instead of the number; only one Orange's local team registered for you, else Orange refuses the SMS",
  }),
  ORANGE_SMS_BASE_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => baseUrl(raw, "https://api.orange.com"),
    default: "`https://api.orange.com`",
    expects: "an http(s) URL",
    description: "Orange's API address (the tests point it at their emulator)",
  }),
  TRUST_PROXY: field({
    accepts: z.string().regex(/^\d{1,2}$/),
    read: (raw) => {
      const text = raw?.trim() || "0";
      if (!/^\d{1,2}$/.test(text)) throw new Error(`TRUST_PROXY must be a number of proxy hops (0–99), not ${JSON.stringify(text)}`);
      return Number(text);
    },
    default: "`0`",
    expects: "a number of proxy hops (0–99)",
    description:
      "how many proxies in front of Kola append to `X-Forwarded-For` (e.g. `1` behind one nginx or load balancer). `0`: the client is the connection's own address and `X-Forwarded-For` is ignored; `n`: the client is the address `n` hops left of the connection's. Rate limits count per client address: too high a number lets clients pick their address",
  }),
  REDIS_URL: field({
    accepts: urlText(/^rediss?$/),
    read: (raw) => raw || undefined,
    default: "unset",
    expects: "a redis:// or rediss:// URL",
    description: "count rate limits (log-in, sign-up, checkout attempts) in Redis; unset = in the database, which every process shares",
  }),
  KOLA_BACKGROUND: field({
    accepts: oneOf(["", "on", "off"]),
    read: (raw) => raw !== "off",
    default: "on",
    expects: "`on` or `off`",
    description: "`off`: this process runs no expiry sweeper or reconciler",
  }),
  KOLA_WORKER: field({
    accepts: oneOf(["", "on", "off"], lower),
    read: (raw) => lower(raw ?? "") !== "off",
    default: "on",
    expects: "`on` or `off`",
    description: "`off`: this server process delivers no webhooks or notification mails and runs no retention job (separate `npm run worker` processes do)",
  }),
  KOLA_WORKER_LANES: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0 && n <= 64),
    read: (raw) => numberOr(raw || "4", 4, (n) => Number.isInteger(n) && n > 0 && n <= 64),
    default: "`4`",
    expects: "a whole number from 1 to 64",
    description: "endpoints a worker process delivers webhooks to at once",
  }),
  KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0 && n <= 100),
    read: (raw) => numberOr(raw || "10", 10, (n) => Number.isInteger(n) && n > 0 && n <= 100),
    default: "`10`",
    expects: "a whole number from 1 to 100",
    description:
      "webhook requests one endpoint has in flight at once, all workers together (`1`: one at a time); a payment's events still go one after the other",
  }),
  KOLA_WEBHOOK_IN_FLIGHT: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0 && n <= 1000),
    read: (raw) => numberOr(raw || "32", 32, (n) => Number.isInteger(n) && n > 0 && n <= 1000),
    default: "`32`",
    expects: "a whole number from 1 to 1000",
    description: "webhook requests a worker process has in flight at once, all endpoints together",
  }),
  WEBHOOKS_ALLOW_PRIVATE_URLS: field({
    accepts: oneOf(["", "1", "true", "yes", "0", "false", "no"], lower),
    // undefined: decided by NODE_ENV (lib/webhooks/settings.ts)
    read: (raw) => {
      const setting = lower(raw ?? "");
      return ["1", "true", "yes"].includes(setting) ? true : ["0", "false", "no"].includes(setting) ? false : undefined;
    },
    default: "unset",
    expects: "`1` or `0`",
    description:
      "`1`: allow http and private/loopback webhook receivers in production; `0`: refuse private ones everywhere; unset: refused in production only",
  }),
  LOG_LEVEL: field({
    accepts: anyText, // other tools' levels (`warn`, `INFO`) are harmless here: only `silent` does something
    read: (raw) => raw,
    default: "(all)",
    expects: "`silent`, or anything else (all logs)",
    description: "`silent` turns the JSON-line logs off (tests, benchmarks)",
  }),
  KOLA_DISPATCH: field({
    accepts: oneOf(["", "on", "off"]),
    read: (raw) => raw !== "off",
    default: "on",
    expects: "`on` or `off`",
    description:
      "`off`: /v1 goes through Next.js's router instead of the thin dispatcher (lib/http/dispatch.ts) that calls the same route handlers (`npm run dev` always serves /v1 through Next.js)",
  }),
  KOLA_DEMO: field({
    accepts: oneOf(["", "0", "1"]),
    read: (raw) => raw === "1",
    default: "unset",
    expects: "`1` or `0`",
    description: "`1` creates/prints the demo account in production too (it is always on in `npm run dev`)",
  }),
  KOLA_CRASH_POINT: field({
    accepts: anyText,
    read: (raw) => raw,
    default: "unset",
    expects: "a crash point's name",
    description: "tests only: stop the process at this point of the money path (lib/runtime/crash-point.ts)",
  }),
  TEST_DATABASE_URL: field({
    accepts: urlText(/^postgres(ql)?$/),
    read: (raw) => raw || undefined,
    default: "unset",
    expects: "a postgres:// URL",
    description: "tests only: also run the suite on this PostgreSQL server",
  }),
};
