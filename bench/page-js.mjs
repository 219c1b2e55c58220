// The JavaScript each dashboard page loads, from the last `npm run build` (Next 16's route table no
// longer prints sizes): the root main files plus the page's entry chunks (its layouts' included),
// summed raw and gzipped. `node bench/page-js.mjs` prints one line per page.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = ".next";
const build = JSON.parse(fs.readFileSync(path.join(root, "build-manifest.json"), "utf8"));
const pages = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name === "page_client-reference-manifest.js") pages.push(full);
  }
};
walk(path.join(root, "server", "app", "dashboard"));
globalThis.self = globalThis;
const rows = [];
for (const file of pages.sort()) {
  const route = "/" + path.relative(path.join(root, "server", "app"), path.dirname(file)).split(path.sep).join("/");
  globalThis.__RSC_MANIFEST = {};
  new Function(fs.readFileSync(file, "utf8"))();
  const manifest = globalThis.__RSC_MANIFEST[`${route}/page`];
  const files = new Set(build.rootMainFiles);
  for (const [entry, chunks] of Object.entries(manifest.entryJSFiles)) {
    if (entry === `[project]/app${route}/page` || /\/layout$/.test(entry)) chunks.forEach((c) => files.add(c));
  }
  let raw = 0;
  let gzip = 0;
  for (const chunk of files) {
    const bytes = fs.readFileSync(path.join(root, chunk));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  rows.push({ route, files: files.size, kb: +(raw / 1024).toFixed(1), gzip_kb: +(gzip / 1024).toFixed(1) });
}
console.table(rows);
