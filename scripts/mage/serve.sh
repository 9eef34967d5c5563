#!/usr/bin/env bash
# Start and stop a throwaway mage-ai server on 127.0.0.1.
#
#   scripts/mage/serve.sh start [--port N] [--dir D] [--timeout S]
#       Makes a fresh state folder D (default: mktemp -d /tmp/mage-serve.XXXXXX) holding
#       D/data (MAGE_DATA_DIR, the SQLite database), D/project (`mage init`) and D/mage.log,
#       starts `mage start D/project --host 127.0.0.1 --port N` (N default: a free port) in its
#       own process group, waits at most S seconds (default 120) for GET /api/status, then prints
#           MAGE_URL=http://127.0.0.1:N
#           MAGE_SERVE_DIR=D
#       on stdout (so `eval "$(scripts/mage/serve.sh start)"` works) and returns, leaving mage
#       running. On a timeout it stops what it started, prints the log tail and exits 1.
#   scripts/mage/serve.sh stop D
#       Stops the whole process group (server, the scheduler it forks, block runners) with TERM,
#       then KILL after 15 s, and removes D unless MAGE_KEEP_DIR=1.
#   scripts/mage/serve.sh run [--port N] -- COMMAND [ARGS...]
#       start, run COMMAND with MAGE_URL and MAGE_SERVE_DIR in its environment, stop (also on
#       error or Ctrl-C); exits with COMMAND's status.
#
# Environment: MAGE_VENV (default $HOME/.cache/resource-widget/mage-venv, see setup.sh).
set -euo pipefail

MAGE_VENV="${MAGE_VENV:-$HOME/.cache/resource-widget/mage-venv}"
MAGE_BIN="$MAGE_VENV/bin/mage"
PY="$MAGE_VENV/bin/python"

die() { echo "serve.sh: $*" >&2; exit 1; }

free_port() {
  "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

status_ok() { # $1 = base URL; one bounded probe
  "$PY" - "$1" <<'PY' 2>/dev/null
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1] + "/api/status", timeout=3) as r:
        sys.exit(0 if r.status == 200 and b"status" in r.read() else 1)
except Exception:
    sys.exit(1)
PY
}

do_stop() {
  local dir="${1:-}"
  [ -n "$dir" ] || die "usage: serve.sh stop DIR"
  [ -f "$dir/pgid" ] || die "no $dir/pgid: nothing started there"
  local pgid; pgid="$(cat "$dir/pgid")"
  if kill -0 -- "-$pgid" 2>/dev/null; then
    kill -TERM -- "-$pgid" 2>/dev/null || true
    local i
    for i in $(seq 1 30); do           # at most 15 s
      kill -0 -- "-$pgid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 -- "-$pgid" 2>/dev/null; then
      echo "serve.sh: process group $pgid still alive after 15 s, sending KILL" >&2
      kill -KILL -- "-$pgid" 2>/dev/null || true
      sleep 0.5
    fi
  fi
  rm -f "$dir/pgid"
  if [ "${MAGE_KEEP_DIR:-0}" != 1 ]; then
    rm -rf "$dir"
  fi
  echo "serve.sh: stopped process group $pgid" >&2
}

do_start() {
  local port="" dir="" timeout=120
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port="$2"; shift 2 ;;
      --dir) dir="$2"; shift 2 ;;
      --timeout) timeout="$2"; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  [ -x "$MAGE_BIN" ] || die "$MAGE_BIN missing: run scripts/mage/setup.sh first"
  [ -n "$port" ] || port="$(free_port)"
  if [ -z "$dir" ]; then dir="$(mktemp -d /tmp/mage-serve.XXXXXX)"; fi
  mkdir -p "$dir/data"
  [ ! -e "$dir/project" ] || die "$dir/project exists: use a fresh --dir"
  dir="$(cd "$dir" && pwd)"

  local t0; t0=$(date +%s.%N)
  # Common environment: no browser, data outside the repository, no usage statistics.
  export MAGE_DATA_DIR="$dir/data" DISABLE_AUTO_BROWSER_OPEN=1
  (cd "$dir" && "$MAGE_BIN" init project >"$dir/init.log" 2>&1) || { cat "$dir/init.log" >&2; die "mage init failed"; }
  # Turn off usage statistics (no internet here; each attempt would wait on a timeout).
  if grep -q '^help_improve_mage:' "$dir/project/metadata.yaml" 2>/dev/null; then
    sed -i 's/^help_improve_mage:.*/help_improve_mage: false/' "$dir/project/metadata.yaml"
  else
    echo 'help_improve_mage: false' >>"$dir/project/metadata.yaml"
  fi
  local t1; t1=$(date +%s.%N)

  # setsid: a new session and process group whose id is the started process's pid, so one
  # kill reaches the server, its scheduler and every block-run subprocess.
  (cd "$dir" && exec setsid "$MAGE_BIN" start "$dir/project" --host 127.0.0.1 --port "$port" \
      >"$dir/mage.log" 2>&1 </dev/null) &
  local pid=$!
  echo "$pid" >"$dir/pgid"
  echo "$port" >"$dir/port"
  local url="http://127.0.0.1:$port"
  echo "$url" >"$dir/url"

  local deadline=$(( $(date +%s) + timeout )) ok=0
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    if status_ok "$url"; then ok=1; break; fi
    sleep 1
  done
  if [ "$ok" != 1 ]; then
    echo "serve.sh: mage did not answer $url/api/status within ${timeout} s; log tail:" >&2
    tail -n 40 "$dir/mage.log" >&2 || true
    MAGE_KEEP_DIR=1 do_stop "$dir" || true
    exit 1
  fi
  local t2; t2=$(date +%s.%N)
  "$PY" -c "import sys; a,b,c=map(float,sys.argv[1:]); print(f'serve.sh: mage init {b-a:.1f} s, start to /api/status {c-b:.1f} s', file=sys.stderr)" "$t0" "$t1" "$t2"
  echo "MAGE_URL=$url"
  echo "MAGE_SERVE_DIR=$dir"
}

do_run() {
  local args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
  [ "${1:-}" = "--" ] || die "usage: serve.sh run [--port N] -- COMMAND..."
  shift
  local out; out="$(do_start "${args[@]}")"
  MAGE_URL="$(sed -n 's/^MAGE_URL=//p' <<<"$out")"
  MAGE_SERVE_DIR="$(sed -n 's/^MAGE_SERVE_DIR=//p' <<<"$out")"
  export MAGE_URL MAGE_SERVE_DIR
  # The value is fixed now: the trap runs after this function has returned.
  trap "do_stop '$MAGE_SERVE_DIR'" EXIT
  trap 'exit 130' INT TERM
  echo "serve.sh: running $* against $MAGE_URL" >&2
  set +e
  "$@"
  local rc=$?
  set -e
  return "$rc"
}

cmd="${1:-}"; shift || true
case "$cmd" in
  start) do_start "$@" ;;
  stop) do_stop "$@" ;;
  run) do_run "$@" ;;
  *) die "usage: serve.sh start [--port N] [--dir D] [--timeout S] | stop D | run [--port N] -- COMMAND..." ;;
esac
