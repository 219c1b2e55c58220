// The words of the Providers section's health, in English (same keys as provider-health-fr.ts).
export const providerHealthEn = {
  unreadable: "Unreadable configuration ({provider}): its answer no longer matches its published contract. Its operators are still offered and each payment fails over to the next provider on error. Run npm run providers:check. Detail: {problem}",
  unreachable: "{provider} does not answer: its configuration could never be read. Its operators are tried, failing over to the next provider on error.",
  stale: "{provider} has not answered for too long: it is set aside until it answers again.",
  breakerOpen: "Breaker open",
  breakerHalfOpen: "Breaker trying",
  breakerHint: "After several failures in a row, payments go to the next provider; one payment tries this provider again after a pause.",
};
