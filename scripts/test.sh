#!/usr/bin/env bash
# Every test, from a fresh clone: set-up (idempotent), then native tests, the widget build, the MCP
# server and the SDK examples through the MCP Inspector, the server against a real Mage server,
# browser tests in headless Chromium, Firefox and WebKit, and the end-to-end suite in the ext-apps
# test host in the same three engines (Chromium through Playwright, Firefox and WebKit through
# WebDriver). Set-up and the build stop the run when they fail (everything after needs them); any
# other layer that fails is listed at the end, after the others ran. Prints each layer's time at the
# end; layers that run side by side (see below) each show their own wall time, and "total" is the
# run's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# ---- layers: `step NAME TEXT` closes the previous layer and opens the next ----
# Background lanes (below) stop with the run, however it ends.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
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
check cargo test-native --quiet --no-fail-fast

# lane_layer NAME LOG CMD...: runs CMD (output to LOG), appends "NAME<TAB>seconds<TAB>status" to LOG.times.
LANE_LOGS=target/test-logs
mkdir -p "$LANE_LOGS"
rm -f "$LANE_LOGS"/lane-*.log "$LANE_LOGS"/lane-*.log.times
lane_layer() {
  local name=$1 log=$2 start=$EPOCHREALTIME status=0
  shift 2
  "$@" >>"$log" 2>&1 || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(elapsed "$start")" "$status" >>"$log.times"
}

# The release build, with the real Mage server's layer beside it: Mage's start and the small
# project (a minute of mostly single-threaded Python) overlap the build, and the layer waits for
# the widget file before its last step. (The browser tests' wasm build beside the release build
# was measured slower than one after the other: 466 s against about 400 on a fresh clone.)
step "build" "dist/resource-widget.html (and that it carries no test hook); meanwhile the real Mage server starts (mage-ai 0.9.80 on 127.0.0.1)"
WIDGET_READY="$LANE_LOGS/widget-built"
rm -f "$WIDGET_READY"
MAGE_TEST_WIDGET_READY="$WIDGET_READY" lane_layer "mage" "$LANE_LOGS/lane-mage.log" ./scripts/mage-test.sh &
mage_lane=$!
./scripts/build.sh
touch "$WIDGET_READY"
check node --test tests/built-file.test.mjs
# The build with the end-to-end tests' hooks (dist/test-hooks/), beside the two layers below; only
# the end-to-end lanes need it, and they wait for it. It builds this crate again and the link, not
# the dependencies.
lane_layer "test-hooks build" "$LANE_LOGS/lane-hooks.log" ./scripts/build.sh --test-hooks &
hooks_build=$!

step "translator" "the page's wasm-to-JavaScript translator against the engine's wasm (every instruction; the widget's wasm whole)"
check node --test tests/wasm-to-js.test.mjs

step "browser build" "the browser tests' wasm build (tests/web/)"
check cargo test --quiet --target wasm32-unknown-unknown --test web --no-run

# From here on the run waits on browsers and servers more than on the processor: lanes at once.
# Lane "browser" (background): the browser tests in each engine. Lane "inspector" (background):
# the MCP server, then the SDK examples (examples/), through the MCP Inspector's CLI. Lane
# "webdriver" (background): the end-to-end checks in Firefox and WebKit over WebDriver. Lane "playwright" (here): the end-to-end
# suite in Chromium. The Mage lane may still be running. Each lane's output is printed when all
# have ended; each layer's time is its own wall time.
step "servers, browsers, end to end" "lanes: browser tests | Inspector | WebDriver e2e (Firefox, WebKit) | Playwright e2e (Chromium), beside the Mage lane"
(
  # The wasm test runner takes GECKODRIVER, then SAFARIDRIVER, then CHROMEDRIVER: name exactly one per run.
  # Its 20-second limit per WebDriver request was once too short for WebKit to load the tests
  # while the end-to-end lanes ran beside it.
  export WASM_BINDGEN_TEST_TIMEOUT=90
  lane_layer "browser chromium" "$LANE_LOGS/lane-browser.log" \
    env -u GECKODRIVER -u SAFARIDRIVER CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web
  lane_layer "browser firefox" "$LANE_LOGS/lane-browser.log" \
    env -u CHROMEDRIVER -u SAFARIDRIVER GECKODRIVER="$(command -v geckodriver)" cargo test --target wasm32-unknown-unknown --test web
  lane_layer "browser webkit" "$LANE_LOGS/lane-browser.log" \
    env -u GECKODRIVER -u CHROMEDRIVER SAFARIDRIVER="$(command -v WebKitWebDriver)" \
    xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" cargo test --target wasm32-unknown-unknown --test web
) &
browser_lane=$!
(
  lane_layer "inspector" "$LANE_LOGS/lane-inspector.log" ./scripts/inspector-check.sh
  lane_layer "packages" "$LANE_LOGS/lane-inspector.log" ./scripts/packages-check.sh
) &
inspector_lane=$!
# The end-to-end lanes load dist/test-hooks/resource-widget.html in the checks that call a hook.
wait "$hooks_build" || true
mkdir -p target/e2e-webdriver
lane_layer "e2e firefox + webkit (webdriver)" "$LANE_LOGS/lane-webdriver.log" \
  node tests/e2e/webdriver.mjs --engines firefox,webkit --sessions 1 &
webdriver_lane=$!
lane_layer "e2e chromium (playwright)" "$LANE_LOGS/lane-playwright.log" npx playwright test
wait "$browser_lane" "$mage_lane" "$inspector_lane" "$webdriver_lane" || true

# Each lane's output, then its layers' times and failures.
for lane in hooks browser mage inspector playwright webdriver; do
  printf '\n-- %s lane (%s)\n' "$lane" "$LANE_LOGS/lane-$lane.log"
  cat "$LANE_LOGS/lane-$lane.log"
done
end_step
for lane in hooks browser mage inspector playwright webdriver; do
  while IFS=$'\t' read -r name seconds status; do
    record "  $name" "$seconds"
    [ "$status" = 0 ] || FAILED+=("$name (exit $status; $LANE_LOGS/lane-$lane.log)")
  done <"$LANE_LOGS/lane-$lane.log.times"
done

if [ ${#FAILED[@]} -gt 0 ]; then
  printf '\nFAILED:\n' >&2
  printf '  %s\n' "${FAILED[@]}" >&2
  summary
  exit 1
fi
printf '\nall tests passed\n'
summary
