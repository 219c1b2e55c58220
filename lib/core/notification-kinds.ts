// What Kola e-mails about, dependency-free: lib/db/schema.ts, the API schemas and the
// dashboard's Settings page import it. Each member switches the merchant kinds on or off for
// themselves; a buyer's receipt is sent whenever the checkout collected their e-mail.

/** The merchant notifications, as a member's preferences name them. */
export const notificationPreferences = ["payments", "refunds", "failed_payouts", "provider_alerts"] as const;
export type NotificationPreference = (typeof notificationPreferences)[number];

/** Every kind of mail the notifier sends (a row of `notifications`). */
export const notificationKinds = [
  "payment_succeeded",
  "refund_succeeded",
  "refund_failed",
  "payout_failed",
  "provider_alert",
  "buyer_receipt",
  "sms_receipt",
  "sms_payment_alert",
  "sms_phone_code",
  // an invoice's reminder to its customer (lib/invoices/reminders.ts), by mail and by SMS
  "invoice_reminder",
  "sms_invoice_reminder",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A mail's life: `pending` (due at `next_attempt_at`) → `sending` (claimed: from here it is never
 * sent again, at most once) → `sent` | `failed`. `unknown`: its sender died or lost the SMTP
 * server's answer after handing the message over; it may have been delivered, and is not sent again.
 */
export const notificationStatuses = ["pending", "sending", "sent", "failed", "unknown"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];
