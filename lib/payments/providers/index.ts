import type { Mode } from "@/lib/accounts/api-keys";
import { ApiError } from "@/lib/http/errors";
import { sandboxProvider } from "./sandbox";
import type { Provider } from "./types";

const providers: Record<string, Provider> = { sandbox: sandboxProvider };

export function providerByName(name: string): Provider | undefined {
  return Object.hasOwn(providers, name) ? providers[name] : undefined;
}

/**
 * Test mode always pays through the sandbox. Live mode needs a live provider configured with
 * LIVE_PROVIDER; none ships with Kola yet, so a live checkout refuses clearly.
 */
export function providerForMode(mode: Mode): Provider {
  if (mode === "test") return sandboxProvider;
  const live = process.env.LIVE_PROVIDER ? providerByName(process.env.LIVE_PROVIDER) : undefined;
  if (!live || live === sandboxProvider) {
    throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE");
  }
  return live;
}
