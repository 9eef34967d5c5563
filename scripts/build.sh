#!/usr/bin/env bash
# Builds dist/resource-widget.html, the single self-contained file an MCP server registers. One
# release build serves both builds: Trunk builds the wasm (the pinned nightly, std rebuilt for the
# wasm MVP with panics that abort at once and no source locations), the file carries it, and the
# page turns that same wasm into JavaScript where the CSP forbids WebAssembly
# (page/wasm-to-js.mjs). Every cut to the Rust shrinks both. Expects scripts/setup.sh to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain/wasm-release-env.sh
# Its own target directory: another toolchain and flags share nothing with the stable builds in
# target/, and cargo's lock on target/ would otherwise make the tests' builds wait for this one
# (scripts/test.sh runs them side by side).
export CARGO_TARGET_DIR="$PWD/target/widget"
# --compile: only cargo's part of both builds (the test-hooks one first), as Trunk runs it: the test
# command runs it while the cargo tools are built, so that Trunk later finds both compiled.
if [ "${1:-}" = --compile ]; then
  for features in test-hooks ""; do
    cargo build --target=wasm32-unknown-unknown --manifest-path "$PWD/Cargo.toml" --release --offline \
      --bin resource-widget ${features:+--features "$features"}
  done
  exit 0
fi
# --test-hooks: the same build with the end-to-end tests' hooks (the `test-hooks` feature,
# src/bridge/test_hooks.rs), folded into dist/test-hooks/resource-widget.html for the checks that
# call one. The shipped file never has them. Same target directory: only this crate and the link
# are built again.
if [ "${1:-}" = --test-hooks ]; then
  export BUILD_DIR="$PWD/dist/test-hooks"
  # Its wasm lands where bench/size-report.sh and bench/build-profile.sh read the shipped
  # one: the shipped one is put back after.
  shipped="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/resource-widget.wasm"
  if [ -f "$shipped" ]; then cp "$shipped" "$shipped.shipped"; fi
  trunk build --release --quiet --features test-hooks --dist "$BUILD_DIR/trunk"
  if [ -f "$shipped.shipped" ]; then mv "$shipped.shipped" "$shipped"; fi
else
  trunk build --release --quiet
fi
# The JavaScript build translates what start-up calls in one script: the order of first calls,
# recorded from this wasm in Chromium (page/start-order.mjs), then the file is folded with it.
# A recording can differ from the next by a function, so the shipped build takes the order kept in
# the repository for its wasm (page/start-order.json): one commit, the same file everywhere.
# It records only for a wasm that has none kept (a change not kept yet: ./scripts/widget-refresh.sh
# keeps it) and for the test-hooks build.
if [ -n "${BUILD_DIR:-}" ] || ! node page/start-order.mjs --kept; then
  # The recording runs in Debian's Chromium, which the preview's set-up does not install.
  [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || ./scripts/setup.sh --chromium
  node page/single-html.mjs --recording
  node page/start-order.mjs
  if [ -z "${BUILD_DIR:-}" ]; then
    echo "build: this wasm's start order was recorded here, not kept: ./scripts/widget-refresh.sh keeps it and the widget file in the repository"
  fi
fi
node page/single-html.mjs
