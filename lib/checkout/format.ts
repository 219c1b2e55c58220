// How the checkout pages write a wait (DESIGN §2); money is lib/core/money.ts, dates and phones lib/countries/format.ts.

/** A short wait as the buyer reads it: "45 s", "3 min" (rounded up; the same in fr and en). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? `${whole}\u00a0s` : `${Math.ceil(whole / 60)}\u00a0min`;
}
