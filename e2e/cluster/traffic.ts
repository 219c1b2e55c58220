// What a merchant's server and buyers do to the cluster in the fault test, each write retried the way
// a careful client retries (same Idempotency-Key, same checkout client_token) until it is answered,
// and every write the cluster acknowledged (2xx) written down to be looked for afterwards.
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { loopbackAddresses, multipart, send, type Answer } from "./http";

export type Outcome = "success" | "failed" | "expired";
export type Tally = { requests: number; acknowledged: Record<string, number>; refused: Record<string, number>; status0or5xx: number };

// the sandbox's rule (DESIGN §6): the phone's last two digits decide
const phoneFor = (outcome: Outcome) => `67${randomInt(10_000, 99_999)}${{ success: "55", failed: "01", expired: "03" }[outcome]}`;

/** 8 payments in 10 succeed, 1 fails, 1 is never answered (it expires). */
const randomOutcome = (): Outcome => (["failed", "expired"] as const)[randomInt(0, 10)] ?? "success";

/** A tiny PNG whose bytes are unique (a random tail after IEND, which decoders and file-type ignore). */
export const uniquePng = () =>
  Buffer.concat([Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC", "base64"), randomBytes(32)]);

export function traffic(base: string, key: string) {
  const tally: Tally = { requests: 0, acknowledged: {}, refused: {}, status0or5xx: 0 };
  const links: string[] = [];
  const unpaid: string[] = [];
  const deposits: { trackId: string; expect: Outcome; at: number }[] = [];
  const payouts: string[] = [];
  const nextAddress = loopbackAddresses();
  const run = randomBytes(3).toString("hex");
  let n = 0;

  /** Sends until answered 2xx or refused for good (4xx other than "still running"); 8 tries. */
  async function write(kind: string, attempt: () => Promise<Answer>): Promise<Answer | null> {
    for (let i = 0; i < 8; i++) {
      const res = await attempt();
      tally.requests++;
      if (res.status >= 200 && res.status < 300) {
        tally.acknowledged[kind] = (tally.acknowledged[kind] ?? 0) + 1;
        return res;
      }
      if (res.status === 0 || res.status >= 500) tally.status0or5xx++;
      const stillRunning = res.status === 409 && /IDEMPOTENCY_KEY_IN_USE/.test(res.body.toString());
      if (res.status !== 0 && res.status < 500 && !stillRunning) {
        tally.refused[`${kind} ${res.status}`] = (tally.refused[`${kind} ${res.status}`] ?? 0) + 1;
        return null;
      }
      await new Promise((r) => setTimeout(r, 300 * (i + 1)));
    }
    return null;
  }

  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}, at = base) =>
    send(at + path, { method, headers: { "api-key": key, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  return {
    tally,
    links,
    deposits,
    payouts,
    async createLink(): Promise<string | null> {
      const idem = randomUUID();
      const body = { amount: 1000 + randomInt(0, 9000), shop_name: "Boutique Cluster", order_id: `CL-${run}-${n++}` };
      const res = await write("link", () => json("POST", "/v1/gateway", body, { "idempotency-key": idem }));
      if (!res) return null;
      const { id } = res.json<{ id: string }>();
      links.push(id);
      unpaid.push(id);
      return id;
    },
    /** A buyer pays a link (through the balancer, or straight to one node with `at`). */
    async pay(outcome: Outcome = randomOutcome(), at = base): Promise<string | null> {
      const link = unpaid.shift() ?? (await this.createLink().then(() => unpaid.shift()));
      if (!link) return null;
      const body = { country: "CMR", operator: "MTN_MOMO_CMR", phone: phoneFor(outcome), client_token: randomBytes(24).toString("base64url") };
      const from = nextAddress();
      const res = await write("checkout", () => send(`${at}/api/checkout/pay/${link}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), from }));
      if (!res) return null;
      const { track_id: trackId } = res.json<{ track_id: string }>();
      deposits.push({ trackId, expect: outcome, at: Date.now() });
      return trackId;
    },
    async withdraw(): Promise<void> {
      const idem = randomUUID();
      const body = { amount: 100, operator: "MTN_MOMO_CMR", phone_number: "670000055" };
      const res = await write("withdrawal", () => json("POST", "/v1/payouts", body, { "idempotency-key": idem }));
      if (res) payouts.push(res.json<{ id: string }>().id);
    },
    async read(): Promise<void> {
      const id = links[randomInt(0, Math.max(1, links.length))];
      if (id) await write("read", () => send(`${base}/v1/gateway/${id}`));
    },
    /** PATCH the marketplace's logo at `at`; the stored key, or null. */
    async upload(at: string, bytes: Buffer): Promise<string | null> {
      const form = await multipart({ "logo.0": new Blob([new Uint8Array(bytes)], { type: "image/png" }) });
      const res = await write("upload", () => send(`${at}/v1/api/marketplace/`, { method: "PATCH", headers: { "api-key": key, "content-type": form.type }, body: form.body }));
      return res ? res.json<{ logo: { fileKey: string } }>().logo.fileKey : null;
    },
  };
}
