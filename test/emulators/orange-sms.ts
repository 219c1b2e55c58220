import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { parseJsonBody, serve, type Answer, type Incoming, type Served } from "./serve";

// A contract emulator of Orange's SMS API (test/fixtures/sms/orange/, SOURCES.md there): the token
// endpoint and the send endpoint, answering in the fixtures' shapes, checking each request as the
// published example makes it, and recording every SMS it accepted. Errors on demand: `failNext`
// answers the next sends with the documented errors (an expired token, no bundle, an invalid
// address, 503) or drops the connection after reading the request; `expireTokens()` makes every
// token issued so far expired (its next use answers 401).

const fixture = (name: string) => JSON.parse(fs.readFileSync(new URL(`../fixtures/sms/orange/${name}`, import.meta.url), "utf8")) as Record<string, unknown>;
const TOKEN = fixture("token.json");
const CREATED = fixture("send-created.json") as { outboundSMSMessageRequest: Record<string, unknown> };
export const ORANGE_ERRORS = {
  "expired-token": { status: 401, body: fixture("error-401-expired.json") },
  "no-bundle": { status: 403, body: fixture("error-403-policy.json") },
  "invalid-address": { status: 400, body: fixture("error-400-address.json") },
  unavailable: { status: 503, body: { code: 5, message: "The service is temporarily unavailable", description: "The service is temporarily unavailable" } },
} as const;
export type OrangeFailure = keyof typeof ORANGE_ERRORS | "drop";

export type OrangeSms = { to: string; from: string; senderName?: string; message: string; id: string };

export type OrangeSmsEmulator = Served & {
  /** the SMS accepted, in order */
  messages: OrangeSms[];
  /** the token requests it answered (their count tells a cached token from a new one) */
  tokenRequests: Incoming[];
  /** the next sends' answers, one each, before the normal ones */
  failNext: OrangeFailure[];
  expireTokens(): void;
};

export type OrangeSmsEmulatorOptions = { authorization: string; senderNumber: string };

const badRequest = (text: string): Answer => ({ status: 400, body: { requestError: { serviceException: { messageId: "SVC0001", text: "A service error occurred. Error code is %1", variables: text } } } });

export async function startOrangeSmsEmulator(options: OrangeSmsEmulatorOptions): Promise<OrangeSmsEmulator> {
  const live = new Set<string>();
  const messages: OrangeSms[] = [];
  const tokenRequests: Incoming[] = [];
  const failNext: OrangeFailure[] = [];

  const served = await serve((req) => {
    if (req.method === "POST" && req.path === "/oauth/v3/token") {
      tokenRequests.push(req);
      if (req.headers.authorization !== options.authorization) return { status: 401, body: { code: 41, message: "Invalid credentials", description: "The requested service needs credentials, but the ones provided were invalid." } };
      if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") || req.raw !== "grant_type=client_credentials") return { status: 400, body: { error: "invalid_request" } };
      const token = randomUUID();
      live.add(token);
      return { status: 200, body: { ...TOKEN, access_token: token } };
    }
    const send = /^\/smsmessaging\/v1\/outbound\/([^/]+)\/requests$/.exec(req.path);
    if (req.method === "POST" && send) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!token || !live.has(token)) return ORANGE_ERRORS["expired-token"];
      const failure = failNext.shift();
      if (failure === "drop") return { status: 0, destroy: true };
      if (failure) return ORANGE_ERRORS[failure];
      const body = parseJsonBody(req.raw) as { outboundSMSMessageRequest?: Record<string, unknown> } | undefined;
      const request = body?.outboundSMSMessageRequest;
      if (!request || req.headers["content-type"] !== "application/json") return badRequest("body");
      const keys = Object.keys(request).sort().join(",");
      if (!["address,outboundSMSTextMessage,senderAddress", "address,outboundSMSTextMessage,senderAddress,senderName"].includes(keys)) return badRequest(`fields ${keys}`);
      const from = decodeURIComponent(send[1]!);
      if (from !== `tel:+${options.senderNumber}` || request.senderAddress !== from) return badRequest("senderAddress");
      if (typeof request.address !== "string" || !/^tel:\+[1-9]\d{7,14}$/.test(request.address)) return ORANGE_ERRORS["invalid-address"];
      const text = (request.outboundSMSTextMessage as { message?: unknown } | undefined)?.message;
      if (typeof text !== "string" || text === "") return badRequest("message");
      const id = randomUUID();
      messages.push({ to: request.address.slice(5), from: from.slice(5), message: text, id, ...(typeof request.senderName === "string" ? { senderName: request.senderName } : {}) });
      return {
        status: 201,
        body: {
          outboundSMSMessageRequest: {
            ...CREATED.outboundSMSMessageRequest,
            address: [request.address],
            senderAddress: from,
            ...(request.senderName ? { senderName: request.senderName } : {}),
            outboundSMSTextMessage: { message: text },
            resourceURL: `${served.url}/smsmessaging/v1/outbound/${from}/requests/${id}`,
          },
        },
      };
    }
    return { status: 404, body: { code: 60, message: "Resource not found", description: `${req.method} ${req.path}` } };
  });
  return Object.assign(served, { messages, tokenRequests, failNext, expireTokens: () => live.clear() });
}
