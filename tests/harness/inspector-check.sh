#!/usr/bin/env bash
# The official MCP Inspector's CLI (npm @modelcontextprotocol/inspector, a client nobody on this
# team wrote) against mage-mcp-server, over stdio and over Streamable HTTP. Fails unless
# tools/list names the tool interface's tools, every tool points at the widget (--app-info), and
# resources/read returns the widget file byte for byte as text/html;profile=mcp-app.
#
#   tests/harness/inspector-check.sh [--widget FILE]
#
# The widget is FILE, else dist/resource-widget.html when it is built, else a stand-in page (the
# check is about the server; ./scripts/build.sh builds the real widget). Needs `npm install`.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"

widget=""
if [[ "${1:-}" == "--widget" && -n "${2:-}" ]]; then
  widget="$2"
elif [[ $# -gt 0 ]]; then
  echo "usage: $0 [--widget FILE]" >&2
  exit 64
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# The Inspector keeps a catalog and secrets under HOME: it gets a HOME of its own (cargo keeps the
# real one, where rustup lives).
inspector_home="$work/home"
mkdir -p "$inspector_home"

if [[ -z "$widget" ]]; then
  if [[ -f dist/resource-widget.html ]]; then
    widget="dist/resource-widget.html"
  else
    widget="$work/stand-in-widget.html"
    printf '<!doctype html>\n<html><head><meta charset="utf-8"><title>Stand-in widget</title></head><body>Build the real one with ./scripts/build.sh</body></html>\n' >"$widget"
    echo "inspector-check: dist/resource-widget.html is not built; serving a stand-in page"
  fi
fi
widget="$(cd "$(dirname "$widget")" && pwd)/$(basename "$widget")"
uri="ui://pipeline-service/resource-widget-$(sha256sum "$widget" | cut -c1-8).html"

# The binary the native tests build (`cargo test-native`, .cargo/config.toml, builds it with the tests' features):
# asking for it the same way reuses it instead of building the server a second time.
if ! built=$(cargo test-native --quiet --no-run 2>&1); then
  printf '%s\n' "$built" >&2
  exit 1
fi
server="$PWD/target/debug/mage-mcp-server"

# Every Inspector run is bounded; its JSON goes to a file for the checks below.
inspect() { # inspect OUTPUT_FILE INSPECTOR_ARGS...
  local out="$1"
  shift
  HOME="$inspector_home" MCP_INSPECTOR_SECRET_STORE=memory timeout 120 \
    inspector --cli --format json --connect-timeout 60000 "$@" >"$out" 2>"$out.err" || {
    echo "inspector-check: the Inspector failed: inspector --cli $*" >&2
    cat "$out.err" >&2
    return 1
  }
}

# check_outputs LABEL: the three outputs of one transport against what the server must answer.
check_outputs() {
  node - "$1" "$work" "$widget" "$uri" <<'EOF'
const [label, work, widgetPath, uri] = process.argv.slice(2);
const fs = require("node:fs");
const fail = (why) => { console.error(`inspector-check (${label}): ${why}`); process.exit(1); };
const seed = ["pipeline_list", "pipeline_get", "pipeline_create", "pipeline_update", "pipeline_delete",
  "block_list", "block_get", "block_create", "block_update", "block_templates_list", "run_pipeline",
  "run_logs", "pipeline_schedules", "pipeline_triggers"];
const tools = JSON.parse(fs.readFileSync(`${work}/${label}-tools.json`, "utf8")).result?.tools ?? fail("tools/list gave no tools");
const names = tools.map((t) => t.name);
const missing = seed.filter((name) => !names.includes(name));
if (missing.length) fail(`tools/list lacks ${missing.join(", ")}`);
const apps = fs.readFileSync(`${work}/${label}-apps.json`, "utf8").trim().split("\n").map((line) => JSON.parse(line));
const without = apps.filter((a) => !a.hasApp || a.resourceUri !== uri || a.resourceMimeType !== "text/html;profile=mcp-app");
if (apps.length !== tools.length || without.length) fail(`tools without the widget: ${without.map((a) => a.toolName).join(", ") || "count differs"}`);
const contents = JSON.parse(fs.readFileSync(`${work}/${label}-read.json`, "utf8")).result?.contents ?? fail("resources/read gave no contents");
const [read] = contents;
if (read.mimeType !== "text/html;profile=mcp-app") fail(`mimeType is ${read.mimeType}`);
const served = Buffer.from(read.text ?? "", "utf8");
const file = fs.readFileSync(widgetPath);
if (!served.equals(file)) fail(`resources/read returned ${served.length} bytes that differ from the file's ${file.length}`);
console.log(`inspector-check (${label}): tools/list → ${tools.length} tools, the interface's  among them; ` +
  `--app-info → all ${apps.length} point at ${uri}; resources/read → ${read.mimeType}, ${served.length} bytes, identical to ${widgetPath}`);
EOF
}

echo "inspector-check: Inspector $(HOME="$inspector_home" timeout 60 inspector --cli --version 2>/dev/null || echo "(version unknown)") against $server"

# stdio: the Inspector starts the server itself.
stdio=(-- "$server" --widget "$widget" --log-level warn)
inspect "$work/stdio-tools.json" --method tools/list "${stdio[@]}"
inspect "$work/stdio-apps.json" --method tools/list --app-info "${stdio[@]}"
inspect "$work/stdio-read.json" --method resources/read --uri "$uri" "${stdio[@]}"
check_outputs stdio

# Streamable HTTP: a server on a free loopback port, its address read from its log. It admits only
# requests with its token, which the Inspector sends as a header; one without it is refused.
token="inspector-check-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
MCP_AUTH_TOKEN="$token" "$server" --http 127.0.0.1:0 --widget "$widget" 2>"$work/http-server.log" &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$work/http-server.log" | head -n 1 || true)"
  [[ -n "$url" ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/http-server.log" >&2; exit 1; }
  sleep 0.1
done
[[ -n "$url" ]] || { echo "inspector-check: the HTTP server did not announce its address within 10 s" >&2; exit 1; }
auth=(--header "Authorization: Bearer $token")
inspect "$work/http-tools.json" "$url" "${auth[@]}" --method tools/list
inspect "$work/http-apps.json" "$url" "${auth[@]}" --method tools/list --app-info
inspect "$work/http-read.json" "$url" "${auth[@]}" --method resources/read --uri "$uri"
check_outputs http
if inspect "$work/http-refused.json" "$url" --method tools/list 2>/dev/null; then
  echo "inspector-check: the HTTP server answered tools/list without its token" >&2
  exit 1
fi
echo "inspector-check (http): tools/list without the token is refused"

echo "inspector-check: passed"
