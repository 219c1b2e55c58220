// Completes package-lock.json with the other platforms' native packages that this machine's
// registry does not serve, so that `npm ci` accepts the lock file on any machine.
//
// `npm ci` wants a lock entry for every optional dependency of every package (next's
// @next/swc-darwin-arm64, tailwind's oxide binaries, …), whatever the platform; `npm install`
// here cannot write the entries of packages the registry answers 404 for. This script writes them
// from the lock itself: the version each parent pins, and the os/cpu/libc its name says, as npm
// would (no `resolved`, like the rest of this lock; no `integrity`, which only the registry knows:
// those packages are fetched unverified on the platforms that need them, as on a first install).
// Entries npm wrote itself are never touched. Run after `npm install` changes the lock:
//   node scripts/lock-platforms.mjs            (writes package-lock.json; --check only reports)
import fs from "node:fs";
import path from "node:path";

const LOCK = path.join(import.meta.dirname, "..", "package-lock.json");
const OS = ["darwin", "win32", "linux", "android", "freebsd", "openharmony", "wasm32"];
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", arm: "arm", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x" };

/** os, cpu and libc from a native package's name: `…-linux-arm-musleabihf`, `…-win32-x64-msvc`. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const at = parts.findIndex((part) => OS.includes(part));
  if (at < 0) return null;
  if (parts[at] === "wasm32") return { cpu: ["wasm32"] };
  const cpu = CPU[parts[at + 1]];
  if (!cpu) return null;
  const abi = parts[at + 2] ?? "";
  // npm's own entries: `-gnu` is glibc, `-musl…` musl, `-gnueabihf` says nothing
  const libc = parts[at] !== "linux" ? undefined : abi.startsWith("musl") ? ["musl"] : abi === "gnu" ? ["glibc"] : undefined;
  return { cpu: [cpu], ...(libc ? { libc } : {}), os: [parts[at]] };
}

const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;
const added = [];
for (const [location, parent] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(parent.optionalDependencies ?? {})) {
    // npm resolves from the parent's own node_modules up to the root's
    const candidates = [];
    for (let dir = location; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) {
      candidates.push(`${dir ? `${dir}/` : ""}node_modules/${name}`);
      if (!dir) break;
    }
    if (candidates.some((candidate) => packages[candidate])) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.error(`left alone: ${name}@${spec} (optional dependency of ${location || "the root"}): not a pinned native package`);
      continue;
    }
    // in npm's own key order (version first), so that `npm install` leaves the lock as written
    const rest = { ...platform, ...(parent.dev ? { dev: true } : {}), optional: true };
    packages[`node_modules/${name}`] = { version: spec, ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) };
    added.push(`${name}@${spec}`);
  }
}

if (process.argv.includes("--check")) {
  console.log(added.length ? `missing from the lock: ${added.join(", ")}` : "the lock has every platform's packages");
  process.exit(added.length ? 1 : 0);
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length}: ${added.join(", ")}` : "nothing to add");
