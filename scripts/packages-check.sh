#!/usr/bin/env bash
# The widget as its users get it: the three packages built by scripts/package.sh, each installed
# into a clean project outside the repository, with the example of its language (examples/) as the
# server there, and mage-mcp-server's binary copied alone into an empty folder; each started from
# `/` and read back through the official MCP Inspector's CLI (scripts/packages-check/read-back.mjs says
# what it checks: the HTML byte for byte, the MIME type, the _meta, the tool pointing at the URI).
#
#   scripts/packages-check.sh
#
# First, when the widget is built (dist/resource-widget.html), that the packages carry the file
# this commit builds: the file kept in crates/pipeline-resource-widget, built from the same commit
# elsewhere, must be the same bytes (docs/decisions/0014-reproducible-widget-file.md), the kept
# start order this wasm's, and the record of its inputs this tree's (scripts/widget-inputs.mjs).
# ./scripts/widget-refresh.sh keeps all three.
#
# The projects: an npm folder (the tarball, the SDK and ext-apps from npm; the example type-checked
# against their types and compiled), a venv (the wheel and the pinned `mcp` from PyPI), and a cargo
# project (the .crate unpacked, the example's dependencies, built in the workspace's target folder,
# so that what the native build compiled the same way is reused). Prints each step's time.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
export PATH="$repo/node_modules/.bin:$PATH"
kept=crates/pipeline-resource-widget/resource-widget.html
refresh=./scripts/widget-refresh.sh

start=$EPOCHREALTIME
step_start=$start
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
step() { printf 'packages-check: %-58s %6s s\n' "$1" "$(since "$step_start")"; step_start=$EPOCHREALTIME; }
fail() { echo "packages-check: $*" >&2; exit 1; }

if [[ -f dist/resource-widget.html ]]; then
  node page/start-order.mjs --check >/dev/null || fail "page/start-order.json is not this wasm's: run $refresh and commit what it changes"
  cmp -s dist/resource-widget.html "$kept" ||
    fail "$kept is not the file this commit builds (dist/resource-widget.html, $(sha256sum dist/resource-widget.html | cut -c1-8) against $(sha256sum "$kept" | cut -c1-8)): run $refresh and commit what it changes (or, if dist/ is older than the code, ./scripts/build.sh first)"
  # What the preview trusts to serve the kept file without a build: the record of its inputs.
  node scripts/widget-inputs.mjs --check || fail "the record of what $kept was built from is not this tree's inputs: run $refresh and commit what it changes"
  step "the kept widget is this build's, byte for byte, and its inputs' record this tree's"
else
  echo "packages-check: dist/resource-widget.html is not built; the kept widget is not compared with a build"
fi

built=$(./scripts/package.sh)
version=$(sed -n 's/^package: version \([^ ,]*\),.*/\1/p' <<<"$built")
[[ -n "$version" ]] || fail "scripts/package.sh named no version: $built"
packages=$repo/target/packages
step "packages $version built (scripts/package.sh)"

work=$(mktemp -d "${TMPDIR:-/tmp}/packages-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The SDK versions the repository is tested with (package.json).
dev_version() { node -p "require('./package.json').devDependencies['$1']"; }
sdk_packages=(
  "@modelcontextprotocol/server@$(dev_version @modelcontextprotocol/server)"
  "@modelcontextprotocol/ext-apps@$(dev_version @modelcontextprotocol/ext-apps)"
  "@types/node@$(dev_version @types/node)"
)

# npm and Python install from their registries (or caches) while cargo builds.
(
  mkdir -p "$work/npm"
  cd "$work/npm"
  npm init -y >/dev/null
  npm pkg set type=module
  npm install --no-audit --no-fund --loglevel=error --prefer-offline \
    "$packages/pipeline-resource-widget-$version.tgz" "${sdk_packages[@]}" >/dev/null
  cp "$repo/examples/typescript-widget-server/server.ts" "$repo/examples/typescript-widget-server/tsconfig.json" .
  tsc -p tsconfig.json
  esbuild server.ts --log-level=warning --format=esm --platform=node --target=node20 --outfile=server.mjs
) >"$work/npm.log" 2>&1 &
npm_job=$!
(
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install --quiet --disable-pip-version-check \
    "$packages/pipeline_resource_widget-$version-py3-none-any.whl" -r examples/python-widget-server/requirements.txt
  mkdir -p "$work/python"
  cp examples/python-widget-server/server.py "$work/python/"
) >"$work/python.log" 2>&1 &
python_job=$!

# Rust: the example against the unpacked .crate, with the workspace's lock (the versions the rest
# of the repository is tested with).
mkdir -p "$work/cargo/src"
tar -xzf "$packages/pipeline-resource-widget-$version.crate" -C "$work"
cp examples/rmcp-widget-server/src/main.rs "$work/cargo/src/"
sed "s|^pipeline-resource-widget = { path = \"[^\"]*\" }|pipeline-resource-widget = { path = \"$work/pipeline-resource-widget-$version\" }|" \
  examples/rmcp-widget-server/Cargo.toml >"$work/cargo/Cargo.toml"
grep -q "path = \"$work/pipeline-resource-widget-$version\"" "$work/cargo/Cargo.toml" || fail "examples/rmcp-widget-server/Cargo.toml has no path dependency on pipeline-resource-widget to replace"
cp Cargo.lock "$work/cargo/"
CARGO_TARGET_DIR="$repo/target" CARGO_PROFILE_DEV_DEBUG=false \
  cargo build --quiet --manifest-path "$work/cargo/Cargo.toml" || fail "the Rust example does not build against the packaged crate"
# At once: the workspace's own example has the same binary name.
cp target/debug/rmcp-widget-server "$work/cargo/"
step "cargo project built (the .crate, examples/rmcp-widget-server)"
wait "$npm_job" || { cat "$work/npm.log" >&2; fail "the npm project (the tarball, examples/typescript-widget-server) failed"; }
step "npm project installed, type-checked, compiled"
wait "$python_job" || { cat "$work/python.log" >&2; fail "the venv (the wheel, examples/python-widget-server) failed"; }
step "venv installed"

# mage-mcp-server as `cargo install` leaves it: the binary alone. The one the native tests build
# (cargo test-native, .cargo/config.toml): asking for it the same way reuses that build.
if ! built=$(cargo test-native --quiet --no-run 2>&1); then
  printf '%s\n' "$built" >&2
  fail "mage-mcp-server does not build"
fi
mkdir -p "$work/alone"
cp target/debug/mage-mcp-server "$work/alone/"
step "mage-mcp-server copied alone into an empty folder"

PACKAGES_CHECK_RUST="$work/cargo/rmcp-widget-server" \
  PACKAGES_CHECK_TYPESCRIPT="$work/npm/server.mjs" \
  PACKAGES_CHECK_PYTHON="$work/venv/bin/python" PACKAGES_CHECK_PYTHON_SERVER="$work/python/server.py" \
  PACKAGES_CHECK_SERVER="$work/alone/mage-mcp-server" \
  node scripts/packages-check/read-back.mjs "$kept"
step "the four servers through the Inspector's CLI"
echo "packages-check: passed in $(since "$start") s"
