import { releaseDue } from "@/lib/ledger/release";
import { processMoneyOut } from "@/lib/money-out/send";
import { payDueShares, releaseDueShares } from "./seller-payouts";

/**
 * One round of the background money work (the money-out job, lib/jobs/registry.ts: every 3 s and
 * woken after each money request): holds that ended are released (the merchant's pending money, sellers'
 * shares), released shares are paid out, then what is recorded is sent and what the providers have
 * is asked about (lib/money-out/send.ts). Returns how many payouts and refunds reached their outcome.
 */
export async function processMoneyWork(now = new Date()): Promise<number> {
  await releaseDue();
  await releaseDueShares(now);
  await payDueShares();
  return processMoneyOut();
}
