#!/usr/bin/env bash
# Load on the MCP server's Streamable HTTP transport (bench/server-load.mjs): builds the server in
# release mode, then runs the load on the demo project and, with --mage, on a throwaway Mage server
# (installed by scripts/mage/setup.sh, run by `scripts/mage/serve.sh run`, which stops it on any
# exit; the small project of scripts/mage-test.sh built and logged in to).
#
#   bench/server-load.sh [--mage | --mage-only] [--baseline COMMIT | --no-baseline] [-- ARGS for bench/server-load.mjs]
#       e.g. bench/server-load.sh --mage -- --sessions 24 --calls 40 --rounds 2
#
# Each round runs the baseline's server, then this checkout's, under the same load, and the end
# prints every figure of both with the ratio (bench/server-load.mjs --baseline). The baseline is
# COMMIT, else the commit bench/baseline names, built by bench/build-commit.sh --server.
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY="$PWD/target/release/mage-mcp-server"

# Inside `serve.sh run` (MAGE_URL set): the project, the login, the load.
if [ "${1:-}" = "--on-mage" ]; then
  shift
  timeout 240 python3 scripts/mage/build_project.py "$MAGE_URL" --minimal --one-process --with-failure >/dev/null
  eval "$(timeout 60 python3 scripts/mage/login.py "$MAGE_URL")"
  echo "## Mage (mage-ai at $MAGE_URL, the small project of scripts/mage-test.sh)"
  exec node bench/server-load.mjs --binary "$BINARY" --mage-url "$MAGE_URL" "$@"
fi

WITH_MAGE=0
DEMO=1
BASELINE=$(sed -n 's/^commit: *//p' bench/baseline)
while [ $# -gt 0 ]; do
  case "$1" in
    --mage) WITH_MAGE=1 ;;
    --mage-only) WITH_MAGE=1; DEMO=0 ;;
    --baseline) BASELINE=${2:?--baseline needs a commit}; shift ;;
    --no-baseline) BASELINE="" ;;
    --) shift; break ;;
    *) echo "server-load.sh: unknown argument $1 (see the header)" >&2; exit 2 ;;
  esac
  shift
done
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"

cargo build --release -p mage-mcp-server 2>&1 | tail -n 1
if [ -n "$BASELINE" ]; then
  baseline_binary="$PWD/$(bench/build-commit.sh --server "$BASELINE")"
  echo "## Baseline: $BASELINE ($baseline_binary)"
  set -- --baseline "$baseline_binary" "$@"
fi

if [ "$DEMO" -eq 1 ]; then
  echo "## The demo project"
  node bench/server-load.mjs --binary "$BINARY" "$@"
fi
if [ "$WITH_MAGE" -eq 1 ]; then
  scripts/mage/setup.sh
  scripts/mage/serve.sh run --timeout 120 -- "$0" --on-mage "$@"
fi
