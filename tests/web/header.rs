//! The header over a result: title, counts by status, filters and range.

use crate::mount::{all, container, deliver, model, mount, mount_widget, texts, Recorder, RUNS};
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

/// A runs list whose producer declares `id, pipeline_uuid, status, execution_date`, every run of
/// one pipeline: each declared column in view, the pipeline said once above the table (in the
/// host's language) rather than in every row or in each row's detail.
#[wasm_bindgen_test]
async fn what_every_row_shares_is_said_once_above_the_declared_columns() {
    use resource_widget::app::{HostContext, HostEvent, ToolPayload};
    use resource_widget::bridge::context::patch_of_host_context;
    const DECLARED: &str = include_str!("../../fixtures/pipeline_runs/list-declared.json");
    let section = container(Some(760));
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, DECLARED.to_owned());
    tick().await;
    assert_eq!(texts(&section, ".header__shared"), ["Pipeline: etl_daily"]);
    assert_eq!(
        texts(&section, ".table th .sort__label"),
        ["ID", "Status", "Execution date"]
    );
    assert_eq!(
        all(&section, ".row-details").len(),
        0,
        "nothing kept in a detail"
    );
    assert_eq!(
        all(&section, ".table-more").len(),
        0,
        "nothing behind more columns"
    );
    let cells = texts(&section, ".table td");
    assert!(cells.iter().all(|c| !c.contains("etl_daily")), "{cells:?}");
    // In the host's language.
    let mut context = HostContext::default();
    context.merge(patch_of_host_context(
        &serde_json::json!({ "locale": "ja-JP" }),
    ));
    state.update(|s| {
        s.apply(HostEvent::Connected(context), 0.0);
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(DECLARED.to_owned())),
            0.0,
        );
    });
    tick().await;
    assert_eq!(
        texts(&section, ".header__shared"),
        ["パイプライン: etl_daily"]
    );
}
