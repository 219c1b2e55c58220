// `npm run cluster:demo` (after `npm run build`): two Kola nodes behind nginx, sharing PostgreSQL
// through PgBouncer (transaction mode), Redis and an S3-compatible store, all on 127.0.0.1 and all
// stopped by Ctrl-C (the demo database is dropped then). Needs Debian's nginx and pgbouncer, a
// PostgreSQL server (CLUSTER_ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and Redis (REDIS_URL, default redis://127.0.0.1:6379).
import { createAccount } from "../../e2e/support/kola-server";
import { startCluster } from "./cluster";

const cluster = await startCluster();
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write("\nstopping the nodes, nginx, PgBouncer and the object store…\n");
  await cluster.stop();
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  const password = "kola-cluster-demo";
  const account = await createAccount(
    { ...process.env, ...cluster.env, DATABASE_URL: cluster.directDatabaseUrl, DATABASE_POOLER: "" },
    { email: "demo@kola.test", password, business: "Boutique Cluster" },
  );
  const [a, b] = cluster.nodes;
  process.stdout.write(
    [
      "",
      "  Kola on two nodes",
      `  balancer   ${cluster.baseURL}   (nginx, round robin)`,
      `  node a     ${a!.directURL}   data ${a!.dataDir}`,
      `  node b     ${b!.directURL}   data ${b!.dataDir}`,
      `  database   ${cluster.env.DATABASE_URL} (PgBouncer, transaction mode)`,
      `  files      ${cluster.env.S3_ENDPOINT}/${cluster.env.S3_BUCKET} (S3-compatible, path-style)`,
      `  redis      ${cluster.env.REDIS_URL}`,
      `  dashboard  ${cluster.baseURL}/login  ${account.email} / ${password}`,
      `  test key   ${account.api_key}`,
      "",
      `  try: curl -s ${cluster.baseURL}/v1/gateway -H "api-key: ${account.api_key}" -H 'content-type: application/json' -d '{"amount": 5000, "shop_name": "Ma Boutique"}'`,
      `  logs: ${a!.logFile} and ${b!.logFile}`,
      "  Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
} catch (error) {
  process.stderr.write(`cluster demo: ${(error as Error).message}\n`);
  await stop(1);
}
