import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as byPathRoute from "@/app/v1/api/deposit/get_transaction/[track_id]/route";
import * as byQueryRoute from "@/app/v1/api/deposit/get_transaction/route";
import * as detailRoute from "@/app/v1/deposits/[track_id]/route";
import * as providerLogRoute from "@/app/v1/deposits/[track_id]/provider-log/route";
import * as previewRoute from "@/app/v1/refunds/preview/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import { deliverCallbacks, depositByTrackId, newLink, payLink, queueSandboxCallbacks } from "@/test/support/money-out";
import { ApiError } from "@/lib/core/errors";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAccount } from "@/test/support/api";
import { isTrackId, normalizeTrackId, trackId } from "@/lib/deposits/track-id";

// One track_id rule (./track-id.ts) read by every endpoint. A track_id typed in
// lower case or pasted with spaces finds the same deposit everywhere, POST /v1/refunds included;
// an unknown one is DEPOSIT_NOT_FOUND everywhere; an empty or overlong one is a 422 everywhere.

describe("the rule", () => {
  it.each([
    ["TRKAGJWMI4SRI4VAJHIOTEI", "TRKAGJWMI4SRI4VAJHIOTEI", true],
    ["trkagjwmi4sri4vajhiotei", "TRKAGJWMI4SRI4VAJHIOTEI", true],
    ["  TrkAgjwmi4sri4vajhiotei\n", "TRKAGJWMI4SRI4VAJHIOTEI", true],
    ["TRKAGJWMI4SRI4VAJHIOTE", "TRKAGJWMI4SRI4VAJHIOTE", false], // 19 characters after TRK
    ["TRKAGJWMI4SRI4VAJHIOTE1", "TRKAGJWMI4SRI4VAJHIOTE1", false], // 1 is not base32
    ["TRK AGJWMI4SRI4VAJHIOTEI", "TRK AGJWMI4SRI4VAJHIOTEI", false],
  ])("%j reads %j (a track_id Kola makes: %s)", (text, normalized, made) => {
    expect([normalizeTrackId(text), trackId.parse(text), isTrackId(text)]).toEqual([normalized, normalized, made]);
  });
});

let key: string;
let track: string;

beforeEach(() => queueSandboxCallbacks());
afterEach(() => setSandboxTransport(undefined));

beforeAll(async () => {
  queueSandboxCallbacks();
  ({ key } = await newAccount("CMR"));
  const pending = await payLink(await newLink(key, 5000));
  await deliverCallbacks();
  track = (await depositByTrackId(pending.trackId)).trackId;
  expect(isTrackId(track)).toBe(true);
});

const notFound = { status: 404, body: new ApiError("DEPOSIT_NOT_FOUND").body };

/** How each endpoint that reads a track_id answers `typed`: the track_id it found, or its error. */
async function readings(typed: string) {
  const q = encodeURIComponent(typed);
  const p = encodeURIComponent(typed);
  const answers = {
    "GET /v1/api/deposit/get_transaction": await call(byQueryRoute.GET, "GET", `/v1/api/deposit/get_transaction?track_id=${q}`, { key }),
    "GET /v1/api/deposit/get_transaction/{track_id}": await call(byPathRoute.GET, "GET", `/v1/api/deposit/get_transaction/${p}`, { key }),
    "GET /v1/deposits/{track_id}": await call(detailRoute.GET, "GET", `/v1/deposits/${p}`, { key }),
    "GET /v1/deposits/{track_id}/provider-log": await call(providerLogRoute.GET, "GET", `/v1/deposits/${p}/provider-log`, { key }),
    "GET /v1/refunds/preview": await call(previewRoute.GET, "GET", `/v1/refunds/preview?amount=100&track_id=${q}`, { key }),
    "POST /v1/refunds": await call(refundsRoute.POST, "POST", "/v1/refunds", { key, json: { track_id: typed, amount: 100 } }),
    "GET /v1/refunds?track_id=": await call(refundsRoute.GET, "GET", `/v1/refunds?track_id=${q}`, { key }),
  };
  return Object.fromEntries(
    Object.entries(answers).map(([name, reply]) => {
      const body = reply.body as Record<string, unknown> | unknown[];
      if (reply.status >= 400) {
        const detail = (body as { detail: unknown }).detail;
        // a 422 names where: the field; a 404 is the whole documented body
        return [name, reply.status === 422 ? [422, (detail as { loc: unknown[] }[]).map((d) => d.loc)] : { status: reply.status, body }];
      }
      const found = Array.isArray(body)
        ? name.endsWith("provider-log")
          ? body.length > 0
          : body.map((r) => (r as { track_id: string }).track_id)
        : ((body as { track_id?: string }).track_id ?? (body as { deposit?: { track_id: string } }).deposit?.track_id);
      return [name, [reply.status, found]];
    }),
  );
}

describe("every endpoint reads a track_id alike", () => {
  it.each([
    ["as made", (t: string) => t],
    ["lower case", (t: string) => t.toLowerCase()],
    ["spaces around", (t: string) => `  ${t} `],
    ["mixed case and a tab", (t: string) => `\t${t.slice(0, 8).toLowerCase()}${t.slice(8)}`],
  ])("%s: the same deposit", async (_, typed) => {
    const refundsBefore = ((await call(refundsRoute.GET, "GET", `/v1/refunds?track_id=${track}`, { key })).body as unknown[]).length;
    expect(await readings(typed(track))).toEqual({
      "GET /v1/api/deposit/get_transaction": [200, track],
      "GET /v1/api/deposit/get_transaction/{track_id}": [200, track],
      "GET /v1/deposits/{track_id}": [200, track],
      "GET /v1/deposits/{track_id}/provider-log": [200, true],
      "GET /v1/refunds/preview": [200, track],
      "POST /v1/refunds": [200, track],
      "GET /v1/refunds?track_id=": [200, Array(refundsBefore + 1).fill(track)],
    });
  });

  it.each([
    ["unknown", "TRKAAAAAAAAAAAAAAAAAAAA"],
    ["not one Kola makes", "TRK-NOPE"],
  ])("%s: DEPOSIT_NOT_FOUND everywhere, no refund listed", async (_, typed) => {
    expect(await readings(typed)).toEqual({
      "GET /v1/api/deposit/get_transaction": notFound,
      "GET /v1/api/deposit/get_transaction/{track_id}": notFound,
      "GET /v1/deposits/{track_id}": notFound,
      "GET /v1/deposits/{track_id}/provider-log": notFound,
      "GET /v1/refunds/preview": notFound,
      "POST /v1/refunds": notFound,
      "GET /v1/refunds?track_id=": [200, []],
    });
  });

  it("too long: a 422 naming the field, everywhere", async () => {
    expect(await readings(`${track}${"A".repeat(50)}`)).toEqual({
      "GET /v1/api/deposit/get_transaction": [422, [["query", "track_id"]]],
      "GET /v1/api/deposit/get_transaction/{track_id}": [422, [["path", "track_id"]]],
      "GET /v1/deposits/{track_id}": [422, [["path", "track_id"]]],
      "GET /v1/deposits/{track_id}/provider-log": [422, [["path", "track_id"]]],
      "GET /v1/refunds/preview": [422, [["query", "track_id"]]],
      "POST /v1/refunds": [422, [["body", "track_id"]]],
      "GET /v1/refunds?track_id=": [422, [["query", "track_id"]]],
    });
  });

  it("blank: a 422 where a track_id is required", async () => {
    const blank = await readings("   ");
    expect({ q: blank["GET /v1/api/deposit/get_transaction"], preview: blank["GET /v1/refunds/preview"], refund: blank["POST /v1/refunds"] }).toEqual({
      q: [422, [["query", "track_id"]]],
      preview: [422, [["query", "track_id"]]],
      refund: [422, [["body", "track_id"]]],
    });
  });
});
