#!/usr/bin/env bash
# The MCP server for Mage pipelines (crates/mage-mcp-server) against a real Mage server
# (mage-ai 0.9.80), end to end:
#   1. installs mage-ai into its venv (scripts/mage/setup.sh: skipped when present);
#   2. starts Mage on 127.0.0.1 with a temporary data dir (scripts/mage/serve.sh), stopped on any
#      exit by a trap;
#   3. builds the small project through Mage's HTTP API: two pipelines (one with a 3-block graph),
#      a completed run with a 300 x 13 DataFrame output, a failed run;
#   4. logs in (POST /api/sessions, scripts/mage/login.py) and writes a config.json with the session
#      and the API key;
#   5. builds the server's test binary (a no-op after scripts/test.sh's native layer);
#   6. runs crates/mage-mcp-server/tests/server/mage.rs (rmcp's client over stdio against the
#      server binary with --mage / --mage-url): the shared suite of tool behaviour (suite.rs), every
#      tool, results against the schemas, no token in any result or log line, PUT not PATCH,
#      outputs without sample_count, pipeline-level logs, each pipeline's and run's page in Mage's UI
#      (the recordUrl hint) on Mage's address and answered with 200, AUTH_EXPIRED, and ids such as `..`
#      refused before any request (a recording proxy in front of Mage sees none);
#      it writes the CallToolResults of pipeline_list, pipeline_get, pipeline_runs (the completed
#      and the failed run), block_outputs and the failed run's run_logs into a results folder
#      (MAGE_TEST_RESULTS);
#   7. with Mage still running, loads each of those results into the real widget in the test host
#      (tests/e2e/mage-live.spec.mjs in Chromium, MAGE_TEST_RESULTS set, and MAGE_TEST_URL to
#      Mage's address): a list with rows, the graph drawn with the blocks' uuids, the run-history
#      strip above the runs (a mark per run, the failed one told apart, how many completed), the
#      DataFrame's output grid, the failed run's exception, and "Open in Mage" on a detail and on
#      rows sending ui/open-link with a page on Mage's address that Mage answers with 200.
#      dist/resource-widget.html is built first (scripts/build.sh, minutes) when it is missing.
# Every wait is bounded; the time of each step and of the whole layer is printed at the end.
#
#   scripts/mage-test.sh               (MAGE_VENV as in scripts/mage/setup.sh)
#   scripts/mage-test.sh --no-widget   steps 1-6 only: the server against Mage, without the widget
#                                      build and the browser step (for work on the server alone)
#   --keep-results DIR                 step 6 writes its results into DIR and leaves them there
#                                      (scripts/test.sh runs step 7 as a lane of its own, once the
#                                      widget is built: it does not need Mage)
set -euo pipefail
WITH_WIDGET=1
KEEP_RESULTS=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-widget) WITH_WIDGET=0 ;;
    --keep-results) KEEP_RESULTS=${2:?--keep-results needs a folder}; shift ;;
    *) echo "mage-test.sh: unknown argument $1 (see the header)" >&2; exit 2 ;;
  esac
  shift
done
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
T0=$(now)
declare -a STEPS=()
step_done() { STEPS+=("$1 $(since "$2") s"); }

t=$(now)
scripts/mage/setup.sh
step_done "install (setup.sh)" "$t"


WORK="$(mktemp -d /tmp/mage-test.XXXXXX)"
RESULTS=${KEEP_RESULTS:-$WORK/results}
mkdir -p "$RESULTS"
MAGE_SERVE_DIR=""
cleanup() {
  local rc=$?
  if [ -n "$MAGE_SERVE_DIR" ] && [ -d "$MAGE_SERVE_DIR" ]; then
    scripts/mage/serve.sh stop "$MAGE_SERVE_DIR" || true
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t=$(now)
scripts/mage/serve.sh start --timeout 120 >"$WORK/serve.env"
MAGE_URL="$(sed -n 's/^MAGE_URL=//p' "$WORK/serve.env")"
MAGE_SERVE_DIR="$(sed -n 's/^MAGE_SERVE_DIR=//p' "$WORK/serve.env")"
step_done "start Mage" "$t"

t=$(now)
timeout 240 python3 scripts/mage/build_project.py "$MAGE_URL" --minimal --one-process --with-failure \
  --out "$WORK/build.json" >/dev/null
python3 - "$WORK/build.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
want = {b["runs"]["completed"]: "completed", b["runs"]["failed"]: "failed"}
got = {int(k): v for k, v in b["run_status"].items()}
bad = {k: got.get(k) for k, v in want.items() if got.get(k) != v}
if bad or b["failures"]:
    sys.exit(f"the small project is not as expected: runs {got}, failures {b['failures']}")
print(f"project: {', '.join(b['pipelines'])}; runs {got}")
PY
step_done "build the project (2 pipelines, 2 runs)" "$t"

t=$(now)
timeout 60 python3 scripts/mage/login.py "$MAGE_URL" --config "$WORK/config.json"
step_done "log in" "$t"

# After Mage is up and the project built: cargo may wait here for another build of target/ that
# scripts/test.sh runs meanwhile (Mage waits too, idle, for a first build).
t=$(now)
nice -n 10 cargo test-native --test server --no-run 2>&1 | tail -n 3
step_done "build the test binary" "$t"

t=$(now)
rc=0
MAGE_TEST_URL="$MAGE_URL" MAGE_TEST_CONFIG="$WORK/config.json" MAGE_TEST_BUILD="$WORK/build.json" \
  MAGE_TEST_RESULTS="$RESULTS" timeout 420 nice -n 10 cargo test-native --test server -- mage:: --test-threads=1 --nocapture \
  || rc=$?
step_done "MCP tests against Mage" "$t"

if [ "$WITH_WIDGET" -eq 0 ]; then
  echo "mage-test.sh: steps"
  for s in "${STEPS[@]}"; do echo "  $s"; done
  echo "mage-test.sh: layer time $(since "$T0") s without the widget step (--no-widget)"
  exit "$rc"
fi

# The widget file, built here when it is missing.
t=$(now)
if [ ! -f dist/resource-widget.html ]; then
  echo "mage-test.sh: dist/resource-widget.html is missing; building it (scripts/build.sh)"
  nice -n 10 ./scripts/build.sh
fi
step_done "the widget file" "$t"

# Runs even when a test above failed: a result it did not write fails its check here, never skips.
t=$(now)
MAGE_TEST_RESULTS="$RESULTS" MAGE_TEST_URL="$MAGE_URL" timeout 240 nice -n 10 npx playwright test tests/e2e/mage-live.spec.mjs --output target/playwright-mage \
  --reporter=list || { [ "$rc" -ne 0 ] || rc=1; }
step_done "the widget on Mage's results (Chromium)" "$t"

echo "mage-test.sh: steps"
for s in "${STEPS[@]}"; do echo "  $s"; done
echo "mage-test.sh: layer time $(since "$T0") s (goal: at most 240 s once installed)"
exit "$rc"
