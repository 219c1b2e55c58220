// Compares two V8 heap snapshots (`npm run bench:soak` with BENCH_SOAK_SNAPSHOTS=60,240 writes them
// in bench/results/heap/): `npx tsx bench/heap-diff.ts <earlier.heapsnapshot> <later.heapsnapshot>`.
// Prints, by constructor (node type and name), the count and self size in each and the growth,
// largest growth first: what the heap kept more of between the two moments.
import fs from "node:fs";

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

type Totals = Map<string, { count: number; size: number }>;

function totals(file: string): { byName: Totals; size: number } {
  const snap = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const byName: Totals = new Map();
  let size = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    // strings and code are grouped by kind; objects by their constructor's name
    const name = type === "object" || type === "closure" || type === "native" ? `${type} ${snap.strings[snap.nodes[i + nameAt]!]}` : `(${type})`;
    const self = snap.nodes[i + sizeAt]!;
    const entry = byName.get(name) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += self;
    byName.set(name, entry);
    size += self;
  }
  return { byName, size };
}

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: tsx bench/heap-diff.ts <earlier.heapsnapshot> <later.heapsnapshot>");
  process.exit(1);
}
const before = totals(a);
const after = totals(b);
const kb = (n: number) => Math.round(n / 1024);
console.log(`self size of every node: ${kb(before.size)} KB → ${kb(after.size)} KB (${kb(after.size - before.size)} KB)`);
const names = new Set([...before.byName.keys(), ...after.byName.keys()]);
const rows = [...names]
  .map((name) => {
    const x = before.byName.get(name) ?? { count: 0, size: 0 };
    const y = after.byName.get(name) ?? { count: 0, size: 0 };
    return { name: name.slice(0, 70), "count before": x.count, "count after": y.count, "count +": y.count - x.count, "KB before": kb(x.size), "KB after": kb(y.size), "KB +": kb(y.size - x.size) };
  })
  .sort((p, q) => q["KB +"] - p["KB +"] || q["count +"] - p["count +"]);
console.table(rows.slice(0, Number(process.env.TOP || 30)));
