// A payment's exchanges with the mobile-money provider in the merchant's words (French; exchange-en.ts
// mirrors it): lib/i18n/exchange.ts picks one sentence per exchange; the method, path, status and
// bodies stay behind « Détails », for developers.
export const exchangeFr = {
  requestSent: "Demande de paiement envoyée à l'opérateur",
  requestRefused: "L'opérateur a refusé la demande de paiement",
  refundSent: "Demande de remboursement envoyée au fournisseur",
  refundRefused: "Le fournisseur a refusé le remboursement",
  checkConfirmed: "Vérification auprès de l'opérateur : paiement confirmé",
  checkFailed: "Vérification auprès de l'opérateur : paiement refusé",
  checkPending: "Vérification auprès de l'opérateur : paiement toujours en attente",
  timeout: "Le fournisseur n'a pas répondu à temps",
  unreachable: "Fournisseur injoignable : la demande n'est pas partie",
  providerError: "Erreur technique chez le fournisseur",
  confirmed: "Paiement confirmé par l'opérateur",
  refused: "L'opérateur a refusé : {reason}",
  refusedNoReason: "L'opérateur a refusé le paiement",
  again: "L'opérateur a confirmé à nouveau (déjà pris en compte)",
  replay: "Message de l'opérateur reçu en double (ignoré)",
  processing: "L'opérateur indique que le paiement est en cours",
  mismatch: "Message du fournisseur qui ne correspond pas à ce paiement (montant, devise ou référence) : rien n'a été encaissé",
  twice: "Un autre fournisseur dit avoir aussi encaissé ce paiement : argent pris deux fois, à rembourser",
  unknown: "Message du fournisseur pour un paiement inconnu",
  answered: "Réponse du fournisseur reçue",
  technical: "Détails techniques",
  via: "via {provider}",
} as const;
