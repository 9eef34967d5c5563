#!/usr/bin/env bash
# Builds target/profile/resource-widget.html: the widget as scripts/build.sh builds it, but with
# every function's name kept in both builds (wasm-bindgen --keep-debug, wasm-opt with
# --debuginfo, no renaming by the minifier), for Chromium's profiler (`node bench/trace.mjs
# profile`). Larger and a little slower than the widget: for reading where time goes, not for
# figures. Run after ./scripts/build.sh (it reuses that build's wasm).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain/wasm-release-env.sh
WASM=target/widget/wasm32-unknown-unknown/release/resource-widget.wasm
[ -f "$WASM" ] || { echo "build-profile: $WASM is missing; run ./scripts/build.sh first" >&2; exit 1; }
# `scripts/build.sh --test-hooks` leaves its own wasm there (same target directory).
if grep -q __resourceWidgetTest "$WASM"; then
  echo "build-profile: $WASM is the build with test hooks; run ./scripts/build.sh first" >&2
  exit 1
fi
OUT=target/profile
rm -rf "$OUT" && mkdir -p "$OUT/trunk"
# The page Trunk made (its inlined style sheets), the glue and wasm with names.
cp dist/trunk/index.html "$OUT/trunk/"
wasm-bindgen --target web --keep-debug --no-typescript --out-dir "$OUT/bindgen" "$WASM"
cp "$OUT/bindgen/resource-widget.js" "$OUT/trunk/"
wasm-opt -Oz --mvp-features --debuginfo "$OUT/bindgen/resource-widget_bg.wasm" -o "$OUT/trunk/resource-widget_bg.wasm"
export PROFILE_DIR="$PWD/$OUT"
node page/single-html.mjs --recording
node page/start-order.mjs
node page/single-html.mjs
