import { field, numberOr, numberText, type Raw } from "./env-field";

// How long the tables that only grow keep their rows (lib/retention/): the background job
// `retention` deletes what is older, in small batches. Money records (deposits, ledger, refunds,
// payouts) and what they need are never deleted. 0 keeps a table's rows forever.

const days = (fallback: number) => (raw: Raw) => numberOr(raw || String(fallback), fallback, (n) => Number.isInteger(n) && n >= 0);
const wholeDays = numberText((n) => Number.isInteger(n) && n >= 0);

/** The replay window DESIGN §9 promises for an `Idempotency-Key` (lib/http/idempotency.ts): never shorter. */
export const IDEMPOTENCY_PROMISE_HOURS = 24;
const keyHours = (n: number) => Number.isInteger(n) && (n === 0 || n >= IDEMPOTENCY_PROMISE_HOURS);

export const retentionFields = {
  RETENTION_PROVIDER_LOG_DAYS: field({
    accepts: wholeDays,
    read: days(90),
    default: "`90`",
    expects: "a whole number of days (0: keep forever)",
    description:
      "provider log rows (requests to and callbacks from providers) older than this are deleted, except those of a payment, payout or refund still in flight and alerts whose mails are not written yet",
  }),
  RETENTION_WEBHOOK_ATTEMPT_DAYS: field({
    accepts: wholeDays,
    read: days(30),
    default: "`30`",
    expects: "a whole number of days (0: keep forever)",
    description: "webhook attempts (each HTTP try and its answer) older than this are deleted once their delivery is no longer pending; the deliveries stay (resend)",
  }),
  RETENTION_IDEMPOTENCY_KEY_HOURS: field({
    accepts: numberText(keyHours),
    read: (raw: Raw) => numberOr(raw || "48", 48, keyHours),
    default: "`48`",
    expects: `a whole number of hours, ${IDEMPOTENCY_PROMISE_HOURS} or more (0: keep forever)`,
    description: `stored \`Idempotency-Key\` answers older than this are deleted; a key replays for ${IDEMPOTENCY_PROMISE_HOURS} h, never less`,
  }),
  RETENTION_SESSION_DAYS: field({
    accepts: wholeDays,
    read: days(7),
    default: "`7`",
    expects: "a whole number of days (0: at once)",
    description: "dashboard sessions are deleted this long after they expired",
  }),
  RETENTION_EMAIL_TOKEN_DAYS: field({
    accepts: wholeDays,
    read: days(7),
    default: "`7`",
    expects: "a whole number of days (0: at once)",
    description: "mailed links (sign-up confirmations, password resets, invitations never accepted) are deleted this long after they expired; accepted invitations stay",
  }),
  RETENTION_BATCH_SIZE: field({
    accepts: numberText((n) => Number.isInteger(n) && n > 0 && n <= 10_000),
    read: (raw: Raw) => numberOr(raw || "500", 500, (n) => Number.isInteger(n) && n > 0 && n <= 10_000),
    default: "`500`",
    expects: "a whole number from 1 to 10000",
    description: "rows the retention job deletes per statement (one short transaction each)",
  }),
  RETENTION_PAUSE_MS: field({
    accepts: numberText((n) => n >= 0),
    read: (raw: Raw) => numberOr(raw || "200", 200, (n) => n >= 0),
    default: "`200`",
    expects: "a number of milliseconds",
    description: "the retention job's pause between two rounds of batches while there is more to delete",
  }),
  RETENTION_EVERY_SECONDS: field({
    accepts: numberText((n) => n > 0),
    read: (raw: Raw) => numberOr(raw || "600", 600, (n) => n > 0),
    default: "`600`",
    expects: "a number of seconds above 0",
    description: "how often the retention job looks for rows past their retention (rate-limit windows that have ended are deleted too)",
  }),
};
