// The strongly connected components of a directed graph (Tarjan): sets of nodes that all reach
// each other. Used by the file-circle check (scripts/check-cycles.ts) and the folder report
// (scripts/folder-graph.ts).

/** Every component, its members sorted; a node alone is a component of one. */
export function stronglyConnected(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = ""; member !== node; ) {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    }
    found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
