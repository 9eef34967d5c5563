#!/usr/bin/env bash
# The JavaScript build of the widget, for hosts whose CSP forbids WebAssembly (the MCP Apps spec
# default). The same Rust, compiled for the wasm MVP (no reference types: wasm2js refuses modules
# with several tables, so std is rebuilt with -Z build-std on a pinned nightly), bound by
# wasm-bindgen, optimised by wasm-opt, turned into JavaScript by wasm2js. Writes
# target/mvp/js-build/{glue.js,asm.js}; scripts/single-html.mjs assembles them.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
NIGHTLY=$(cat scripts/nightly-toolchain)
OUT=target/mvp/js-build
mkdir -p "$OUT"

RUSTFLAGS="-C target-cpu=mvp" CARGO_TARGET_DIR=target/mvp \
  cargo "+$NIGHTLY" build --quiet -Z build-std=std,panic_abort --target wasm32-unknown-unknown --release --bin resource-widget
wasm-bindgen --target web --out-dir "$OUT" target/mvp/wasm32-unknown-unknown/release/resource-widget.wasm
wasm-opt --mvp-features -Oz --strip-debug --strip-producers "$OUT/resource-widget_bg.wasm" -o "$OUT/opt.wasm"
wasm2js -Oz "$OUT/opt.wasm" -o "$OUT/asm.js"
mv "$OUT/resource-widget.js" "$OUT/glue.js"
