// `npm run lint`'s second half: no import circle in the project. A circle is a set of files that
// all reach each other through their imports (a strongly connected component of the import graph);
// a type import counts as much as a call (ARCHITECTURE.md: shared types live at the bottom). The
// graph is dpdm's (the TypeScript parser, tsconfig's `@/` paths); type imports are kept.
import { importGraph } from "./import-graph";
import { stronglyConnected } from "./strongly-connected";

/** The graph's strongly connected components of more than one file, or a file that imports itself. */
function circles(graph: Map<string, string[]>): string[][] {
  return stronglyConnected(graph).filter((component) => component.length > 1 || graph.get(component[0]!)?.includes(component[0]!));
}

const graph = await importGraph("{app,lib,components,scripts,e2e,bench,test}/**/*.{ts,tsx,mts}");

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
