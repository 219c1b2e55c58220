// `npm run lint`'s second half: no import circle in the project. A circle is a set of files that
// all reach each other through their imports (a strongly connected component of the import graph);
// a type import counts as much as a call (ARCHITECTURE.md: shared types live at the bottom). The
// graph is dpdm's (the TypeScript parser, tsconfig's `@/` paths); type imports are kept.
import { parseDependencyTree } from "dpdm";
import path from "node:path";
import { stronglyConnected } from "./strongly-connected";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The graph's strongly connected components of more than one file, or a file that imports itself. */
function circles(graph: Map<string, string[]>): string[][] {
  return stronglyConnected(graph).filter((component) => component.length > 1 || graph.get(component[0]!)?.includes(component[0]!));
}

const tree = await parseDependencyTree(["{app,lib,components,scripts,e2e,bench}/**/*.{ts,tsx,mts}"], {
  context: ROOT,
  tsconfig: path.join(ROOT, "tsconfig.json"),
  transform: false, // keep type imports
  skipDynamicImports: false,
});
const graph = new Map<string, string[]>();
for (const [file, dependencies] of Object.entries(tree)) {
  if (file.includes("node_modules")) continue;
  const targets = (dependencies ?? []).map((dependency) => dependency.id).filter((id): id is string => Boolean(id) && !id!.includes("node_modules"));
  graph.set(path.relative(ROOT, path.resolve(ROOT, file)), [...new Set(targets.map((id) => path.relative(ROOT, path.resolve(ROOT, id))))]);
}

const found = circles(graph);
if (found.length) {
  for (const circle of found) {
    console.error(`\nimport circle: these ${circle.length} files all import each other, directly or not:\n  ${circle.join("\n  ")}`);
    console.error(`  edges inside it:\n${circle.flatMap((file) => graph.get(file)!.filter((to) => circle.includes(to)).map((to) => `    ${file} → ${to}`)).join("\n")}`);
  }
  console.error(`\n${found.length} import circle(s). Break each by moving what both sides need one layer down (types to the bottom).`);
  process.exit(1);
}
console.log(`no import circle in ${graph.size} files`);
