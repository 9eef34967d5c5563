//! The resource widget: an MCP Apps resource that renders pipeline-service tool results.
//!
//! Data flows one way: a host [`bridge`] delivers raw JSON as [`app::HostEvent`]s; the
//! [`app::AppState`] machine turns results into `widget_model::WidgetModel`s (pure Rust, in
//! `crates/widget-model`); the [`views`] draw them (graphs placed by `crates/graph-layout`). Only the bridge
//! touches `window`.
//!
//! Depends on: `widget-app`, `widget-model`, `graph-layout` (the pure crates), Leptos, and
//! `web-sys`/`js-sys`/`wasm-bindgen` (for the bridge and the views: the only crate that may).
//! With the `test-hooks` feature it also exposes the end-to-end tests' hooks (never shipped).

/// The pure core (`crates/widget-app`): host events, the state machine, the services views may ask for.
pub use widget_app as app;
pub mod bridge;
pub mod views;

use leptos::prelude::*;

/// Mounts the widget on `<body>` and connects it to its host.
pub fn start() {
    #[cfg(feature = "test-hooks")]
    if let Some(window) = web_sys::window() {
        bridge::test_hooks::expose(&window);
    }
    let state = RwSignal::new(app::AppState::default());
    let (connection, services) =
        bridge::connect(move |event| state.update(|s| s.apply(event, js_sys::Date::now())));
    // The connection lives as long as the page.
    std::mem::forget(connection);
    leptos::mount::mount_to_body(move || view! { <views::Widget state services/> });
}
