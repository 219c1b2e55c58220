// Requests to pay (lib/payment-requests/), dependency-free: the schema, the API and the counter
// screen import it.

/** Where a request came from: an integrator's server, the counter screen, or a buyer at a stall. */
export const paymentRequestChannels = ["api", "counter", "stall"] as const;
export type PaymentRequestChannel = (typeof paymentRequestChannels)[number];

/** How the buyer is asked: a PIN prompt pushed to their phone, or a pay link to open (redirect providers). */
export const paymentRequestDeliveries = ["push", "link"] as const;
export type PaymentRequestDelivery = (typeof paymentRequestDeliveries)[number];

/**
 * A request's state, derived from its link's payments:
 *   pending    a prompt is on the buyer's phone (or the link waits to be opened)
 *   paid       a payment succeeded: it carries the receipt code
 *   failed     the last attempt failed (refused, no funds, …): it can be sent again
 *   expired    it ran out of time before anyone paid: it can be sent again
 *   cancelled  the merchant cancelled it; it cannot be paid any more
 */
export const paymentRequestStatuses = ["pending", "paid", "failed", "expired", "cancelled"] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

/**
 * What a request's attempts say, kept on its row by the database (triggers on its link's
 * attempts) so that the list can filter by status through an index: a kept success (`paid`), an
 * attempt still on the buyer's phone (`in_flight`), else the last attempt's end (`failed`,
 * `expired`), or nothing yet (`none`, an attempt given up included). The status adds the request's
 * own facts to it: cancelled, past its expiry.
 */
export const paymentRequestOutcomes = ["none", "in_flight", "failed", "expired", "paid"] as const;
export type PaymentRequestOutcome = (typeof paymentRequestOutcomes)[number];
