import { describe, expect, it } from "vitest";
import * as memberRoute from "@/app/v1/members/[member_id]/route";
import * as me from "@/app/v1/me/route";
import { findSessionAuth, sessionEndedBecause } from "@/lib/accounts/sessions";
import { getDb } from "@/lib/db/client";
import { memberships } from "@/lib/db/schema";
import { call, newAccount } from "@/test/support/api";
import { addMember, sessionHeaders } from "@/test/support/accounts";

// A removed member's session ends at once and says why, so the login page can tell them; taken
// back on the team, the old session stays dead.

const tokenOf = (headers: Record<string, string>) => headers.cookie!.split("=")[1]!;

describe("a removed member's session", () => {
  it("ends at once, remembers it was a removal, and does not come back with a new membership", { timeout: 90_000 }, async () => {
    const shop = await newAccount("CMR");
    const boss = await sessionHeaders(shop.accountId);
    const viewer = await addMember(shop.accountId, "viewer");
    const theirs = await sessionHeaders(shop.accountId, viewer.userId);
    const other = await sessionHeaders(shop.accountId); // the owner's own, untouched
    expect(await sessionEndedBecause(tokenOf(theirs))).toBeNull();
    expect((await call(memberRoute.DELETE, "DELETE", `/v1/members/${viewer.memberId}`, { headers: boss })).status).toBe(200);
    expect((await call(me.GET, "GET", "/v1/me", { headers: theirs })).status).toBe(401);
    expect(await sessionEndedBecause(tokenOf(theirs))).toBe("removed");
    expect(await sessionEndedBecause(tokenOf(other))).toBeNull();
    expect(await sessionEndedBecause("not-a-token")).toBeNull();
    // invited again: a new membership, but the old session is over
    await (await getDb()).insert(memberships).values({ accountId: shop.accountId, userId: viewer.userId, role: "viewer" });
    expect(await findSessionAuth(tokenOf(theirs), "test")).toBeNull();
  });
});
