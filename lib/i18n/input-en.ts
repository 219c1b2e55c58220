import type { inputFr } from "./input-fr";

// Typed input (amounts, payout numbers), in English.
export const inputEn: typeof inputFr = {
  amount: {
    not_a_number: "Write the amount in figures, for example {example}.",
    empty: "Write the amount in figures, for example {example}.",
    no_minor_unit: "The {currency} has no cents: write a whole number, for example {example}.",
    too_many_decimals: "At most {decimals} digits after the decimal point, for example {example}.",
    ambiguous: "“{typed}” can be read two ways: write {example} (or {cents} with cents).",
    other_currency: "This amount is in {currency} ({code}): write it in figures, for example {example}.",
    too_large: "This amount is too large.",
    names: { XAF: "CFA franc", XOF: "CFA franc", RWF: "Rwandan franc", CDF: "Congolese franc", KES: "Kenyan shilling", TZS: "Tanzanian shilling", ZMW: "kwacha" },
  },
  payoutNumbers: {
    listTitle: "Saved payout numbers",
    listIntro: "Offered in “Withdraw”. Withdrawals already sent keep their number.",
    listEmpty: "No saved number: tick “Save this number” when you withdraw.",
    colNumber: "Number",
    colOperator: "Operator",
    colLabel: "Name",
    colSaved: "Saved",
    remove: "Delete",
    removeLabel: "Delete the number {number}",
    removeTitle: "Delete this saved number?",
    removeText: "{number} ({operator}) will no longer be offered for withdrawals. Withdrawals already sent do not change.",
    removed: "Number deleted",
    saved: "Saved number",
    newNumber: "Another number",
    save: "Save this number for next withdrawals",
    label: "Name of the number (optional)",
    labelPlaceholder: "My Orange Money",
    mismatch: "This number is on the {network} network: choose “{operator}”, or give a number for {chosen}.",
    unsupported: "This number is on the {network} network, which Kola does not pay to: give a number on the {operators} network.",
  },
};
