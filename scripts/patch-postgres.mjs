// Run by `npm install` / `npm ci` (package.json "postinstall"): mends a defect of the postgres.js
// driver (3.4.9, the newest release) that takes the whole process down when a database connection
// closes while a small write is queued. The driver batches writes under 1 KB behind setImmediate;
// once the connection has closed (`socket = null`), a write scheduled after it throws
// "Cannot read properties of null (reading 'write')" from the immediate, where no caller can catch
// it (upstream issues porsager/postgres#1154 and #1208; the fix proposed in PR #1209 is the one
// applied here). Teardown also cancels the timer without forgetting it, so a connection reused
// after a close could never flush a small write again: the timer is forgotten with its chunk.
//
// Seen here: the server exited with code 1 in the database-outage test (lib/db/outage.test.ts)
// when PostgreSQL stopped answering under load. lib/db/driver-patch.test.ts checks the installed
// driver carries this mend and that a reserved connection whose backend dies fails its next query
// with a catchable error instead of ending the process.
//
// Idempotent; a driver whose code no longer has the defective lines (a fixed release) is left alone
// with a note, and the test above then says whether it still needs this.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* kola: nextWrite guarded */";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const driver = path.join(root, "node_modules", "postgres");

const mends = [
  {
    // a write after the socket is gone settles its queries with CONNECTION_CLOSED instead of throwing
    from: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    to:
      `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n` +
      `      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n` +
      "    const x = socket.write(chunk, fn)",
  },
  {
    // teardown forgets the cancelled timer and its chunk (terminate() and closed() alike)
    from: "    clearImmediate(nextWriteTimer)\n",
    to: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n",
    all: true,
  },
];

if (!fs.existsSync(driver)) process.exit(0); // not installed (a partial install): nothing to mend

for (const flavour of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(driver, flavour, "connection.js");
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  if (!mends.every((m) => text.includes(m.from))) {
    console.warn(`patch-postgres: ${path.relative(root, file)} no longer has the lines this mends; left as it is`);
    continue;
  }
  for (const m of mends) text = m.all ? text.split(m.from).join(m.to) : text.replace(m.from, m.to);
  fs.writeFileSync(file, text);
}
