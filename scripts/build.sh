#!/usr/bin/env bash
# Builds dist/resource-widget.html, the single self-contained file an MCP server registers.
# Expects scripts/setup.sh to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Local tools first: wasm-opt from npm binaryen (Debian's 108 breaks the module), cargo's bin.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --quiet
node scripts/single-html.mjs
