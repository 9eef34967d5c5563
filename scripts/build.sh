#!/usr/bin/env bash
# Builds dist/resource-widget.html, the single self-contained file an MCP server registers. One
# release build serves both builds: Trunk builds the wasm (the pinned nightly, std rebuilt for the
# wasm MVP with panics that abort at once and no source locations), the file carries it, and the
# page turns that same wasm into JavaScript where the CSP forbids WebAssembly
# (scripts/page/wasm-to-js.mjs). Every cut to the Rust shrinks both. Expects scripts/setup.sh to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/wasm-release-env.sh
# Its own target directory: another toolchain and flags share nothing with the stable builds in
# target/, and cargo's lock on target/ would otherwise make the tests' builds wait for this one
# (scripts/test.sh runs them side by side).
export CARGO_TARGET_DIR="$PWD/target/widget"
trunk build --release --quiet
# The JavaScript build translates what start-up calls in one script: the order of first calls is
# recorded from this wasm in Chromium (scripts/start-order.mjs), then the file is folded with it.
node scripts/single-html.mjs --recording
node scripts/start-order.mjs
node scripts/single-html.mjs
