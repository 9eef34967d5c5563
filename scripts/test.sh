#!/usr/bin/env bash
# Every test, from a fresh clone: set-up (idempotent), then native tests, the widget build, the MCP
# server and the SDK examples through the MCP Inspector, the server against a real Mage server,
# browser tests in headless Chromium, Firefox and WebKit, and the end-to-end suite in the ext-apps
# test host in the same three engines (Chromium through Playwright, Firefox and WebKit through
# WebDriver). Set-up stops the run when it fails; after it, every layer that fails is listed at the
# end, after the others ran, and whatever needed it is reported as not run.
#
# After set-up (all but the cargo tools) and the fixtures, the work is a set of lanes run side by
# side as the machine's cores allow (tests/harness/test-lanes.sh: each lane's share of a core, what it
# waits for, the scheduler): the cargo tools and the widget's compile from the start, then the
# native tests' build and Mage's install, then the browsers. A browser that waits for a core stops answering its driver, so
# browser lanes start within the cores other work leaves (a little past them on a quiet machine
# once the builds are done: a browser lane's share is an average); work no lane waits for yields
# to them (nice).
#
# The end of the output is each layer's and lane's wall time, CPU time, cores used, the cores
# other processes kept busy, and the peak load and longest stall while it ran
# (tests/harness/lane-report.mjs), so a slow or starved run shows itself; then the total against the
# budget on a new machine (TEST_BUDGET_S, 15 minutes) and whether the machine was busy with other
# work. TEST_CORES=N schedules for N cores instead of the machine's count (TEST_CORES=0 runs
# every lane alone, one after another: how each lane's own cost is measured).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
# nginx is in /usr/sbin, which a user's PATH on Debian may lack.
export PATH="$PATH:/usr/sbin:/sbin"

# What the whole run may take on a new machine (empty cargo home, no cargo tools built).
export TEST_BUDGET_S=${TEST_BUDGET_S:-900}
# The run builds every crate of the workspace once, from whatever changed: rustc's incremental
# caches only pay off on the next small change, and writing them costs the first build's CPU
# (docs/performance.md). `cargo test` by hand keeps them; switching between the two rebuilds nothing.
export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
LOGS=target/test-logs
mkdir -p "$LOGS"
rm -rf "$LOGS"/*.log "$LOGS"/*.cpu "$LOGS"/times.tsv "$LOGS"/monitor.json "$LOGS"/elsewhere "$LOGS"/layer.cpu "$LOGS"/mage-results
TIMES="$LOGS/times.tsv"
FAILED=()
# The logs of the lanes that failed (not those that did not run), for their ends.
FAILED_LOGS=()

# Background processes stop with the run, however it ends.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
now_ms() { printf '%s' "${EPOCHREALTIME/./}" | cut -c1-13; }

# The machine's load and stalls, and what other processes used, sampled through the whole run (read
# at the end). Every process of the run carries RESOURCE_WIDGET_TEST_RUN, so the monitor tells the
# run's own processes from others' even after a browser leaves its driver. It keeps ELSEWHERE up to
# date with the cores other work is using, which the lanes' scheduler leaves to it.
export RESOURCE_WIDGET_TEST_RUN=$$
ELSEWHERE="$LOGS/elsewhere"
node tests/harness/load-monitor.mjs "$LOGS/monitor.json" "$ELSEWHERE" &
monitor=$!

# ---- layers run in turn: `layer NAME TEXT CMD...` ----
# CPU time is the children's user + system time as the shell counts it (`times`).
# (`times` writes to a file: in a pipeline it would run in a new process, which has no children.)
cpu_of_children() {
  local file
  file=$(mktemp)
  times >"$file"
  awk 'NR == 2 { gsub(/[ms]/, " "); print $1 * 60 + $2 + $3 * 60 + $4 }' "$file"
  rm -f "$file"
}
layer() {
  local name=$1 text=$2 start status=0
  shift 2
  printf '\n== %s: %s\n' "$name" "$text"
  start=$(now_ms)
  (
    status=0
    "$@" || status=$?
    cpu_of_children >"$LOGS/layer.cpu"
    exit "$status"
  ) || status=$?
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$start" "$(now_ms)" "$(cat "$LOGS/layer.cpu" 2>/dev/null)" "$status" >>"$TIMES"
  [ "$status" = 0 ] || FAILED+=("$name (exit $status)")
  return "$status"
}

# A full disk fails whatever writes next (a build, a browser's profile, a venv), far from the cause:
# the free space where the run writes is said at the start, and again at the end of a failed run.
# A run from an empty target/ and empty caches writes about 6 GiB.
NEEDED_GIB=6
free_space() {
  local dir
  # One line per filesystem: the first of the folders on it, and its free GiB.
  for dir in "$PWD" "${TMPDIR:-/tmp}" "$HOME"; do
    df -Pk "$dir" 2>/dev/null | awk -v dir="$dir" 'NR == 2 { printf "%s %s %.1f\n", $6, dir, $4 / 1048576 }'
  done | awk '!seen[$1]++ { print $2, $3 }'
}
say_free_space() {
  local dir gib
  while read -r dir gib; do
    printf 'disk: %s GiB free where %s is' "$gib" "$dir"
    if awk -v g="$gib" -v n="$NEEDED_GIB" 'BEGIN { exit !(g < n) }'; then
      printf ' (LOW: a run from empty folders writes about %s GiB)' "$NEEDED_GIB"
    fi
    printf '\n'
  done < <(free_space)
}
say_free_space

layer "setup" "packages and toolchains (skips what is present); the cargo tools build in a lane" ./scripts/setup.sh --without-cargo-tools || {
  echo "set-up failed: nothing else can run" >&2
  exit 1
}
fixtures() { node fixtures/generate.mjs --check && node --test tests/schema.test.mjs; }
layer "fixtures" "fixtures match fixtures/generate.mjs; the published JSON Schemas accept and reject them as marked" fixtures || true
# ---- lanes side by side, as many as the cores allow ----
. tests/harness/test-lanes.sh
printf '\n== lanes: %s\n' "scheduled for $LANE_CORES_SHOWN cores (tests/harness/test-lanes.sh); each lane's output is printed when it ends"
run_lanes

kill "$monitor" 2>/dev/null || true
wait "$monitor" 2>/dev/null || true

for name in "${LANE_NAMES[@]}"; do
  case "${LANE_STATUS[$name]:-not run}" in
    0) ;;
    skipped) FAILED+=("$name (not run: a lane it needs failed)") ;;
    "not run") FAILED+=("$name (not run)") ;;
    *)
      log="$LOGS/$(lane_log_name "$name")"
      FAILED+=("$name (exit ${LANE_STATUS[$name]}; $log)")
      FAILED_LOGS+=("$log")
      ;;
  esac
done

# The end of each failed lane's log (where its runner lists what failed), so the end of the
# output says why without its logs.
failed_lane_tails() {
  local log
  for log in "${FAILED_LOGS[@]}"; do
    [ -f "$log" ] || continue
    printf '\n-- the end of %s:\n' "$log"
    grep -v '^\s*$' "$log" | tail -n "${FAILED_TAIL_LINES:-15}" | cut -c1-300 | sed 's/^/   | /'
  done
}

if [ ${#FAILED[@]} -gt 0 ]; then
  failed_lane_tails >&2
  say_free_space >&2
  printf '\nFAILED:\n' >&2
  printf '  %s\n' "${FAILED[@]}" >&2
  printf '\n'
  node tests/harness/lane-report.mjs "$TIMES" "$LOGS/monitor.json"
  exit 1
fi
printf '\nall tests passed\n\n'
node tests/harness/lane-report.mjs "$TIMES" "$LOGS/monitor.json"
