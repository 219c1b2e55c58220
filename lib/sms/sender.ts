// What sending one SMS is, whoever carries it: a text to a number, and one error type that says
// whether the message may have left. The notifier (lib/notifications/send.ts) sends each SMS at
// most once: only an error that proves nothing was handed over is ever tried again.

export interface SmsSender {
  readonly name: string;
  /** `to`: E.164 digits without `+` (`237670000000`); `text`: GSM-7, one SMS (./text.ts). */
  send(to: string, text: string): Promise<{ messageId?: string }>;
}

/**
 * A send that failed. `handedOver`: `no` when the provider refused it with an answer (4xx, 5xx) or
 * no connection was made, so nothing can have left; `unknown` when the request may have reached the
 * provider (a timeout, the connection lost after the request was written, an answer we cannot
 * read). `final`: a refusal that will not pass later (no credit, an invalid number): not retried.
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly handedOver: "no" | "unknown",
    readonly final: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SmsError";
  }
}
