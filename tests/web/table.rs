//! The list table: sorting and `aria-sort`, natural order, alignment, the sticky header, cards in
//! a narrow frame, even rows, the runs' progress and the columns behind a toggle.

use crate::mount::{
    all, click, container, deliver, model, mount, mount_widget, one, text, texts, widget_on,
    Recorder, RUNS,
};
use leptos::{prelude::*, task::tick};
use resource_widget::views::table::ListTable;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use web_sys::HtmlElement;

pub fn first_column(section: &Element) -> Vec<String> {
    texts(section, ".table tbody tr td:first-child .id__value")
}

#[wasm_bindgen_test]
async fn clicking_a_header_sorts_and_says_so_with_aria_sort() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    assert_eq!(first_column(&section)[0], "4821");
    let header = one(&section, ".table th");
    assert_eq!(header.get_attribute("aria-sort").as_deref(), Some("none"));

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        header.get_attribute("aria-sort").as_deref(),
        Some("ascending")
    );
    assert_eq!(first_column(&section)[0], "4802");

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        header.get_attribute("aria-sort").as_deref(),
        Some("descending")
    );
    assert_eq!(first_column(&section)[0], "4821");

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(header.get_attribute("aria-sort").as_deref(), Some("none"));
}

#[wasm_bindgen_test]
async fn text_sorts_in_natural_order() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(
        r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"blocks","action":"list","state":"ok",
            "records":[{"name":"item10"},{"name":"item2"},{"name":"Item1"}]}"#,
    );
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        texts(&section, ".table tbody td"),
        ["Item1", "item2", "item10"]
    );
}

#[wasm_bindgen_test]
async fn numbers_align_right_and_the_header_is_sticky() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../../fixtures/block_runs/list-ok.json"));
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    let duration = all(&section, ".table th")
        .into_iter()
        .find(|th| text(th).contains("Duration"))
        .expect("duration column");
    assert!(duration.class_name().contains("num"));
    let style = window()
        .get_computed_style(&duration)
        .ok()
        .flatten()
        .expect("style");
    assert_eq!(
        style.get_property_value("position").ok().as_deref(),
        Some("sticky")
    );
}

#[wasm_bindgen_test]
async fn a_narrow_frame_turns_rows_into_cards_without_horizontal_scroll() {
    let section = container(Some(360));
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, RUNS.to_owned());
    tick().await;
    let row = one(&section, ".table tbody tr");
    let display = window()
        .get_computed_style(&row)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("display").ok());
    assert_eq!(display.as_deref(), Some("grid"));
    let scroll = one(&section, ".table-scroll").unchecked_into::<HtmlElement>();
    assert!(
        scroll.scroll_width() <= scroll.client_width() + 1,
        "{} > {}",
        scroll.scroll_width(),
        scroll.client_width()
    );
}

#[wasm_bindgen_test]
async fn a_runs_list_leads_with_what_is_scanned_and_keeps_the_rest_in_each_row_s_detail() {
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/pipeline-runs-list.json"),
        &Recorder::default(),
    )
    .await;
    let headers = texts(&section, "thead th");
    let lead: Vec<&str> = headers.iter().map(|h| h.trim_end_matches('↕')).collect();
    assert_eq!(
        lead,
        [
            "Pipeline UUID",
            "Status",
            "Execution date",
            "Duration",
            "Actions"
        ],
        "what a person asks of a run first, then the row's controls"
    );
    assert_eq!(
        all(&section, ".table-more").len(),
        0,
        "no column hidden behind a toggle"
    );
    assert!(
        texts(&section, ".table tbody .time__relative")
            .iter()
            .all(|t| t.contains("ago") || t.contains("in ")),
        "execution times read relative"
    );
    assert_eq!(all(&section, ".row-detail").len(), 0);
    click(&section, ".row-details");
    tick().await;
    let toggle = one(&section, ".row-details");
    assert_eq!(
        toggle.get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    let detail = one(&section, ".row-detail");
    assert_eq!(
        toggle.get_attribute("aria-controls"),
        detail.get_attribute("id"),
        "the control names the detail it opens"
    );
    let progress = texts(&detail, ".progress__text");
    assert!(
        !progress.is_empty() && progress.iter().all(|p| p.contains('/')),
        "{progress:?}"
    );
    assert!(text(&detail).contains("Completed at"), "{}", text(&detail));
    click(&section, ".row-details");
    tick().await;
    assert_eq!(all(&section, ".row-detail").len(), 0, "closed again");
}

/// The heights of the drawn rows of the first table in `section`.
fn row_heights(section: &Element) -> Vec<f64> {
    all(section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .map(|r| r.get_bounding_client_rect().height())
        .collect()
}

#[wasm_bindgen_test]
async fn rows_are_even_and_a_long_id_never_runs_under_its_copy_button() {
    // Mage's triggers (links, nested settings, empty intervals) and block runs (long block ids).
    for fixture in [
        include_str!("../../fixtures/mage/pipeline-schedules-list.json"),
        include_str!("../../fixtures/mage/block-runs-list.json"),
    ] {
        let section = container(Some(760));
        let (state, _handle) = mount_widget(&section, &Recorder::default());
        deliver(state, fixture.into());
        tick().await;
        // The last row has no border below it: it is one pixel lower.
        let mut heights = row_heights(&section);
        heights.pop();
        let (low, high) = heights
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), x| (l.min(*x), h.max(*x)));
        assert!(high - low < 0.5, "row heights from {low} to {high}");
        for id in all(&section, ".table tbody .id") {
            let value = one(&id, ".id__value");
            let copy = one(&id, ".copy").get_bounding_client_rect();
            let shown = value.get_bounding_client_rect();
            assert!(
                shown.right() <= copy.left() + 0.5,
                "{} runs under its button",
                text(&value)
            );
            assert_eq!(
                value.get_attribute("title"),
                Some(text(&value)),
                "the whole id in its tooltip"
            );
        }
    }
    // The long id is cut, not hidden: its tooltip and its copy are whole.
    let section = container(Some(760));
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    deliver(
        state,
        include_str!("../../fixtures/mage/block-runs-list.json").into(),
    );
    tick().await;
    let long = all(&section, ".table tbody .id__value")
        .into_iter()
        .find(|v| text(v) == "export_inventory_alerts_slack")
        .expect("the long block id");
    let style = window()
        .get_computed_style(&long)
        .ok()
        .flatten()
        .expect("style");
    assert!(
        style.get_property_value("overflow-x").as_deref() == Ok("hidden")
            && style.get_property_value("text-overflow").as_deref() == Ok("ellipsis"),
        "cut with an ellipsis in its column when it does not fit, not drawn on past it"
    );
    let button = long
        .parent_element()
        .map(|id| one(&id, ".copy"))
        .expect("its copy button");
    button.unchecked_into::<HtmlElement>().click();
    assert_eq!(
        recorder.copied.borrow().last().map(String::as_str),
        Some("export_inventory_alerts_slack")
    );
}
