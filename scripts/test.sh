#!/usr/bin/env bash
# Every test, from a fresh clone: set-up (idempotent), then native tests, the widget build, browser
# tests in headless Chromium and Firefox, and the end-to-end suite in the ext-apps test host.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
step() { printf '\n== %s\n' "$*"; }

step "fixtures match fixtures/generate.mjs; the published JSON Schemas accept and reject them as marked"
node fixtures/generate.mjs --check
node --test tests/schema.test.mjs

step "native tests (model, layout, app state, bridge protocol; bounded property tests)"
cargo test --workspace --quiet

step "build dist/resource-widget.html and the model's report tool (for the preview)"
./scripts/build.sh
cargo build --quiet --release -p widget-model --example report

step "the reference MCP server through a client nobody on the team wrote (the MCP Inspector's CLI)"
./scripts/inspector-check.sh

# The wasm test runner takes GECKODRIVER before CHROMEDRIVER: name exactly one per run.
step "browser tests in headless Chromium"
env -u GECKODRIVER CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web

step "browser tests in headless Firefox"
env -u CHROMEDRIVER GECKODRIVER="$(command -v geckodriver)" cargo test --target wasm32-unknown-unknown --test web

step "end to end: the widget file in the ext-apps test host (Playwright, Debian Chromium)"
npx playwright test

printf '\nall tests passed\n'
