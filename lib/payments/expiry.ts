// How long we wait for a provider's answer (DESIGN §6), and the bounds around it.

// The expiry itself is a setting: depositExpirySeconds() in lib/runtime/config.ts (DEPOSIT_EXPIRY_SECONDS).

/**
 * The hard cap: a deposit its provider still calls "processing" after 24 hours is expired anyway,
 * so that a provider that never settles cannot hold an attempt (and a payment link) forever.
 * Mobile-money collections settle in minutes; a day covers any provider's own retry window. If the
 * provider reports a success after that, the late transition expired → success still records it.
 */
export const PROCESSING_CAP_SECONDS = 24 * 60 * 60;

/**
 * When a buyer may give a stuck attempt up without the provider's word: 2 minutes, about the time
 * an operator's USSD prompt stays on the phone (MTN and Orange drop theirs after 1–2 minutes). Past
 * it the buyer can no longer approve the old prompt, so a new attempt on another number is safe in
 * practice; should the old one still succeed, it is kept and flagged as a duplicate to refund.
 */
export const GIVE_UP_AFTER_SECONDS = 120;
