import { anyText, field, numberText, urlText } from "./env-field";

// Settings of the tools around Kola (scripts/): the contract emulators and the two-node cluster demo.

const port = (fallback: number) => (raw: string | undefined) => Number(raw || fallback);

export const toolFields = {
  KOLA_URL: field({
    accepts: urlText(/^https?$/),
    read: (raw) => (raw || "http://127.0.0.1:3000").replace(/\/+$/, ""),
    default: "`http://127.0.0.1:3000`",
    expects: "an http(s) URL",
    description: "`npm run emulators`: the Kola server the emulators send their callbacks to",
  }),
  PAWAPAY_EMULATOR_PORT: field({
    accepts: numberText((n) => Number.isInteger(n) && n >= 0 && n <= 65_535),
    read: port(4010),
    default: "`4010`",
    expects: "a TCP port number (0–65535)",
    description: "`npm run emulators`: the pawaPay emulator's port",
  }),
  CINETPAY_EMULATOR_PORT: field({
    accepts: numberText((n) => Number.isInteger(n) && n >= 0 && n <= 65_535),
    read: port(4020),
    default: "`4020`",
    expects: "a TCP port number (0–65535)",
    description: "`npm run emulators`: the CinetPay emulator's port",
  }),
  CLUSTER_ADMIN_DATABASE_URL: field({
    accepts: urlText(/^postgres(ql)?$/),
    read: (raw) => raw,
    default: "`postgres://postgres@127.0.0.1:5432/postgres`",
    expects: "a postgres:// URL",
    description: "`npm run cluster:demo`, `npm run test:cluster`: the PostgreSQL server the cluster's database is made on",
  }),
  NGINX_BIN: field({
    accepts: anyText,
    read: (raw) => raw || "/usr/sbin/nginx",
    default: "`/usr/sbin/nginx`",
    expects: "a path",
    description: "`npm run cluster:demo`, `npm run test:cluster`: the nginx program",
  }),
  PGBOUNCER_BIN: field({
    accepts: anyText,
    read: (raw) => raw || "/usr/sbin/pgbouncer",
    default: "`/usr/sbin/pgbouncer`",
    expects: "a path",
    description: "`npm run cluster:demo`, `npm run test:cluster`: the PgBouncer program",
  }),
};
