# Sourced (not run) by scripts/build.sh and bench/size-floor.sh: the toolchain and flags of the
# widget's release wasm, in one place, so that the size floor is built exactly as the widget is.
# Expects the working directory to be the repository's root.
# Local tools first: wasm-opt from npm binaryen (Debian's 108 breaks the module); then the cargo
# tools set-up installed (into CARGO_HOME's bin).
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
export RUSTUP_TOOLCHAIN
RUSTUP_TOOLCHAIN=$(cat scripts/toolchain/nightly)
# std for the MVP (the page's translator, page/wasm-to-js.mjs, takes the MVP only);
# RUSTFLAGS reach only the wasm target (Trunk passes --target), not build scripts.
export CARGO_UNSTABLE_BUILD_STD="std,panic_abort"
export RUSTFLAGS="-C target-cpu=mvp -Z location-detail=none -Z unstable-options -C panic=immediate-abort"
