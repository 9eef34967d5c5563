//! The wasm entry point (Trunk builds this binary). Depends on the widget's library (`src/lib.rs`)
//! only: everything else is there.

fn main() {
    resource_widget::start();
}
