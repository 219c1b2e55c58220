import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetOrangeTokens, OrangeSmsSender } from "@/lib/sms/orange";
import { SmsError } from "@/lib/sms/sender";
import { serve, type Served } from "@/test/emulators/serve";
import { startOrangeSmsEmulator, type OrangeSmsEmulator } from "@/test/emulators/orange-sms";

// Our Orange adapter against the published examples (test/fixtures/sms/orange/, SOURCES.md): the
// requests it makes have the examples' method, path, headers and body, with our values where the
// examples have placeholders; it reads every answer the fixtures hold.

const read = (name: string) => fs.readFileSync(new URL(`../fixtures/sms/orange/${name}`, import.meta.url), "utf8");
const AUTH = "Basic Y2xpZW50OnNlY3JldA==";
const SENDER = "2250700000000";
const TO = "2250711223344";

/** The lines of a published `curl`: its URL, its -H headers (lower-case names) and its -d body. */
function curl(text: string) {
  const joined = text.replace(/\\\n/g, " ");
  const headers = Object.fromEntries([...joined.matchAll(/-H "([^:]+): ([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  const body = /-d (?:'([^']*)'|"([^"]*)")/.exec(joined);
  const url = /(https:\/\/api\.orange\.com\/\S+?)"?(?:\s|$)/.exec(joined)![1]!;
  return { headers, body: body![1] ?? body![2]!, url };
}

let emulator: OrangeSmsEmulator;
let sender: OrangeSmsSender;
beforeAll(async () => {
  emulator = await startOrangeSmsEmulator({ authorization: AUTH, senderNumber: SENDER });
  sender = new OrangeSmsSender({ baseUrl: emulator.url, authorization: AUTH, senderNumber: SENDER });
});
afterAll(() => emulator.close());
beforeEach(() => {
  forgetOrangeTokens();
  emulator.received.length = 0;
  emulator.tokenRequests.length = 0;
  emulator.messages.length = 0;
});

describe("the requests, as the published examples make them", () => {
  it("token: POST /oauth/v3/token, the app's authorization header, the form body", async () => {
    await sender.token();
    const published = curl(read("token-request.txt"));
    const [request] = emulator.tokenRequests;
    expect(new URL(published.url).pathname).toBe(request!.path);
    expect(request!.method).toBe("POST");
    expect({ authorization: request!.headers.authorization, "content-type": request!.headers["content-type"], accept: request!.headers.accept }).toEqual({
      ...published.headers,
      authorization: published.headers.authorization!.replace("{{authorization_header}}", AUTH),
    });
    expect(request!.raw).toBe(published.body);
  });

  it("send: the example's path and body with our numbers and text, the bearer token; the messageId from resourceURL", async () => {
    const { messageId } = await sender.send(TO, "Bonjour");
    const published = curl(read("send-request.txt"));
    const request = emulator.received.find((r) => r.path.startsWith("/smsmessaging"))!;
    const placeholders = (text: string) => text.replaceAll("{{dev_phone_number}}", SENDER).replaceAll("{{recipient_phone_number}}", TO).replace('"Hello!"', '"Bonjour"');
    // the path as the example writes it, encoded (tel%3A%2B…)
    expect(request.path).toBe(new URL(placeholders(published.url)).pathname);
    expect(JSON.parse(request.raw)).toEqual(JSON.parse(placeholders(published.body).replace(/\\/g, "")));
    expect(request.headers["content-type"]).toBe(published.headers["content-type"]);
    expect(request.headers.authorization).toMatch(/^Bearer [0-9a-f-]{36}$/);
    expect(messageId).toBe(emulator.messages[0]!.id);
    expect(emulator.messages).toEqual([{ to: TO, from: SENDER, message: "Bonjour", id: messageId }]);
  });

  it("a registered sender name, when set, as senderName", async () => {
    await new OrangeSmsSender({ baseUrl: emulator.url, authorization: AUTH, senderNumber: SENDER, senderName: "KOLA" }).send(TO, "Bonjour");
    const request = emulator.received.find((r) => r.path.startsWith("/smsmessaging"))!;
    expect(JSON.parse(request.raw)).toEqual({
      outboundSMSMessageRequest: { address: `tel:+${TO}`, senderAddress: `tel:+${SENDER}`, senderName: "KOLA", outboundSMSTextMessage: { message: "Bonjour" } },
    });
  });
});

describe("the published answers, read", () => {
  let fake: Served;
  let answers: Record<string, { status: number; body: unknown }>;
  beforeAll(async () => {
    fake = await serve((req) => answers[req.path.startsWith("/oauth") ? "token" : "send"]!);
  });
  afterAll(() => fake.close());
  const at = () => new OrangeSmsSender({ baseUrl: fake.url, authorization: AUTH, senderNumber: SENDER });

  it("the token answer as published (expires_in a string) and as recorded (a number); the 201 answer as recorded", async () => {
    for (const token of ["token.json", "token-numeric-expiry.json"]) {
      forgetOrangeTokens();
      answers = { token: { status: 200, body: JSON.parse(read(token)) }, send: { status: 201, body: JSON.parse(read("send-created.json")) } };
      const now = Date.now();
      const value = await at().token(now);
      expect(value).toBe(JSON.parse(read(token)).access_token);
      expect(await at().send(TO, "Bonjour")).toEqual({ messageId: "487d897d-093c-4588-916a-78dd6bb542ec" });
    }
  });

  it("the token is kept until a minute before it expires (3600 s), then asked again", async () => {
    answers = { token: { status: 200, body: JSON.parse(read("token.json")) }, send: { status: 201, body: JSON.parse(read("send-created.json")) } };
    fake.received.length = 0;
    const now = Date.now();
    await at().token(now);
    await at().token(now + 3_539_000);
    expect(fake.received.length).toBe(1);
    await at().token(now + 3_541_000);
    expect(fake.received.length).toBe(2);
  });

  it("the error answers: 401 twice → not final (nothing left, retried later); 403 and 400 → final", async () => {
    const cases = [
      ["error-401-expired.json", 401, false],
      ["error-403-policy.json", 403, true],
      ["error-400-address.json", 400, true],
    ] as const;
    for (const [file, status, final] of cases) {
      forgetOrangeTokens();
      answers = { token: { status: 200, body: JSON.parse(read("token.json")) }, send: { status, body: JSON.parse(read(file)) } };
      const error = (await at().send(TO, "Bonjour").catch((e: unknown) => e)) as SmsError;
      expect(error).toBeInstanceOf(SmsError);
      expect([error.status, error.handedOver, error.final]).toEqual([status, "no", final]);
    }
  });
});

describe("the emulator's errors on demand, through the adapter", () => {
  it("an expired token: a new token, the SMS sent once", async () => {
    await sender.send(TO, "un");
    emulator.expireTokens();
    await sender.send(TO, "deux");
    expect(emulator.tokenRequests.length).toBe(2);
    expect(emulator.messages.map((m) => m.message)).toEqual(["un", "deux"]);
  });

  it("no bundle, an invalid address: refused for good; a dropped connection: unknown; refused connections: nothing left", async () => {
    emulator.failNext.push("no-bundle", "invalid-address", "drop");
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const e = (await sender.send(TO, "x").catch((error: unknown) => error)) as SmsError;
      outcomes.push([e.status ?? null, e.handedOver, e.final]);
    }
    await emulator.setRefusing(true);
    const refused = (await sender.send(TO, "x").catch((error: unknown) => error)) as SmsError;
    await emulator.setRefusing(false);
    outcomes.push([refused.status ?? null, refused.handedOver, refused.final]);
    expect(outcomes).toEqual([
      [403, "no", true],
      [400, "no", true],
      [null, "unknown", false],
      [null, "no", false],
    ]);
    expect(emulator.messages).toEqual([]);
  });
});
