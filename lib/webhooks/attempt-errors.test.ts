import { describe, expect, it } from "vitest";
import { attemptErrorCode, attemptErrorText, refusedText, timeoutText, type AttemptErrorCode } from "./attempt-errors";

describe("attemptErrorCode: the kind of every sentence a webhook attempt stores", () => {
  const cases: [string | null, AttemptErrorCode | null][] = [
    [null, null],
    [attemptErrorText.connection_refused, "connection_refused"],
    [attemptErrorText.connection_reset, "connection_reset"],
    [attemptErrorText.dns_failed, "dns_failed"],
    [attemptErrorText.host_unreachable, "host_unreachable"],
    [attemptErrorText.redirect, "redirect"],
    [attemptErrorText.https_required, "https_required"],
    [attemptErrorText.invalid_url, "invalid_url"],
    [attemptErrorText.not_http, "invalid_url"],
    [timeoutText(10), "timeout"],
    [timeoutText(0.3), "timeout"],
    [refusedText("10.0.0.7 is a private address"), "private_address"],
    [refusedText("shop.example resolves to 127.0.0.1, a loopback address"), "private_address"],
    ["could not resolve shop.example", "dns_failed"],
    ["socket hang up", "other"],
  ];
  for (const [error, code] of cases) it(`${JSON.stringify(error)} → ${code}`, () => expect(attemptErrorCode(error)).toBe(code));

  it("writes the sentences the API has always shown", () => {
    expect([timeoutText(0.3), refusedText("x"), attemptErrorText.connection_refused]).toEqual(["timed out after 0.3 s", "refused: x", "connection refused"]);
  });
});
