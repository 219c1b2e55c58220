import { beforeAll, describe, expect, it } from "vitest";
import * as submitMarketJson from "@/app/api/checkout/pay/m/[id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import { attemptLimitMessage } from "@/lib/checkout/buyer-answer";
import { limitPaymentAttempt, paymentAttemptLimits } from "@/lib/payments/attempt-limits";
import { newClientToken } from "@/lib/checkout/form-input";
import { hit, merchantWithMarketplace } from "@/test/support/checkout";
import { PEER_HEADER } from "@/lib/http/client-address";
import { RateLimitedError } from "@/lib/http/rate-limit";
import { setSandboxTransport } from "@/lib/providers/sandbox";

// Each payment attempt rings the phone typed in: attempts are limited per client address, per
// phone (live mode) and per link, and the buyer is told, in their language, when to try again.
// A marketplace link takes many buyers at once, so these attempts are not held back by the rule
// of one pending attempt per payment link.

beforeAll(() => setSandboxTransport(async () => {})); // the sandbox's callbacks are dropped

const phone = (i: number) => `69${String(1_000_000 + i).slice(1).padStart(7, "0")}`; // 690000000, 690000001, …

const buyer = (i: number) =>
  new URLSearchParams({
    full_name: "Awa Ndiaye",
    email: "awa@example.com",
    country: "CMR",
    operator: "ORANGE_MONEY_CMR",
    phone: phone(i),
    client_token: newClientToken(),
  });

async function marketLink() {
  const { link } = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
  return link.id;
}

const submitJson = (id: string, i: number, address: string, extra: Record<string, string> = {}) =>
  hit(submitMarketJson.POST, { id }, `/api/checkout/pay/m/${id}?lang=en`, { form: buyer(i), headers: { [PEER_HEADER]: address, ...extra } });

/** The 429 the page's script gets: the API error, the buyer's words, and when to retry. */
function limitedJson(retryAfter: number, message: string) {
  return { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" }, message, errors: { form: message }, retry_after: retryAfter };
}

function tally(statuses: number[]) {
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
}

describe("payment attempt limits", () => {
  it("41 attempts in a second on one link, from 41 buyers: 30 go through, then 429 with the buyer's message", async () => {
    const id = await marketLink();
    const pages = await Promise.all(Array.from({ length: 41 }, (_, i) => submitJson(id, i, `198.51.100.${i + 1}`)));
    expect(tally(pages.map((p) => p.status))).toEqual({ 200: 30, 429: 11 });
    const limited = pages.find((p) => p.status === 429)!;
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual(limitedJson(retryAfter, "Too many payment attempts. Try again in 1 min."));
  });

  it("one address: 30 attempts in 10 minutes whatever the links, and a forged X-Forwarded-For changes nothing", async () => {
    const [a, b] = [await marketLink(), await marketLink()];
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const page = await submitJson(i % 2 ? a : b, i, "192.0.2.44", { "x-forwarded-for": `203.0.113.${i + 1}` });
      statuses.push(page.status);
      if (i === 30) {
        const retryAfter = Number(page.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(9 * 60);
        expect(page.json()).toEqual(limitedJson(retryAfter, "Too many payment attempts. Try again in 10 min."));
      }
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    // another buyer is not held back
    expect((await submitJson(a, 99, "192.0.2.45")).status).toBe(200);
  });

  it("the form without JavaScript: 429, the form again with what was typed and the message in French", async () => {
    const id = await marketLink();
    const post = (i: number) =>
      hit(marketPage.POST, { id }, `/pay/m/${id}?lang=fr`, { form: buyer(i), headers: { [PEER_HEADER]: "192.0.2.55" } });
    for (let i = 0; i < 30; i++) expect((await post(i)).status).toBe(303);
    const page = await post(30);
    const retryAfter = Number(page.headers.get("retry-after"));
    expect([page.status, retryAfter > 9 * 60, page.headers.get("x-frame-options")]).toEqual([429, true, "DENY"]);
    expect(page.text).toContain(`<p class="alert" id="err-form" role="alert">Trop de tentatives de paiement. Réessayez dans 10\u00a0min.</p>`);
    expect(page.text).toContain(`value="${phone(30)}"`);
  });

  it("live mode: 5 attempts per phone in 10 minutes, whatever the link or address; test mode rings no phone", async () => {
    const attempt = async (mode: "live" | "test", i: number) => {
      try {
        await limitPaymentAttempt({ mode, linkId: `link-${mode}-${i}`, phone: "237699887766", clientAddress: `192.0.2.${100 + i}` });
        return "ok";
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        return `${error.limit.name} ${error.retryAfter > 9 * 60}`;
      }
    };
    const live = [];
    for (let i = 0; i < 7; i++) live.push(await attempt("live", i));
    expect(live).toEqual(["ok", "ok", "ok", "ok", "ok", "pay-phone true", "pay-phone true"]);
    const test = [];
    for (let i = 0; i < 7; i++) test.push(await attempt("test", i));
    expect(test).toEqual(Array(7).fill("ok"));
  });

  it.each([
    ["phone", 600, "fr", "Trop de demandes de paiement envoyées à ce numéro. Réessayez dans 10\u00a0min, ou payez avec un autre numéro."],
    ["phone", 61, "en", "Too many payment requests sent to this number. Try again in 2 min, or pay with another number."],
    ["link", 12, "fr", "Trop de tentatives de paiement. Réessayez dans 1\u00a0min."],
    ["address", 540, "en", "Too many payment attempts. Try again in 9 min."],
  ] as const)("the %s limit, %i s to wait, in %s", (limit, retryAfter, locale, message) => {
    expect(attemptLimitMessage(new RateLimitedError(paymentAttemptLimits[limit], retryAfter), locale)).toBe(message);
  });
});
