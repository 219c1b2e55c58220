import { describe, expect, it } from "vitest";
import { en } from "./en";
import { exchangeSentence, type ExchangeEntry } from "./exchange";
import { fr } from "./fr";

const callback = (outcome: string, request: unknown = null): ExchangeEntry => ({
  kind: "callback",
  operation: "POST /api/providers/sandbox/callback",
  http_status: 200,
  outcome,
  alert: outcome === "mismatch",
  request,
});
const request = (operation: string, http_status: number | null, outcome: string): ExchangeEntry => ({ kind: "request", operation, http_status, outcome, alert: false });

// provider log entries (as lib/payments/handle-callback.ts and lib/providers/provider-log.ts record them) → the merchant's sentence
const table: [string, ExchangeEntry, string | null, string, string][] = [
  ["a refusal with its reason", callback("settled:failed", { status: "failed", reason: "insufficient_funds" }), null, "L'opérateur a refusé : solde mobile money insuffisant", "The operator refused: not enough money in the mobile money account"],
  ["a refusal, the reason from the payment", callback("settled:failed", { status: "FAILED" }), "refused_by_payer", "L'opérateur a refusé : refusé par le client sur son téléphone", "The operator refused: declined by the customer on their phone"],
  ["a refusal without a reason", callback("settled:failed", {}), null, "L'opérateur a refusé le paiement", "The operator refused the payment"],
  ["a confirmation", callback("settled:success"), null, "Paiement confirmé par l'opérateur", "Payment confirmed by the operator"],
  ["a confirmation again", callback("already_settled:success"), null, "L'opérateur a confirmé à nouveau (déjà pris en compte)", "The operator confirmed again (already taken into account)"],
  ["a replay", callback("replay"), null, "Message de l'opérateur reçu en double (ignoré)", "Operator's message received twice (ignored)"],
  ["still processing", callback("processing"), null, "L'opérateur indique que le paiement est en cours", "The operator says the payment is in progress"],
  ["other money", callback("mismatch"), null, fr.exchange.mismatch, en.exchange.mismatch],
  ["collected twice", callback("success_after_failover"), null, fr.exchange.twice, en.exchange.twice],
  ["the deposit request", request("POST /v2/deposits", 200, "accepted"), null, "Demande de paiement envoyée à l'opérateur", "Payment request sent to the operator"],
  ["the deposit request refused", request("POST /v2/deposits", 200, "rejected"), null, "L'opérateur a refusé la demande de paiement", "The operator refused the payment request"],
  ["a 400", request("POST /v2/payment", 400, "answered"), null, "L'opérateur a refusé la demande de paiement", "The operator refused the payment request"],
  ["a status check, paid", request("GET /v2/deposits/{depositId}", 200, "completed"), null, "Vérification auprès de l'opérateur : paiement confirmé", "Check with the operator: payment confirmed"],
  ["a status check, failed", request("GET /v2/deposits/{depositId}", 200, "failed"), null, "Vérification auprès de l'opérateur : paiement refusé", "Check with the operator: payment refused"],
  ["a status check, pending", request("POST /v2/payment/check", 200, "pending"), null, "Vérification auprès de l'opérateur : paiement toujours en attente", "Check with the operator: payment still pending"],
  ["a timeout", request("POST /v2/deposits", null, "timeout"), null, "Le fournisseur n'a pas répondu à temps", "The provider did not answer in time"],
  ["never sent", request("POST /v2/deposits", null, "connection_refused"), null, "Fournisseur injoignable : la demande n'est pas partie", "Provider unreachable: the request never left"],
  ["a 503", request("POST /v2/deposits", 503, "server_error"), null, "Erreur technique chez le fournisseur", "Technical error at the provider"],
  ["a refund", request("POST /v2/refunds", 200, "accepted"), null, "Demande de remboursement envoyée au fournisseur", "Refund request sent to the provider"],
];

describe("a provider exchange in the merchant's words", () => {
  it.each(table)("%s", (_, entry, reason, french, english) => {
    expect(exchangeSentence(entry, fr, reason)).toBe(french);
    expect(exchangeSentence(entry, en, reason)).toBe(english);
  });

  it("never shows a method, a path, a status code or an outcome code", () => {
    for (const [, entry, reason] of table) {
      for (const dict of [fr, en]) {
        const sentence = exchangeSentence(entry, dict, reason);
        expect(sentence).not.toMatch(/POST|GET|\/api|\/v2|\b[2-5]\d\d\b|settled|_|sandbox|Bac à sable|\{/);
      }
    }
  });
});
