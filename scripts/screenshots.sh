#!/usr/bin/env bash
# Screenshots of the widget on real pipeline data, in one command: every kind of response a real
# Mage server (mage-ai 0.9.80, on loopback) gives through the reference server, rendered in both
# builds and written to docs/screenshots/mage-lane/<kind>-<build>.png.
#   1. installs mage-ai into its venv when missing (scripts/mage/setup.sh);
#   2. builds dist/resource-widget.html when missing (scripts/build.sh; SCREENSHOTS_BUILD=1 always
#      rebuilds) and the server (cargo build -p mage-mcp-server);
#   3. starts Mage with a temporary data dir (scripts/mage/serve.sh run), stopped on any exit;
#   4. builds the full project (scripts/mage/build_project.py: a 41-block pipeline, a DataFrame of
#      dates and floats, triggers of every type, a backfill, a failed run) and logs in;
#   5. asks the server for one result of each kind (scripts/screenshots/mage-results.mjs);
#   6. renders each in the test host, wasm under `spec-default-wasm` and the JavaScript build
#      under `spec-default`, checks that the data a person came for is on screen, and writes the
#      pictures (tests/e2e/screenshots.spec.mjs, "mage lane"); with MAGE_UI_PAGES=1 it also
#      pictures Mage's own pages for the same data into target/screenshots/mage-ui/.
# Every wait is bounded; the time of each step is printed at the end.
#
#   scripts/screenshots.sh            (MAGE_VENV as in scripts/mage/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
declare -a STEPS=()
step_done() { STEPS+=("$1 $(since "$2") s"); }

# First the tools; then the rest runs again with Mage up: serve.sh starts it on a free loopback
# port, runs this script with MAGE_URL set, and stops Mage however that ends.
if [ -z "${SCREENSHOTS_WITH_MAGE:-}" ]; then
  t=$(now)
  scripts/mage/setup.sh
  step_done "install Mage (setup.sh)" "$t"
  t=$(now)
  if [ "${SCREENSHOTS_BUILD:-0}" = 1 ] || [ ! -f dist/resource-widget.html ]; then
    nice -n 10 ./scripts/build.sh
  fi
  nice -n 10 cargo build --quiet -p mage-mcp-server
  step_done "the widget and the server" "$t"
  rc=0
  SCREENSHOTS_WITH_MAGE=1 SCREENSHOTS_STEPS="$(printf '%s\n' "${STEPS[@]}")" \
    scripts/mage/serve.sh run -- "$0" || rc=$?
  exit "$rc"
fi
mapfile -t STEPS <<<"${SCREENSHOTS_STEPS:-}"

WORK="$(mktemp -d /tmp/screenshots.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

t=$(now)
timeout 900 python3 scripts/mage/build_project.py "$MAGE_URL" --out "$WORK/build.json" >/dev/null
timeout 60 python3 scripts/mage/login.py "$MAGE_URL" --config "$WORK/config.json"
step_done "build the project and log in" "$t"

t=$(now)
timeout 600 node scripts/screenshots/mage-results.mjs target/debug/mage-mcp-server "$WORK/config.json" \
  "$WORK/build.json" "$WORK/results"
step_done "one result of each kind from the server" "$t"

# Mage's own pages for the same data (name=path), pictured with MAGE_UI_PAGES=1.
ui_pages=""
if [ "${MAGE_UI_PAGES:-0}" = 1 ]; then
  ui_pages="$(python3 - "$WORK/build.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
r = b["runs"]
pages = {
    "pipelines": "/pipelines",
    "pipeline-graph": "/pipelines/warehouse_rebuild/edit",
    "runs": "/pipeline-runs",
    "block-runs": f"/pipelines/warehouse_rebuild/runs/{r['warehouse']}",
    "triggers": "/triggers",
    "backfills": "/pipelines/daily_revenue_rollup/backfills",
    "output-dataframe": f"/pipelines/bond_pricing/runs/{r['pricing']}",
    "failed-run-logs": f"/pipelines/token_refresh_audit/logs?pipeline_run_id[]={r['failed']}",
}
print(",".join(f"{k}={v}" for k, v in pages.items()))
PY
)"
fi

t=$(now)
rc=0
SCREENSHOTS=1 MAGE_SCREENSHOT_RESULTS="$WORK/results" MAGE_UI_URL="${ui_pages:+$MAGE_URL}" MAGE_UI_PAGES="$ui_pages" \
  timeout 900 nice -n 10 npx playwright test tests/e2e/screenshots.spec.mjs --grep "mage lane" --workers 1 \
  --output target/playwright-screenshots --reporter=list || rc=$?
step_done "render, check and picture each result in both builds" "$t"

echo "screenshots.sh: pictures in docs/screenshots/mage-lane/"
echo "screenshots.sh: steps"
for s in "${STEPS[@]}"; do echo "  $s"; done
exit "$rc"
