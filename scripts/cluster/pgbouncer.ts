// PgBouncer (Debian's package) in transaction pooling mode in front of a PostgreSQL server, for the
// tests and the two-node demo: its own config in a temp folder, a free 127.0.0.1 port, run as a
// child in the foreground (stopped with the process that started it), never a system service.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setting } from "@/lib/runtime/config";
import { freePort, waitForPort } from "./ports";

export type PgBouncer = {
  /** postgres://user@127.0.0.1:port — append /<database> (every database of the server is reachable) */
  url: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
};

export const PGBOUNCER_BIN = setting("PGBOUNCER_BIN");


/**
 * Starts PgBouncer in transaction mode in front of `upstream` (a postgres:// URL whose host, port
 * and user are used; trust or password-less auth, as in CI). `poolSize` server connections per
 * database: keep it small, the PostgreSQL server is shared.
 */
export async function startPgBouncer(options: { upstream: string; poolSize?: number; maxClients?: number }): Promise<PgBouncer> {
  if (!fs.existsSync(PGBOUNCER_BIN)) throw new Error(`${PGBOUNCER_BIN} is missing: apt-get install -y pgbouncer`);
  const upstream = new URL(options.upstream);
  const user = decodeURIComponent(upstream.username || "postgres");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-pgbouncer-"));
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      // `psql -h 127.0.0.1 -p <port> pgbouncer -c "show pools"` to look inside
      `admin_users = ${user}`,
      `default_pool_size = ${options.poolSize ?? 8}`,
      `max_client_conn = ${options.maxClients ?? 400}`,
      "server_idle_timeout = 30",
      "log_connections = 0",
      "log_disconnections = 0",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: drop to the database's OS user (CI and this machine run as root)
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim();
    if (owner) for (const file of ["", "users.txt", "pgbouncer.ini"]) fs.chownSync(path.join(dir, file), Number(owner), Number(owner));
  }
  const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;
  await waitForPort(port, "pgbouncer", () => {
    if (child.exitCode === null) return null;
    const log = path.join(dir, "pgbouncer.log");
    return `code ${child.exitCode}: ${stderr}${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""}`;
  });
  return {
    url,
    port,
    dir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGINT"); // immediate shutdown: clients are disconnected
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
