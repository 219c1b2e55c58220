// Preloaded into each server process by `npm run bench:soak` (NODE_OPTIONS=--import …), never by
// the server itself: every BENCH_PROBE_MS it appends one JSON line to
// $BENCH_PROBE_DIR/<pid>.jsonl with process.memoryUsage() and V8's heap spaces, so the benchmark can
// say which part of RSS grew (JavaScript heap, its young generation, external memory, ArrayBuffers,
// or memory outside V8: WASM, native allocations).
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
  const write = () => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
    const line = {
      t: Date.now(),
      pid: process.pid,
      rss: mb(m.rss),
      heap_total: mb(m.heapTotal),
      heap_used: mb(m.heapUsed),
      external: mb(m.external),
      array_buffers: mb(m.arrayBuffers),
      spaces,
      heap_limit: mb(v8.getHeapStatistics().heap_size_limit),
    };
    try {
      fs.appendFileSync(file, JSON.stringify(line) + "\n");
    } catch {
      // the benchmark removed its directory: nothing to report to
    }
  };
  write();
  setInterval(write, Number(process.env.BENCH_PROBE_MS || 10_000)).unref();
}
