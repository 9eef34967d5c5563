#!/usr/bin/env bash
# What a newcomer's machine sees, measured on this one: a fresh clone of the committed HEAD, with
# HOME, CARGO_HOME (no crate in the registry, no cargo tool built), npm's cache and every cache
# folder empty, and no cargo-installed tool on PATH. What stays is what a new machine of this kind
# has too: the Rust toolchains rustup manages, Node and npm, git, Python and the Debian packages.
#
#   bench/new-machine.sh preview           ./scripts/preview.sh: how long until the page is
#                                          served, and until live mode answers an MCP request
#   bench/new-machine.sh preview --change  the same with a change under src/ (a comment added to
#                                          src/lib.rs): also how long until the page serves the
#                                          widget built from it
#   bench/new-machine.sh test              ./scripts/test.sh, the README's test command (its own
#                                          report ends with the total against the budget)
#
# Prints each figure in seconds after the command started; docs/performance.md keeps them. Every
# wait is bounded (WAIT_S, default 1800 s). The clone and the empty home are removed at the end
# unless KEEP=1.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-}
change=${2:-}
case "$what" in
  preview | test) ;;
  *) echo "usage: $0 preview [--change] | test" >&2; exit 64 ;;
esac
WAIT_S=${WAIT_S:-1800}
PREVIEW_PORT=${PREVIEW_PORT:-18080}
MCP_PORT=${MCP_PORT:-13001}

fresh=$(mktemp -d "${TMPDIR:-/tmp}/new-machine.XXXXXX")
cleanup() {
  if [ -n "${run_pid:-}" ]; then kill -TERM -- "-$run_pid" 2>/dev/null || true; wait "$run_pid" 2>/dev/null || true; fi
  if [ "${KEEP:-}" = 1 ]; then echo "new-machine: kept $fresh"; else rm -rf "$fresh"; fi
}
trap cleanup EXIT
mkdir -p "$fresh/bin" "$fresh/home" "$fresh/cargo"
# The toolchain's commands (rustup's proxies) and the machine's own programs; nothing cargo
# installed into the real CARGO_HOME (trunk, wasm-bindgen, geckodriver).
for tool in cargo rustc rustup rustdoc rustfmt cargo-clippy clippy-driver; do
  [ -e "$HOME/.cargo/bin/$tool" ] && ln -s "$HOME/.cargo/bin/$tool" "$fresh/bin/$tool"
done
ln -s /usr/bin/python3 "$fresh/bin/python3"
git clone -q "$repo" "$fresh/home/clone"
clone=$fresh/home/clone
if [ "$change" = --change ]; then
  printf '\n// A change under src/: the preview builds this tree'"'"'s widget.\n' >>"$clone/src/lib.rs"
fi
token=$(node -e 'console.log(require("node:crypto").randomBytes(16).toString("hex"))')

start=$EPOCHREALTIME
since() { awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
in_new_machine() {
  env -i HOME="$fresh/home" CARGO_HOME="$fresh/cargo" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" \
    PATH="$fresh/bin:/usr/local/bin:/usr/bin:/bin" TERM=dumb LANG=C.UTF-8 \
    PREVIEW_PORT="$PREVIEW_PORT" MCP_PORT="$MCP_PORT" MCP_AUTH_TOKEN="$token" "$@"
}

if [ "$what" = test ]; then
  set -m
  (cd "$clone" && in_new_machine ./scripts/test.sh) &
  run_pid=$!
  set +e
  wait "$run_pid"
  status=$?
  set -e
  run_pid=
  echo "new-machine: the test command exited $status after $(since) s"
  exit "$status"
fi

log=$fresh/preview.log
set -m
(cd "$clone" && in_new_machine ./scripts/preview.sh >"$log" 2>&1) &
run_pid=$!
set +m
deadline=$((SECONDS + WAIT_S))
# Waits until `check` passes, polling every second, at most until the deadline.
wait_for() { # what check...
  local what=$1
  shift
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ] || ! kill -0 "$run_pid" 2>/dev/null; then
      echo "new-machine: $what: not within ${WAIT_S} s (or preview.sh stopped); its log:" >&2
      tail -n 40 "$log" >&2
      return 1
    fi
    sleep 1
  done
  echo "new-machine: $what: $(since) s"
}
page_served() { curl -sf -o /dev/null "http://127.0.0.1:$PREVIEW_PORT/resource-widget.html"; }
# An MCP initialize through the page's /mcp, answered by the server.
live_answers() {
  curl -sf -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' -H "Origin: http://127.0.0.1:$PREVIEW_PORT" \
    --data '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"new-machine","version":"1"}}}' \
    "http://127.0.0.1:$PREVIEW_PORT/mcp"
}
changed_widget_served() { curl -sf "http://127.0.0.1:$PREVIEW_PORT/status.json" | grep -q '"kind":"built"'; }

wait_for "the page serves the widget" page_served
wait_for "live mode answers an MCP request" live_answers
if [ "$change" = --change ]; then wait_for "the page serves the widget built from the change" changed_widget_served; fi
echo "new-machine: what preview.sh printed:"
grep '^preview.sh:\|^setup:' "$log" | sed 's/^/  /'
