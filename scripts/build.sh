#!/usr/bin/env bash
# Builds dist/resource-widget.html, the single self-contained file an MCP server registers: the
# wasm build (Trunk) and the JavaScript build for CSPs without WebAssembly (scripts/build-js.sh).
# Expects scripts/setup.sh to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Local tools first: wasm-opt from npm binaryen (Debian's 108 breaks the module), cargo's bin.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --quiet
./scripts/build-js.sh
node scripts/single-html.mjs
