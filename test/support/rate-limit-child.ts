// A separate process for lib/http/rate-limit.test.ts: counts `hits` hits of one subject against a
// limit of 10 on the database the environment names, and prints how many got through.
import { closeDb } from "@/lib/db/client";
import { hit, RateLimitedError } from "@/lib/http/rate-limit";

const [subject, hits] = [process.argv[2]!, Number(process.argv[3])];
let allowed = 0;
for (let i = 0; i < hits; i++) {
  try {
    await hit({ name: "test-shared", max: 10, windowMs: 60_000 }, subject);
    allowed++;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
  }
}
await closeDb();
process.stdout.write(JSON.stringify({ allowed }) + "\n");
