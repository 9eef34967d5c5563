#!/usr/bin/env bash
# The main job: the preview page on 127.0.0.1 (PREVIEW_PORT, default 8080), in this order:
#
#   1. as soon as Node and the npm packages are there, the page serves the widget file this commit
#      keeps (crates/pipeline-resource-widget/resource-widget.html): no Rust tool, no build;
#   2. in the background, the MCP server (mage-mcp-server, a debug build) and the model's report
#      tool are built and the server started over Streamable HTTP (MCP_PORT, default 3001, a free
#      port when that one is taken); the page's live mode says the server is being built and turns
#      on when it is up, without a reload;
#   3. then, only when this tree's sources differ from what the kept file was built from
#      (scripts/widget-inputs.mjs keeps that record), or with --build, the widget is built from
#      source (set-up's toolchains and cargo tools first: minutes on a new machine) and the page
#      switches to it, saying which file it serves; the server is started again to serve it too.
#
#   scripts/preview.sh           the page now, live mode and this tree's widget when they are ready
#   scripts/preview.sh --build   build the widget from source whatever the record says
#
# Each step prints how long after the start it was ready. One Ctrl-C stops everything.
# SERVER_ARGS adds options to the server (e.g. "--config creds.json", "--fail-tool pipeline_get").
# With "--mage-url URL" (credentials from MAGE_OAUTH_TOKEN and MAGE_API_KEY, which the server
# inherits) or "--mage --config FILE" the tools drive that Mage server instead of the demo project
# (README "The preview"; python3 scripts/mage/login.py URL prints the two variables for a local Mage).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'preview.sh: %s\n' "$*"; }
START=$EPOCHREALTIME
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
BUILD=auto
case "${1:-}" in
  "") ;;
  --build) BUILD=always ;;
  *) echo "usage: $0 [--build]" >&2; exit 64 ;;
esac
RUN_DIR=target/preview
STATUS_DIR=$RUN_DIR/status
mkdir -p "$RUN_DIR"
rm -rf "$STATUS_DIR"
mkdir -p "$STATUS_DIR"
KEPT=crates/pipeline-resource-widget/resource-widget.html

# What the page serves, as files the preview reads at every request (preview/serve.mjs): each
# written whole, then moved into place, so the page never reads half of one.
json_string() { node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$1"; }
write_status() { # name json
  printf '%s\n' "$2" >"$STATUS_DIR/$1.tmp"
  mv "$STATUS_DIR/$1.tmp" "$STATUS_DIR/$1"
}
widget_status() { # file kind building note
  local sha
  sha=$(sha256sum "$1" | cut -d' ' -f1)
  write_status widget.json "{\"file\":$(json_string "$1"),\"kind\":\"$2\",\"sha256\":\"$sha\",\"building\":$3,\"note\":$(json_string "$4")}"
}
mcp_status() { # state upstream note
  write_status mcp.json "{\"state\":\"$1\",\"upstream\":$([ -n "$2" ] && json_string "$2" || echo null),\"note\":$(json_string "$3"),\"since\":$(date +%s%3N)}"
}

# Only Node and the npm packages (no Rust toolchain, no cargo tool, no browser).
./scripts/setup.sh --page

if [ "$BUILD" = always ]; then
  BUILD_WIDGET=true
  WIDGET_NOTE="This tree's widget is being built (--build); the page switches to it when it is ready."
elif node scripts/widget-inputs.mjs --check >"$RUN_DIR/widget-inputs.txt"; then
  BUILD_WIDGET=false
  WIDGET_NOTE="It is what this tree builds (scripts/widget-inputs.mjs)."
else
  BUILD_WIDGET=true
  WIDGET_NOTE="This tree's sources differ from what it was built from; its own widget is being built, and the page switches to it when it is ready."
  sed -n '1,6p' "$RUN_DIR/widget-inputs.txt" | while read -r line; do say "$line"; done
fi
widget_status "$KEPT" kept "$BUILD_WIDGET" "$WIDGET_NOTE"
mcp_status building "" "the MCP server is being built"

# shellcheck disable=SC2206 # SERVER_ARGS is split on purpose
EXTRA_ARGS=(${SERVER_ARGS:-})
BACKEND="the demo project"
OWN_WIDGET=false
for i in "${!EXTRA_ARGS[@]}"; do
  case "${EXTRA_ARGS[$i]}" in
    --widget | --widget=*) OWN_WIDGET=true ;;
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

# Each child runs in its own process group (job control), so that the trap stops it with
# everything it started, and Ctrl-C reaches this script first.
set -m
preview_pid=
builds_pid=
stop_group() { # pid: TERM the group, up to 5 s to go, then KILL
  local pid=$1
  [ -n "$pid" ] && kill -0 -- "-$pid" 2>/dev/null || return 0
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || return 0; sleep 0.1; done
  say "process group $pid did not stop in 5 s; killing it"
  kill -KILL -- "-$pid" 2>/dev/null || true
}
cleanup() {
  trap - INT TERM EXIT
  stop_group "$preview_pid"
  stop_group "$builds_pid"
  wait 2>/dev/null || true
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap cleanup EXIT

# The token the MCP server admits (Authorization: Bearer): MCP_AUTH_TOKEN, else a new one. The
# preview's address carries it, and its live mode sends it; the server gets it before it exists.
MCP_AUTH_TOKEN=${MCP_AUTH_TOKEN:-$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')}
export MCP_AUTH_TOKEN

PREVIEW_LOG=$RUN_DIR/preview.log
PREVIEW_STATUS_DIR=$STATUS_DIR MCP_SERVER_TOKEN=$MCP_AUTH_TOKEN node preview/serve.mjs >"$PREVIEW_LOG" 2>&1 &
preview_pid=$!
address=
for _ in $(seq 300); do
  address=$(sed -n 's/^preview: \(http[^ ]*\).*/\1/p' "$PREVIEW_LOG" | head -n1)
  [ -n "$address" ] && break
  kill -0 "$preview_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$address" ]; then
  cat "$PREVIEW_LOG" >&2
  say "the preview did not start"
  exit 1
fi
say "page served $(seconds_since "$START") s after start: $address"
say "widget: the kept file $KEPT ($(sha256sum "$KEPT" | cut -c1-16)…). $WIDGET_NOTE"
# The preview's own log goes on to the terminal.
tail -n +2 -f "$PREVIEW_LOG" --pid "$preview_pid" &
disown $!

SERVER_LOG=$RUN_DIR/mcp-server.log
SERVER_BIN=target/debug/mage-mcp-server
NATIVE_LOG=$RUN_DIR/native-build.log
WIDGET_LOG=$RUN_DIR/widget-build.log

# The builds and the server, in the background (one process group: Ctrl-C stops all of it). The
# server first: live mode is what the page waits for; the widget's build, when there is one,
# after it, then the server again to serve that widget.
builds() {
  # Everything started here stays in this process group, the server included.
  set +m
  local server_pid= url=
  # Starts the server on $1 with the widget args given after, and waits (at most 20 s) for the
  # log line that names its URL.
  start_server() {
    local listen=$1
    shift
    : >"$SERVER_LOG"
    "$SERVER_BIN" --http "$listen" "$@" "${EXTRA_ARGS[@]}" 2>>"$SERVER_LOG" </dev/null &
    server_pid=$!
    for _ in $(seq 200); do
      url=$(sed -n 's/.*serving MCP over Streamable HTTP at \(http:[^ ]*\/mcp\).*/\1/p' "$SERVER_LOG" | head -n1)
      [ -n "$url" ] && return 0
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
    return 1
  }
  serve() { # widget args...
    if start_server "127.0.0.1:${MCP_PORT:-3001}" "$@"; then
      :
    elif [ -z "${MCP_PORT:-}" ] && grep -q "cannot listen" "$SERVER_LOG" && say "port 3001 is taken; the MCP server takes a free port" && start_server 127.0.0.1:0 "$@"; then
      :
    else
      local why
      why="mage-mcp-server did not start: $(grep -v '^\s*$' "$SERVER_LOG" | tail -n 1 | cut -c1-300)"
      mcp_status failed "" "$why"
      say "WARNING: $why; the preview serves fixtures only (log: $SERVER_LOG)"
      return 1
    fi
    mcp_status up "$url" ""
    say "live mode: $url, tools on $BACKEND, $(seconds_since "$START") s after start (log: $SERVER_LOG)"
    # Its log goes on to the terminal too: one line per tool call.
    tail -n +1 -f "$SERVER_LOG" --pid "$server_pid" >&2 &
  }

  if cargo build --quiet -p mage-mcp-server >"$NATIVE_LOG" 2>&1; then
    serve || true
  else
    cat "$NATIVE_LOG" >&2
    mcp_status failed "" "scripts/preview.sh could not build mage-mcp-server ($NATIVE_LOG)"
    say "WARNING: mage-mcp-server did not build ($NATIVE_LOG); the preview serves fixtures only"
  fi
  # The model's report beside the page (its /report): what the widget's model makes of a result.
  cargo build --quiet -p widget-model --example report >>"$NATIVE_LOG" 2>&1 ||
    say "the report tool did not build: the page's report says so ($NATIVE_LOG)"

  [ "$BUILD_WIDGET" = true ] || return 0
  say "building this tree's widget: set-up's toolchains and cargo tools, then scripts/build.sh (log: $WIDGET_LOG)"
  if ! { ./scripts/setup.sh --preview && ./scripts/build.sh; } >"$WIDGET_LOG" 2>&1; then
    tail -n 30 "$WIDGET_LOG" >&2
    widget_status "$KEPT" kept false "This tree's widget did not build ($WIDGET_LOG); the kept file plays."
    say "WARNING: this tree's widget did not build (see $WIDGET_LOG); the page keeps the kept file"
    return 1
  fi
  widget_status dist/resource-widget.html built false "Built from this tree by scripts/preview.sh."
  say "widget: built from this tree, dist/resource-widget.html ($(sha256sum dist/resource-widget.html | cut -c1-16)…), $(seconds_since "$START") s after start; the page serves it"
  if [ -n "$server_pid" ] && [ "$OWN_WIDGET" = false ]; then
    mcp_status building "" "the MCP server starts again to serve this tree's widget"
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    serve --widget dist/resource-widget.html || true
  fi
}
builds &
builds_pid=$!
say "Ctrl-C stops everything"

# Until the preview stops (or Ctrl-C); the builds and the server are stopped with it.
set +e
wait "$preview_pid"
status=$?
set -e
say "the preview stopped (status $status)"
exit "$status"
