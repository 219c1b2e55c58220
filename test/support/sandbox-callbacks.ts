import { randomInt } from "node:crypto";
import { afterEach, expect, vi } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import { setSandboxTransport } from "@/lib/providers/sandbox";

// The sandbox's callbacks kept for a test to deliver when it chooses (twice at once, say), instead
// of the sandbox posting them by itself.

type Held = { path: string; raw: string; signature: string };
const held: Held[] = [];

afterEach(() => {
  setSandboxTransport(undefined);
  held.length = 0;
});

/** From now until the test ends, the sandbox's callbacks wait for deliverTwice. */
export function holdCallbacks(): void {
  setSandboxTransport(
    async (path, raw, signature) => {
      held.push({ path, raw, signature });
    },
    () => 0,
  );
}

const post = ({ path, raw, signature }: Held) =>
  callback.POST(new Request(`http://kola.test${path}`, { method: "POST", headers: { "x-kola-signature": signature }, body: raw }), {
    params: Promise.resolve({ provider: "sandbox" }),
  });

/** Delivers the `n` held callbacks, each twice at once; every answer a 200 or a replay's 409. */
export async function deliverTwice(n: number): Promise<void> {
  await vi.waitFor(() => expect(held.length).toBe(n), { timeout: 60_000, interval: 20 });
  const sent = held.splice(0);
  const statuses = (await Promise.all(sent.flatMap((h) => [post(h), post(h)]))).map((res) => res.status);
  expect(statuses.every((s) => s === 200 || s === 409), statuses.join(",")).toBe(true);
}

/** A CMR number never used before; its last two digits are the sandbox's outcome (01, 02 fail; 03 never answers). */
export const sandboxPhone = (last: string) => `670${String(randomInt(10_000)).padStart(4, "0")}${last}`;
