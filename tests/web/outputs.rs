//! Block outputs: data grids and texts, a DataFrame's shape, wide grids in their own boxes.

use crate::mount::{
    all, click, container, deliver, mount_widget, one, text, texts, widget_on, Recorder,
};
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

#[wasm_bindgen_test]
async fn block_outputs_are_data_grids_and_texts_and_a_grid_copies_as_tsv() {
    let recorder = Recorder::default();
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/block-outputs-multiple.json"),
        &recorder,
    )
    .await;
    let outputs = all(&section, ".output");
    assert_eq!(outputs.len(), 3, "one section per output");
    assert_eq!(
        texts(&section, ".output__name"),
        ["output_0", "output_1", "output_2"]
    );
    assert_eq!(
        all(&outputs[0], "tbody tr").len(),
        14,
        "the table output's rows"
    );
    assert!(
        text(&outputs[0]).contains("14 rows × 2 columns"),
        "{}",
        text(&outputs[0])
    );
    assert_eq!(
        all(&section, ".output__text").len(),
        2,
        "text outputs as sent"
    );
    assert_eq!(
        all(&section, "table").len(),
        1,
        "no records table beside the grids"
    );
    click(&outputs[0], ".output__copy");
    let copied = recorder.copied.borrow().last().cloned().unwrap_or_default();
    assert!(
        copied.starts_with("column\tnull_count\n"),
        "TSV with the header first: {copied:?}"
    );
    assert_eq!(copied.lines().count(), 15);
}

#[wasm_bindgen_test]
async fn a_large_dataframe_sample_says_its_shape() {
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/block-outputs-dataframe.json"),
        &Recorder::default(),
    )
    .await;
    let output = one(&section, ".output");
    assert!(
        text(&output).contains("300 rows × 13 columns"),
        "{}",
        text(&output)
    );
    let headers = texts(&output, "thead th");
    assert!(
        headers.iter().any(|h| h.contains("order_id")),
        "the DataFrame's own column names: {headers:?}"
    );
    assert!(all(&output, "tbody tr").len() >= 20, "rows drawn");
}

#[wasm_bindgen_test]
async fn wide_grids_and_tracebacks_scroll_in_their_own_boxes_without_widening_the_widget() {
    for fixture in [
        include_str!("../../fixtures/mage/block-outputs-dataframe.json"),
        include_str!("../../fixtures/mage/pipeline-run-logs-failed.json"),
    ] {
        let section = container(Some(560));
        let (state, _handle) = mount_widget(&section, &Recorder::default());
        deliver(state, fixture.into());
        tick().await;
        let root: HtmlElement = one(&section, "#widget").dyn_into().expect("element");
        assert!(
            root.scroll_width() <= root.client_width() + 1,
            "the widget is {} px wide inside {} px",
            root.scroll_width(),
            root.client_width()
        );
        section.remove();
    }
}
