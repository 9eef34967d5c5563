// The page's translator (page/wasm-to-js.mjs and its parts in page/wasm-to-js/) as
// the one classic script the page runs: esbuild bundles the modules in the order their imports
// give (each part before the parts that import it, as node evaluates them), their imports and
// exports resolved into one scope, wrapped in a function that keeps that scope to itself and
// returns `wasmToJs`. page/single-html.mjs puts the script in the page's boot code and
// translates the widget's wasm with it at build time; page/tests/wasm-to-js.test.mjs and
// bench/translate.mjs run the same script.
import { readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "page/wasm-to-js.mjs";
const PARTS = "page/wasm-to-js";

/**
 * The script's text: `const wasmToJs = (() => {"use strict"; … return wasmToJs;})();`. Throws
 * when the bundle does not hold: a part the entry does not reach, anything imported from outside
 * the parts, an import or export left, not exactly `wasmToJs` exported. `root`, `entry` and
 * `parts` (the folder of parts, relative to root) are the translator's unless a test gives others.
 */
export function translatorScript({ root = ROOT, entry = ENTRY, parts = PARTS } = {}) {
  const { outputFiles, metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    metafile: true,
    logLevel: "silent",
  });
  const bundled = Object.keys(metafile.inputs).sort();
  const expected = [entry, ...readdirSync(join(root, parts)).map((name) => `${parts}/${name}`)].sort();
  if (bundled.join() !== expected.join()) {
    throw new Error(`the translator's bundle holds ${bundled.join(", ")}, not ${entry} and every file of ${parts}/ (${expected.join(", ")})`);
  }
  const text = outputFiles[0].text;
  const exported = /\nexport \{\n {2}wasmToJs\n\};\n$/;
  if (!exported.test(text)) throw new Error(`the translator's bundle does not end by exporting wasmToJs alone (${entry})`);
  const body = text.replace(exported, "\n");
  const left = body.match(/^\s*(?:import|export)\b.*$|\bimport\s*\(|\brequire\s*\(|\bimport\.meta\b/m);
  if (left) throw new Error(`the translator's bundle has an import or export left: ${left[0].trim()}`);
  if (!/^function wasmToJs\(/m.test(body)) throw new Error("the translator's bundle does not declare function wasmToJs");
  return `const wasmToJs = (() => {\n"use strict";\n${body}return wasmToJs;\n})();\n`;
}

/** `wasmToJs` from the script's text, run as the page runs it (a classic script in this realm). */
export function wasmToJsOf(script) {
  return new Function(`${script}return wasmToJs;`)();
}
