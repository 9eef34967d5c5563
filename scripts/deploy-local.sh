#!/usr/bin/env bash
# The MCP server deployed as a team runs it, on this machine: N replicas (default 2) sharing their
# sessions through Redis, behind nginx round-robin without sticky sessions, everything on
# 127.0.0.1 (bench/replicas/cluster.mjs). Prints the MCP endpoint and the token, serves until
# Ctrl-C, then stops everything it started. docs/deploy.md says how to run the same for real.
#
#   scripts/deploy-local.sh [--replicas N] [--widget FILE]
#
# Needs Debian's redis-server and nginx (scripts/setup.sh installs them with the test set).
# MCP_AUTH_TOKEN, when set, is the token every replica takes; else one is made and printed.
# MAGE_MCP_SERVER, when set, names a server already built (its release build is skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
# nginx is in /usr/sbin, which a user's PATH on Debian may lack.
export PATH="$PATH:/usr/sbin:/sbin"
for tool in redis-server nginx node; do
  command -v "$tool" >/dev/null || { echo "deploy-local.sh: $tool is not installed (scripts/setup.sh installs redis-server and nginx)" >&2; exit 1; }
done
server=${MAGE_MCP_SERVER:-}
if [ -z "$server" ]; then
  cargo build --release -p mage-mcp-server 2>&1 | tail -n 1
  server="$PWD/target/release/mage-mcp-server"
fi
exec node bench/replicas/cluster.mjs --binary "$server" "$@"
