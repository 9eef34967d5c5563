#!/usr/bin/env bash
# Two conformance suites nobody on this team wrote, offline, against `mage-mcp-server --http` (the
# demo project) on a free 127.0.0.1 port:
#
#   - the official MCP conformance suite (npm @modelcontextprotocol/conformance,
#     `conformance server --url …/mcp`), the scenarios that apply to a server of its own tools
#     (SCENARIOS below; why each other one does not apply is beside it);
#   - MCPJam's MCP Apps conformance test (npm @mcpjam/sdk, scripts/conformance/mcp-apps.mjs): the
#     tools' and the widget resource's `_meta.ui`, `resources/read` and its HTML, every check passed.
#
# Both run on Node 24 (scripts/conformance/suites-node.sh; scripts/setup.sh installs it) with DO_NOT_TRACK=1,
# each run within tests/harness/timeouts.mjs's CONFORMANCE_RUN_S.
# The server admits anyone here (--no-auth, loopback only): neither suite sends a token. The widget
# served is dist/resource-widget.html when built, else a stand-in page (the suites check the
# server). Each scenario's results land in target/conformance/.
#
#   scripts/conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The scenarios of `conformance list --server` that apply to this server. tools-call-simple-text and
# tools-call-error call the suite's tools `test_simple_text` and `test_error_handling`, which this
# server does not have: what they hold here is that a call to an unknown tool comes back as a tool
# result with text content and `isError` (not as a protocol error). The others fail here, each for
# something this server does not offer (seen in `target/conformance/` when run):
#   logging-set-level, tools-call-with-logging      logging/setLevel: no logging capability
#   completion-complete                             completion/complete: no completions capability
#   tools-call-image, -audio, -embedded-resource, -mixed-content, -with-progress, -sampling,
#   -elicitation, json-schema-2020-12, elicitation-sep1034-defaults, elicitation-sep1330-enums,
#   server-sse-polling                              call or list the suite's reference tools
#                                                   (test_image_content, test_reconnection, …)
#   resources-read-text, -read-binary, -templates-read
#                                                   read the suite's resources (test://…)
#   resources-subscribe, -unsubscribe               resources/subscribe: no subscriptions
#   prompts-list, prompts-get-*                     prompts/list: no prompts
SCENARIOS=(
  server-initialize
  ping
  tools-list
  tools-call-simple-text
  tools-call-error
  resources-list
  server-sse-multiple-streams
  dns-rebinding-protection
)

eval "$(node tests/harness/timeouts.mjs)"
. scripts/conformance/suites-node.sh
node24="$(suites_node)"
if [ -z "$node24" ]; then
  echo "conformance: Node $SUITES_NODE_VERSION is not installed in $SUITES_NODE_VENV; run ./scripts/setup.sh" >&2
  exit 1
fi
export DO_NOT_TRACK=1

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

widget=dist/resource-widget.html
if [ ! -f "$widget" ]; then
  widget="$work/stand-in-widget.html"
  printf '<!doctype html>\n<html><head><meta charset="utf-8"><title>Stand-in widget</title></head><body>Build the real one with ./scripts/build.sh</body></html>\n' >"$widget"
  echo "conformance: dist/resource-widget.html is not built; serving a stand-in page"
fi

# The binary the native tests build, asked for the way tests/harness/inspector-check.sh asks (reused).
if ! built=$(cargo test-native --quiet --no-run 2>&1); then
  printf '%s\n' "$built" >&2
  exit 1
fi
server="$PWD/target/debug/mage-mcp-server"

"$server" --http 127.0.0.1:0 --no-auth --widget "$widget" 2>"$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$work/server.log" | head -n 1 || true)"
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "conformance: the server did not announce its address within 10 s" >&2; exit 1; }
echo "conformance: Node $("$node24" --version), @modelcontextprotocol/conformance $("$node24" node_modules/.bin/conformance --version), @mcpjam/sdk $(node -p 'require("./node_modules/@mcpjam/sdk/package.json").version'), against $url"

out=target/conformance
rm -rf "$out"
mkdir -p "$out"
failed=()
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
for scenario in "${SCENARIOS[@]}"; do
  start=$EPOCHREALTIME
  if timeout "$CONFORMANCE_RUN_S" "$node24" node_modules/.bin/conformance server --url "$url" --scenario "$scenario" --output-dir "$out" >"$out/$scenario.log" 2>&1; then
    echo "conformance: passed $scenario ($(grep -o 'Passed: [0-9]*/[0-9]*' "$out/$scenario.log" | tail -n 1), $(seconds_since "$start") s)"
  else
    echo "conformance: FAILED $scenario (target/conformance/$scenario.log):" >&2
    cat "$out/$scenario.log" >&2
    failed+=("$scenario")
  fi
done

start=$EPOCHREALTIME
if timeout "$CONFORMANCE_RUN_S" "$node24" scripts/conformance/mcp-apps.mjs "$url"; then
  echo "conformance: MCPJam's MCP Apps test took $(seconds_since "$start") s"
else
  failed+=("mcp-apps (@mcpjam/sdk)")
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo "conformance: failed: ${failed[*]}" >&2
  exit 1
fi
echo "conformance: passed (${#SCENARIOS[@]} scenarios of the official suite, MCPJam's MCP Apps checks)"
