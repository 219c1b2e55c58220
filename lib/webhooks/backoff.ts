// Retries (DESIGN §8): exponential backoff with jitter for about a day. After the first attempt
// fails, retries come 5 s, 10 s, 20 s, … later (each ±20 %), doubling up to the 15th attempt:
// 14 waits adding up to about 22.8 hours. Then the delivery is failed; a manual resend is one more try.

export const MAX_ATTEMPTS = 15;
const FIRST_DELAY_MS = 5_000;

/** How long to wait after failed attempt number `attempt` (1-based) before the next one. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = FIRST_DELAY_MS * 2 ** (Math.max(1, attempt) - 1);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The whole schedule without jitter, for the README and tests: [delay after attempt 1, …]. */
export function retrySchedule(): number[] {
  return Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, () => 0.5));
}
