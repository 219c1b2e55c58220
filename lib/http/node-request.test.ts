import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { nodeHeaders } from "./node-request";

// The dispatcher's request headers answer get/has from Node's header object and become a real
// Headers for anything else: whatever a route reads must be what the Headers built from the same
// object would say.

const raw = (): IncomingHttpHeaders => ({
  host: "127.0.0.1:3000",
  "api-key": "kola_test_x",
  "content-type": "application/json",
  accept: "application/json, text/plain",
  "set-cookie": ["a=1", "b=2"],
  "x-request-id": "req-1",
});

function reference(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

describe("nodeHeaders", () => {
  it.each([
    ["api-key"],
    ["API-Key"],
    ["Content-Type"],
    ["accept"],
    ["set-cookie"],
    ["x-request-id"],
    ["missing"],
  ])("get(%s) and has() answer as Headers does", (name) => {
    const headers = nodeHeaders(raw());
    expect([headers.get(name), headers.has(name)]).toEqual([reference(raw()).get(name), reference(raw()).has(name)]);
  });

  it("iterates, spreads and reads cookies as Headers does", () => {
    const headers = nodeHeaders(raw());
    expect([...headers]).toEqual([...reference(raw())]);
    expect(Object.fromEntries(headers.entries())).toEqual(Object.fromEntries(reference(raw()).entries()));
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(String(headers)).toBe("[object Headers]");
  });

  it("sees its own changes once changed, and leaves Node's object alone", () => {
    const source = raw();
    const headers = nodeHeaders(source);
    headers.set("api-key", "other");
    headers.append("accept", "text/html");
    headers.delete("x-request-id");
    expect([headers.get("api-key"), headers.get("accept"), headers.has("x-request-id")]).toEqual(["other", "application/json, text/plain, text/html", false]);
    expect(source["api-key"]).toBe("kola_test_x");
  });

  it("makes a fetch Request with the same headers", () => {
    const request = new Request("http://127.0.0.1:3000/v1/gateway", { headers: nodeHeaders(raw()) });
    expect([...request.headers]).toEqual([...new Request("http://127.0.0.1:3000/v1/gateway", { headers: reference(raw()) }).headers]);
  });
});
