//! A record's detail: a block's source in its language, its neighbours.

use crate::mount::{all, container, model, mount, one, text, texts, Recorder};
use leptos::{prelude::*, task::tick};
use resource_widget::views::detail::RecordDetail;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_block_shows_its_source_with_its_language_and_its_neighbours() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../../fixtures/blocks/get-python.json"));
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <RecordDetail model=m/> },
    );
    tick().await;
    assert_eq!(texts(&section, ".code__language"), ["python"]);
    assert!(text(&one(&section, "pre code")).contains("drop_duplicates"));
    let rows = all(&section, ".detail__row");
    let upstream = rows
        .iter()
        .find(|r| text(r).starts_with("Upstream blocks"))
        .expect("upstream row");
    assert_eq!(texts(upstream, ".tag"), ["load_orders", "orders_freshness"]);
}
