//! The strip over a list of runs: marks whose shapes and names tell a slow run and a failed run
//! apart without colour, the words beside them, the keyboard, selecting a run, a narrow frame and
//! a long list read after it is drawn.

use crate::mount::{
    all, container, deliver, digits, mount_widget, one, press, text, wait_until, widget_on,
    Recorder,
};
use leptos::{prelude::*, task::tick};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use widget_app::{HostContext, HostEvent, ToolPayload};

const HOURLY: &str = include_str!("../../fixtures/pipeline_runs/history-slow-and-failed.json");
const MAGE_RUNS: &str = include_str!("../../fixtures/mage/pipeline-runs-list.json");
const THOUSAND_RUNS: &str = include_str!("../../fixtures/pipeline_runs/list-1000.json");

fn click_on(element: &Element) {
    element
        .dispatch_event(&web_sys::MouseEvent::new("click").expect("click"))
        .expect("dispatch");
}

fn label(mark: &Element) -> String {
    mark.get_attribute("aria-label").unwrap_or_default()
}

/// The height of a mark's bar, in px.
fn bar_height(mark: &Element) -> f64 {
    one(mark, ".history-mark__bar")
        .get_attribute("height")
        .and_then(|h| h.parse().ok())
        .unwrap_or(0.0)
}

fn mark_of_run(section: &Element, id: &str) -> Element {
    all(section, ".history-mark")
        .into_iter()
        .find(|m| label(m).starts_with(&format!("Pipeline run {id} ")))
        .unwrap_or_else(|| panic!("no mark names run {id}"))
}

#[wasm_bindgen_test]
async fn a_slow_run_and_a_failed_run_are_told_apart_by_shape_and_name_without_colour() {
    let (section, _handle) = widget_on(HOURLY, &Recorder::default()).await;
    wait_until("the strip is drawn", || {
        all(&section, ".history-mark").len() == 24
    })
    .await;
    let marks = all(&section, ".history-mark");
    // Oldest left: the list is newest first, the strip the other way round.
    assert!(label(&marks[0]).starts_with("Pipeline run 5101 "));
    assert!(label(&marks[23]).starts_with("Pipeline run 5124 "));
    let failed = mark_of_run(&section, "5120");
    let slow = mark_of_run(&section, "5115");
    let ordinary = mark_of_run(&section, "5116");
    // The failed run alone has a cross; the slow one alone reaches the top.
    assert_eq!(all(&section, ".history-mark__cross").len(), 1);
    assert_eq!(all(&failed, ".history-mark__cross").len(), 1);
    let tallest = marks.iter().map(bar_height).fold(0.0f64, f64::max);
    assert_eq!(bar_height(&slow), tallest);
    assert!(
        bar_height(&ordinary) < tallest / 3.0,
        "{} against {tallest}",
        bar_height(&ordinary)
    );
    // Each mark's name says what its shape and colour do.
    // (Durations are written by the browser's Intl: "14 min, 5 sec" in en-US.)
    assert!(label(&failed).contains(", Failed, "), "{}", label(&failed));
    assert!(label(&failed).contains(", took 1"), "{}", label(&failed));
    assert!(label(&slow).contains(", took 14"), "{}", label(&slow));
    assert!(
        label(&ordinary).contains(", Completed, "),
        "{}",
        label(&ordinary)
    );
    let words = text(&one(&section, ".history__words"));
    for said in [
        "24 pipeline runs",
        "23 of 24 completed",
        "slowest 14",
        "(5115)",
    ] {
        assert!(digits(&words).contains(said), "{said:?} in {words:?}");
    }
}

#[wasm_bindgen_test]
async fn real_mage_runs_draw_a_cancelled_run_hollow_and_a_failed_one_crossed() {
    let (section, _handle) = widget_on(MAGE_RUNS, &Recorder::default()).await;
    wait_until("the strip is drawn", || {
        all(&section, ".history-mark").len() == 10
    })
    .await;
    let cancelled = mark_of_run(&section, "4");
    let fill = |mark: &Element| {
        web_sys::window()
            .expect("window")
            .get_computed_style(&one(mark, ".history-mark__bar"))
            .ok()
            .flatten()
            .and_then(|s| s.get_property_value("fill").ok())
            .unwrap_or_default()
    };
    assert_eq!(fill(&cancelled), "none", "hollow");
    assert_ne!(
        fill(&mark_of_run(&section, "7")),
        "none",
        "a completed run is filled"
    );
    assert_eq!(
        all(&mark_of_run(&section, "2"), ".history-mark__cross").len(),
        1
    );
    assert!(text(&one(&section, ".history__words")).contains("8 of 10 completed"));
}

#[wasm_bindgen_test]
async fn the_marks_are_one_keyboard_stop_and_a_focused_mark_names_its_run() {
    let (section, _handle) = widget_on(HOURLY, &Recorder::default()).await;
    wait_until("the strip is drawn", || {
        !all(&section, ".history-mark").is_empty()
    })
    .await;
    let stops = all(&section, ".history-mark[tabindex=\"0\"]");
    assert_eq!(stops.len(), 1, "one tab stop");
    let newest = &stops[0];
    assert!(label(newest).starts_with("Pipeline run 5124 "));
    newest
        .clone()
        .unchecked_into::<web_sys::SvgElement>()
        .focus()
        .expect("focus");
    press(newest, "ArrowLeft");
    tick().await;
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .expect("a focused element");
    assert!(
        label(&focused).starts_with("Pipeline run 5123 "),
        "{}",
        label(&focused)
    );
    assert_eq!(
        text(&one(&section, ".history__caption")),
        label(&focused),
        "the caption names the focused run"
    );
    assert_eq!(
        all(&section, ".history-mark[tabindex=\"0\"]").len(),
        1,
        "still one tab stop"
    );
    press(&focused, "Home");
    tick().await;
    let first = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .expect("a focused element");
    assert!(label(&first).starts_with("Pipeline run 5101 "));
}

#[wasm_bindgen_test]
async fn selecting_a_mark_opens_its_run_as_its_rows_open_control_does() {
    let section = container(None);
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    state.update(|s| {
        let mut context = HostContext::default();
        context.capabilities.call_tools = true;
        s.apply(HostEvent::Connected(context), 0.0);
        s.apply(
            HostEvent::ToolCallKnown {
                tool: "pipeline_runs".into(),
                arguments: Default::default(),
            },
            0.0,
        );
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(HOURLY.to_owned())),
            0.0,
        );
    });
    tick().await;
    wait_until("the strip is drawn", || {
        !all(&section, ".history-mark").is_empty()
    })
    .await;
    press(&mark_of_run(&section, "5120"), "Enter");
    tick().await;
    assert_eq!(
        recorder.called.borrow().as_slice(),
        [r#"{"name":"run_logs","arguments":{"pipeline_run_id":"5120"}}"#],
        "what the row's Open asks for"
    );
}

#[wasm_bindgen_test]
async fn without_tool_calls_selecting_a_mark_highlights_its_row() {
    let (section, _handle) = widget_on(HOURLY, &Recorder::default()).await;
    wait_until("the strip is drawn", || {
        !all(&section, ".history-mark").is_empty()
    })
    .await;
    assert!(all(&section, "tr.row--highlighted").is_empty());
    click_on(&mark_of_run(&section, "5115"));
    tick().await;
    let highlighted = all(&section, "tr.row--highlighted");
    assert_eq!(highlighted.len(), 1);
    assert!(
        text(&highlighted[0]).contains("5115"),
        "{}",
        text(&highlighted[0])
    );
}

#[wasm_bindgen_test]
async fn a_narrow_frame_shows_the_newest_runs_that_fit_and_says_so() {
    let section = container(Some(360));
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, THOUSAND_RUNS.to_owned());
    tick().await;
    // A long list: its runs are read after it is drawn.
    assert!(
        !all(&section, ".table tbody tr").is_empty(),
        "the list first"
    );
    wait_until("the strip is drawn", || {
        !all(&section, ".history-mark").is_empty()
    })
    .await;
    let marks = all(&section, ".history-mark");
    assert!(marks.len() >= 30, "{} marks at 360 px", marks.len());
    let words = digits(&text(&one(&section, ".history__shown")));
    assert_eq!(
        words,
        format!("The last {} of 1000 pipeline runs", marks.len())
    );
    let svg = one(&section, ".history__svg");
    assert!(
        svg.client_width() <= 360,
        "the strip fits: {}",
        svg.client_width()
    );
}
