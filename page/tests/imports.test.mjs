// What ships in the widget's file and the steps that fold it depend on nothing the benchmarks or
// the tests hold: every module page/ imports, and every module those import in turn, is in page/
// or in host/ (the test host the start order is recorded in), else Node's own or an npm package.
// The arrows point from bench/ and tests/ to page/, never back; the build script names neither.
// page/tests/ is left out: tests may use test support (and write modules of their own as text).
// Run: node --test page/tests/imports.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ALLOWED = ["page", "host"];

/** The specifiers a module imports: static imports and exports, side-effect imports, `import()`. */
function importsOf(source) {
  const pattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;
  return [...source.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Every .mjs file under `dir`, as absolute paths, but those of its tests/ folder. */
function modulesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "tests" ? [] : modulesUnder(path);
    return entry.name.endsWith(".mjs") ? [path] : [];
  });
}

/** Each relative import reached from `entries`, followed through the modules it reaches in ALLOWED: [from, to]. */
function reachedImports(entries) {
  const seen = new Set();
  const edges = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      edges.push([relative(ROOT, file), relative(ROOT, target)]);
      if (ALLOWED.includes(relative(ROOT, target).split(sep)[0])) queue.push(target);
    }
  }
  return edges;
}

test("the import reader finds every form of import", () => {
  const source = `import { a } from "./a.mjs";\nexport { b } from '../b.mjs';\nimport "./c.mjs";\nconst d = await import("../bench/d.mjs");\nimport e from "node:fs";`;
  assert.deepEqual(importsOf(source), ["./a.mjs", "../b.mjs", "./c.mjs", "../bench/d.mjs", "node:fs"]);
});

test("page/ reaches only page/ and host/, never bench/ or tests/", () => {
  const edges = reachedImports(modulesUnder(join(ROOT, "page")));
  assert.ok(edges.length > 10, `read the page's imports: ${edges.length}`);
  const outside = edges.filter(([, to]) => !ALLOWED.includes(to.split(sep)[0]));
  assert.deepEqual(outside, [], "page/ imports from outside page/ and host/");
});

test("the build script runs nothing of bench/ or tests/", () => {
  const build = readFileSync(join(ROOT, "scripts/build.sh"), "utf8");
  const code = build.split("\n").filter((line) => !line.trimStart().startsWith("#"));
  assert.deepEqual(code.filter((line) => /\b(bench|tests)\//.test(line)), []);
});
