// `npm run report:folders`: the import graph drawn per folder, the way a newcomer reads the project
// (lib/<domain>, app/<area>, components/<group>; tests and test support left out). It prints the
// pairs of folders that import each other and every folder loop (a set of folders that all reach
// each other), with one file-level import behind each edge. It only reports: `npm run lint` checks
// file circles (scripts/check-cycles.ts). Use it to see a restructuring's before and after.
import { importGraph, TEST_FILE as TEST } from "./import-graph";
import { upwardImports } from "./layers";
import { stronglyConnected } from "./strongly-connected";

/** The folder a file belongs to: the first two levels (`lib/payments`, `app/dashboard`), or the file's own folder at the top. */
function folderOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : parts.slice(0, -1).join("/") || ".";
}

const files = await importGraph("{app,lib,components,scripts,bench,test}/**/*.{ts,tsx,mts}");

const graph = new Map<string, Set<string>>();
const example = new Map<string, string>(); // "from → to": one file import behind the edge
for (const [file, dependencies] of files) {
  if (TEST.test(file)) continue;
  const from = folderOf(file);
  if (!graph.has(from)) graph.set(from, new Set());
  for (const target of dependencies) {
    const to = folderOf(target);
    if (to === from || TEST.test(target)) continue;
    graph.get(from)!.add(to);
    if (!example.has(`${from} → ${to}`)) example.set(`${from} → ${to}`, `${file} → ${target}`);
  }
}

const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
const pairs = [...graph].flatMap(([from, targets]) => [...targets].filter((to) => from < to && graph.get(to)?.has(from)).map((to) => [from, to] as const)).sort(([a1, b1], [a2, b2]) => a1.localeCompare(a2) || b1.localeCompare(b2));
const found = stronglyConnected(graph).filter((component) => component.length > 1);

console.log(`${graph.size} folders, ${edges} folder-to-folder imports (tests and test support left out)`);
console.log(`\n${pairs.length} pairs of folders import each other:`);
for (const [a, b] of pairs) console.log(`  ${a} ⇄ ${b}\n    ${example.get(`${a} → ${b}`)}\n    ${example.get(`${b} → ${a}`)}`);
console.log(`\n${found.length} folder loop(s):`);
for (const loop of found) console.log(`  ${loop.length} folders: ${loop.join(", ")}`);

const { upward } = upwardImports(files, (file) => TEST.test(file));
console.log(`\n${upward.length} upward import(s) against the floors of scripts/layers.ts (each must name its reason there):`);
for (const edge of upward) console.log(`  ${edge.from} → ${edge.to}${edge.reason ? `\n    because ${edge.reason}` : "   (no reason: npm run lint fails)"}`);
