//! "Open in Mage": a record's page in the service's UI, shown only where the host opens links and
//! the result says where its records' pages are; a click asks the host (the services'
//! `open_link`) to open exactly the record's address.

use crate::mount::{all, click, container, deliver, mount_widget, one, Recorder};
use leptos::{prelude::*, task::tick};
use wasm_bindgen_test::*;
use widget_app::AppState;

const PIPELINES: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"uuid":"etl_daily","name":"ETL daily"},{"uuid":"dbt/orders","name":"Orders"},{"name":"No uuid"}]},"_meta":{"host/widgetData":{"titleKey":"name","recordUrl":"http://127.0.0.1:6789/pipelines/{uuid}"}}}"#;

const RUN: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_run","action":"get","state":"ok","records":[{"id":4821,"pipeline_uuid":"etl_daily","status":"failed"}]},"_meta":{"host/widgetData":{"recordUrl":"https://mage.example.com/pipelines/{pipeline_uuid}/runs/{id}"}}}"#;

/// The demo project's results carry no page.
const DEMO_RUN: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_run","action":"get","state":"ok","records":[{"id":4821,"pipeline_uuid":"etl_daily","status":"failed"}]}}"#;

/// The host opens links (MCP Apps `openLinks`) or does not.
fn host_opens_links(state: RwSignal<AppState>, opens: bool) {
    state.update(|s| s.context.capabilities.open_links = opens);
}

#[wasm_bindgen_test]
async fn rows_offer_their_page_only_where_the_host_opens_links() {
    let section = container(None);
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    deliver(state, PIPELINES.to_owned());
    tick().await;
    assert_eq!(all(&section, ".table tbody tr").len(), 3);
    assert_eq!(
        all(&section, ".record-page").len(),
        0,
        "no control without the capability"
    );

    host_opens_links(state, true);
    deliver(state, PIPELINES.to_owned());
    tick().await;
    let controls = all(&section, ".table tbody .row-actions .record-page");
    assert_eq!(controls.len(), 2, "a record without its uuid has no page");
    assert_eq!(
        controls[0].get_attribute("aria-label").as_deref(),
        Some("Open ETL daily in Mage")
    );
    assert_eq!(
        controls[1].get_attribute("title").as_deref(),
        Some("http://127.0.0.1:6789/pipelines/dbt%2Forders")
    );
    click(&section, ".table tbody tr:nth-child(2) .record-page");
    tick().await;
    assert_eq!(
        recorder.opened.borrow().as_slice(),
        ["http://127.0.0.1:6789/pipelines/dbt%2Forders"],
        "the host is asked to open exactly the record's page"
    );
}

#[wasm_bindgen_test]
async fn a_detail_offers_its_page_beside_its_header_and_the_demo_none() {
    let section = container(None);
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    host_opens_links(state, true);
    deliver(state, RUN.to_owned());
    tick().await;
    let control = one(&section, ".header .record-page");
    assert_eq!(
        control.text_content().unwrap_or_default().trim(),
        "Open in Mage↗"
    );
    click(&section, ".header .record-page");
    tick().await;
    assert_eq!(
        recorder.opened.borrow().as_slice(),
        ["https://mage.example.com/pipelines/etl_daily/runs/4821"]
    );

    deliver(state, DEMO_RUN.to_owned());
    tick().await;
    assert_eq!(all(&section, "dl.detail").len(), 1, "the demo's run drawn");
    assert_eq!(
        all(&section, ".record-page").len(),
        0,
        "a result without pages links nowhere"
    );

    host_opens_links(state, false);
    deliver(state, RUN.to_owned());
    tick().await;
    assert_eq!(all(&section, "dl.detail").len(), 1, "the run drawn again");
    assert_eq!(
        all(&section, ".record-page").len(),
        0,
        "a host without links"
    );
}
