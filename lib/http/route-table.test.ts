import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { v1Table } from "@/test/support/api";
import { routeFiles, routeTableSource } from "./route-table";

// The /v1 route table `npm run build` compiles into the server (scripts/build-server.ts), compared
// with the route files on disk, and the Next.js folder rules it follows, on folders made here.

const ROOT = path.resolve(import.meta.dirname, "..", "..");

describe("the generated /v1 table", () => {
  it("has every route file under app/v1 but the catch-all, at the path Next.js serves it", () => {
    const onDisk = fs
      .readdirSync(path.join(ROOT, "app", "v1"), { recursive: true, encoding: "utf8" })
      .filter((file) => path.basename(file) === "route.ts" && !file.startsWith("[[...rest]]"))
      .map((file) => ({ pattern: `/v1/${path.dirname(file)}`.replace(/\/\.$/, ""), file: `app/v1/${file}` }))
      .sort((a, b) => a.pattern.localeCompare(b.pattern));
    expect(onDisk.length).toBeGreaterThanOrEqual(36);
    expect(routeFiles(ROOT).sort((a, b) => a.pattern.localeCompare(b.pattern))).toEqual(onDisk);
  });

  it("holds each route file's own exports, the handlers Next.js would call", async () => {
    const { v1Routes } = await v1Table();
    for (const { pattern, file } of routeFiles(ROOT)) {
      const routeModule = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      expect(v1Routes[pattern], pattern).toBe(routeModule);
      expect(typeof routeModule.GET === "function" || typeof routeModule.POST === "function", pattern).toBe(true);
    }
  });

  it("is an ES module importing each file once", () => {
    const source = routeTableSource("/srv/kola", [
      { pattern: "/v1/account", file: "app/v1/account/route.ts" },
      { pattern: "/v1/gateway/[gateway_id]", file: "app/v1/gateway/[gateway_id]/route.ts" },
    ]);
    expect(source).toBe(
      [
        'import * as route0 from "/srv/kola/app/v1/account/route.ts";',
        'import * as route1 from "/srv/kola/app/v1/gateway/[gateway_id]/route.ts";',
        "",
        "export const v1Routes = {",
        '  "/v1/account": route0,',
        '  "/v1/gateway/[gateway_id]": route1,',
        "};",
        "",
      ].join("\n"),
    );
  });
});

describe("Next.js's folder rules", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kola-route-table-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const files = [
    "app/v1/route.ts",
    "app/v1/a/route.ts",
    "app/v1/b/[id]/route.js",
    "app/v1/(group)/c/route.ts",
    "app/v1/(group)/(inner)/d/[x]/route.ts",
    "app/v1/_private/e/route.ts",
    "app/v1/@slot/f/route.ts",
    "app/v1/[...all]/route.ts",
    "app/v1/g/[[...rest]]/route.ts",
    "app/v1/h/page.tsx",
    "app/v1/h/route.test.ts",
    "app/v2/i/route.ts",
  ];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), "");
  }

  it("groups add no segment; private folders, slots, catch-alls and other files are left out", () => {
    expect(routeFiles(root)).toEqual([
      { pattern: "/v1", file: "app/v1/route.ts" },
      { pattern: "/v1/a", file: "app/v1/a/route.ts" },
      { pattern: "/v1/b/[id]", file: "app/v1/b/[id]/route.js" },
      { pattern: "/v1/c", file: "app/v1/(group)/c/route.ts" },
      { pattern: "/v1/d/[x]", file: "app/v1/(group)/(inner)/d/[x]/route.ts" },
    ]);
  });
});
