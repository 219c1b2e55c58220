import { ValidationError } from "@/lib/http/errors";
import { urlPolicy } from "./settings";
import { urlProblem } from "./url-safety";

/** 422 on ["body","url"] when the URL may not receive webhooks here (https, public address). */
export async function assertReceiverUrl(url: string): Promise<void> {
  const problem = await urlProblem(url, urlPolicy());
  if (problem) throw new ValidationError([{ loc: ["body", "url"], msg: `Value error, ${problem}`, type: "value_error" }]);
}
