import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import * as assets from "@/app/pay/assets/[file]/route";
import * as linkWait from "@/app/pay/[id]/[track_id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { clientTokenOf, hit, merchantWithLink, merchantWithMarketplace } from "@/test/support/checkout";
import { BUDGET, kindOf, referencedUrls, summarize, type Resource } from "@/test/support/page-weight";

// The weight budget as a test: each checkout page as a first visit downloads it —
// the HTML and every file it references from our origin — gzipped as `next start` serves it.
// Sizes are deterministic, so a page that grows past the budget fails here. `npm run bench:checkout`
// measures the same over HTTP on the production build.

beforeAll(() => setSandboxTransport(async () => {}));

async function firstVisit(page: { text: string; headers: Headers }): Promise<Resource[]> {
  const resources: Resource[] = [{ url: "(page)", kind: "html", bytes: gzipSync(page.text).length }];
  for (const url of referencedUrls(page.text)) {
    if (!url.startsWith("/")) continue; // another origin's file (a merchant's CDN logo) is not ours to weigh
    expect(url, "the checkout only references its own assets").toMatch(/^\/pay\/assets\//);
    const file = url.split("/").pop()!;
    const res = await hit(assets.GET, { file }, url);
    expect(res.status, url).toBe(200);
    const kind = kindOf(url, res.headers.get("content-type") ?? "");
    resources.push({ url, kind, bytes: gzipSync(res.text).length });
  }
  return resources;
}

describe("the checkout's weight", () => {
  it("unit helpers find what a page references", () => {
    const html =
      '<link rel="stylesheet" href="/a.css"><link rel="icon" href="/i.svg"><link rel="canonical" href="/x"><script src="/s.js" defer></script><img src="https://cdn.example/l.png">';
    expect(referencedUrls(html)).toEqual(["/a.css", "/i.svg", "/s.js", "https://cdn.example/l.png"]);
    expect([kindOf("/a.css"), kindOf("/s.js"), kindOf("/f.woff2"), kindOf("/x", "image/png"), kindOf("/", "text/html")]).toEqual([
      "css",
      "js",
      "font",
      "img",
      "html",
    ]);
  });

  it("every page stays within 60 KB compressed, 25 KB of it JavaScript", async () => {
    const link = (await merchantWithLink({ message: "Facture n°2026-118 : deux sacs en wax, livraison comprise." })).link;
    const market = (await merchantWithMarketplace()).link;
    const linkForm = await hit(linkPage.GET, { id: link.id }, `/pay/${link.id}`);
    const posted = await hit(linkPage.POST, { id: link.id }, `/pay/${link.id}?lang=fr`, {
      form: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000000", client_token: clientTokenOf(linkForm.text) },
    });
    const [, , , trackId] = posted.headers.get("location")!.split("?")[0]!.split("/");
    const pages = {
      "payment link": linkForm,
      "marketplace link (every block type)": await hit(marketPage.GET, { id: market.id }, `/pay/m/${market.id}`),
      "waiting screen": await hit(linkWait.GET, { id: link.id, track_id: trackId! }, `/pay/${link.id}/${trackId}`),
    };
    const report: Record<string, unknown> = {};
    for (const [name, page] of Object.entries(pages)) {
      expect(page.status, name).toBe(200);
      const summary = summarize(await firstVisit(page));
      report[name] = { ...summary.byKind, total: summary.total };
      expect(summary.overBudget, name).toEqual([]);
      expect(summary.total, name).toBeLessThanOrEqual(BUDGET.total);
      expect(summary.js, name).toBeLessThanOrEqual(BUDGET.js);
      expect(summary.byKind.js, `${name}: the page's one script`).toBeGreaterThan(0);
    }
    console.info("checkout weight, gzipped bytes per first visit:", JSON.stringify(report));
  });
});
