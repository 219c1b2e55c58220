import { randomBytes } from "node:crypto";
import { checkAnswer } from "@/lib/providers/cinetpay/schemas";
import { cinetpayConfigured, cinetpayPayoutsConfigured, cinetpaySettings } from "@/lib/providers/cinetpay/settings";
import { listedLiveProviders } from "@/lib/providers";
import { pawapayConfigured, pawapaySettings } from "@/lib/providers/pawapay";
import { operatorOfPawapayCode } from "@/lib/providers/pawapay/codes";
import { publicKeyOf } from "@/lib/providers/pawapay/http-signature";
import { publicKeys, readActiveConf, readAvailability } from "@/lib/providers/pawapay/schemas";
import { cinetpayTransferSettings } from "@/lib/providers/cinetpay/transfer";
import { checkConfig } from "@/lib/runtime/config";

// npm run providers:check — asks each configured provider its read-only endpoints (pawaPay's public
// keys, active configuration and availability; CinetPay's payment check of an id it cannot know,
// and its transfer login when a transfer password is set) and prints what Kola understood of each
// answer, so that an operator sees a contract mismatch before a buyer does. No database,
// nothing created at the providers. Exit code 1 when an answer could not be read.

let problems = 0;
const line = (text: string) => process.stdout.write(`${text}\n`);

try {
  checkConfig();
} catch (error) {
  line(`providers:check: ${(error as Error).message}`);
  process.exit(1);
}
const bad = (text: string) => {
  problems++;
  line(`  ✗ ${text}`);
};

async function get(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000), redirect: "error" });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // kept as text
    }
    return { status: res.status, body };
  } catch (error) {
    bad(`${url}: no answer (${error instanceof Error ? ((error.cause as { code?: string })?.code ?? error.message) : String(error)})`);
    return null;
  }
}

async function checkPawapay(): Promise<void> {
  const { baseUrl, token, signedCallbacks } = pawapaySettings();
  line(`pawaPay  ${baseUrl}  (signed callbacks ${signedCallbacks ? "verified" : "NOT verified"})`);
  const auth = { authorization: `Bearer ${token}`, accept: "application/json" };

  const keys = await get(`${baseUrl}/v2/public-key/http`, { headers: auth });
  if (keys) {
    const parsed = publicKeys.safeParse(keys.body);
    if (keys.status !== 200 || !parsed.success) bad(`GET /v2/public-key/http ${keys.status}: not a list of {id, key}`);
    else {
      const usable = parsed.data.filter((k) => {
        try {
          publicKeyOf(k.key);
          return true;
        } catch {
          return false;
        }
      });
      line(`  ✓ GET /v2/public-key/http ${keys.status}: ${parsed.data.length} key(s), ${usable.length} usable (${usable.map((k) => k.id).join(", ")})`);
      if (usable.length < parsed.data.length) bad("some public keys are not PEM keys Kola can verify with");
    }
  }

  const conf = await get(`${baseUrl}/v2/active-conf`, { headers: auth });
  if (conf) {
    try {
      if (conf.status !== 200) throw new Error(`answered ${conf.status}`);
      const read = readActiveConf(conf.body);
      const ours = read.providers.filter((p) => operatorOfPawapayCode[p.provider]);
      const others = read.providers.filter((p) => !operatorOfPawapayCode[p.provider]).map((p) => p.provider);
      line(`  ✓ GET /v2/active-conf ${conf.status}: ${read.providers.length} provider(s), ${ours.length} of Kola's operators`);
      for (const p of ours) {
        const ops = Object.entries(p.operations).map(([type, o]) => `${type} ${o.min ?? "?"}–${o.max ?? "?"}${o.decimalsInAmount ? ` ${o.decimalsInAmount}` : ""}`);
        line(`      ${operatorOfPawapayCode[p.provider]} (${p.provider}, ${p.currency}): ${ops.join("; ") || "no operation types"}`);
      }
      if (others.length) line(`      not operators of Kola (ignored): ${others.join(", ")}`);
      for (const skipped of read.skipped) bad(`active-conf entry not read: ${skipped}`);
    } catch (error) {
      bad(`GET /v2/active-conf: unreadable (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
    }
  }

  const availability = await get(`${baseUrl}/v2/availability`, { headers: auth });
  if (availability) {
    try {
      if (availability.status !== 200) throw new Error(`answered ${availability.status}`);
      const states = readAvailability(availability.body);
      const closed = [...states].filter(([, s]) => s.DEPOSIT === "CLOSED").map(([p]) => p);
      const payoutsHeld = [...states].filter(([, s]) => s.PAYOUT && s.PAYOUT !== "OPERATIONAL").map(([p, s]) => `${p} ${s.PAYOUT}`);
      line(`  ✓ GET /v2/availability ${availability.status}: ${states.size} provider(s); deposits closed: ${closed.join(", ") || "none"}; payouts not operational: ${payoutsHeld.join(", ") || "none"}`);
    } catch (error) {
      bad(`GET /v2/availability: unreadable (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
    }
  }
}

async function checkCinetpay(): Promise<void> {
  const s = cinetpaySettings();
  line(`CinetPay ${s.baseUrl}  (site ${s.siteId})`);
  const unknownId = `KOLACHECK${randomBytes(6).toString("hex").toUpperCase()}`;
  const check = await get(`${s.baseUrl}/v2/payment/check`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ apikey: s.apiKey, site_id: s.siteId, transaction_id: unknownId }),
  });
  if (check) {
    const parsed = checkAnswer.safeParse(check.body);
    if (!parsed.success) bad(`POST /v2/payment/check ${check.status}: unreadable answer ${JSON.stringify(check.body).slice(0, 200)}`);
    else if (parsed.data.code === "609" || parsed.data.code === "608") bad(`POST /v2/payment/check ${check.status}: credentials refused (${parsed.data.code} ${parsed.data.message ?? ""})`);
    else if (/NOT_FOUND/i.test(parsed.data.message ?? "")) line(`  ✓ POST /v2/payment/check ${check.status} for an unknown id: code ${parsed.data.code} ${parsed.data.message}: understood as "not found" (credentials accepted)`);
    else bad(`POST /v2/payment/check ${check.status} for an unknown id: code ${parsed.data.code} ${parsed.data.message ?? ""}: not understood as "not found"`);
  }
  if (!cinetpayPayoutsConfigured()) {
    line("  - transfers (money out): off (no CINETPAY_TRANSFER_PASSWORD)");
    return;
  }
  const { baseUrl: transferUrl, password } = cinetpayTransferSettings();
  const login = await get(`${transferUrl}/v1/auth/login?lang=fr`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ apikey: s.apiKey, password }).toString(),
  });
  if (login) {
    const body = login.body as { code?: unknown; data?: { token?: unknown } };
    if (String(body?.code) === "0" && typeof body?.data?.token === "string") line(`  ✓ POST /v1/auth/login ${login.status} (${transferUrl}): a transfer token (credentials accepted)`);
    else bad(`POST /v1/auth/login ${login.status}: no token (${JSON.stringify(login.body).slice(0, 200)})`);
  }
}

const listed = listedLiveProviders();
line(`LIVE_PROVIDERS=${listed.join(",") || "(unset)"}`);
const checks: [string, () => boolean, () => Promise<void>][] = [
  ["pawapay", pawapayConfigured, checkPawapay],
  ["cinetpay", cinetpayConfigured, checkCinetpay],
];
let ran = 0;
for (const [name, configured, check] of checks) {
  if (!configured()) {
    line(`${name}: not configured${listed.includes(name) ? " (listed in LIVE_PROVIDERS: its settings are missing)" : ""}`);
    if (listed.includes(name)) problems++;
    continue;
  }
  ran++;
  await check();
}
line(problems ? `${problems} problem(s): fix them before taking real money.` : ran ? "Every answer was understood." : "No provider configured.");
process.exit(problems ? 1 : 0);
