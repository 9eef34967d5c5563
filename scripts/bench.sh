#!/usr/bin/env bash
# The benchmarks: set-up (idempotent), build, then the widget in the ext-apps host (bench/widget.mjs),
# the ways to bring a result into Rust (bench/parse.mjs) and the graph layout against elkjs
# (bench/layout.mjs), each as a Markdown table; then what the page's translator costs (bench/translate.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
node bench/widget.mjs
node bench/parse.mjs
node bench/layout.mjs
node bench/translate.mjs
