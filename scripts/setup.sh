#!/usr/bin/env bash
# Installs everything the project needs on a Debian machine with Rust (rustup), skipping what is
# already present, so a second run takes seconds. Called by scripts/preview.sh and scripts/test.sh.
#
# Every later step builds offline (Trunk passes --offline to cargo), so set-up fetches every crate a
# build can ask for: the workspace's, and std's own, which the widget's release build rebuilds
# (-Z build-std). It prints each step with its time; a step that fails says what to do.
#
# Cargo tools are installed into CARGO_HOME's bin (cargo's default). With CARGO_HOME pointed at an
# empty folder (as .ci/run does, to start from an empty registry), tools already on PATH are reused.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14       # 0.22 needs rustc >= 1.96.1
GECKODRIVER_VERSION=0.37.1
# The wasm-bindgen CLI must be exactly the crate's version in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
NIGHTLY=$(cat scripts/nightly-toolchain)
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

# Debian packages: browsers and their drivers. WebKit (Safari's engine) is WebKitGTK's WebDriver,
# which has no headless mode: it runs on a virtual X display (xvfb-run, which needs xauth).
debian_packages() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v firefox-esr >/dev/null || missing+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || missing+=(xvfb)
  command -v xauth >/dev/null || missing+=(xauth)
  command -v python3 >/dev/null || missing+=(python3 python3-venv)
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

# The wasm target (stable: the browser tests) and the pinned nightly with rust-src (the release
# build rebuilds std for the wasm MVP: scripts/wasm-release-env.sh).
rust_toolchains() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! rustup component list --installed --toolchain "$NIGHTLY" 2>/dev/null | grep -q '^rust-src'; then
    say "installing the $NIGHTLY toolchain with rust-src"
    rustup toolchain install "$NIGHTLY" --profile minimal --component rust-src --no-self-update
  fi
}

# Cargo tools at pinned versions. `cargo install` builds from crates.io (no prebuilt downloads).
cargo_tool() { # binary version crate [cargo install flags...]
  local bin=$1 version=$2 crate=$3 installed
  shift 3
  # Read the whole output first: `grep -q` closes the pipe at its first match, and under pipefail a
  # tool that prints more after that line (geckodriver does) would count as missing.
  installed=$("$bin" --version 2>/dev/null || true)
  if grep -qF " $version" <<<"$installed"; then return 0; fi
  say "installing $crate $version into $CARGO_BIN (a first install takes minutes)"
  cargo install --quiet "$crate" --version "$version" --force "$@"
}
cargo_tools() {
  # wasm-bindgen-cli without --locked: its lockfile pins a crate the registry no longer has.
  cargo_tool wasm-bindgen "$WASM_BINDGEN_VERSION" wasm-bindgen-cli
  cargo_tool trunk "$TRUNK_VERSION" trunk --locked
  cargo_tool geckodriver "$GECKODRIVER_VERSION" geckodriver
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
  PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" >node_modules/.installed-lock-hash
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

run_step "Debian packages (browsers, drivers, Xvfb)" \
  "run 'apt-get install chromium chromium-driver firefox-esr webkit2gtk-driver xvfb xauth' as root and check that Debian's mirror is reachable" \
  debian_packages
run_step "Rust: wasm target, $NIGHTLY + rust-src" \
  "check that rustup's distribution server is reachable, then 'rustup toolchain install $NIGHTLY --profile minimal --component rust-src'" \
  rust_toolchains
run_step "cargo tools (wasm-bindgen, trunk, geckodriver)" \
  "check that crates.io is reachable; a tool that does not build: 'cargo install <crate> --version <version>' by hand shows why" \
  cargo_tools
run_step "npm packages" \
  "check that the npm registry is reachable; 'rm -rf node_modules' and run set-up again" \
  npm_packages
# The official Python MCP SDK for examples/python-widget-server, in a venv outside the repository.
python_sdk() { ./scripts/sdk-examples-setup.sh >/dev/null; }

run_step "crates for offline builds (workspace, std)" \
  "check that crates.io is reachable; a lock that names a yanked crate needs 'cargo update -p <crate>'" \
  crates_for_offline_builds
run_step "Python MCP SDK (examples/)" \
  "check that PyPI is reachable and that python3 >= 3.10 has venv (Debian: python3-venv)" \
  python_sdk
say "done in $(seconds_since "$SETUP_START") s"
