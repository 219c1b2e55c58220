// Administration CLI (DESIGN §1). Prints one JSON line per command; exits 1 with a message on error.
//   npm run --silent admin -- create-account --email E --password P --business NAME --country CMR
//   npm run --silent admin -- create-key --email E --mode test|live [--name NAME]
import { parseArgs } from "node:util";
import { createAccount, createApiKey } from "@/lib/accounts/create-account";
import { closeDb } from "@/lib/db/client";
import { checkConfig } from "@/lib/runtime/config";
import { scrub } from "@/lib/runtime/log";
import { ValidationError } from "@/lib/core/errors";
import type { Mode } from "@/lib/core/modes";

process.env.LOG_LEVEL ??= "silent";

async function main(): Promise<unknown> {
  checkConfig();
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      business: { type: "string" },
      country: { type: "string" },
      mode: { type: "string" },
      name: { type: "string" },
    },
  });
  switch (command) {
    case "create-account": {
      const { account_id, api_key } = await createAccount({
        email: values.email ?? "",
        password: values.password ?? "",
        business: values.business ?? "",
        country: (values.country ?? "") as "CMR",
      });
      return { account_id, api_key };
    }
    case "create-key": {
      const { api_key } = await createApiKey({ email: values.email ?? "", mode: values.mode as Mode, name: values.name });
      return { api_key };
    }
    default:
      throw new Error("usage: admin create-account --email E --password P --business NAME --country CMR | create-key --email E --mode test|live");
  }
}

main()
  .then(async (result) => {
    process.stdout.write(JSON.stringify(result) + "\n");
    await closeDb();
  })
  .catch(async (error: unknown) => {
    const message =
      error instanceof ValidationError
        ? error.items.map((i) => `${i.loc.slice(1).join(".")}: ${i.msg}`).join("; ")
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`admin: ${scrub(message)}\n`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
