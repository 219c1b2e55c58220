import { describe, expect, it } from "vitest";
import { jsonResponse, jsonTextOf } from "./json-response";

// jsonResponse makes a real Response without a body stream (the stream is made on first read):
// whoever reads it (Next.js, a test, idempotency) must see exactly what Response.json would give.

describe("jsonResponse", () => {
  const make = () => jsonResponse({ shop_name: "Boutique Awa à Douala", amount: 5000 }, { status: 201, headers: { "x-a": "1" } });
  const text = '{"shop_name":"Boutique Awa à Douala","amount":5000}';

  it("is a Response with its status, headers and JSON content type", () => {
    const response = make();
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.ok, response.statusText, response.type]).toEqual([201, true, "", "default"]);
    expect(Object.fromEntries(response.headers)).toEqual({ "content-type": "application/json", "x-a": "1" });
    expect(jsonResponse(null, { headers: { "content-type": "application/problem+json" } }).headers.get("content-type")).toBe("application/problem+json");
  });

  it("reads as Response.json's body would, once, by every body member", async () => {
    const reference = Response.json({ shop_name: "Boutique Awa à Douala", amount: 5000 });
    expect(await make().text()).toBe(await reference.text());
    expect(await make().json()).toEqual({ shop_name: "Boutique Awa à Douala", amount: 5000 });
    expect(new TextDecoder().decode(await make().arrayBuffer())).toBe(text);
    expect(new TextDecoder().decode(await make().bytes())).toBe(text);
    expect(await (await make().blob()).text()).toBe(text);

    const response = make();
    expect(response.bodyUsed).toBe(false);
    expect(jsonTextOf(response)).toBe(text);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    expect(jsonTextOf(response)).toBeUndefined(); // read: the dispatcher must not write it again
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("gives its body as a stream, as Next.js reads it (and re-wraps it)", async () => {
    const response = make();
    const rewrapped = new Response(response.body, { status: response.status, headers: response.headers });
    expect(response.bodyUsed).toBe(false); // a stream handed on is not read yet
    expect([rewrapped.status, await rewrapped.text()]).toEqual([201, text]);
    expect(response.bodyUsed).toBe(true);
  });

  it("clones: the clone reads alike, and the original is still unread", async () => {
    const response = make();
    const clone = response.clone();
    expect([clone.status, clone.headers.get("x-a"), await clone.text()]).toEqual([201, "1", text]);
    expect([response.bodyUsed, await response.text()]).toEqual([false, text]);
  });

  it("refuses what has no JSON form", () => {
    expect(() => jsonResponse(undefined)).toThrow(TypeError);
  });

  it("is not mistaken for another Response's text", () => {
    expect(jsonTextOf(Response.json({ a: 1 }))).toBeUndefined();
    expect(jsonTextOf(new Response("x"))).toBeUndefined();
  });
});
