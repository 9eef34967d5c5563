// The shipped file (dist/resource-widget.html) carries none of the end-to-end tests' hooks: no
// name the `test-hooks` feature exposes (src/bridge/test_hooks.rs) appears in the page, nor inside
// any of its payloads (each gzipped and carried as base-85 text, page/single-html.mjs), which
// are decoded here with the page's own decoder.
// Run after scripts/build.sh: node --test page/tests/built-file.test.mjs
// (WIDGET_FILE=dist/test-hooks/resource-widget.html checks another build: that one must fail.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { decoderSource, payloadsOf } from "../page-payloads.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const FILE = resolve(ROOT, process.env.WIDGET_FILE || "dist/resource-widget.html");

/** The names the hooks put on `window`: every "__…" string literal in the hooks' module. */
function hookNames() {
  const source = readFileSync(join(ROOT, "src/bridge/test_hooks.rs"), "utf8");
  return [...new Set([...source.matchAll(/"(__\w+)"/g)].map((m) => m[1]))];
}

/** The page's text and each payload inflated: what a reader of the file could find. */
function fileContents(html) {
  // The loader's decoder, as minified into the page (function unpack(text, length) { alphabet… }).
  const decoder = decoderSource(html);
  assert.ok(decoder, "the page's base-85 decoder is found");
  const unpack = new Function(`return (${decoder})`)();
  const payloads = payloadsOf(html).map((p) => Buffer.from(gunzipSync(unpack(p.text, p.length))));
  return { page: Buffer.from(html), payloads };
}

test("the hooks' names are read from their module", () => {
  assert.ok(hookNames().includes("__resourceWidgetTest"), `names found: ${hookNames().join(", ")}`);
});

test("the shipped file carries no test hook, in the page or inside a payload", () => {
  const { page, payloads } = fileContents(readFileSync(FILE, "utf8"));
  // The wasm, its data segments, the page's code and style sheet.
  assert.equal(payloads.length, 3, "three payloads decoded");
  for (const [where, bytes] of [["the page", page], ...payloads.map((p, i) => [`payload ${i} (${p.length} B)`, p])]) {
    for (const name of hookNames()) assert.ok(!bytes.includes(name), `${name} appears in ${where} of ${FILE}`);
  }
});
