#!/usr/bin/env bash
# The benchmarks: set-up (idempotent), build, then the widget in the ext-apps host (bench/widget.mjs)
# and the graph layout against elkjs (bench/layout.mjs). Each prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
node bench/widget.mjs
node bench/layout.mjs
