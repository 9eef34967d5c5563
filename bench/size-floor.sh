#!/usr/bin/env bash
# The size floor of the widget's stack, built exactly as scripts/build.sh builds the widget (the
# pinned nightly, std rebuilt, panics that abort at once, opt-level z, LTO, wasm-bindgen, wasm-opt
# -Oz, wasm2js -Oz): bench/leptos-floor, a Leptos counter and keyed list with nothing of ours, and
# the same with serde_json parsing a Value. Prints each one's wasm and its wasm2js build, raw and
# gzip (the JavaScript minified), and what the wasm adds to the single file (gzipped and carried as
# base-85 text, 5 characters per 4 bytes, as page/single-html.mjs embeds it; it gzips with
# zopfli, a few percent smaller than the gzip -9 here), beside the widget's own (dist/, from
# scripts/build.sh). Like the widget, a floor carries only its wasm: the page makes the JavaScript
# build from it (page/wasm-to-js.mjs), so wasm2js's figures say what that build weighs,
# not what the file carries.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain/wasm-release-env.sh
export CARGO_TARGET_DIR="$PWD/target/leptos-floor"
OUT=target/size-floor
mkdir -p "$OUT"
for variant in leptos leptos+json; do
  features=()
  [ "$variant" = "leptos+json" ] && features=(--features json)
  cargo build --quiet --release --target wasm32-unknown-unknown --manifest-path bench/leptos-floor/Cargo.toml "${features[@]}"
  dir="$OUT/$variant"
  wasm-bindgen --target web --out-dir "$dir" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/leptos-floor.wasm"
  wasm-opt -Oz --strip-debug --strip-producers --mvp-features "$dir/leptos-floor_bg.wasm" -o "$dir/opt.wasm"
  wasm2js -Oz "$dir/opt.wasm" -o "$dir/asm.js"
done
node - "$OUT" <<'JS'
const fs = require("fs"), zlib = require("zlib"), path = require("path");
const esbuild = require(path.resolve("node_modules/esbuild"));
// wasm2js's output minified as page/single-html.mjs minifies the widget's.
const minified = (file) => Buffer.from(esbuild.transformSync(fs.readFileSync(file, "utf8"), { format: "esm", minify: true, target: "es2022", legalComments: "none" }).code);
const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
const b85 = (n) => Math.ceil(n / 4) * 5;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (name, wasm, js) => {
  const file = b85(gz(wasm));
  const jsCells = js ? `${kb(js.length)} | ${kb(gz(js))}` : "made in the page | –";
  console.log(`| ${name} | ${kb(wasm.length)} | ${kb(gz(wasm))} | ${jsCells} | ${kb(file)} |`);
};
console.log("| | wasm raw | wasm gzip | wasm2js raw | wasm2js gzip | the wasm carried, gzip + base-85 |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const v of ["leptos", "leptos+json"]) {
  const d = path.join(process.argv[2], v);
  row(`floor: ${v}`, fs.readFileSync(path.join(d, "opt.wasm")), minified(path.join(d, "asm.js")));
}
const wasm = fs.readdirSync("dist/trunk").find((f) => f.endsWith("_bg.wasm"));
if (wasm) row("the widget (with its data, which the file carries apart)", fs.readFileSync(path.join("dist/trunk", wasm)));
JS
