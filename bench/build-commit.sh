#!/usr/bin/env bash
# Builds the widget file as an earlier commit built it, so that one benchmark run can load it
# beside the current build and compare them under the same load:
#
#   ./bench/build-commit.sh b97a6ad      prints target/commits/b97a6ad.html
#   HTML=target/commits/b97a6ad.html,dist/resource-widget.html ONLY="0 runs" RUNS=5 node bench/widget.mjs
#   node bench/trace.mjs cold-start target/commits/b97a6ad.html dist/resource-widget.html spec-default-wasm
#
# Figures measured by another version of bench/widget.mjs (another scroll, another warm-up) are
# not comparable with today's; a file built here is. The commit is checked out in a worktree,
# target/commits/tree, and built by its own scripts/build.sh; its target directory starts as a
# copy of this one's, so only what differs is compiled. A file already built is reused.
# Expects scripts/setup.sh to have run (and this checkout's node_modules, which the worktree uses).
#
#   ./bench/build-commit.sh --server 63cd85e   prints target/commits/63cd85e-mage-mcp-server, the
#                                               commit's MCP server built in release mode (for
#                                               bench/server-load.mjs --baseline)
set -euo pipefail
cd "$(dirname "$0")/.."
server=0
if [ "${1:-}" = --server ]; then
  server=1
  shift
fi
commit=$(git rev-parse --short=7 "${1:?usage: bench/build-commit.sh [--server] COMMIT}^{commit}")
out="target/commits/$commit.html"
[ "$server" = 0 ] || out="target/commits/$commit-mage-mcp-server"
if [ -f "$out" ]; then
  echo "$out"
  exit 0
fi
tree=target/commits/tree
if [ -d "$tree/.git" ] || [ -f "$tree/.git" ]; then
  git -C "$tree" checkout -q --force --detach "$commit"
else
  mkdir -p target/commits
  git worktree add -q --force --detach "$tree" "$commit"
  if [ -d target/widget ]; then
    mkdir -p "$tree/target" && cp -r target/widget "$tree/target/"
  fi
fi
ln -sfn "$PWD/node_modules" "$tree/node_modules"
if [ "$server" = 1 ]; then
  # The commit's MCP server: the workspace's package with a binary that depends on rmcp (its name
  # has changed over time). Its own target directory, so the current release binary stays.
  read -r package binary < <(cd "$tree" && cargo metadata --quiet --no-deps --format-version 1 | node -e '
    const { packages } = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const server = packages.find((p) => p.dependencies.some((d) => d.name === "rmcp" && d.kind === null) && p.targets.some((t) => t.kind.includes("bin")));
    if (!server) { console.error("build-commit.sh: no MCP server package in this commit"); process.exit(1); }
    console.log(server.name, server.targets.find((t) => t.kind.includes("bin")).name);')
  (cd "$tree" && CARGO_TARGET_DIR="$PWD/../server-target" cargo build --quiet --release -p "$package") >&2
  cp "target/commits/server-target/release/$binary" "$out"
else
  (cd "$tree" && ./scripts/build.sh) >&2
  cp "$tree/dist/resource-widget.html" "$out"
fi
echo "$out"
