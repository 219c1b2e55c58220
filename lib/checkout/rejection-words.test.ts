import { describe, expect, it } from "vitest";
import { pawapayFailureCodes, reasonOf } from "@/lib/providers/pawapay/codes";
import { failureReasonKey } from "./failure-reason";
import { t } from "./i18n";

// A REJECTED (or FAILED) answer is worded for the buyer as what it is, in French and
// English; none says "the payment service did not answer" when it did, with a refusal.

const GENERIC = new Set(["UNSPECIFIED_FAILURE", "UNKNOWN_ERROR"]); // pawaPay itself says no more than "other"
const DISBURSEMENT_ONLY = new Set(["RECIPIENT_NOT_FOUND", "DEPOSIT_NOT_FOUND", "DEPOSIT_NOT_COMPLETED", "ALREADY_REFUNDED", "AMOUNT_TOO_LARGE", "IN_PROGRESS", "PAYOUTS_NOT_ALLOWED"]);
const TECHNICAL = ["NO_AUTHENTICATION", "AUTHENTICATION_ERROR", "AUTHORISATION_ERROR", "HTTP_SIGNATURE_ERROR", "INVALID_INPUT", "MISSING_PARAMETER", "UNSUPPORTED_PARAMETER", "INVALID_PARAMETER"];

describe("the buyer's words for each of pawaPay's refusals", () => {
  it.each(pawapayFailureCodes.filter((c) => !GENERIC.has(c) && !DISBURSEMENT_ONLY.has(c)))("%s has words of its own, in French and English", (code) => {
    const key = failureReasonKey("failed", reasonOf(code));
    expect(key).not.toBe("failed.other");
    for (const locale of ["fr", "en"] as const) {
      expect(t(locale, key)).not.toMatch(/n’a pas répondu|did not answer/);
      expect(t(locale, key).length).toBeGreaterThan(20);
    }
  });

  it.each(TECHNICAL)("%s (a technical refusal) says the merchant's settings are at fault, not that nobody answered", (code) => {
    expect(reasonOf(code)).toBe("provider_error");
    expect([t("fr", failureReasonKey("failed", "provider_error")), t("en", failureReasonKey("failed", "provider_error"))]).toEqual([
      "Le service de paiement a refusé la demande pour une raison technique chez le marchand (ses réglages). Réessayez plus tard ou prévenez le marchand.",
      "The payment service refused the request for a technical reason on the merchant’s side (their settings). Try again later or tell the merchant.",
    ]);
  });

  it("the attempt no provider took is worded as such", () => {
    expect([t("fr", failureReasonKey("failed", "provider_unreachable")), t("en", failureReasonKey("failed", "provider_unreachable"))]).toEqual([
      "Nous n’avons pas pu joindre l’opérateur\u00a0: aucune demande n’a été envoyée à votre téléphone.",
      "We could not reach the operator: no request was sent to your phone.",
    ]);
  });
});
