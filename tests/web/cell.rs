//! Cells: statuses, times, ids, links, long values and nested values.

use crate::mount::{all, click, container, model, mount, one, text, texts, Recorder, RUNS};
use leptos::{prelude::*, task::tick};
use resource_widget::views::cell::CellView;
use resource_widget::views::cell::Room;
use resource_widget::views::table::ListTable;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;
use widget_model::Cell;

#[wasm_bindgen_test]
async fn statuses_are_pills_with_tone_and_words() {
    let section = container(None);
    let recorder = Recorder::default();
    let _handle = mount(&section, &recorder, move || {
        view! {
            <CellView cell=Cell::Status(widget_model::Status::new("not_executed")) room=Room::Table/>
            <CellView cell=Cell::Status(widget_model::Status::new("zombie")) room=Room::Table/>
        }
    });
    tick().await;
    let pills = all(&section, ".pill");
    assert!(pills[0].class_name().contains("pill--pending"));
    assert_eq!(text(&pills[0]), "Not executed");
    assert!(
        pills[1].class_name().contains("pill--neutral"),
        "unknown values are neutral"
    );
}

#[wasm_bindgen_test]
async fn timestamps_are_relative_with_the_absolute_time_reachable_by_keyboard() {
    let section = container(None);
    let recorder = Recorder::default();
    let t =
        widget_model::time::parse_timestamp("2026-11-20 05:53:00.000000+00:00").expect("timestamp");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Time(t) room=Room::Table/> },
    );
    tick().await;
    assert_eq!(texts(&section, ".time__relative"), ["7 minutes ago"]);
    let time = one(&section, ".time");
    assert_eq!(time.get_attribute("tabindex").as_deref(), Some("0"));
    let tip = one(&section, ".tip");
    // The browser's locale and zone here (en-US, UTC): Intl writes the date, the time and the zone.
    let absolute = text(&tip);
    assert!(
        absolute.contains("2026") && absolute.contains("5:53:00") && absolute.contains("UTC"),
        "{absolute}"
    );
    assert_eq!(
        time.get_attribute("data-written").as_deref(),
        Some("2026-11-20 05:53:00 UTC")
    );
    // Hidden, the tip takes no room beside the relative text (and stays in the page for screen
    // readers: not `display: none`).
    let width = |selector: &str| one(&section, selector).get_bounding_client_rect().width();
    assert!(
        (width(".time") - width(".time__relative")).abs() < 0.5,
        "the hidden tip takes no room: {} against {}",
        width(".time"),
        width(".time__relative")
    );
    let tip_style = |property: &str| {
        window()
            .get_computed_style(&tip)
            .ok()
            .flatten()
            .and_then(|s| s.get_property_value(property).ok())
    };
    assert_ne!(
        tip_style("display").as_deref(),
        Some("none"),
        "the tip stays readable"
    );
    time.unchecked_ref::<HtmlElement>().focus().expect("focus");
    assert_eq!(
        tip_style("clip-path").as_deref(),
        Some("none"),
        "the tip shows on focus"
    );
}

#[wasm_bindgen_test]
async fn ids_are_monospace_and_copy_to_the_clipboard() {
    let section = container(None);
    let recorder = Recorder::default();
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Id("etl_daily".into()) room=Room::Table/> },
    );
    tick().await;
    assert_eq!(one(&section, ".id__value").tag_name(), "CODE");
    let button = one(&section, ".copy");
    assert_eq!(
        button.get_attribute("aria-label").as_deref(),
        Some("Copy etl_daily")
    );
    click(&section, ".copy");
    tick().await;
    assert_eq!(*recorder.copied.borrow(), ["etl_daily"]);
}

#[wasm_bindgen_test]
async fn links_open_through_the_host_and_only_for_http() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(
        r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"x","action":"list","state":"ok",
            "records":[{"docs":"https://docs.example/a","evil":"javascript:alert(1)"}]}"#,
    );
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    let links = all(&section, "a");
    assert_eq!(links.len(), 1, "only the https value is a link");
    assert_eq!(
        links[0].get_attribute("href").as_deref(),
        Some("https://docs.example/a")
    );
    click(&section, "a");
    tick().await;
    assert_eq!(*recorder.opened.borrow(), ["https://docs.example/a"]);
}

#[wasm_bindgen_test]
async fn long_values_are_cut_and_shown_whole_on_focus() {
    let section = container(Some(400));
    let recorder = Recorder::default();
    let long = "x".repeat(500);
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Text(long) room=Room::Table/> },
    );
    tick().await;
    let cut = one(&section, ".cut");
    assert_eq!(cut.get_attribute("title").map(|t| t.len()), Some(500));
    assert_eq!(cut.get_attribute("tabindex").as_deref(), Some("0"));
    cut.unchecked_ref::<HtmlElement>().focus().expect("focus");
    let ws = window()
        .get_computed_style(&cut)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("white-space").ok());
    assert_eq!(ws.as_deref(), Some("pre-wrap"));
}

#[wasm_bindgen_test]
async fn nested_values_summarise_and_expand() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let metrics = m.table.rows.iter().find_map(|r| {
        r.cells
            .iter()
            .find(|c| matches!(c, Cell::Record { .. }))
            .cloned()
    });
    let cell = metrics.expect("a run with metrics");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell room=Room::Table/> },
    );
    tick().await;
    let details = one(&section, "details.nested");
    assert_eq!(text(&one(&section, "summary")), "1 field");
    assert!(!details.has_attribute("open"));
    click(&section, "summary");
    tick().await;
    assert!(details.has_attribute("open"));
    assert!(text(&details).contains("Blocks"));
}
