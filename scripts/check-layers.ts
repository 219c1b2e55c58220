// `npm run lint`'s third part: the layers (scripts/layers.ts). Fails on an import from a folder to a
// folder on its own floor or above, unless UPWARD names it with its reason, and on a folder the
// floors do not place.
import { importGraph, TEST_FILE } from "./import-graph";
import { upwardImports } from "./layers";

const graph = await importGraph("{app,lib,components,scripts,bench,test}/**/*.{ts,tsx,mts}");
const { upward, unknown } = upwardImports(graph, (file) => TEST_FILE.test(file));
const refused = upward.filter((edge) => !edge.reason);
for (const folder of unknown) console.error(`folder not on any floor: ${folder} (place it in scripts/layers.ts)`);
for (const edge of refused) console.error(`upward import: ${edge.from} → ${edge.to}`);
if (refused.length || unknown.length) {
  console.error(`\n${refused.length} import(s) against the layers: move what both need down a floor, or name the import in UPWARD with its reason (scripts/layers.ts).`);
  process.exit(1);
}
console.log(`layers hold: ${graph.size} files, ${upward.length} upward import(s), each with its reason`);
