//! The header over a result: title, counts by status, filters and range.

use crate::mount::{all, container, model, mount, texts, Recorder, RUNS};
use leptos::{prelude::*, task::tick};
use resource_widget::views::header::ResultHeader;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_header_shows_title_counts_filters_and_range() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let (header, filters, range) = (m.header.clone(), m.filters.clone(), m.pagination.clone());
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <ResultHeader header filters range/> },
    );
    tick().await;
    assert_eq!(texts(&section, "h1"), ["Runs of etl_daily"]);
    assert_eq!(texts(&section, ".header__range"), ["1–20 of 134"]);
    assert_eq!(all(&section, ".header__counts .count").len(), 4);
    assert!(texts(&section, ".chip")
        .iter()
        .any(|c| c.contains("running, completed, failed, cancelled")));
}
