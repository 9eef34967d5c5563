#!/usr/bin/env bash
# Where the widget's bytes are: twiggy over the release wasm that scripts/build.sh left, after
# wasm-bindgen (run again here with --keep-debug so every function keeps its name) and before
# wasm-opt, which takes a further ~8% off what is listed. Prints the top
# items, the dominators (what keeps what alive) and the bytes per crate, then the file's figures
# against the budget (page/size-budget.json). Run after ./scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
TWIGGY_VERSION=0.8.0
if ! grep -qF " $TWIGGY_VERSION" <<<"$(twiggy --version 2>/dev/null || true)"; then
  echo "size-report: installing twiggy $TWIGGY_VERSION from crates.io (a first install takes minutes)"
  cargo install --quiet twiggy --version "$TWIGGY_VERSION" --locked
fi
WASM=target/widget/wasm32-unknown-unknown/release/resource-widget.wasm
[ -f "$WASM" ] || { echo "size-report: $WASM is missing; run ./scripts/build.sh first" >&2; exit 1; }
TOP=${TOP:-20}

OUT=target/size-report
mkdir -p "$OUT"
# wasm-bindgen as the build runs it (its describe functions gone), keeping the names for twiggy.
wasm-bindgen --target web --keep-debug --out-dir "$OUT/bindgen" "$WASM"
BOUND="$OUT/bindgen/resource-widget_bg.wasm"
twiggy top -n 100000 --format csv "$BOUND" >"$OUT/top.csv"
twiggy dominators --format csv "$BOUND" >"$OUT/dominators.csv"
TOP=$TOP node bench/size-report.mjs "$OUT/top.csv" "$OUT/dominators.csv"
printf '\n== the file (page/single-html.mjs; budget in page/size-budget.json)\n'
node -e '
  const fs = require("fs"), zlib = require("zlib");
  const html = fs.readFileSync("dist/resource-widget.html");
  const budget = JSON.parse(fs.readFileSync("page/size-budget.json", "utf8"));
  const gz = zlib.gzipSync(html, { level: 9 }).length;
  console.log(`dist/resource-widget.html ${html.length} B raw (budget ${budget.file_raw}), ${gz} B gzip (budget ${budget.file_gzip})`);
'
