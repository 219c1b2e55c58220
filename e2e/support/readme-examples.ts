// The README's curl examples as one bash script, in the order a reader runs them: every ```sh
// block from "## The API in curl" to "## Layout" that talks to the server ($KOLA). Only the line
// that sets KOLA and KEY is left out (the caller sets them), and curl fails on an HTTP error, so a
// step that no longer works as written stops the script there. Used by e2e/server/readme.spec.ts;
// to try a running server:  KOLA=http://127.0.0.1:3000 KEY=kola_test_… bash -c "$(npx tsx e2e/support/readme-examples.ts)"
import fs from "node:fs";
import path from "node:path";

const README = path.join(import.meta.dirname, "..", "..", "README.md");

/** The README's shell blocks that call the server, in order. */
export function readmeExamples(text = fs.readFileSync(README, "utf8")): string[] {
  const start = text.indexOf("## The API in curl");
  const end = text.indexOf("## Layout", start);
  if (start < 0 || end < 0) throw new Error("README.md has no '## The API in curl' … '## Layout' part");
  const blocks = [...text.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.filter((block) => block.includes("$KOLA") || block.includes("export KOLA="));
}

/** One bash script of them: strict, traced, curl failing on HTTP errors (its body still shown). */
export function readmeScript(text?: string): string {
  const body = readmeExamples(text)
    .map((block) => block.replace(/^export KOLA=.*$/m, ": \"${KOLA:?set KOLA}\" \"${KEY:?set KEY}\"  # set by the caller"))
    .join("\n");
  return [
    "set -euo pipefail",
    "curl() { command curl --fail-with-body --show-error \"$@\"; }",
    "set -x",
    body,
    "set +x",
    "echo 'README examples: all ran'",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(`${readmeScript()}\n`);
}
