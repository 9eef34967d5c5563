//! The wasm entry point (Trunk builds this binary). Depends on the widget's library (`src/lib.rs`)
//! only: everything else is there.

use wasm_bindgen::prelude::wasm_bindgen;

/// Run when the module starts: connects the widget to its host.
fn main() {
    resource_widget::start();
}

/// Called by the page after `main` (page/single-html.mjs): draws the widget.
#[wasm_bindgen]
pub fn mount() {
    resource_widget::mount();
}

/// Called by the page a task at a time once the widget is drawn (page/single-html.mjs): with
/// `go_on`, draws the next part of its warm-up, else ends it; whether it drew one.
#[wasm_bindgen]
pub fn warm_up(go_on: bool) -> bool {
    resource_widget::warm_up(go_on)
}
