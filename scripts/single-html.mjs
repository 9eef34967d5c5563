#!/usr/bin/env node
// Folds Trunk's output (dist/trunk: index.html with inlined CSS, the JS glue, the wasm) into the one
// self-contained file an MCP server registers as a ui:// resource: dist/resource-widget.html.
//
// The wasm is gzipped, base64-encoded and inflated in the page with DecompressionStream (about half
// the size of plain base64); the glue and a small loader are minified into one inline module
// script. The result makes no request of any kind; this script fails the build if it would.

import { readFileSync, writeFileSync, readdirSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { gzipSync, constants } from "node:zlib";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const STAGING = join(ROOT, "dist/trunk");
const OUTPUT = join(ROOT, "dist/resource-widget.html");

const files = readdirSync(STAGING);
const glueFile = files.find((f) => f.endsWith(".js") && readFileSync(join(STAGING, f), "utf8").includes("__wbg_init"));
const wasmFile = files.find((f) => f.endsWith("_bg.wasm"));
if (!glueFile || !wasmFile) {
  console.error(`single-html: no wasm-bindgen glue or wasm in ${STAGING} (found: ${files.join(", ")})`);
  process.exit(1);
}

let html = readFileSync(join(STAGING, "index.html"), "utf8");
const glue = readFileSync(join(STAGING, glueFile), "utf8");
const wasm = readFileSync(join(STAGING, wasmFile));

// Trunk's loader script and preload links fetch the files we inline: remove them.
html = html
  .replace(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>\s*/g, "")
  .replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>\s*/g, "");

const wasmGzip = gzipSync(wasm, { level: constants.Z_BEST_COMPRESSION });

// The loader runs in the glue's module scope, so minification renames __wbg_init consistently.
const loader = `
const wasmGzipBase64 = "${wasmGzip.toString("base64")}";
async function inflate(base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}
await __wbg_init({ module_or_path: await inflate(wasmGzipBase64) });
`;
const script = transformSync(glue + loader, { format: "esm", minify: true, target: "es2022", legalComments: "none" }).code;
if (script.includes("</script")) {
  console.error("single-html: the inline script contains '</script'");
  process.exit(1);
}
html = html.replace("</body>", () => `<script type="module">${script}</script>\n</body>`);

// Self-contained means no external reference at all.
const external = html.match(/<(?:script|link|img|iframe|source|audio|video)\b[^>]*\s(?:src|href)\s*=/i);
if (external) {
  console.error(`single-html: external reference left in the page: ${external[0]}`);
  process.exit(1);
}

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, html);
const kb = (n) => (n / 1024).toFixed(1);
const gz = gzipSync(Buffer.from(html), { level: 9 }).length;
console.log(
  `single-html: dist/resource-widget.html ${kb(html.length)} KB raw, ${kb(gz)} KB gzip ` +
    `(wasm ${kb(wasm.length)} KB raw, ${kb(wasmGzip.length)} KB gzip; glue ${kb(glue.length)} KB)`,
);
