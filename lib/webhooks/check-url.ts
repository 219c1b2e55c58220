import { ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { urlPolicy } from "./settings";
import { urlRefusal } from "./url-safety";

/**
 * 422 on ["body","url"] when the URL may not receive webhooks here (https, public address). The
 * item's `ctx` says why as data (`reason`, and the host and address refused) for clients to word.
 */
export async function assertReceiverUrl(url: string): Promise<void> {
  const refusal = await urlRefusal(url, urlPolicy());
  if (!refusal) return;
  // pydantic's value_error (`ctx.error` the words) with why as data beside it
  const { message, ...why } = refusal;
  const refused = valueError(["body", "url"], message);
  throw new ValidationError([{ ...refused, ctx: { ...refused.ctx, ...why } }]);
}
