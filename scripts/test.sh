#!/usr/bin/env bash
# Every test, from a fresh clone: set-up (idempotent), then native tests, the widget build, browser
# tests in headless Chromium, Firefox and WebKit, and the end-to-end suite in the ext-apps test host
# in the same three engines (Chromium through Playwright while Firefox and WebKit run the same
# checks through WebDriver). Set-up and the build stop the run when they fail (everything after
# needs them); any other layer that fails is listed at the end, after the others ran. Prints each
# layer's time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# ---- layers: `step NAME TEXT` closes the previous layer and opens the next ----
LAYERS=()
TIMES=()
FAILED=()
layer=""
layer_start=0
RUN_START=$EPOCHREALTIME
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
record() {
  LAYERS+=("$1")
  TIMES+=("$2")
}
end_step() {
  if [ -n "$layer" ]; then record "$layer" "$(elapsed "$layer_start")"; fi
  layer=""
}
step() {
  end_step
  layer=$1
  layer_start=$EPOCHREALTIME
  printf '\n== %s: %s\n' "$1" "$2"
}
# Runs a command as (part of) the current layer; a failure is noted and the run goes on.
check() { "$@" || FAILED+=("$layer: $*"); }
summary() {
  end_step
  printf '\n%-36s %8s\n' "layer" "seconds"
  for i in "${!LAYERS[@]}"; do printf '%-36s %8s\n' "${LAYERS[$i]}" "${TIMES[$i]}"; done
  printf '%-36s %8s\n' "total" "$(elapsed "$RUN_START")"
}

step "setup" "tools and packages (skips what is present)"
./scripts/setup.sh

step "fixtures" "fixtures match fixtures/generate.mjs; the published JSON Schemas accept and reject them as marked"
check node fixtures/generate.mjs --check
check node --test tests/schema.test.mjs

step "native" "native tests (model, layout, app state, bridge protocol; bounded property tests)"
check cargo test --workspace --quiet --no-fail-fast

step "build" "dist/resource-widget.html and the model's report tool (for the preview)"
./scripts/build.sh
cargo build --quiet --release -p widget-model --example report

step "inspector" "the reference MCP server through a client nobody on the team wrote (the MCP Inspector's CLI)"
check ./scripts/inspector-check.sh

step "mage" "the reference MCP server driving a real Mage server (mage-ai 0.9.80 on 127.0.0.1, installed outside the repository)"
check ./scripts/mage-test.sh

# The wasm test runner takes GECKODRIVER, then SAFARIDRIVER, then CHROMEDRIVER: name exactly one per run.
step "browser chromium" "browser tests (tests/web.rs) in headless Chromium"
check env -u GECKODRIVER -u SAFARIDRIVER CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web

step "browser firefox" "browser tests (tests/web.rs) in headless Firefox"
check env -u CHROMEDRIVER -u SAFARIDRIVER GECKODRIVER="$(command -v geckodriver)" cargo test --target wasm32-unknown-unknown --test web

step "browser webkit" "browser tests (tests/web.rs) in WebKit (WebKitWebDriver on a virtual display)"
check env -u GECKODRIVER -u CHROMEDRIVER SAFARIDRIVER="$(command -v WebKitWebDriver)" \
  xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" cargo test --target wasm32-unknown-unknown --test web

# One list of checks (tests/e2e/checks/) in three engines at once: Firefox and WebKit through
# WebDriver in the background (one session each), Chromium through Playwright (two workers)
# meanwhile. The WebDriver run's lines are printed when it ends.
step "e2e" "end to end: the widget file in the ext-apps test host, in Chromium, Firefox and WebKit"
mkdir -p target/e2e-webdriver
webdriver_start=$EPOCHREALTIME
node tests/e2e/webdriver.mjs --engines firefox,webkit --sessions 1 >target/e2e-webdriver/run.log 2>&1 &
webdriver_pid=$!
playwright_start=$EPOCHREALTIME
check npx playwright test
playwright_time=$(elapsed "$playwright_start")
wait "$webdriver_pid" || FAILED+=("e2e: node tests/e2e/webdriver.mjs (Firefox, WebKit)")
webdriver_time=$(elapsed "$webdriver_start")
printf '\n-- Firefox and WebKit (WebDriver), also in target/e2e-webdriver/run.log\n'
cat target/e2e-webdriver/run.log
end_step
record "  e2e chromium (playwright)" "$playwright_time"
record "  e2e firefox + webkit (webdriver)" "$webdriver_time"

if [ ${#FAILED[@]} -gt 0 ]; then
  printf '\nFAILED:\n' >&2
  printf '  %s\n' "${FAILED[@]}" >&2
  summary
  exit 1
fi
printf '\nall tests passed\n'
summary
