#!/usr/bin/env bash
# Installs everything the project needs on a Debian machine with Rust (rustup), skipping what is
# already present, so a second run takes seconds. Called by scripts/preview.sh and scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14       # 0.22 needs rustc >= 1.96.1
GECKODRIVER_VERSION=0.37.1
# The wasm-bindgen CLI must be exactly the crate's version in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)

say() { printf 'setup: %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian packages: browsers and their drivers. WebKit (Safari's engine) is WebKitGTK's WebDriver,
# which has no headless mode: it runs on a virtual X display (xvfb-run, which needs xauth).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v firefox-esr >/dev/null || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Rust target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The pinned nightly that rebuilds std for the wasm MVP (scripts/build.sh: the widget is built for the MVP with it).
NIGHTLY=$(cat scripts/nightly-toolchain)
if ! rustup component list --installed --toolchain "$NIGHTLY" 2>/dev/null | grep -q '^rust-src'; then
  say "installing the $NIGHTLY toolchain with rust-src (for the JavaScript build)"
  rustup toolchain install "$NIGHTLY" --profile minimal --component rust-src --no-self-update
fi

# Cargo tools at pinned versions. `cargo install` builds from crates.io (no prebuilt downloads).
cargo_tool() { # binary version crate [cargo install flags...]
  local bin=$1 version=$2 crate=$3; shift 3
  if "$bin" --version 2>/dev/null | grep -qF " $version"; then return; fi
  say "installing $crate $version (a first install takes minutes)"
  cargo install --quiet "$crate" --version "$version" --force "$@"
}
# wasm-bindgen-cli without --locked: its lockfile pins a crate the registry no longer has.
cargo_tool wasm-bindgen "$WASM_BINDGEN_VERSION" wasm-bindgen-cli
cargo_tool trunk "$TRUNK_VERSION" trunk --locked
cargo_tool geckodriver "$GECKODRIVER_VERSION" geckodriver

if ! grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml; then
  echo "setup: Trunk.toml [tools] wasm_bindgen must be $WASM_BINDGEN_VERSION, as in Cargo.lock" >&2
  exit 1
fi

# npm packages, locally (never -g: the global prefix would replace Debian's binaries). No package
# may download a browser: the suite drives Debian's.
# Installed again whenever package-lock.json differs from the one last installed (by content: a
# checkout or a merge does not keep modification times in order).
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.installed-lock-hash 2>/dev/null)" != "$lock_hash" ]; then
  say "installing npm packages"
  PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.installed-lock-hash
fi

# Trunk builds offline: every crate must be in the local registry first.
cargo fetch --quiet
