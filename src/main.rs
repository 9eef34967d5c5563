//! The wasm entry point (Trunk builds this binary).

fn main() {
    resource_widget::start();
}
