// Child process of lib/db/driver-patch.test.ts: a reserved postgres.js connection whose backend is
// terminated, then small queries on it. Prints one JSON line: what each query did, or "uncaught"
// when the driver threw where nothing could catch it (the process then exits 3).
import postgres from "postgres";

const url = process.argv[2];
process.on("uncaughtException", (error) => {
  process.stdout.write(`${JSON.stringify({ uncaught: error.message })}\n`);
  process.exit(3);
});
const admin = postgres(url, { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 1, onnotice: () => {} });
const reserved = await sql.reserve();
const [{ pid }] = await reserved`select pg_backend_pid() as pid`;
await admin`select pg_terminate_backend(${pid})`;
const outcomes = [];
for (let i = 0; i < 3; i++) {
  outcomes.push(await reserved`select 1`.then(() => "answered", (error) => `rejected ${error.code}`));
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stdout.write(`${JSON.stringify({ outcomes })}\n`);
process.exit(0); // the dead reserved connection never ends cleanly; the process does
