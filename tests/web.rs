//! Browser tests: the real components mounted in headless Chromium and Firefox.
//! Each test mounts, acts, waits a tick, and asserts on the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::{mount::mount_to, prelude::*, task::tick};
use resource_widget::app::{AppState, HostEvent, HostServices, ToolPayload};
use resource_widget::views::Widget;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// 2026-11-20 06:00:00 UTC, the fixtures' reference time.
const NOW_MS: f64 = 1_795_154_400_000.0;

fn container() -> web_sys::HtmlElement {
    let document = document();
    let element = document.create_element("section").expect("section");
    document.body().expect("body").append_child(&element).expect("append");
    element.unchecked_into()
}

fn fixture_event(text: &str) -> HostEvent {
    HostEvent::ToolResult(ToolPayload::CallToolResult(text.to_owned()))
}

fn root(container: &web_sys::HtmlElement) -> web_sys::Element {
    container.query_selector("#widget").expect("query").expect("the widget root")
}

#[wasm_bindgen_test]
async fn waits_loading_then_renders_the_records_of_a_result() {
    let section = container();
    let state = RwSignal::new(AppState::default());
    let _handle = mount_to(section.clone(), move || view! { <Widget state services=HostServices::inert(NOW_MS)/> });
    tick().await;
    assert_eq!(root(&section).get_attribute("data-state").as_deref(), Some("loading"));
    assert_eq!(root(&section).get_attribute("aria-busy").as_deref(), Some("true"));

    state.update(|s| s.apply(fixture_event(include_str!("../fixtures/pipeline_runs/list-ok.json"))));
    tick().await;
    let root = root(&section);
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("ok"));
    assert_eq!(root.get_attribute("aria-busy"), None);
    let rows = section.query_selector_all("tbody tr").expect("rows");
    assert_eq!(rows.length(), 20);
    assert!(section.text_content().unwrap_or_default().contains("4821"));
}

#[wasm_bindgen_test]
async fn an_error_result_shows_code_and_remedy() {
    let section = container();
    let state = RwSignal::new(AppState::default());
    let _handle = mount_to(section.clone(), move || view! { <Widget state services=HostServices::inert(NOW_MS)/> });
    state.update(|s| s.apply(fixture_event(include_str!("../fixtures/errors/auth-expired.json"))));
    tick().await;
    assert_eq!(root(&section).get_attribute("data-state").as_deref(), Some("error"));
    let text = section.text_content().unwrap_or_default();
    assert!(text.contains("AUTH_EXPIRED"), "{text}");
    assert!(text.contains("login command again"), "{text}");
}
