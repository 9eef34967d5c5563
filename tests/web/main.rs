//! Browser tests: the real components mounted in headless Chromium, Firefox and WebKit, one
//! module per component. Each test mounts (`mount`, the one shared helper), acts, waits a tick
//! (`tick().await`) or for a condition with a bound, and asserts on what a person sees. One test
//! target, so the browsers load one binary: `cargo test --target wasm32-unknown-unknown --test
//! web` (scripts/test.sh runs it once per browser).
#![cfg(target_arch = "wasm32")]

mod mount;

mod cell;
mod detail;
mod diff;
mod follow;
mod graph;
mod header;
mod history;
mod hostile;
mod locale;
mod logs;
mod long_list;
mod mutation;
mod navigation;
mod outputs;
mod record_page;
mod table;
mod timeline;
mod warm_up;
mod widget;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
