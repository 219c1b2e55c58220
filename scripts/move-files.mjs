// Moves files and rewrites every import of them (and every path written in a script, a config or a
// document): `node scripts/move-files.mjs <map>`, where each line of <map> is `old -> new` (a file or
// a folder; `#` starts a comment). Imports of a moved file become `@/new/path` (`./name` beside it);
// a moved file's own relative imports are recomputed. Run `npm run typecheck` and the tests after.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const mapFile = process.argv[2];
if (!mapFile) throw new Error("usage: node scripts/move-files.mjs <map>");

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
const trackedSet = new Set(tracked);

/** old file → new file, folders expanded. */
const moves = new Map();
for (const line of fs.readFileSync(mapFile, "utf8").split("\n")) {
  const text = line.replace(/#.*/, "").trim();
  if (!text) continue;
  const [from, to] = text.split(/\s*->\s*/);
  if (!from || !to) throw new Error(`bad line: ${line}`);
  if (trackedSet.has(from)) moves.set(from, to);
  else {
    const inside = tracked.filter((file) => file.startsWith(`${from}/`));
    if (!inside.length) throw new Error(`nothing tracked at ${from}`);
    for (const file of inside) moves.set(file, to + file.slice(from.length));
  }
}
const newOf = (file) => moves.get(file) ?? file;

const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", ".json", "/index.ts", "/index.tsx"];

/** The tracked file an import specifier names, from `file`, or null (a package, or unknown). */
function resolve(file, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../")) base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  else return null;
  for (const ext of EXTENSIONS) if (trackedSet.has(base + ext)) return { target: base + ext, ext };
  return null;
}

function specFor(fromNew, targetNew, ext) {
  let bare = ext === "" || ext === ".json" || ext === ".mjs" ? targetNew : targetNew.slice(0, -ext.length);
  if (ext.startsWith("/index")) bare = targetNew.slice(0, -ext.length);
  const dir = path.posix.dirname(fromNew);
  if (path.posix.dirname(bare) === dir) return `./${path.posix.basename(bare)}`;
  return `@/${bare}`;
}

const SPEC = /((?:\bfrom|\bimport|\brequire|\bvi\.mock|\bvi\.importActual|\bimportActual)\s*\(?\s*)(["'])([^"'\n]+)\2/g;

/** Plain path mentions (scripts, configs, documents): longest first, at a word's end. */
const mentions = [...moves]
  .flatMap(([from, to]) => {
    const pairs = [[from, to]];
    const ext = path.posix.extname(from);
    if (ext && path.posix.extname(to) === ext) pairs.push([from.slice(0, -ext.length), to.slice(0, -ext.length)]);
    return pairs;
  })
  .sort((a, b) => b[0].length - a[0].length);
// moved folders as a whole, for mentions of the folder itself
for (const line of fs.readFileSync(mapFile, "utf8").split("\n")) {
  const text = line.replace(/#.*/, "").trim();
  if (!text) continue;
  const [from, to] = text.split(/\s*->\s*/);
  if (!trackedSet.has(from)) mentions.push([`${from}/`, `${to}/`]);
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentionPattern = new RegExp(`(?<![\\w/.-])(${mentions.map(([from]) => escape(from)).join("|")})(?![\\w-]|\\.\\w)`, "g");
const mentionMap = new Map(mentions);

let changedFiles = 0;
for (const file of tracked) {
  if (!/\.(ts|tsx|mts|mjs|js|cjs|json|md|ya?ml|sh|css)$/.test(file) && !file.startsWith(".ci/")) continue;
  if (file.startsWith("lib/db/migrations/") || file === "package-lock.json") continue;
  const full = path.join(ROOT, file);
  if (!fs.existsSync(full)) continue;
  const before = fs.readFileSync(full, "utf8");
  let text = before;
  const fileNew = newOf(file);
  if (CODE.test(file)) {
    text = text.replace(SPEC, (whole, lead, quote, spec) => {
      const found = resolve(file, spec);
      if (!found) return whole;
      const targetNew = newOf(found.target);
      if (targetNew === found.target && fileNew === file) return whole;
      if (!spec.startsWith("@/") && !spec.startsWith(".")) return whole;
      let next = specFor(fileNew, targetNew, found.ext);
      if (found.ext === ".json" || found.ext === ".mjs") next = specFor(fileNew, targetNew, "");
      if (spec.startsWith("@/") && next.startsWith("./") && targetNew === found.target) next = `@/${targetNew.replace(/\.(ts|tsx)$/, "")}`;
      return `${lead}${quote}${next}${quote}`;
    });
  }
  text = text.replace(mentionPattern, (found) => mentionMap.get(found) ?? found);
  if (text !== before) {
    fs.writeFileSync(full, text);
    changedFiles++;
  }
}
for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
  execFileSync("git", ["mv", from, to], { cwd: ROOT });
}
console.log(`${moves.size} files moved, ${changedFiles} files rewritten`);
