// Two Kola nodes behind nginx, sharing PostgreSQL (through PgBouncer in transaction mode), Redis
// and an S3-compatible store: what `npm run cluster:demo` starts and e2e/cluster/ tests under
// faults. Each node is `npm start` (production build) with a data folder of its own.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { setting } from "@/lib/runtime/config";
import { freePort, startServer, type KolaServer } from "../../e2e/support/kola-server";
import { startNginx, type Nginx } from "./nginx";
import { startPgBouncer, type PgBouncer } from "./pgbouncer";
import { startS3Server, type S3Server } from "./s3-server";

export type ClusterNode = {
  name: string;
  port: number;
  /** http://127.0.0.1:port: this node alone, past the balancer */
  directURL: string;
  dataDir: string;
  logFile: string;
  running: () => boolean;
  /** SIGKILL to the node's whole process group (npm, the primary, its workers): a machine lost */
  kill: () => Promise<void>;
  /** `npm start` again on the same port and data folder; resolves once /healthz answers */
  restart: () => Promise<void>;
};

export type Cluster = {
  /** nginx: what buyers, merchants and providers reach */
  baseURL: string;
  nodes: ClusterNode[];
  /** the environment every node runs with (secrets included: tests only) */
  env: Record<string, string>;
  /** the database, directly (the admin CLI, checks) */
  directDatabaseUrl: string;
  /** nginx's access log (`status|method|path|upstreams tried` per line), when asked for */
  accessLog?: string;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  /** a PostgreSQL server URL with the right to create databases; a fresh database is made there */
  adminDatabaseUrl?: string;
  redisUrl?: string;
  /** `next start` workers per node (WEB_CONCURRENCY) */
  workersPerNode?: number;
  /** more settings for both nodes (e.g. DEPOSIT_EXPIRY_SECONDS) */
  env?: Record<string, string>;
  /** where logs and data go (kept); a temp folder removed at stop by default */
  dir?: string;
  /** keep nginx's access log (tests count requests per node) */
  accessLog?: boolean;
};

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const adminUrl = options.adminDatabaseUrl ?? setting("CLUSTER_ADMIN_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "kola-cluster-"));
  fs.mkdirSync(dir, { recursive: true });
  const cleanups: (() => Promise<void>)[] = [];
  if (!options.dir) cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = `kola_cluster_${randomBytes(5).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    cleanups.push(async () => {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    const direct = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

    const bouncer: PgBouncer = await startPgBouncer({ upstream: adminUrl });
    cleanups.push(bouncer.stop);
    const s3: S3Server = await startS3Server({ directory: fs.mkdtempSync(path.join(dir, "s3-")) });
    cleanups.push(s3.stop);

    const ports = [await freePort(), await freePort()];
    const nginx: Nginx = await startNginx(ports, { accessLog: options.accessLog });
    cleanups.push(nginx.stop);

    const env: Record<string, string> = {
      DATABASE_URL: `${bouncer.url}/${database}`,
      DATABASE_POOLER: "transaction",
      DATABASE_MIGRATION_URL: direct,
      // client connections to PgBouncer are cheap; its default_pool_size caps those to PostgreSQL
      DATABASE_POOL_SIZE: "20",
      REDIS_URL: options.redisUrl ?? setting("REDIS_URL") ?? "redis://127.0.0.1:6379",
      ...s3.env,
      TRUST_PROXY: "1",
      PUBLIC_BASE_URL: nginx.url,
      // the sandbox provider's callbacks reach the cluster through the balancer, as a provider's do
      INTERNAL_BASE_URL: nginx.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
      WEB_CONCURRENCY: String(options.workersPerNode ?? 1),
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      ...options.env,
    };

    const nodes = ["a", "b"].map((name, i) => node(name, ports[i]!, path.join(dir, `node-${name}`), env));
    cleanups.push(async () => {
      await Promise.all(nodes.map((n) => n.stopGracefully()));
    });
    // both at once: they race for the migrations (one applies them under the advisory lock)
    await Promise.all(nodes.map((n) => n.restart()));
    return { baseURL: nginx.url, nodes, env, directDatabaseUrl: direct, accessLog: nginx.accessLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function node(name: string, port: number, dataDir: string, env: Record<string, string>): ClusterNode & { stopGracefully: () => Promise<void> } {
  fs.mkdirSync(dataDir, { recursive: true });
  let server: KolaServer | undefined;
  let runs = 0;
  const logFile = () => path.join(dataDir, `server-${runs}.log`);
  return {
    name,
    port,
    directURL: `http://127.0.0.1:${port}`,
    dataDir,
    get logFile() {
      return logFile();
    },
    running: () => Boolean(server),
    kill: async () => {
      if (!server) return;
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // already gone
      }
      await server.exited;
      server = undefined;
    },
    restart: async () => {
      runs++;
      server = await startServer({ env: { ...process.env, ...env, DATA_DIR: dataDir }, port, logFile: logFile(), npmStart: true, readyTimeoutMs: 120_000 });
    },
    stopGracefully: async () => {
      await server?.stop(15_000);
      server = undefined;
    },
  };
}
