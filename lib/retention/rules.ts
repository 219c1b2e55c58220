import { sql, type SQL } from "drizzle-orm";
import { setting } from "@/lib/runtime/config";

// What each table that only grows keeps, and what of it may go. A rule names the rows past their
// retention, oldest first, that nothing still needs; the batch (./prune.ts) locks a few of them
// (SKIP LOCKED) and deletes those. Money records (deposits, their history, outbox events, the
// ledger, refunds, payouts, seller shares) have no rule: they are never deleted. Mails already
// done with are forgotten by the notifier itself (lib/notifications/send.ts, after 30 days).

export type Rule = {
  table: string;
  /** the moment before which a row may go, from the round's `now`; null: this table is kept forever */
  cutoff: (now: SQL) => SQL | null;
  /** `select <alias>.ctid …` of at most `limit` rows past `cutoff`, oldest first, locked FOR UPDATE SKIP LOCKED */
  candidates: (cutoff: SQL, limit: number) => SQL;
};

const OPEN_MONEY_OUT = sql.raw(`('pending', 'processing')`);
const daysBefore = (now: SQL, days: number) => (days > 0 ? sql`${now} - make_interval(days => ${days})` : null);

export const RULES: readonly Rule[] = [
  {
    // a window that has ended counts nothing any more (lib/http/rate-limit.ts starts a new one)
    table: "rate_limits",
    cutoff: (now) => now,
    candidates: (cutoff, limit) => sql`select r.ctid from rate_limits r where r.reset_at < ${cutoff}
      order by r.reset_at limit ${limit} for update of r skip locked`,
  },
  {
    // never inside the replay window DESIGN §9 promises (the setting is at least 24 h)
    table: "idempotency_keys",
    cutoff: (now) => {
      const hours = setting("RETENTION_IDEMPOTENCY_KEY_HOURS");
      return hours > 0 ? sql`${now} - make_interval(hours => ${hours})` : null;
    },
    candidates: (cutoff, limit) => sql`select k.ctid from idempotency_keys k where k.created_at < ${cutoff}
      order by k.created_at limit ${limit} for update of k skip locked`,
  },
  {
    // a session refreshed meanwhile has a later expiry: the lock's recheck leaves it
    table: "sessions",
    cutoff: (now) => sql`${now} - make_interval(days => ${setting("RETENTION_SESSION_DAYS")})`,
    candidates: (cutoff, limit) => sql`select s.ctid from sessions s where s.expires_at < ${cutoff}
      order by s.expires_at limit ${limit} for update of s skip locked`,
  },
  {
    // used or not, a link past its expiry opens nothing
    table: "email_tokens",
    cutoff: (now) => sql`${now} - make_interval(days => ${setting("RETENTION_EMAIL_TOKEN_DAYS")})`,
    candidates: (cutoff, limit) => sql`select t.ctid from email_tokens t where t.expires_at < ${cutoff}
      order by t.expires_at limit ${limit} for update of t skip locked`,
  },
  {
    // invitations never accepted (open, revoked or replaced); an accepted one says who brought a member in
    table: "invitations",
    cutoff: (now) => sql`${now} - make_interval(days => ${setting("RETENTION_EMAIL_TOKEN_DAYS")})`,
    candidates: (cutoff, limit) => sql`select i.ctid from invitations i where i.accepted_at is null and i.expires_at < ${cutoff}
      order by i.expires_at limit ${limit} for update of i skip locked`,
  },
  {
    // the tries of a delivery still pending stay with it; a finished delivery keeps its row (resend)
    table: "webhook_attempts",
    cutoff: (now) => daysBefore(now, setting("RETENTION_WEBHOOK_ATTEMPT_DAYS")),
    candidates: (cutoff, limit) => sql`select a.ctid from webhook_attempts a where a.created_at < ${cutoff}
      and not exists (select 1 from webhook_deliveries d where d.id = a.delivery_id and d.status = 'pending')
      order by a.created_at limit ${limit} for update of a skip locked`,
  },
  {
    // kept while what it is about is still in flight: a pending payment (the reconciler and a person
    // may need what the provider said), a refund or payout of that payment, or, for money out
    // logged without a payment, any payout or refund of its account and mode; an alert whose mails
    // are not written yet, or whose mail is still to be sent (deleting the log would take the mail)
    table: "provider_logs",
    cutoff: (now) => daysBefore(now, setting("RETENTION_PROVIDER_LOG_DAYS")),
    candidates: (cutoff, limit) => sql`select l.ctid from provider_logs l where l.created_at < ${cutoff}
      and not (l.alert and l.notified_at is null and l.account_id is not null and l.mode = 'live')
      and not exists (select 1 from deposits d where d.id = l.deposit_id and d.status = 'pending')
      and not exists (select 1 from refunds r where r.deposit_id = l.deposit_id and r.status in ${OPEN_MONEY_OUT})
      and not exists (select 1 from payouts p where p.deposit_id = l.deposit_id and p.status in ${OPEN_MONEY_OUT})
      and not (l.deposit_id is null and l.account_id is not null and (
        exists (select 1 from payouts p where p.status in ${OPEN_MONEY_OUT} and p.account_id = l.account_id and p.mode = l.mode)
        or exists (select 1 from refunds r where r.status in ${OPEN_MONEY_OUT} and r.account_id = l.account_id and r.mode = l.mode)))
      and not exists (select 1 from notifications n where n.provider_log_id = l.id and n.status in ('pending', 'sending'))
      order by l.created_at limit ${limit} for update of l skip locked`,
  },
];
