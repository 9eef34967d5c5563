#!/usr/bin/env bash
# The main job: set up what it needs (idempotent), build the widget, the model's report tool and
# the MCP server, then start both on 127.0.0.1: mage-mcp-server over Streamable HTTP (MCP_PORT,
# default 3001, a free port when that one is taken) and the preview (PREVIEW_PORT, default 8080),
# whose live mode calls the server through its /mcp. One Ctrl-C stops both. When the server does not
# start, the preview still serves the fixtures and says so in its live mode.
# SERVER_ARGS adds options to the server (e.g. "--config creds.json", "--fail-tool pipeline_get").
# With "--mage-url URL" (credentials from MAGE_OAUTH_TOKEN and MAGE_API_KEY, which the server
# inherits) or "--mage --config FILE" the tools drive that Mage server instead of the demo project
# (README "The preview"; python3 scripts/mage/login.py URL prints the two variables for a local Mage).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'preview.sh: %s\n' "$*"; }
START=$EPOCHREALTIME
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
RUN_DIR=target/preview
mkdir -p "$RUN_DIR"

# Only what the preview needs (no browser, driver or Xvfb: the test command installs those).
./scripts/setup.sh --preview
SETUP_SECONDS=$(seconds_since "$START")
# The model's report tool and the MCP server, debug builds (seconds to build, fast enough for a
# person clicking), beside the widget's release build, which spends long stretches in one thread.
NATIVE_LOG=$RUN_DIR/native-build.log
(
  cargo build --quiet -p widget-model --example report || exit 1
  cargo build --quiet -p mage-mcp-server || exit 2
) >"$NATIVE_LOG" 2>&1 &
native_build=$!
BUILD_START=$EPOCHREALTIME
./scripts/build.sh
BUILD_SECONDS=$(seconds_since "$BUILD_START")
MCP_NOTE=
native_status=0
wait "$native_build" || native_status=$?
if [ "$native_status" = 1 ]; then
  cat "$NATIVE_LOG" >&2
  say "the report tool (cargo build -p widget-model --example report) did not build"
  exit 1
elif [ "$native_status" != 0 ]; then
  cat "$NATIVE_LOG" >&2
  MCP_NOTE="scripts/preview.sh could not build mage-mcp-server"
fi
say "set-up ${SETUP_SECONDS} s, widget build ${BUILD_SECONDS} s, native builds beside it; ready $(seconds_since "$START") s after start"

SERVER_LOG=$RUN_DIR/mcp-server.log
SERVER_BIN=target/debug/mage-mcp-server
# shellcheck disable=SC2206 # SERVER_ARGS is split on purpose
EXTRA_ARGS=(${SERVER_ARGS:-})
# The server serves the widget just built, not the one its binary carries (the kept file).
WIDGET_ARGS=(--widget dist/resource-widget.html)
BACKEND="the demo project"
for i in "${!EXTRA_ARGS[@]}"; do
  case "${EXTRA_ARGS[$i]}" in
    --widget | --widget=*) WIDGET_ARGS=() ;;
    --mage-url | --mage-url=*)
      url=${EXTRA_ARGS[$i]#--mage-url}
      url=${url#=}
      [ -n "$url" ] || url=${EXTRA_ARGS[$((i + 1))]:-}
      BACKEND="the Mage server at $url"
      if [ -z "${MAGE_OAUTH_TOKEN:-}" ] && [ -z "${MAGE_API_KEY:-}" ]; then
        say "WARNING: --mage-url without MAGE_OAUTH_TOKEN or MAGE_API_KEY: every tool will answer AUTH_REQUIRED" \
          "(eval \"\$(python3 scripts/mage/login.py $url)\" sets them for a local Mage)"
      fi
      ;;
    --mage) BACKEND="the Mage server of the config (--config FILE, else the agent's config.json)" ;;
  esac
done

# Each child runs in its own process group (job control), so the trap can stop it with everything
# it started, and Ctrl-C reaches this script first.
set -m
server_pid=
preview_pid=
tail_pid=
stop_group() { # pid: TERM the group, up to 5 s to go, then KILL
  local pid=$1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  say "process group $pid did not stop in 5 s; killing it"
  kill -KILL -- "-$pid" 2>/dev/null || true
}
cleanup() {
  trap - INT TERM EXIT
  stop_group "$preview_pid"
  stop_group "$server_pid"
  stop_group "$tail_pid"
  wait 2>/dev/null || true
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap cleanup EXIT

# The token the MCP server admits (Authorization: Bearer): MCP_AUTH_TOKEN, else a new one. The
# preview's address carries it, and its live mode sends it.
MCP_AUTH_TOKEN=${MCP_AUTH_TOKEN:-$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')}
export MCP_AUTH_TOKEN

# Starts the server on $1 and waits (at most 20 s) for the log line that names its URL.
start_server() {
  : >"$SERVER_LOG"
  "$SERVER_BIN" --http "$1" "${WIDGET_ARGS[@]}" "${EXTRA_ARGS[@]}" 2>>"$SERVER_LOG" </dev/null &
  server_pid=$!
  for _ in $(seq 200); do
    MCP_URL=$(sed -n 's/.*serving MCP over Streamable HTTP at \(http:[^ ]*\/mcp\).*/\1/p' "$SERVER_LOG" | head -n1)
    [ -n "$MCP_URL" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  stop_group "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  return 1
}

MCP_URL=
if [ -n "$MCP_NOTE" ]; then
  :
elif start_server "127.0.0.1:${MCP_PORT:-3001}"; then
  :
elif [ -z "${MCP_PORT:-}" ] && grep -q "cannot listen" "$SERVER_LOG" && say "port 3001 is taken; the MCP server takes a free port" && start_server 127.0.0.1:0; then
  :
else
  MCP_NOTE="mage-mcp-server did not start: $(grep -v '^\s*$' "$SERVER_LOG" | tail -n 1 | cut -c1-300)"
fi
if [ -n "$MCP_URL" ]; then
  say "MCP server: $MCP_URL, tools on $BACKEND  (log: $SERVER_LOG)"
  # Its log goes on to the terminal too: one line per tool call.
  tail -n +1 -f "$SERVER_LOG" --pid "$server_pid" >&2 &
  tail_pid=$!
  disown "$tail_pid"
else
  say "WARNING: ${MCP_NOTE}; the preview serves fixtures only (log: $SERVER_LOG)"
fi

MCP_SERVER_URL=$MCP_URL MCP_SERVER_NOTE=$MCP_NOTE MCP_SERVER_TOKEN=${MCP_URL:+$MCP_AUTH_TOKEN} node preview/serve.mjs &
preview_pid=$!
say "Ctrl-C stops both"
# Until the preview stops (or Ctrl-C). A server that stops early is reported; the preview stays,
# and its live mode says the server does not answer.
set +e
if [ -n "$server_pid" ]; then
  wait -n "$preview_pid" "$server_pid"
  status=$?
  if kill -0 "$preview_pid" 2>/dev/null; then
    say "the MCP server stopped (status $status; see $SERVER_LOG); the preview goes on with fixtures"
    server_pid=
    wait "$preview_pid"
    status=$?
  fi
else
  wait "$preview_pid"
  status=$?
fi
set -e
say "the preview stopped (status $status)"
exit "$status"
