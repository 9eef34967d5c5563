#!/usr/bin/env bash
# The widget's browser tests (tests/web/, wasm-bindgen-test) in one engine, or their build.
#
#   tests/harness/browser-tests.sh --build                  build the tests' wasm once for every engine
#   tests/harness/browser-tests.sh ENGINE [FILTER] [ARGS]   run it in chromium, firefox or webkit
#
# The run calls wasm-bindgen-test-runner on the built wasm directly (no cargo: the three engines'
# lanes may run side by side without waiting on cargo's lock). Time limits are tests/harness/timeouts.mjs's.
# When the runner ends without the tests' summary, the browser stopped answering: the script says
# which engine, after how many of the tests, and the test that was running (wasm-bindgen-test runs
# them one at a time, from the end of the list `--list` prints), instead of the runner's own error. A session that did not
# start is started once more, and the log says so; tests that ran are never run again.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
eval "$(node tests/harness/timeouts.mjs)"
WASM_PATH_FILE=target/web-tests.wasm-path
mkdir -p target

if [ "${1:-}" = --build ]; then
  # A target folder of its own: the build runs as idle work beside the browsers for minutes, and
  # in target/ it would hold cargo's lock on the folder all that time, keeping the native tests and
  # the Mage lane, which run through cargo, waiting behind it.
  CARGO_TARGET_DIR=target/browser-build cargo test --quiet --target wasm32-unknown-unknown --test web --no-run --message-format=json-render-diagnostics |
    node -e '
      let wasm = "";
      for (const line of require("fs").readFileSync(0, "utf8").split("\n")) {
        if (!line.startsWith("{")) continue;
        const m = JSON.parse(line);
        if (m.reason === "compiler-artifact" && m.target?.name === "web" && m.executable) wasm = m.executable;
      }
      if (!wasm) { console.error("browser-tests.sh: cargo named no test wasm for tests/web"); process.exit(1); }
      console.log(wasm);' >"$WASM_PATH_FILE"
  echo "browser tests built: $(cat "$WASM_PATH_FILE")"
  exit 0
fi

engine=${1:-}
shift || true
[ -f "$WASM_PATH_FILE" ] || { echo "browser-tests.sh: build first (tests/harness/browser-tests.sh --build)" >&2; exit 2; }
wasm=$(cat "$WASM_PATH_FILE")

wrap=()
case "$engine" in
  chromium) driver=(CHROMEDRIVER=/usr/bin/chromedriver) ;;
  firefox) driver=(GECKODRIVER="$(command -v geckodriver)") ;;
  # WebKitGTK has no headless mode: a virtual display. Without compositing: under Xvfb its
  # compositor redraws the whole screen in software on every frame of a CSS animation
  # (tests/e2e/drivers/webdriver.mjs, WEBKIT_ENV).
  webkit)
    driver=(SAFARIDRIVER="$(command -v WebKitWebDriver)" WEBKIT_DISABLE_COMPOSITING_MODE=1)
    wrap=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp")
    ;;
  *) echo "usage: tests/harness/browser-tests.sh --build | chromium|firefox|webkit [FILTER] [ARGS]" >&2; exit 2 ;;
esac

out_dir=target/browser-tests
mkdir -p "$out_dir"
# The session's capabilities: webdriver.json with the script limit of tests/harness/timeouts.mjs (the
# runner reads the file WASM_BINDGEN_TEST_WEBDRIVER_JSON names).
caps="$out_dir/webdriver-$engine.json"
node -e '
  const caps = JSON.parse(require("fs").readFileSync("webdriver.json", "utf8"));
  caps.timeouts = { script: Number(process.argv[1]) };
  console.log(JSON.stringify(caps));' "$BROWSER_TESTS_SCRIPT_MS" >"$caps"

# Exactly one driver per run: the runner takes GECKODRIVER, then SAFARIDRIVER, then CHROMEDRIVER.
run_tests() {
  env -u CHROMEDRIVER -u GECKODRIVER -u SAFARIDRIVER "${driver[@]}" \
    WASM_BINDGEN_TEST_TIMEOUT="$BROWSER_TESTS_RUN_S" WASM_BINDGEN_TEST_WEBDRIVER_JSON="$caps" \
    "${wrap[@]}" wasm-bindgen-test-runner "$wasm" "$@"
}

output="$out_dir/$engine.out"
attempt=1
while :; do
  status=0
  run_tests "$@" 2>&1 | tee "$output" || status=${PIPESTATUS[0]}
  [ "$status" != 0 ] || exit 0
  # The tests ran to their summary: their own failures, printed above.
  if grep -q '^test result: ' "$output"; then exit "$status"; fi
  # No page was visited: the session did not start. Once more, said.
  if [ "$attempt" = 1 ] && ! grep -q 'Visiting ' "$output"; then
    echo "browser-tests.sh: $engine: the WebDriver session did not start; starting it once more"
    attempt=2
    continue
  fi
  break
done

# The browser stopped answering mid-run: name the engine, the progress and the test it was in (the
# page's console names each test as it starts, when the runner could still read it; otherwise the
# first test without a result in the order they run).
finished=$(grep -cE '^test .* \.\.\. ' "$output" || true)
list=$(run_tests --list 2>/dev/null | sed -n 's/: test$//p')
total=$(printf '%s\n' "$list" | grep -c . || true)
running=$(sed -n 's/^ *Invoking test: //p' "$output" | tail -n 1)
if [ -z "$running" ]; then
  while IFS= read -r name; do
    if [ -n "$name" ] && ! grep -qF "test $name ... " "$output"; then
      running=$name
      break
    fi
  done < <(printf '%s\n' "$list" | tac)
fi
reason=$(grep -m 1 -E '^(Error|error)|Failed to detect|timed out|[Tt]imeout' "$output" || true)
echo
echo "browser-tests.sh: FAILED: $engine stopped answering after $finished of $total tests;" \
  "the test running then: ${running:-unknown}; the runner said: ${reason:-nothing more}"
exit 1
