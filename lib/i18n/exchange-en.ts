import type { exchangeFr } from "./exchange-fr";

// A payment's exchanges with the mobile-money provider in the merchant's words (English).
export const exchangeEn: { [K in keyof typeof exchangeFr]: string } = {
  requestSent: "Payment request sent to the operator",
  requestRefused: "The operator refused the payment request",
  refundSent: "Refund request sent to the provider",
  refundRefused: "The provider refused the refund",
  checkConfirmed: "Check with the operator: payment confirmed",
  checkFailed: "Check with the operator: payment refused",
  checkPending: "Check with the operator: payment still pending",
  timeout: "The provider did not answer in time",
  unreachable: "Provider unreachable: the request never left",
  providerError: "Technical error at the provider",
  confirmed: "Payment confirmed by the operator",
  refused: "The operator refused: {reason}",
  refusedNoReason: "The operator refused the payment",
  again: "The operator confirmed again (already taken into account)",
  replay: "Operator's message received twice (ignored)",
  processing: "The operator says the payment is in progress",
  mismatch: "A provider message that does not match this payment (amount, currency or reference): nothing was collected",
  twice: "Another provider says it collected this payment too: money taken twice, to refund",
  unknown: "A provider message about an unknown payment",
  answered: "Provider's answer received",
  technical: "Technical details",
  via: "via {provider}",
};
