#!/usr/bin/env bash
# The benchmarks: set-up (idempotent), build, then the widget in the ext-apps host (bench/widget.mjs:
# the wasm build, the JavaScript build and the SDK's vanillajs example side by side, the JavaScript
# build's goals as ratios, met or missed), the ways to bring a result into Rust (bench/parse.mjs)
# and the graph layout against elkjs (bench/layout.mjs), each as a Markdown table; then what the
# page's translator costs (bench/translate.mjs). Each is bounded in time (`timeout`); RUNS sets
# bench/widget.mjs's runs (default 5).
#
# The widget is measured beside the baseline (bench/baseline names its commit; BASELINE=COMMIT
# another, BASELINE= none), built by bench/build-commit.sh and loaded in turn with this build in
# the same run; the widget bench prints every figure of this build as a ratio to the baseline's.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
BASELINE=${BASELINE-$(sed -n 's/^commit: *//p' bench/baseline)}
if [ -n "$BASELINE" ]; then
  export HTML="$(./bench/build-commit.sh "$BASELINE"),dist/resource-widget.html"
fi
timeout 40m node bench/widget.mjs
timeout 10m node bench/parse.mjs
timeout 10m node bench/layout.mjs
timeout 10m node bench/translate.mjs
