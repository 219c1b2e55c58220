// Summarizes a V8 .cpuprofile (node --cpu-prof) by self time: the top functions, mapped back to
// their original sources through the build's source maps, and the time per area (Next.js, the
// postgres driver, Drizzle, zod, our route wrapper, Node core, GC…).
//   npx tsx bench/cpuprofile-summary.ts PROFILE.cpuprofile [--skip SECONDS] [--top N] [--inclusive]
// --inclusive adds the top functions of ours and of libraries by inclusive time (their callees in;
// an async function's time after its first await is its continuation's, not its caller's).
// --skip leaves out the first seconds (start-up, warm-up). Idle time is not counted in the shares.
// Profile the server under load with, for example:
//   BENCH_DATABASES=postgres BENCH_OPS=get BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:api
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
type Place = { name: string; where: string; area: string };
// Areas: Next.js, each package, Node core parts, V8 (GC), and ours (lib/…, app).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    skip: { type: "string", default: "0" },
    top: { type: "string", default: "30" },
    inclusive: { type: "boolean", default: false },
  },
});
const file = positionals[0];
if (!file) {
  console.error("usage: tsx bench/cpuprofile-summary.ts PROFILE.cpuprofile [--skip SECONDS] [--top N]");
  process.exit(2);
}
const skipUs = Number(values.skip) * 1e6;
const top = Number(values.top);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

// Self time per profile node, in µs: each sample's node is charged the time until the next sample.
const self = new Map<number, number>();
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t - profile.startTime < skipUs) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const id = profile.samples[i]!;
  self.set(id, (self.get(id) ?? 0) + dt);
}

const maps = new Map<string, { map: SourceMap; contents: Map<string, string[]> } | null>();
function sourceMapOf(file: string) {
  if (!maps.has(file)) {
    let entry: { map: SourceMap; contents: Map<string, string[]> } | null = null;
    try {
      const payload = JSON.parse(fs.readFileSync(`${file}.map`, "utf8")) as {
        sources?: string[];
        sourcesContent?: (string | null)[];
        sections?: { map: { sources?: string[]; sourcesContent?: (string | null)[] } }[];
      };
      const contents = new Map<string, string[]>();
      for (const part of [payload, ...(payload.sections ?? []).map((s) => s.map)]) {
        part.sources?.forEach((s, i) => {
          const text = part.sourcesContent?.[i];
          if (text) contents.set(s, text.split("\n"));
        });
      }
      entry = { map: new SourceMap(payload as never), contents };
    } catch {
      entry = null;
    }
    maps.set(file, entry);
  }
  return maps.get(file)!;
}

/** The area a function belongs to, from its generated file and its original source. */
function area(generated: string, original: string, functionName: string): string {
  if (functionName === "(idle)") return "(idle)";
  if (functionName === "(root)") return "(root)";
  if (functionName === "(garbage collector)") return "V8: garbage collector";
  if (functionName === "(program)") return "V8: (program), not attributed";
  if (generated.startsWith("node:")) {
    if (/async_hooks/.test(generated)) return "Node: async_hooks (AsyncLocalStorage promise hooks)";
    if (/undici|abort_controller|js_transferable|webstreams|event_target|url/.test(generated)) {
      return "Node: web APIs (undici Request/Headers, AbortSignal, URL, web streams)";
    }
    if (/_http|http|net|stream|dns|tls/.test(generated)) return "Node: http, net, streams";
    return "Node: other";
  }
  const pkgOf = (p: string) => p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]?.replace("%40", "@");
  const label = (pkg: string) => (pkg === "next" ? "Next.js (server, routing, app-route runtime)" : `package: ${pkg}`);
  if (!generated.includes("/.next/")) {
    const pkg = pkgOf(generated);
    return pkg ? label(pkg) : `other: ${generated}`;
  }
  // Code bundled into .next/server: the original source tells; else the chunk's name does.
  const root = generated.slice(0, generated.indexOf("/.next/"));
  // A chunk named after a package holds only that package (its chained source maps can lose the name).
  const chunk = path.basename(generated);
  const named = chunk.match(/^(?:\[externals\]_)?node_modules_((?:%40[^_]+_)?[^_]+)_/)?.[1];
  const chunkPkg = named?.replace(/^%40([^_]+)_/, "@$1/");
  const pkg = chunkPkg ?? pkgOf(original);
  if (original.includes("webpack://next/") || /turbopack|\[turbopack\]/.test(original + generated)) return label("next");
  const project = original.startsWith(root + "/") ? original.slice(root.length + 1) : "";
  if (project && !project.startsWith("node_modules/")) {
    if (project.startsWith("lib/http/")) return "Kola: lib/http (route wrapper, auth, validation)";
    if (project.startsWith("lib/runtime/log")) return "Kola: lib/runtime/log";
    if (project.startsWith("lib/")) return `Kola: ${project.split("/").slice(0, 2).join("/")}`;
    return `Kola: ${project.split("/")[0]}`;
  }
  return pkg ? label(pkg) : `other: ${original || generated}`;
}

const places = new Map<string, Place>();
function place(frame: CallFrame): Place {
  const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`;
  let found = places.get(key);
  if (found) return found;
  const generated = frame.url.startsWith("file://") ? fileURLToPath(frame.url) : frame.url;
  let original = "";
  let line = frame.lineNumber + 1;
  let snippet = "";
  if (frame.url.startsWith("file://")) {
    const mapped = sourceMapOf(generated);
    const hit = mapped?.map.findEntry(frame.lineNumber, frame.columnNumber) as
      | { originalSource?: string; originalLine?: number }
      | undefined;
    if (hit?.originalSource) {
      original = /^[a-z]+:\/\//.test(hit.originalSource)
        ? hit.originalSource
        : path.resolve(path.dirname(generated), decodeURIComponent(hit.originalSource));
      line = (hit.originalLine ?? 0) + 1;
      snippet = mapped!.contents.get(hit.originalSource)?.[line - 1]?.trim().slice(0, 60) ?? "";
    }
  }
  const shown = (original || generated)
    .replace(/^.*node_modules\//, "")
    .replace(/^webpack:\/\/next\/\.\//, "next/")
    .replace(/^.*\/(lib|app)\//, "$1/");
  const name = frame.functionName || "(anonymous)";
  found = {
    name: snippet && name.length <= 2 ? `${name} ‹${snippet}›` : name,
    where: shown ? `${shown}:${line}` : "",
    area: generated || frame.functionName.startsWith("(") ? area(generated, original, frame.functionName) : "",
  };
  places.set(key, found);
  return found;
}

// Native frames (no script: socket writes, JSON, microtask runs…) are charged to the area of the
// nearest JavaScript caller, and named after it.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
function attributed(id: number): Place {
  const own = place(nodes.get(id)!.callFrame);
  if (own.area) return own;
  let up = parent.get(id);
  while (up !== undefined) {
    const caller = place(nodes.get(up)!.callFrame);
    if (caller.area) return { name: `${own.name} ← ${caller.name}`, where: caller.where, area: caller.area };
    up = parent.get(up);
  }
  return { ...own, area: "V8/Node native, no JS caller" };
}

/** The nearest frame, from this one up, that is neither Node core nor native: who asked for the work. */
function owner(id: number): string {
  let at: number | undefined = id;
  while (at !== undefined) {
    const a = place(nodes.get(at)!.callFrame).area;
    if (a && !a.startsWith("Node:") && !a.startsWith("(root)")) return a;
    at = parent.get(at);
  }
  return "Node core, no library caller (event loop, socket reads, timers)";
}

const byFunction = new Map<string, { place: Place; us: number }>();
const byArea = new Map<string, number>();
const byOwner = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const [id, us] of self) {
  const p = attributed(id);
  if (p.area === "(idle)") {
    idle += us;
    continue;
  }
  busy += us;
  const key = `${p.name}|${p.where}`;
  const entry = byFunction.get(key) ?? { place: p, us: 0 };
  entry.us += us;
  byFunction.set(key, entry);
  byArea.set(p.area, (byArea.get(p.area) ?? 0) + us);
  const o = p.area.startsWith("V8:") ? p.area : owner(id);
  byOwner.set(o, (byOwner.get(o) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
const ms = (us: number) => Math.round(us / 1000);
console.log(
  `${path.basename(file)}: ${ms(busy)} ms busy, ${ms(idle)} ms idle` +
    (skipUs ? ` (after skipping the first ${values.skip} s)` : ""),
);
console.log("\nSelf time by area (share of busy time):");
console.table(
  [...byArea]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ area: name, "self ms": ms(us), share: pct(us) })),
);
console.log("\nThe same, with Node core and native time charged to the nearest library or application caller:");
console.table(
  [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ "charged to": name, "ms": ms(us), share: pct(us) })),
);
console.log(`\nTop ${top} functions by self time:`);
console.table(
  [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map(({ place: p, us }) => ({ function: p.name.slice(0, 60), where: p.where.slice(-70), area: p.area, "self ms": ms(us), share: pct(us) })),
);

if (values.inclusive) {
  const inclusive = new Map<string, { place: Place; us: number }>();
  for (const [id, us] of self) {
    if (place(nodes.get(id)!.callFrame).area === "(idle)") continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const p = place(nodes.get(at)!.callFrame);
      if (!p.area || p.area.startsWith("Node:") || p.area.startsWith("(") || p.area.startsWith("V8")) continue;
      const key = `${p.name}|${p.where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = inclusive.get(key) ?? { place: p, us: 0 };
      entry.us += us;
      inclusive.set(key, entry);
    }
  }
  console.log(`\nTop ${top} functions by inclusive time (ours and libraries'):`);
  console.table(
    [...inclusive.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ place: p, us }) => ({ function: p.name.slice(0, 60), where: p.where.slice(-50), "incl ms": ms(us), share: pct(us) })),
  );
}
