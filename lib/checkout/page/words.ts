import type { Locale } from "../i18n";

// The words of a payment page that the checkout's own table has no key for, French first.

const fr = {
  quantity: "Quantité",
  quantityHint: "Jusqu’à {max}",
  amount: "Montant",
  amountHint: "Entre {min} et {max}",
  amountBad: "Saisissez un montant entre {min} et {max}.",
  quantityBad: "Choisissez une quantité entre 1 et {max}.",
  unitPrice: "Prix unitaire",
  left: "Plus que {left} disponible(s)",
  endsAt: "Jusqu’au {date}",
  questions: "Vos réponses",
  pay: "Payer",
  closedTitle: "Cette page de paiement est fermée",
  endedTitle: "Cette page de paiement est terminée",
  soldOutTitle: "Épuisé",
  closedBody: "Elle n’accepte plus de paiements.",
  soldOut: "Il n’en reste pas assez pour cette quantité. Choisissez une quantité plus petite.",
  notFoundTitle: "Page de paiement introuvable",
  notFoundBody: "Vérifiez le lien reçu du marchand.",
};

const en: typeof fr = {
  quantity: "Quantity",
  quantityHint: "Up to {max}",
  amount: "Amount",
  amountHint: "Between {min} and {max}",
  amountBad: "Enter an amount between {min} and {max}.",
  quantityBad: "Choose a quantity between 1 and {max}.",
  unitPrice: "Unit price",
  left: "Only {left} left",
  endsAt: "Until {date}",
  questions: "Your answers",
  pay: "Pay",
  closedTitle: "This payment page is closed",
  endedTitle: "This payment page has ended",
  soldOutTitle: "Sold out",
  closedBody: "It no longer takes payments.",
  soldOut: "Not enough left for this quantity. Choose a smaller quantity.",
  notFoundTitle: "Payment page not found",
  notFoundBody: "Check the link the merchant sent you.",
};

export type PageWords = typeof fr;
export const pageWords = (locale: Locale): PageWords => (locale === "en" ? en : fr);
