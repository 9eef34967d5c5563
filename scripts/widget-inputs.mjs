#!/usr/bin/env node
// What the widget's release build reads, and one digest of it: the Rust it compiles (the widget
// crate and the pure crates it depends on, the lock file, the toolchain and its flags), the page
// it folds the wasm into (index.html, the style sheets, Trunk.toml, the page's code and the
// single-file assembly), the npm packages those run on (package-lock.json), and the start order
// kept for it. The kept widget file (crates/pipeline-resource-widget/resource-widget.html) is
// recorded with the digest of the tree it was built from (`--record`, run by
// scripts/widget-refresh.sh), so that the preview can tell, without any Rust tool, whether the
// kept file is what this tree builds (`--check`); the test command holds the record true.
//
//   node scripts/widget-inputs.mjs            the digest of the working tree's inputs
//   node scripts/widget-inputs.mjs --check    exit 0 when it equals the recorded one; else 1,
//                                             naming the inputs that differ
//   node scripts/widget-inputs.mjs --record   writes the record beside the kept file
//
// Files are read from the working tree (a change not yet committed counts), those git ignores
// skipped. The record lists each input with its own digest, so a difference names its file.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const RECORD = "crates/pipeline-resource-widget/resource-widget.inputs";

/** The crates the widget's wasm is built from (the widget crate is the repository's root). */
const WIDGET_CRATES = ["widget-app", "widget-model", "secret-redaction", "graph-layout", "widget-sort", "widget-result"];

/** Every path (a file, or a folder taken whole) the release build reads. */
export const INPUT_PATHS = [
  "Cargo.toml",
  "Cargo.lock",
  "src",
  ...WIDGET_CRATES.flatMap((name) => [`crates/${name}/Cargo.toml`, `crates/${name}/src`]),
  "index.html",
  "style",
  "Trunk.toml",
  "package-lock.json",
  "scripts/build.sh",
  "scripts/toolchain/wasm-release-env.sh",
  "scripts/toolchain/nightly",
  "page/single-html.mjs",
  "page/staged-wasm.mjs",
  "page/wasm-data.mjs",
  "page/translator-script.mjs",
  "page/start-order.mjs",
  "page/start-order.json",
  "page/wasm-to-js.mjs",
  "page/wasm-to-js",
];

/** The input files, sorted: tracked or new, not ignored, still present. */
export function inputFiles() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", ...INPUT_PATHS], { cwd: ROOT, encoding: "utf8" });
  return [...new Set(listed.split("\0").filter(Boolean))].filter((path) => existsSync(join(ROOT, path))).sort();
}

const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/** Each input file with its digest, and the digest of that list. */
export function inputsOfTree() {
  const files = inputFiles().map((path) => ({ path, digest: sha256(readFileSync(join(ROOT, path))) }));
  const lines = files.map((f) => `${f.digest}  ${f.path}`);
  return { digest: sha256(lines.join("\n") + "\n"), lines };
}

/** The record: the digest on its first line, then a line per input. */
function readRecord() {
  const path = join(ROOT, RECORD);
  if (!existsSync(path)) return null;
  const [first, ...lines] = readFileSync(path, "utf8").trim().split("\n");
  return { digest: first.replace(/^inputs\s+/, ""), lines };
}

/** The inputs that differ between two lists of `digest  path` lines: changed, added or gone. */
function differences(recorded, now) {
  const before = new Map(recorded.map((l) => [l.slice(66), l.slice(0, 64)]));
  const after = new Map(now.map((l) => [l.slice(66), l.slice(0, 64)]));
  const changed = [];
  for (const [path, digest] of after) if (before.get(path) !== digest) changed.push(before.has(path) ? `changed ${path}` : `new ${path}`);
  for (const path of before.keys()) if (!after.has(path)) changed.push(`gone ${path}`);
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2] ?? "";
  const tree = inputsOfTree();
  if (mode === "") {
    console.log(tree.digest);
  } else if (mode === "--record") {
    writeFileSync(join(ROOT, RECORD), [`inputs ${tree.digest}`, ...tree.lines].join("\n") + "\n");
    console.log(`widget-inputs: recorded ${tree.digest.slice(0, 16)}… (${tree.lines.length} files) in ${RECORD}`);
  } else if (mode === "--check") {
    const record = readRecord();
    if (!record) {
      console.log(`widget-inputs: no record (${RECORD}): ./scripts/widget-refresh.sh makes it`);
      process.exit(1);
    }
    if (record.digest === tree.digest) {
      console.log(`widget-inputs: the kept widget file is what this tree builds (inputs ${tree.digest.slice(0, 16)}…)`);
      process.exit(0);
    }
    const changed = differences(record.lines, tree.lines);
    console.log(`widget-inputs: the tree differs from what the kept widget file was built from (${changed.length} inputs):`);
    for (const line of changed.slice(0, 20)) console.log(`  ${line}`);
    if (changed.length > 20) console.log(`  … and ${changed.length - 20} more`);
    process.exit(1);
  } else {
    console.error("usage: node scripts/widget-inputs.mjs [--check | --record]");
    process.exit(64);
  }
}
