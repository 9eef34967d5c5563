//! The widget's own calls: a row's Open control, shown only when the host takes tool calls, and
//! the bar's Back.

use crate::mount::{all, click, container, deliver, mount_widget, one, Recorder};
use leptos::{prelude::*, task::tick};
use wasm_bindgen_test::*;
use widget_app::HostEvent;
use widget_app::ToolPayload;

const PIPELINES: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"uuid":"etl_daily","name":"ETL daily"},{"uuid":"token_audit","name":"Token audit"}]}}"#;

const PIPELINE: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"get","state":"ok","records":[{"uuid":"etl_daily","name":"ETL daily","description":"Loads orders."}]}}"#;

#[wasm_bindgen_test]
async fn rows_open_only_when_the_host_takes_tool_calls_and_back_returns() {
    let section = container(None);
    let recorder = Recorder::default();
    *recorder.answer.borrow_mut() = Some(PIPELINE.to_owned());
    let (state, _handle) = mount_widget(&section, &recorder);
    deliver(state, PIPELINES.to_owned());
    tick().await;
    assert_eq!(
        all(&section, ".row-open").len(),
        0,
        "no control without the capability"
    );
    assert_eq!(all(&section, ".call-bar").len(), 0);

    state.update(|s| {
        s.context.capabilities.call_tools = true;
        s.apply(
            HostEvent::ToolCallKnown {
                tool: "pipeline_list".into(),
                arguments: Default::default(),
            },
            0.0,
        );
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(PIPELINES.to_owned())),
            0.0,
        );
    });
    tick().await;
    assert_eq!(all(&section, ".row-open").len(), 2);
    assert_eq!(
        one(&section, ".row-open")
            .get_attribute("aria-label")
            .as_deref(),
        Some("Open ETL daily")
    );
    assert_eq!(all(&section, ".call-bar__refresh").len(), 1);
    click(&section, ".row-open");
    tick().await;
    assert_eq!(
        recorder.called.borrow().as_slice(),
        [r#"{"name":"pipeline_get","arguments":{"uuid":"etl_daily"}}"#]
    );
    assert_eq!(all(&section, "dl.detail").len(), 1, "the opened record");
    click(&section, ".call-bar__back");
    tick().await;
    assert_eq!(
        all(&section, ".table tbody tr").len(),
        2,
        "back to the list"
    );
    assert_eq!(all(&section, ".call-bar__back").len(), 0);
}
