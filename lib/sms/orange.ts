import { setting } from "@/lib/runtime/config";
import { SmsError, type SmsSender } from "./sender";

// Orange's "SMS Africa and Middle East" API (developer.orange.com/apis/sms/getting-started; the
// examples we read are kept in test/fixtures/sms/orange/, test/emulators/orange-sms.ts answers
// like them). Two calls:
//   POST {base}/oauth/v3/token, `Authorization: Basic …` (the app's authorization header), form
//        grant_type=client_credentials → {"token_type":"Bearer","access_token":…,"expires_in":"3600"}
//   POST {base}/smsmessaging/v1/outbound/tel%3A%2B{sender}/requests, `Authorization: Bearer …`,
//        {"outboundSMSMessageRequest":{"address":"tel:+{to}","senderAddress":"tel:+{sender}",
//        "senderName"?: a registered name,"outboundSMSTextMessage":{"message":…}}} → 201, the request
//        echoed with its resourceURL (…/requests/{id}: our messageId).
// The token is kept in this process until a minute before it expires; a 401 on a send (expired or
// revoked token) gets a new token and tries once more: a 401 means the request was refused, so
// nothing left. Orange takes no idempotency key: a send whose answer is lost may have left, and is
// never sent again by us (SmsError handedOver `unknown`).

const TIMEOUT_MS = 15_000;
const EARLY_MS = 60_000;

type Token = { value: string; expiresAt: number };
const tokens = new Map<string, Token>();

/** Errors of fetch (undici) that happen before a request is written: nothing reached the provider. */
const CONNECT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT", "ERR_TLS_CERT_ALTNAME_INVALID", "CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"]);

function causeCode(error: unknown): string | undefined {
  let e = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string") return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A fetch that failed with no answer: before connecting (nothing sent) or after (unknown). */
function transportError(error: unknown, what: string): SmsError {
  const code = causeCode(error);
  const name = (error as Error)?.name;
  if (code && CONNECT_CODES.has(code)) return new SmsError(`${what}: could not connect (${code})`, "no", false);
  if (name === "TimeoutError" || name === "AbortError") return new SmsError(`${what}: no answer within ${TIMEOUT_MS / 1000} s`, "unknown", false);
  return new SmsError(`${what}: connection lost (${code ?? name ?? "error"})`, "unknown", false);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 200);
  }
}

/** Orange's error words, whichever of its shapes the answer has (gateway `{code,message,description}`, OneAPI `requestError`). */
function errorWords(body: unknown): string {
  if (typeof body === "string") return body;
  const b = body as { message?: string; description?: string; requestError?: Record<string, { messageId?: string; text?: string; variables?: unknown }> } | null;
  const exception = b?.requestError && Object.values(b.requestError)[0];
  if (exception) return [exception.messageId, exception.text, JSON.stringify(exception.variables ?? "")].filter(Boolean).join(" ");
  return [b?.message, b?.description].filter(Boolean).join(": ") || JSON.stringify(body).slice(0, 200);
}

export type OrangeSettings = { baseUrl: string; authorization: string; senderNumber: string; senderName?: string };

export function orangeSettings(): OrangeSettings {
  return {
    baseUrl: setting("ORANGE_SMS_BASE_URL"),
    authorization: setting("ORANGE_SMS_AUTHORIZATION"),
    senderNumber: setting("ORANGE_SMS_SENDER_NUMBER"),
    senderName: setting("ORANGE_SMS_SENDER_NAME"),
  };
}

export class OrangeSmsSender implements SmsSender {
  readonly name = "orange";
  constructor(private readonly settings: OrangeSettings = orangeSettings()) {}

  private get cacheKey() {
    return `${this.settings.baseUrl} ${this.settings.authorization}`;
  }

  /** The cached token, or a new one. Any failure here sent no SMS: handedOver `no`. */
  async token(now = Date.now()): Promise<string> {
    const cached = tokens.get(this.cacheKey);
    if (cached && cached.expiresAt - EARLY_MS > now) return cached.value;
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}/oauth/v3/token`, {
        method: "POST",
        headers: { authorization: this.settings.authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "grant_type=client_credentials",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const e = transportError(error, "Orange token");
      throw new SmsError(e.message, "no", false); // no SMS was sent, whatever happened to the token request
    }
    const body = (await readJson(response).catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== "string") {
      throw new SmsError(`Orange token refused (${response.status}): ${errorWords(body)}`, "no", false, response.status);
    }
    const seconds = Number(body.expires_in); // "3600" in the documented answer, a number in others
    const token = { value: body.access_token, expiresAt: now + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000 };
    tokens.set(this.cacheKey, token);
    return token.value;
  }

  async send(to: string, text: string): Promise<{ messageId?: string }> {
    const first = await this.post(to, text, await this.token());
    if (first.status !== 401) return this.read(first);
    tokens.delete(this.cacheKey); // expired or revoked: a new token, one more try
    return this.read(await this.post(to, text, await this.token()));
  }

  private async post(to: string, text: string, token: string): Promise<{ status: number; body: unknown }> {
    const sender = this.settings.senderNumber;
    const request = {
      outboundSMSMessageRequest: {
        address: `tel:+${to}`,
        senderAddress: `tel:+${sender}`,
        ...(this.settings.senderName ? { senderName: this.settings.senderName } : {}),
        outboundSMSTextMessage: { message: text },
      },
    };
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}/smsmessaging/v1/outbound/${encodeURIComponent(`tel:+${sender}`)}/requests`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw transportError(error, "Orange SMS");
    }
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      // the status line came, the body was lost: a 2xx may have been sent
      if (response.ok) throw transportError(error, "Orange SMS answer");
      body = null;
    }
    return { status: response.status, body };
  }

  private read({ status, body }: { status: number; body: unknown }): { messageId?: string } {
    if (status >= 200 && status < 300) {
      const url = (body as { outboundSMSMessageRequest?: { resourceURL?: unknown } } | null)?.outboundSMSMessageRequest?.resourceURL;
      return typeof url === "string" ? { messageId: url.split("/").pop() } : {};
    }
    // 400 (an invalid address or body) and 403 (no bundle left, no right to this country or sender
    // name) will not pass later; 401 twice, 429 and 5xx may
    const final = status === 400 || status === 403 || status === 404;
    throw new SmsError(`Orange SMS refused (${status}): ${errorWords(body)}`, "no", final, status);
  }
}

/** Forgets the cached tokens (tests). */
export function forgetOrangeTokens(): void {
  tokens.clear();
}
