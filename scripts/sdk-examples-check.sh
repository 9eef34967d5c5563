#!/usr/bin/env bash
# The three SDK examples (examples/: Rust with rmcp, TypeScript with the official SDK and
# ext-apps, Python with the official `mcp` SDK), each a minimal server that registers the built
# widget as a ui:// resource, read back through the official MCP Inspector's CLI
# (scripts/sdk-examples-check.mjs says what it checks). The TypeScript example is type-checked
# against the SDKs' types first.
#
#   scripts/sdk-examples-check.sh [--widget FILE]
#
# The widget is FILE, else dist/resource-widget.html when it is built, else a stand-in page (the
# check is about the servers; ./scripts/build.sh builds the real widget). Needs `npm install`;
# installs the Python SDK into its venv when missing (scripts/sdk-examples-setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

widget=""
if [[ "${1:-}" == "--widget" && -n "${2:-}" ]]; then
  widget="$2"
elif [[ $# -gt 0 ]]; then
  echo "usage: $0 [--widget FILE]" >&2
  exit 64
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ -z "$widget" ]]; then
  if [[ -f dist/resource-widget.html ]]; then
    widget="dist/resource-widget.html"
  else
    widget="$work/stand-in-widget.html"
    printf '<!doctype html>\n<html><head><meta charset="utf-8"><title>Stand-in widget</title></head><body>Build the real one with ./scripts/build.sh</body></html>\n' >"$widget"
    echo "sdk-examples-check: dist/resource-widget.html is not built; serving a stand-in page"
  fi
fi
widget="$(cd "$(dirname "$widget")" && pwd)/$(basename "$widget")"

# Python: the pinned SDK in its venv.
SDK_EXAMPLE_PYTHON="$(./scripts/sdk-examples-setup.sh)"

# TypeScript: type-checked against the SDKs' own types, then compiled where Node resolves the
# packages from this repository's node_modules.
tsc -p examples/typescript-widget-server/tsconfig.json
mkdir -p target/sdk-examples
esbuild examples/typescript-widget-server/server.ts --log-level=warning --format=esm --platform=node \
  --target=node20 --outfile=target/sdk-examples/typescript-widget-server.mjs
SDK_EXAMPLE_TYPESCRIPT="$PWD/target/sdk-examples/typescript-widget-server.mjs"

# Rust: the binary the native tests build (`cargo test-native`, .cargo/config.toml); asking for it
# the same way reuses that build instead of compiling rmcp a second time with other features.
if ! built=$(cargo test-native --quiet --no-run 2>&1); then
  printf '%s\n' "$built" >&2
  exit 1
fi
SDK_EXAMPLE_RUST="$PWD/target/debug/rmcp-widget-server"

export SDK_EXAMPLE_PYTHON SDK_EXAMPLE_TYPESCRIPT SDK_EXAMPLE_RUST
echo "sdk-examples-check: Inspector $(HOME="$work" timeout 60 mcp-inspector --cli --version 2>/dev/null || echo "(version unknown)"), widget $widget"
node scripts/sdk-examples-check.mjs "$widget"
echo "sdk-examples-check: passed"
