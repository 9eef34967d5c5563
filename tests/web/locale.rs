//! The host's locale and zone: numbers, times and the widget's own words.

use crate::mount::{click, container, mount_widget, one, text, Recorder};
use leptos::{prelude::*, task::tick};
use resource_widget::bridge::context::patch_of_host_context;
use wasm_bindgen_test::*;
use widget_app::HostEvent;
use widget_app::ToolPayload;

#[wasm_bindgen_test]
async fn numbers_times_and_words_follow_the_host_locale_and_zone() {
    use widget_app::HostContext;
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let mut context = HostContext::default();
    context.merge(patch_of_host_context(
        &serde_json::json!({ "locale": "de-DE", "timeZone": "Europe/Berlin" }),
    ));
    state.update(|s| {
        s.apply(HostEvent::Connected(context), 0.0);
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(
                include_str!("../../fixtures/pipeline_runs/numbers-and-times.json").into(),
            )),
            0.0,
        );
    });
    tick().await;
    // The counts are in the run's detail.
    click(&section, ".row-details");
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    assert_eq!(root.get_attribute("lang").as_deref(), Some("de"));
    assert!(
        shown.contains("1.234.567") && shown.contains("1,25"),
        "{shown}"
    );
    assert!(shown.contains("vor 3 Tagen"), "{shown}");
    let tip = text(&one(&root, ".time .tip"));
    assert!(
        tip.contains("MEZ") || tip.contains("GMT+1") || tip.contains("GMT+01"),
        "the zone is named: {tip}"
    );
    assert!(
        tip.contains("07:00:00"),
        "06:00 UTC is 07:00 in Berlin: {tip}"
    );
    assert!(
        shown.contains("1 Datensatz"),
        "the widget's own words in German: {shown}"
    );

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "locale": "en-US" }),
            )),
            0.0,
        )
    });
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    assert_eq!(root.get_attribute("lang").as_deref(), Some("en"));
    assert!(
        shown.contains("1,234,567") && shown.contains("1.25"),
        "{shown}"
    );
    assert!(
        shown.contains("3 days ago") && shown.contains("1 record"),
        "{shown}"
    );

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "locale": "ja-JP" }),
            )),
            0.0,
        )
    });
    tick().await;
    assert!(
        text(&one(&section, "#widget")).contains("1 件"),
        "Japanese words"
    );
}
