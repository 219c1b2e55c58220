// nginx (Debian's package) as the load balancer of the two-node demo and test: a config written into
// a temp folder, run as a child in the foreground (`daemon off`) on a free 127.0.0.1 port.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setting } from "@/lib/runtime/config";
import { freePort, waitForPort } from "./ports";

export const NGINX_BIN = setting("NGINX_BIN");

export type Nginx = { url: string; port: number; dir: string; accessLog?: string; stop: () => Promise<void> };

/**
 * The `http` block the README documents ("Past one machine"), for upstreams on `servers`
 * (host:port) and a listener on `listen`. Round robin; each request goes to the next node.
 */
export function nginxHttpBlock(servers: string[], listen: string, files?: { tempDir: string; accessLog?: string }): string {
  const temp = files
    ? ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${path.join(files.tempDir, t)};`).join("\n") + "\n"
    : "";
  const log = files?.accessLog
    ? `  log_format kola '$status|$request_method|$uri|$upstream_addr';\n  access_log ${files.accessLog} kola;\n`
    : "  access_log off;\n";
  return `http {
${log}${temp}  upstream kola {
${servers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 32;
    # idle upstream connections close before Kola's own 65 s keep-alive does
    keepalive_timeout 60s;
  }
  server {
    listen ${listen};
    # Kola refuses bodies past 3 MB itself, with its JSON 413: let them reach it
    client_max_body_size 4m;
    location / {
      proxy_pass http://kola;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Kola reads the client's address from here with TRUST_PROXY=1 (rate limits)
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # a node that refuses or does not connect: the request goes to the next one (a POST only if
      # it was never sent: nginx does not retry non-idempotent requests once they reached a node)
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      # providers are given up to 15 s (PROVIDER_TIMEOUT_MS); streamed lists and exports take longer
      proxy_send_timeout 60s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}


export async function startNginx(upstreamPorts: number[], options: { accessLog?: boolean } = {}): Promise<Nginx> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} is missing: apt-get install -y nginx`);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-nginx-"));
  fs.chmodSync(dir, 0o755);
  const temp = path.join(dir, "temp");
  fs.mkdirSync(temp, { mode: 0o777 });
  fs.chmodSync(temp, 0o777); // the worker processes (user nobody when started as root) write bodies there
  const accessLog = options.accessLog ? path.join(dir, "access.log") : undefined;
  const conf = [
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    nginxHttpBlock(upstreamPorts.map((p) => `127.0.0.1:${p}`), `127.0.0.1:${port}`, { tempDir: temp, accessLog }),
  ].join("\n");
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = spawn(NGINX_BIN, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port, "nginx", () => (child.exitCode === null ? null : `code ${child.exitCode}: ${stderr}`));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    accessLog,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGQUIT"); // graceful: requests in flight finish
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
