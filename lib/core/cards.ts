// Card payments (« Carte bancaire ») for buyers without mobile money: browser-safe facts shared by
// the account settings, the checkout and the CinetPay adapter. A card payment is a deposit like
// the others whose operator is CARD; CinetPay's card channel (channels=CREDIT_CARD) collects it.

/** The operator code of a card payment (DESIGN §2's operator codes are mobile money's). */
export const CARD_OPERATOR = "CARD";

export const isCardOperator = (operator: string) => operator === CARD_OPERATOR;

/**
 * Who bears the card fee: `merchant` absorbs it (the buyer pays the link's price), `buyer` pays a
 * surcharge of `card_surcharge_percent` on top, shown on the checkout before paying.
 */
export const cardFeeRules = ["merchant", "buyer"] as const;
export type CardFeeRule = (typeof cardFeeRules)[number];

/** A surcharge is at most 10 % (CinetPay's published card fees are a few percent). */
export const MAX_CARD_SURCHARGE_BPS = 1000;

/** Basis points as the API writes them: "3.5" for 350. */
export const percentOfBps = (bps: number) => String(bps / 100);

/**
 * What a card buyer pays: the price, plus the surcharge when the buyer bears the fee, rounded up
 * to a whole minor unit and, for XOF and XAF (whose amounts CinetPay takes in multiples of 5), up
 * to the next multiple of 5 when the price is one.
 */
export function cardTotal(price: number, currency: string, rule: CardFeeRule, surchargeBps: number): number {
  if (rule !== "buyer" || surchargeBps <= 0) return price;
  let total = price + Math.ceil((price * surchargeBps) / 10_000);
  if ((currency === "XOF" || currency === "XAF") && price % 5 === 0) total = Math.ceil(total / 5) * 5;
  return total;
}

/** The card payer's details CinetPay's card channel asks for (its init's customer_* fields). */
export const cardPayerFields = ["card_name", "card_surname", "card_email", "card_address", "card_city", "card_country", "card_state", "card_zip_code"] as const;
export type CardPayerField = (typeof cardPayerFields)[number];
