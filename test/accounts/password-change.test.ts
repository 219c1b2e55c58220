import { describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as password from "@/app/api/auth/password/route";
import * as signup from "@/app/api/auth/signup/route";
import * as confirm from "@/app/api/auth/signup/confirm/route";
import * as account from "@/app/v1/account/route";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call } from "@/test/support/api";
import { lastMailTo, tokenIn } from "@/test/support/mail";

// The password change in settings: the current password first, limited as sign-in is; then every
// other session of the login ends and this one stays; the address gets a mail.

const ORIGIN = "http://kola.test";
const PASSWORD = "correct horse battery";
let n = 0;

/** A login signed up as the form does, and a second session of it (another device). */
async function twoSessions() {
  const email = `changer-${++n}-${Date.now()}@example.com`;
  const headers = { origin: ORIGIN, [PEER_HEADER]: `10.9.0.${n}` };
  await call(signup.POST, "POST", "/api/auth/signup", { json: { email, password: PASSWORD, business_name: "Boutique", country: "CMR" }, headers });
  const opened = await call(confirm.POST, "POST", "/api/auth/signup/confirm", { json: { token: tokenIn(lastMailTo(email), "/signup/confirm") }, headers });
  const here = opened.headers.get("set-cookie")!.split(";")[0]!;
  const signedIn = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: PASSWORD }, headers });
  const elsewhere = signedIn.headers.get("set-cookie")!.split(";")[0]!;
  return { email, here, elsewhere, peer: headers[PEER_HEADER] };
}

const change = (cookie: string, peer: string, json: Record<string, string>) =>
  call(password.POST, "POST", "/api/auth/password", { json, headers: { cookie, origin: ORIGIN, [PEER_HEADER]: peer } });
const alive = async (cookie: string) => (await call(account.GET, "GET", "/v1/account", { headers: { cookie } })).status;

describe("changing one's password", () => {
  it("a wrong current password is refused and changes nothing", async () => {
    const { email, here, elsewhere, peer } = await twoSessions();
    const refused = await change(here, peer, { current_password: "not it", new_password: "a new password 1" });
    expect([refused.status, refused.body]).toEqual([400, { detail: { message: "The current password is wrong", type: "WRONG_PASSWORD" } }]);
    expect([await alive(here), await alive(elsewhere)]).toEqual([200, 200]);
    const old = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: PASSWORD }, headers: { origin: ORIGIN, [PEER_HEADER]: peer } });
    expect(old.status).toBe(200);
  });

  it("the right one changes it: the other sessions end, this one stays, a mail says so", async () => {
    const { email, here, elsewhere, peer } = await twoSessions();
    const done = await change(here, peer, { current_password: PASSWORD, new_password: "a new password 1" });
    expect([done.status, done.body]).toEqual([200, { changed: true, other_sessions_ended: 1 }]);
    expect([await alive(here), await alive(elsewhere)]).toEqual([200, 401]);
    const mail = lastMailTo(email)!;
    expect(mail.subject).toBe("Votre mot de passe Kola a changé / Your Kola password was changed");
    expect(mail.text).toContain("vos autres sessions ont été fermées");
    const signIn = (pw: string) => call(login.POST, "POST", "/api/auth/login", { json: { email, password: pw }, headers: { origin: ORIGIN, [PEER_HEADER]: peer } });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn("a new password 1")).status).toBe(200);
  });

  it("is limited as sign-in is (10 tries per 15 minutes), and checks its input with zod", async () => {
    const { here, peer } = await twoSessions();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await change(here, peer, { current_password: `guess ${i}`, new_password: "a new password 1" })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const short = await change(here, `${peer}1`, { current_password: PASSWORD, new_password: "short" });
    expect(short.status).toBe(422);
  });

  it("needs a session and our own origin", async () => {
    const { here, peer } = await twoSessions();
    expect((await call(password.POST, "POST", "/api/auth/password", { json: { current_password: PASSWORD, new_password: "a new password 1" } })).status).toBe(401);
    const crossSite = await call(password.POST, "POST", "/api/auth/password", { json: { current_password: PASSWORD, new_password: "a new password 1" }, headers: { cookie: here, origin: "https://evil.example", [PEER_HEADER]: peer } });
    expect(crossSite.status).toBe(403);
  });
});
