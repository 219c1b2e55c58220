// The marketplace's commission on one sale (DESIGN §5). Pure, so the dashboard computes the
// default fee live as the merchant types the price, with the very function the API uses.

/** round(amount × percent / 100), half away from zero, in minor units. */
export function defaultFee(amount: number, percent: number): number {
  return Math.round((amount * Math.round(percent * 100)) / 10_000);
}

/** What the buyer of a marketplace link pays, in minor units: the seller's price, plus the fee on top. */
export function buyerPrice(amount: number, fee: number): number {
  return amount + fee;
}
