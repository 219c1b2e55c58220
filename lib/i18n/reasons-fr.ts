// Why a payment, payout or refund failed, in the merchant's words (French): the `reasons` section of
// the dashboard's dictionary. The API and webhooks carry the codes (`insufficient_funds`…); the
// dashboard never shows a code. reasons-en.ts has the same keys; labels.ts picks `other` for a code
// it does not know. The buyer's checkout has its own words, addressed to the buyer.
export const reasonsFr = {
  insufficient_funds: "Solde mobile money insuffisant",
  refused_by_payer: "Refusé par le client sur son téléphone",
  refused_by_recipient: "Refusé par le destinataire",
  no_answer_from_payer: "Le client n'a pas validé à temps",
  expired: "Pas validé à temps : la demande a expiré",
  payer_not_found: "Numéro inconnu de l'opérateur",
  recipient_not_found: "Numéro du destinataire inconnu de l'opérateur",
  payer_limit_reached: "Plafond du compte mobile money atteint",
  amount_out_of_bounds: "Montant hors des limites de l'opérateur",
  operator_unavailable: "Opérateur momentanément indisponible",
  provider_error: "Erreur technique chez le fournisseur",
  provider_unreachable: "Fournisseur injoignable : la demande n'est jamais partie",
  payment_in_progress: "Un autre paiement était déjà en cours sur ce numéro",
  wallet_closed: "Compte mobile money fermé",
  provider_cannot_send: "Aucun fournisseur ne peut envoyer cet argent",
  operator_unknown: "L'opérateur du numéro n'a pas pu être déterminé : renvoyez-le en indiquant son opérateur",
  payouts_unavailable: "Envois d'argent indisponibles chez ce fournisseur",
  provider_never_settled: "Le fournisseur n'a jamais confirmé l'opération",
  not_refundable: "Le fournisseur ne peut pas rembourser ce paiement",
  already_refunded: "Déjà remboursé chez le fournisseur",
  amount_too_large: "Montant supérieur à ce qui reste à rembourser",
  refund_unsupported: "Ce fournisseur ne fait pas de remboursement : faites un retrait vers le numéro du client",
  refund_in_progress: "Un autre remboursement de ce paiement est en cours",
  duplicate_payment: "Paiement en double",
  other: "Refusé par l'opérateur",
  /** a card payment's reasons (operator CARD): the bank or CinetPay's card channel refused it, no phone was asked */
  card: {
    refused_by_payer: "Carte refusée : vérification 3-D Secure échouée ou paiement abandonné par le client",
    insufficient_funds: "Carte refusée par la banque : provision ou plafond insuffisant",
    payer_limit_reached: "Carte refusée par la banque : plafond de la carte atteint",
    provider_error: "Paiement par carte refusé par CinetPay (erreur technique du canal carte) : aucune banque ne l'a vu",
    provider_unreachable: "Canal carte de CinetPay injoignable : la demande n'est jamais partie",
    no_answer_from_payer: "Le client n'a pas terminé le paiement par carte à temps",
    expired: "Paiement par carte pas terminé à temps : la demande a expiré",
    other: "Carte refusée par la banque du client",
  },
} as const;
