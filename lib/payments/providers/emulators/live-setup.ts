import net from "node:net";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash, type Auth } from "@/lib/accounts/queries";
import { newAccount } from "@/lib/test/api";

// What the tests of live payments share: a merchant acting in live mode, and an address nothing
// listens on (a provider that is down: connections refused before a byte is sent).

export async function liveAuth(country: Parameters<typeof newAccount>[0] = "CMR"): Promise<Auth> {
  const { key } = await newAccount(country);
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" };
}

export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
