import { it, expect } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import * as login from "@/app/api/auth/login/route";
import * as signup from "@/app/api/auth/signup/route";
import * as mp from "@/app/v1/api/marketplace/route";
import * as submitLinkJson from "@/app/api/checkout/pay/[id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import { call, newAccount } from "@/lib/test/api";
import { hit, merchantWithLink } from "@/lib/checkout/test-support";
import { tempDataDir } from "@/lib/test/files";
tempDataDir();

it("probe", async () => {
  const { key } = await newAccount();
  const deep = "[".repeat(6000) + "]".repeat(6000);
  const deepObj = '{"amount":' + deep + "}";
  for (const raw of [deep, "[".repeat(6000), deepObj]) {
    const r = await call(collection.POST, "POST", "/v1/gateway", { key, raw });
    console.log("v1", r.status, JSON.stringify(r.body).slice(0, 200));
    const l = await call(login.POST, "POST", "/api/auth/login", { raw, headers: { origin: "http://kola.test" } });
    console.log("login", l.status, JSON.stringify(l.body).slice(0, 200));
  }
  const f = new FormData(); f.append("name", "B"); f.append("form_blocks", '{"blocks":[{"type":"text","label":"a\\u0000b","required":true}]}');
  const m = await call(mp.POST, "POST", "/v1/api/marketplace", { key, form: f });
  console.log("nul", m.status, JSON.stringify(m.body));
  const u = await call(collection.POST, "POST", "/v1/gateway", { key, json: { amount: 5000, shop_name: "x", success_url: "https://a.example/x\r\ny" } });
  console.log("crlf", u.status, JSON.stringify(u.body));
  const bad = Buffer.concat([Buffer.from('{"amount":5000,"shop_name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  const req = new Request("http://kola.test/v1/gateway", { method: "POST", headers: { "api-key": key, "content-type": "application/json" }, body: bad });
  const res = await collection.POST(req, { params: Promise.resolve({}) });
  console.log("utf8", res.status, await res.text());
  const { link } = await merchantWithLink();
  const j = await hit(submitLinkJson.POST, { id: link.id }, `/api/checkout/pay/${link.id}`, { method: "POST", headers: { "content-type": "application/json" } });
  console.log("probe-json-empty", j.status, j.text.slice(0,200));
  const req2 = new Request(`http://kola.test/api/checkout/pay/${link.id}`, { method: "POST", headers: { "content-type": "application/json" }, body: deep });
  const r2 = await submitLinkJson.POST(req2, { params: Promise.resolve({ id: link.id }) });
  console.log("checkout-json-deep", r2.status, (await r2.text()).slice(0, 300));
});
