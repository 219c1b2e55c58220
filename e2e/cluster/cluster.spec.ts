// Two Kola nodes behind nginx (round robin), sharing PostgreSQL through PgBouncer in
// transaction mode, Redis and an S3-compatible store (scripts/cluster/cluster.ts). Mixed traffic —
// link creation, checkout submits (the sandbox's callbacks come back through nginx), uploads,
// withdrawals, reads, webhook deliveries to a receiver — while node a is killed with SIGKILL and
// started again. Afterwards: nothing acknowledged is lost, no event went out as two different
// events, rate limits were shared, uploads through one node were served by the other, and the
// background work (expiry, reconciliation, payouts, webhooks) went on on the surviving node.
// Its figures go to e2e/.artifacts/cluster/figures.json.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { startCluster } from "../../scripts/cluster/cluster";
import { createAccount, ROOT } from "../support/kola-server";
import { multipart, send, startReceiver } from "./http";
import { traffic, uniquePng } from "./traffic";

const TRAFFIC_MS = 40_000; // at least; it also runs until node a is back for 5 s
const KILL_AT_MS = 10_000;
const WORKERS = 4;
const ENDPOINTS = 3;
const ARTIFACTS = path.join(ROOT, "e2e", ".artifacts", "cluster");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("two nodes behind nginx lose nothing when one is killed mid-traffic", async () => {
  // the nodes' logs and the store's folder stay in e2e/.artifacts/cluster/run for a look afterwards
  fs.rmSync(path.join(ARTIFACTS, "run"), { recursive: true, force: true });
  const cluster = await startCluster({ env: { DEPOSIT_EXPIRY_SECONDS: "10" }, accessLog: true, dir: path.join(ARTIFACTS, "run") });
  const receiver = await startReceiver(ENDPOINTS, 150);
  try {
    const [a, b] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const base = cluster.baseURL;
    const email = `cluster-${Date.now()}@kola.test`;
    const account = await createAccount({ ...process.env, ...cluster.env, DATABASE_URL: cluster.directDatabaseUrl, DATABASE_POOLER: "" }, { email, password: "a long cluster password", business: "Boutique Cluster" });
    const key = account.api_key;
    const t = traffic(base, key);
    for (let i = 0; i < ENDPOINTS; i++) {
      const res = await send(`${base}/v1/webhooks`, { method: "POST", headers: { "api-key": key, "content-type": "application/json" }, body: JSON.stringify({ url: receiver.url(i) }) });
      expect(res.status, res.body.toString()).toBe(200);
      receiver.secrets[i] = res.json<{ secret: string }>().secret;
    }
    const form = await multipart({ name: "Marché du cluster" });
    const mp = await send(`${base}/v1/api/marketplace`, { method: "POST", headers: { "api-key": key, "content-type": form.type }, body: form.body });
    expect(mp.status, mp.body.toString()).toBe(200);

    // ---- traffic, with node a killed at KILL_AT_MS and started again once it is down
    const started = Date.now();
    let stopAt = started + TRAFFIC_MS;
    const uploads = { across: 0, notServed: [] as string[] };
    const workers = Array.from({ length: WORKERS }, async () => {
      while (Date.now() < stopAt) {
        const roll = Math.random();
        if (roll < 0.3) await t.createLink();
        else if (roll < 0.7) await t.pay();
        else if (roll < 0.8) await t.withdraw();
        else await t.read();
      }
    });
    // uploads: through one node, read back from the other (or through nginx while one is down)
    const uploader = (async () => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const [to, from] = a.running() ? (i % 2 ? [a, b] : [b, a]) : [null, null];
        const bytes = uniquePng();
        const fileKey = await t.upload(to?.directURL ?? base, bytes);
        if (fileKey) {
          const direct = from ? await send(`${from.directURL}/files/${fileKey}`) : null;
          // the other node was killed in between: the balancer's survivor serves it
          const served = direct && direct.status !== 0 ? direct : await send(`${base}/files/${fileKey}`);
          if (served.status !== 200 || !served.body.equals(bytes)) uploads.notServed.push(`${fileKey}: ${served.status}`);
          else if (served === direct) uploads.across++;
        }
        await sleep(700);
      }
    })();

    await sleep(KILL_AT_MS);
    // the receiver holds its answers a while: each endpoint's delivery is then in flight, from
    // whichever node holds that endpoint's lease, when node a dies
    receiver.setDelay(2_000);
    await sleep(1_000);
    // payments node a alone took, right before it dies: their sandbox callbacks (1–3 s later) die
    // with it, so only node b's reconciler (asking the provider) can settle them
    const victims = (await Promise.all([1, 2, 3].map(() => t.pay("success", a.directURL)))).filter((id): id is string => Boolean(id));
    await a.kill();
    receiver.setDelay(150);
    const killedAt = Date.now();
    await sleep(8_000);
    const restartedIn = Date.now();
    await a.restart();
    const restartMs = Date.now() - restartedIn;
    stopAt = Math.max(stopAt, Date.now() + 5_000);

    // rate limits are counted in Redis, shared: 12 wrong passwords, alternately on each node
    const from = "127.0.0.77";
    const logins: number[] = [];
    for (let i = 0; i < 12; i++) {
      const node = i % 2 ? a : b;
      const res = await send(`${node.directURL}/api/auth/login`, { method: "POST", from, headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ email, password: `wrong-${i}` }) });
      logins.push(res.status);
    }
    await Promise.all([...workers, uploader]);
    const trafficMs = Date.now() - started;

    // ---- drain: every acknowledged payment and payout ends, every ending reaches every endpoint
    const get = async <T>(p: string) => {
      const res = await send(`${base}${p}`, { headers: { "api-key": key } });
      return { status: res.status, body: res.status === 200 ? res.json<T>() : null };
    };
    const finalDeposits = new Map<string, { status: number; body: { status: string } | null }>();
    const finalPayouts = new Map<string, { status: number; body: { status: string } | null }>();
    const eventsFor = (subject: string, type: string) => new Set(receiver.deliveries.filter((d) => d.subject === subject && d.type === type).map((d) => d.endpoint)).size;
    // How long the drain takes grows with the traffic a machine managed to send in its 40 s: each
    // endpoint has a window of deliveries in flight, a payment's events in order
    // (lib/webhooks/deliver.ts), and the receiver answers in 150 ms. The drain goes on while
    // deliveries or settlements still arrive; it stops when nothing moved for 60 s (the hang this
    // guards against; the killed node's leases, 30 s, may hold an endpoint's whole window until
    // they end), or after 5 minutes in all.
    const drainDeadline = Date.now() + 300_000;
    let lastProgress = { at: Date.now(), marker: "" };
    for (;;) {
      for (const d of t.deposits) {
        if (finalDeposits.get(d.trackId)?.body?.status !== "pending" && finalDeposits.has(d.trackId)) continue;
        finalDeposits.set(d.trackId, await get(`/v1/api/deposit/get_transaction?track_id=${d.trackId}`));
      }
      for (const id of t.payouts) {
        const known = finalPayouts.get(id)?.body?.status;
        if (known === "success" || known === "failed") continue;
        finalPayouts.set(id, await get(`/v1/payouts/${id}`));
      }
      const pending = [...finalDeposits.values()].filter((d) => d.body?.status === "pending").length +
        [...finalPayouts.values()].filter((p) => !["success", "failed"].includes(p.body?.status ?? "")).length;
      const undelivered = [...finalDeposits].filter(([id, d]) => d.body && d.body.status !== "pending" && eventsFor(id, `payment.${{ success: "succeeded", failed: "failed", expired: "expired" }[d.body.status]}`) < ENDPOINTS).length +
        [...finalPayouts].filter(([id, p]) => p.body?.status === "success" && eventsFor(id, "payout.succeeded") < ENDPOINTS).length;
      if (pending === 0 && undelivered === 0) break;
      const marker = `${receiver.deliveries.length} ${pending}`;
      if (marker !== lastProgress.marker) lastProgress = { at: Date.now(), marker };
      if (Date.now() - lastProgress.at > 60_000 || Date.now() > drainDeadline) break;
      await sleep(2_000);
    }
    const drainMs = Date.now() - started - trafficMs;

    // ---- what was acknowledged is there, once
    const list = await send(`${base}/v1/gateway`, { headers: { "api-key": key } });
    const listed = new Set(list.json<{ id: string }[]>().map((g) => g.id));
    const lost = {
      links: t.links.filter((id) => !listed.has(id)),
      deposits: [...finalDeposits].filter(([, d]) => d.status !== 200).map(([id]) => id),
      payouts: [...finalPayouts].filter(([, p]) => p.status !== 200).map(([id]) => id),
      uploads: uploads.notServed,
    };
    const outcome = { success: "success", failed: "failed", expired: "expired" } as const;
    // A node killed after the sandbox took a request and before it recorded the sandbox's reference
    // leaves a deposit the sandbox (in-process, gone with the node) cannot find: the survivor then
    // expires it, as for a provider that never got the request. pawaPay and CinetPay are asked by
    // our own deposit id, so with them the reconciler finds such a payment.
    const db = postgres(cluster.directDatabaseUrl, { max: 1, onnotice: () => {} });
    const unreferenced = new Set(
      (await db<{ track_id: string }[]>`select track_id from deposits where provider_reference is null and status = 'expired' and failure_reason = 'no_answer_from_payer'`).map((r) => r.track_id),
    );
    const wrongOutcome = t.deposits
      .filter((d) => finalDeposits.get(d.trackId)?.body?.status !== outcome[d.expect] && !unreferenced.has(d.trackId))
      .map((d) => `${d.trackId}: ${d.expect} → ${finalDeposits.get(d.trackId)?.body?.status}`);
    const unfinishedPayouts = [...finalPayouts].filter(([, p]) => p.body?.status !== "success").map(([id, p]) => `${id}: ${p.body?.status}`);
    const ids = new Map<string, Set<string>>();
    for (const d of receiver.deliveries) {
      const subject = `${d.endpoint} ${d.subject} ${d.type}`;
      ids.set(subject, (ids.get(subject) ?? new Set()).add(d.id));
    }
    const duplicateEvents = [...ids].filter(([, set]) => set.size > 1).map(([subject, set]) => `${subject}: ${[...set].join(", ")}`);
    const missingEvents = [...finalDeposits].filter(([id, d]) => d.body && eventsFor(id, `payment.${{ success: "succeeded", failed: "failed", expired: "expired" }[d.body.status]}`) < ENDPOINTS).map(([id]) => id);
    const redelivered = receiver.cut.map((c) => {
      const again = receiver.deliveries.find((d) => d.endpoint === c.endpoint && d.id === c.id && d.at > c.at);
      return again ? again.at - killedAt : null;
    });
    // when node b settled the killed node's payments (their deposits' completed_at, same clock)
    const settled = await db<{ at: Date }[]>`select completed_at as at from deposits where track_id in ${db(victims)} and status = 'success'`;
    await db.end();
    const ledger = await promisify(execFile)("npm", ["run", "--silent", "ledger:check"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: cluster.directDatabaseUrl, DATABASE_POOLER: "" } }).then(
      () => "balanced",
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`.trim(),
    );
    const access = fs.readFileSync(cluster.accessLog!, "utf8").trim().split("\n").map((line) => line.split("|"));
    const figures = {
      traffic_ms: trafficMs,
      drain_ms: drainMs,
      node_a_restart_ms: restartMs,
      requests_sent: t.tally.requests + logins.length,
      requests_through_nginx: access.length,
      by_upstream: Object.fromEntries([...new Set(access.map((l) => l[3]!))].map((u) => [u, access.filter((l) => l[3] === u).length])),
      provider_callbacks_through_nginx: access.filter((l) => l[2]!.startsWith("/api/providers/")).length,
      answered_5xx_or_cut_then_retried: t.tally.status0or5xx,
      acknowledged: t.tally.acknowledged,
      refused: t.tally.refused,
      lost: Object.values(lost).reduce((sum, l) => sum + l.length, 0),
      payments_cut_between_provider_and_record: t.deposits.filter((d) => unreferenced.has(d.trackId) && d.expect !== "expired").length,
      payments_by_outcome: Object.fromEntries(["success", "failed", "expired"].map((s) => [s, [...finalDeposits.values()].filter((d) => d.body?.status === s).length])),
      webhook_deliveries: receiver.deliveries.length,
      duplicate_events: duplicateEvents.length,
      uploads_served_across_nodes: uploads.across,
      rate_limit_logins: logins,
      takeover: {
        reconciled_payments_of_killed_node: victims.length,
        their_settlement_after_kill_ms: settled.map((row) => row.at.getTime() - killedAt),
        deliveries_cut_by_kill: receiver.cut.length,
        their_redelivery_after_kill_ms: redelivered,
      },
      ledger,
    };
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, "figures.json"), JSON.stringify(figures, null, 2));
    console.log(`cluster figures: ${JSON.stringify(figures)}`);

    expect(lost).toEqual({ links: [], deposits: [], payouts: [], uploads: [] });
    expect(wrongOutcome).toEqual([]);
    expect(unfinishedPayouts).toEqual([]);
    expect(duplicateEvents).toEqual([]);
    expect(missingEvents).toEqual([]);
    expect(receiver.badSignatures).toEqual([]);
    expect(redelivered.every((ms) => ms !== null)).toBe(true);
    expect(victims).toHaveLength(3);
    expect(settled).toHaveLength(3);
    expect(uploads.across).toBeGreaterThan(0);
    expect(logins).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect(figures.provider_callbacks_through_nginx).toBeGreaterThan(0);
    expect(ledger).toBe("balanced");
    // the final logo, served by both nodes from the shared store
    const logo = (await send(`${base}/v1/api/marketplace`, { headers: { "api-key": key } })).json<{ logo: { fileKey: string } | null }>().logo;
    for (const node of [a, b]) expect((await send(`${node.directURL}/files/${logo!.fileKey}`)).status).toBe(200);
  } finally {
    await receiver.close();
    await cluster.stop();
  }
});
