import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, retryDelayMs, retrySchedule } from "./backoff";
import { eventData, eventPayload } from "./events";
import { webhookEvents } from "./schemas";
import { eventIdOf } from "@/lib/deposits/event-sequence";
import { addressProblem, embeddedIPv4, urlProblem } from "./url-safety";
import type { UrlPolicy } from "./settings";

// Pure parts of webhooks: which addresses are refused, the retry schedule, the event body.

const addresses: [string, string | null][] = [
  ["10.0.0.1", "a private address"],
  ["10.255.255.255", "a private address"],
  ["172.16.0.1", "a private address"],
  ["172.31.255.254", "a private address"],
  ["192.168.0.10", "a private address"],
  ["127.0.0.1", "a loopback address"],
  ["127.255.0.9", "a loopback address"],
  ["169.254.169.254", "a link-local address"],
  ["100.64.0.1", "a shared (CGNAT) address"],
  ["100.127.255.255", "a shared (CGNAT) address"],
  ["0.0.0.0", "an unspecified address"],
  ["224.0.0.251", "a multicast address"],
  ["239.255.255.250", "a multicast address"],
  ["255.255.255.255", "a reserved address"],
  ["192.0.2.1", "a reserved address"],
  ["198.18.0.1", "a reserved address"],
  ["::1", "a loopback address"],
  ["::", "an unspecified address"],
  ["fc00::1", "a private address"],
  ["fdff:ffff::1", "a private address"],
  ["fe80::1%eth0", "a link-local address"],
  ["febf::1", "a link-local address"],
  ["ff02::fb", "a multicast address"],
  ["2001:db8::1", "a reserved address"],
  ["::ffff:127.0.0.1", "a loopback address"],
  ["::ffff:7f00:1", "a loopback address"],
  ["::ffff:10.0.0.1", "a private address"],
  ["::ffff:169.254.169.254", "a link-local address"],
  ["::127.0.0.1", "a loopback address"],
  ["64:ff9b::192.168.0.1", "a private address"],
  ["2002:7f00:1::", "a loopback address"], // 6to4 of 127.0.0.1
  // public
  ["93.184.216.34", null],
  ["8.8.8.8", null],
  ["100.63.255.255", null],
  ["100.128.0.0", null],
  ["172.15.255.255", null],
  ["172.32.0.0", null],
  ["169.253.255.255", null],
  ["2606:2800:220:1:248:1893:25c8:1946", null],
  ["::ffff:93.184.216.34", null],
  ["64:ff9b::8.8.8.8", null],
];

describe("addressProblem", () => {
  for (const [address, problem] of addresses) {
    it(`${address} → ${problem ?? "public"}`, () => {
      expect(addressProblem(address)).toBe(problem);
    });
  }

  it("reads the IPv4 address inside IPv6 forms that carry one", () => {
    expect(["::ffff:7f00:1", "::ffff:127.0.0.1", "::7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::1", "::1", "fe80::1"].map(embeddedIPv4)).toEqual([
      "127.0.0.1",
      "127.0.0.1",
      "127.0.0.1",
      "127.0.0.1",
      "127.0.0.1",
      null,
      null,
    ]);
  });
});

describe("urlProblem", () => {
  const strict: UrlPolicy = { allowPrivate: false, requireHttps: false, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };
  const open: UrlPolicy = { allowPrivate: true, requireHttps: false, resolve: strict.resolve };
  const production: UrlPolicy = { ...strict, requireHttps: true };

  const cases: [string, UrlPolicy, string | null][] = [
    ["http://127.0.0.1:3000/", open, null],
    ["http://localhost/", open, null],
    ["http://127.0.0.1:3000/", strict, "must be a public address: 127.0.0.1 is a loopback address"],
    ["http://[::ffff:127.0.0.1]/", strict, "must be a public address: ::ffff:7f00:1 is a loopback address"],
    ["http://0x7f.1/", strict, "must be a public address: 127.0.0.1 is a loopback address"],
    ["http://loopback.test./", strict, "must be a public address: loopback.test resolves to 127.0.0.1, a loopback address"],
    ["http://93.184.216.34/", production, "must use https"],
    ["https://93.184.216.34/", production, null],
    ["ftp://93.184.216.34/", open, "must be an absolute http(s) URL"],
    ["not a url", open, "must be an absolute http(s) URL"],
  ];
  for (const [url, policy, problem] of cases) {
    it(`${url} (${policy === open ? "private allowed" : policy === production ? "production" : "private refused"}) → ${problem ?? "ok"}`, async () => {
      expect(await urlProblem(url, policy)).toBe(problem);
    });
  }

  it("accepts a name whose lookup fails or hangs (every delivery checks again)", async () => {
    const failing: UrlPolicy = { ...strict, resolve: async () => Promise.reject(new Error("ENOTFOUND")) };
    expect(await urlProblem("https://typo.test/", failing)).toBeNull();
  });
});

describe("retry schedule", () => {
  it("doubles from 5 s for 15 attempts: about 22.8 hours in all", () => {
    const schedule = retrySchedule();
    expect(schedule).toHaveLength(MAX_ATTEMPTS - 1);
    expect(schedule.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(schedule.at(-1)).toBe(5_000 * 2 ** 13);
    const hours = schedule.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(22);
    expect(hours).toBeLessThan(23);
  });

  it("jitters each wait by ±20 %", () => {
    expect([retryDelayMs(1, () => 0), retryDelayMs(1, () => 0.999999), retryDelayMs(3, () => 0.5)]).toEqual([4_000, 6_000, 20_000]);
  });
});

describe("event body", () => {
  it("names an outbox event evt_ + its id in hex", () => {
    expect(eventIdOf("0195a2b4-7c3d-7e8f-9a0b-1c2d3e4f5a6b")).toBe("evt_0195a2b47c3d7e8f9a0b1c2d3e4f5a6b");
  });

  it("puts data in the documented order, unknown keys last", () => {
    const data = { phone_number: "237670000000", zzz: 1, status: "success", amount: 5000, track_id: "TRK1", gateway_id: "g", order_id: "" };
    const documented = Object.keys(webhookEvents["payment.succeeded"].shape.data.shape).filter((key) => Object.hasOwn(data, key));
    expect(Object.keys(eventData("payment.succeeded", data))).toEqual([...documented, "zzz"]);
    expect(
      eventPayload({ id: "evt_1", type: "payment.failed", createdAt: new Date("2026-11-22T10:15:30.123Z"), sequence: 2, data: { status: "failed" } }),
    ).toBe('{"id":"evt_1","type":"payment.failed","created_at":"2026-11-22T10:15:30.123Z","sequence":2,"data":{"status":"failed"}}');
  });
});
