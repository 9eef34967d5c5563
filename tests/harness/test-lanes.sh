# The test command's lanes and their scheduler; sourced by scripts/test.sh after set-up.
#
# A lane is a command with a name, the share of a core it keeps busy while it runs (in tenths: 10
# is one core), and the lanes it needs to have passed first. The scheduler starts lanes in the
# order of the table as soon as what they need has passed and their share fits beside the running
# lanes' within the machine's cores; a lane whose need failed is not run and is reported as such.
# A lane that fits nowhere (a share past the cores) runs when nothing else does.
#
# Work that runs no browser and that the first browser lanes do not wait for (the browser tests'
# build, the native tests, geckodriver) is "idle": it takes no share, starts as soon as what it
# needs has passed and runs at nice 10, taking whatever the cores have left. The kernel gives every
# other lane the cores first, so it slows no browser, and the cores stay busy from the first
# minute. The builds browser lanes wait for (the cargo tools, the widget's and the native
# builds) take a share at nice 0: on a machine busy with other work they get their fair part of
# it, not what is left. A build (`build_lane`) also starts past the cores while only builds run:
# builds side by side only slow each other. Past the cores, no lane but a build starts until
# the builds' shares fit again.
#
# Each share is the cores the machine kept busy while the lane ran alone on a quiet machine
# (`TEST_CORES=0 ./scripts/test.sh` runs every lane alone; its report's "machine cores" column;
# docs/performance.md, "The test command", has the run these were set from). Browsers answer
# their drivers only when they get a core: lanes admitted far past the cores, or beside builds at
# nice 0, stretch every browser's answers until a driver gives up (a renderer silent for 30 s, a
# lost session), so the shares are what keeps the run green. A share is an average, though: a
# browser lane leaves part of its cores idle while its browsers wait on timers and on each other.
# So on a quiet machine, once no build runs, lanes may together take up to LANE_OVERCOMMIT tenths
# for each core (14: 1.4 times the cores), which lets two browser lanes
# such as Chromium's (17) and WebKit's (10) run side by side.
# On a machine busy with other work, the cores that work uses are left to it: the load monitor
# keeps ELSEWHERE up to date with them (tests/harness/load-monitor.mjs), and lanes are fitted into
# the rest, at least one core, never past it.
#
# Expects from scripts/test.sh: LOGS (the log folder), TIMES (the times file), ELSEWHERE (the
# load monitor's file), now_ms and cpu_of_children.

LANE_NAMES=()
LANE_SHARES=()
LANE_NEEDS=()
LANE_COMMANDS=()
LANE_BUILDS=()

# lane NAME SHARE NEEDS COMMAND...: SHARE in tenths of a core, or "idle"; NEEDS is a
# comma-separated list of lane names, or "-".
lane() {
  LANE_NAMES+=("$1")
  LANE_SHARES+=("$2")
  LANE_NEEDS+=("$3")
  LANE_BUILDS+=("${BUILD_LANE:-0}")
  shift 3
  LANE_COMMANDS+=("$(printf '%q ' "$@")")
}
# build_lane NAME SHARE NEEDS COMMAND...: a build (no browser), which may start past the cores
# while no lane but builds runs.
build_lane() { BUILD_LANE=1 lane "$@"; }

# A lane's log file: its name with spaces as dashes.
lane_log_name() { printf 'lane-%s.log' "${1// /-}"; }

# The widget's browser tests (tests/web/) in one engine: tests/harness/browser-tests.sh.
# The end-to-end checks in Firefox or WebKit: tests/e2e/webdriver.mjs, one engine per lane, in the
# ext-apps host. @mcp-ui/client's AppRenderer runs every check in Chromium; in Firefox and WebKit it
# runs by hand (`--host mcp-ui`): its own code is the same in every engine, and every engine runs
# every check in the ext-apps host.
# Playwright's Chromium suite: playwright.config.mjs (two workers: two browsers), one lane per host
# (tests/e2e/drivers/hosts.mjs): every spec in our ext-apps host, the shared checks in
# @mcp-ui/client's AppRenderer.
# Longest chains first, so that they start early; a lane that does not fit waits, and a lighter
# one behind it may start meanwhile.
# The widget's builds: cargo's part of both from the start, beside the cargo tools (Trunk,
# wasm-bindgen); then Trunk finds them compiled and does the rest. Every browser lane waits for
# both, so they have the cores first.
build_lane "cargo tools" 9 - ./scripts/setup.sh --cargo-tools
build_lane "widget compile" 16 - ./scripts/build.sh --compile
# The native tests' build (the MCP server's binary with it, which later lanes run), then the tests.
# A build from the start: as idle work it would wait behind the browsers for most of the run, and
# one browser lane and every lane of the server's waits for it.
build_lane "native build" 8 - cargo test-native --quiet --no-run
lane "native" idle "native build" cargo test-native --quiet --no-fail-fast
lane "mage" 2 - ./scripts/mage-test.sh --no-widget --keep-results "$PWD/$LOGS/mage-results"
lane "browser build" idle - ./tests/harness/browser-tests.sh --build
build_lane "release build" 10 "cargo tools,widget compile" ./scripts/build.sh
build_lane "test-hooks build" 10 "release build" ./scripts/build.sh --test-hooks
# Firefox's driver, for Firefox's lanes alone, which come after the others: idle work, after the
# tools the widget's builds wait for (they share a target folder).
lane "geckodriver" idle "cargo tools" ./scripts/setup.sh --geckodriver
lane "e2e chromium (playwright)" 17 "test-hooks build,native build" npx playwright test --project=ext-apps
lane "e2e chromium mcp-ui (playwright)" 11 "test-hooks build" npx playwright test --project=mcp-ui
lane "e2e webkit (webdriver)" 10 "test-hooks build" node tests/e2e/webdriver.mjs --engines webkit
lane "e2e firefox (webdriver)" 7 "test-hooks build,geckodriver" node tests/e2e/webdriver.mjs --engines firefox
lane "browser firefox" 12 "browser build,cargo tools,geckodriver" ./tests/harness/browser-tests.sh firefox
lane "browser webkit" 14 "browser build,cargo tools" ./tests/harness/browser-tests.sh webkit
lane "browser chromium" 12 "browser build,cargo tools" ./tests/harness/browser-tests.sh chromium
lane "packages" 16 "release build,native build" ./scripts/packages-check.sh
lane "inspector" 11 "release build,native build" ./tests/harness/inspector-check.sh
lane "conformance" 10 "release build,native build" ./scripts/conformance.sh
lane "deploy docs" 3 "native build" node --test tests/deploy.test.mjs
lane "replicas" 2 "native build" node bench/server-load.mjs --binary target/debug/mage-mcp-server --replicas 2 --protocol both --stop-replica drain,crash --rounds 2 --sessions 16 --calls 30 --max-seconds 120
lane "mage widget" 17 "mage,release build" env MAGE_TEST_RESULTS="$PWD/$LOGS/mage-results" \
  npx playwright test tests/e2e/mage-live.spec.mjs --output target/playwright-mage --workers 1
lane "built file" 3 "release build" node --test page/tests/built-file.test.mjs page/tests/imports.test.mjs
lane "scheduler" 3 - node --test tests/harness/scheduler.test.mjs
lane "translator" 13 "release build" node --test page/tests/wasm-to-js.test.mjs

# The cores scheduled for, in tenths: TEST_CORES, else the machine's; what lanes may take together
# once no build runs on a quiet machine; and what other work may use for the machine to count as
# quiet.
LANE_CORES=$((${TEST_CORES:-$(nproc)} * 10))
LANE_OVERCOMMIT=14
LANE_QUIET_ELSEWHERE=3
LANE_CORES_SHOWN=${TEST_CORES:-$(nproc)}

# Runs lane I in the background: its output to its log, then a line in TIMES; prints its log when
# it ends, so that lanes' outputs do not interleave.
start_lane() {
  local i=$1 name=${LANE_NAMES[$1]} log
  log="$LOGS/$(lane_log_name "$name")"
  (
    start=$(now_ms)
    status=0
    if [ "${LANE_SHARES[$i]}" = idle ]; then renice -n 10 "$BASHPID" >/dev/null; fi
    # Through reap-all.py: the CPU time of what the lane starts and leaves behind (a browser's
    # helper processes) counts in the lane's, not only that of what its command waits for.
    eval "tests/harness/reap-all.py ${LANE_COMMANDS[$i]}" >"$log" 2>&1 </dev/null || status=$?
    # Not in $(…): a command substitution runs in a new process, which has no children.
    cpu_of_children >"$log.cpu"
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$start" "$(now_ms)" "$(cat "$log.cpu")" "$status" >>"$TIMES"
    { printf '\n-- %s (%s, exit %s)\n' "$name" "$log" "$status"; cat "$log"; } >&2
    exit "$status"
  ) &
}

# Lane I's share of the cores as the scheduler counts it: idle work counts none.
share_of() {
  if [ "${LANE_SHARES[$1]}" = idle ]; then echo 0; else echo "${LANE_SHARES[$1]}"; fi
}

# Counts lane I's share into run_lanes' USED and OTHERS as it starts (SIGN 1) or ends (SIGN -1).
count_share() {
  local i=$1 sign=$2 share
  share=$(share_of "$i")
  used=$((used + sign * share))
  [ "${LANE_BUILDS[$i]}" = 1 ] || others=$((others + sign * share))
}

# Whether every lane lane I needs has passed (0), or one failed (2), or one is still to end (1).
needs_state() {
  local needs=${LANE_NEEDS[$1]} need
  [ "$needs" = - ] && return 0
  local IFS=,
  for need in $needs; do
    [ -n "${LANE_STATUS[$need]:-}" ] || return 1
    [ "${LANE_STATUS[$need]}" = 0 ] || return 2
  done
  return 0
}

# The tenths of the cores other work is using now (the load monitor's last word), 0 before it has
# said any.
busy_elsewhere() {
  local tenths
  tenths=$(cat "$ELSEWHERE" 2>/dev/null || true)
  if [[ "$tenths" =~ ^[0-9]+$ ]]; then echo "$tenths"; else echo 0; fi
}

# The tenths of the cores lanes may take together for lane I: the cores other work leaves (at least
# one), and for a lane that is not a build, on a quiet machine with no build running
# (BUILDS_RUNNING 0), LANE_OVERCOMMIT for each.
lane_capacity() {
  local i=$1 builds_running=$2 elsewhere free
  elsewhere=$(busy_elsewhere)
  if [ "${LANE_BUILDS[$i]}" = 0 ] && [ "$builds_running" = 0 ] && [ "$elsewhere" -le "$LANE_QUIET_ELSEWHERE" ]; then
    echo $((LANE_CORES * LANE_OVERCOMMIT / 10))
    return
  fi
  free=$((LANE_CORES - elsewhere))
  if [ "$free" -lt 10 ]; then free=10; fi
  echo "$free"
}

# Whether lane I may start now, with USED tenths of the cores taken and OTHERS of them by lanes
# that are not builds (and run_lanes' `running`, the lanes running now). Idle work always may: it
# takes what the others leave; so may any lane when none runs. A build may start past the cores
# while only builds run; any other lane within lane_capacity.
fits() {
  local i=$1 used=$2 others=$3 capacity
  if [ "$LANE_CORES" = 0 ]; then [ ${#running[@]} = 0 ]; return; fi
  if [ "${LANE_SHARES[$i]}" = idle ] || [ "$used" = 0 ]; then return 0; fi
  if [ "${LANE_BUILDS[$i]}" = 1 ] && [ "$others" = 0 ]; then return 0; fi
  capacity=$(lane_capacity "$i" $((used - others)))
  [ $((used + $(share_of "$i"))) -le "$capacity" ]
}

declare -A LANE_STATUS=()
run_lanes() {
  local used=0 others=0 i pid state
  local -a pending=("${!LANE_NAMES[@]}") waiting
  local -A running=()
  while [ ${#pending[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    waiting=()
    for i in "${pending[@]}"; do
      state=0
      needs_state "$i" || state=$?
      if [ "$state" = 2 ]; then
        LANE_STATUS[${LANE_NAMES[$i]}]=skipped
        printf '%s\t%s\t%s\t\tskipped\n' "${LANE_NAMES[$i]}" "$(now_ms)" "$(now_ms)" >>"$TIMES"
        printf '\n-- %s: not run (a lane it needs failed: %s)\n' "${LANE_NAMES[$i]}" "${LANE_NEEDS[$i]}" >&2
      elif [ "$state" = 0 ] && fits "$i" "$used" "$others"; then
        printf '   start %-28s (share %s, %s/%s of the cores busy; other work %s)\n' "${LANE_NAMES[$i]}" "${LANE_SHARES[$i]}" "$used" "$LANE_CORES" "$(busy_elsewhere)"
        start_lane "$i"
        running[$!]=$i
        count_share "$i" 1
      else
        waiting+=("$i")
      fi
    done
    pending=("${waiting[@]}")
    [ ${#running[@]} -gt 0 ] || break
    pid=""
    wait -n -p pid "${!running[@]}" && state=0 || state=$?
    [ -n "$pid" ] || continue
    i=${running[$pid]}
    unset "running[$pid]"
    count_share "$i" -1
    LANE_STATUS[${LANE_NAMES[$i]}]=$state
  done
}
