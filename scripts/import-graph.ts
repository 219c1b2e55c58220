// The project's import graph, file by file: dpdm's (the TypeScript parser, tsconfig's `@/` paths),
// type imports and dynamic imports kept (a type import ties two files as much as a call). Shared by
// the file-circle check (check-cycles.ts), the layer check (layers.ts) and the folder report
// (folder-graph.ts). Paths are relative to the project; packages and Node's modules are left out.
import { parseDependencyTree } from "dpdm";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** Tests and what only tests use: left out of the layers and the folder report. */
export const TEST_FILE = /(\.test\.tsx?$|^test\/|^e2e\/)/;

/** Node's own modules (`node:fs`, `fs`): dpdm lists them as files. */
const NODE_MODULE = /^node:|^[a-z_]+$/;

export async function importGraph(globs: string): Promise<Map<string, string[]>> {
  const tree = await parseDependencyTree([globs], {
    context: ROOT,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    transform: false,
    skipDynamicImports: false,
  });
  const graph = new Map<string, string[]>();
  for (const [file, dependencies] of Object.entries(tree)) {
    if (file.includes("node_modules") || NODE_MODULE.test(file)) continue;
    const targets = (dependencies ?? [])
      .map((dependency) => dependency.id)
      .filter((id): id is string => Boolean(id) && !id!.includes("node_modules"))
      .map((id) => path.relative(ROOT, path.resolve(ROOT, id)))
      .filter((id) => !NODE_MODULE.test(id));
    graph.set(path.relative(ROOT, path.resolve(ROOT, file)), [...new Set(targets)]);
  }
  return graph;
}
