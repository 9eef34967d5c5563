//! The widget's root: from loading to a result, the host's theme and variables, the error, empty and
//! cancelled states, a restored result.

use crate::mount::{all, container, deliver, mount_widget, one, text, texts, Recorder, RUNS};
use leptos::{prelude::*, task::tick};
use resource_widget::bridge::context::patch_of_host_context;
use wasm_bindgen_test::*;
use widget_app::AppState;
use widget_app::HostEvent;
use widget_app::ToolPayload;

#[wasm_bindgen_test]
async fn the_root_goes_from_loading_to_the_result() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    tick().await;
    let root = one(&section, "#widget");
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("loading"));
    assert_eq!(root.get_attribute("aria-busy").as_deref(), Some("true"));
    assert_eq!(all(&section, ".skeleton__row").len(), 4);

    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("ok"));
    assert_eq!(root.get_attribute("aria-busy"), None);
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
}

#[wasm_bindgen_test]
async fn the_root_follows_the_host_theme_and_variables() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| {
        s.apply(HostEvent::ContextChanged(patch_of_host_context(&serde_json::json!({
            "theme": "dark",
            "styles": { "variables": { "--color-text-primary": "#fafafa", "--font-sans": "Host Sans, sans-serif" } }
        }))), 0.0)
    });
    tick().await;
    let root = one(&section, "#widget");
    assert!(
        root.class_name().contains("theme-dark"),
        "{}",
        root.class_name()
    );
    let style = root.get_attribute("style").unwrap_or_default();
    assert!(style.contains("--color-text-primary: #fafafa"), "{style}");
    let color = window()
        .get_computed_style(&root)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("color").ok());
    assert_eq!(color.as_deref(), Some("rgb(250, 250, 250)"));

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "theme": "light" }),
            )),
            0.0,
        )
    });
    tick().await;
    assert!(root.class_name().contains("theme-light"));
}

#[wasm_bindgen_test]
async fn error_empty_and_cancelled_states_say_what_happened() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let root = one(&section, "#widget");

    deliver(
        state,
        include_str!("../../fixtures/errors/auth-expired.json").into(),
    );
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("error"));
    assert_eq!(texts(&section, ".state__code"), ["AUTH_EXPIRED"]);
    assert!(text(&one(&section, ".state__remedy")).contains("login command again"));

    deliver(
        state,
        include_str!("../../fixtures/pipeline_runs/list-empty-hint.json").into(),
    );
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("empty"));
    assert!(text(&one(&section, ".state--empty")).contains("etl_daily has never run"));

    state.set(AppState::default());
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    state.update(|s| {
        s.apply(
            HostEvent::ToolCancelled(Some("Stopped by the user".into())),
            0.0,
        )
    });
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("empty"));
    assert!(text(&one(&section, ".state--cancelled")).contains("Stopped by the user"));
}

#[wasm_bindgen_test]
async fn a_restored_result_is_marked() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| {
        s.apply(
            HostEvent::RestoredResult(ToolPayload::CallToolResult(RUNS.to_owned())),
            0.0,
        )
    });
    tick().await;
    assert!(text(&one(&section, ".notices")).contains("Restored"));
}
