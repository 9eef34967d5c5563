//! A run followed as it goes: the widget asks again by itself with read-only calls at the times
//! `widget_app::follow` decides (the services' timers, run here on a made-up clock: no waiting),
//! draws each answer in place with a live mark, stops when the run ends (and tells the
//! assistant), when hidden or torn down, and sends nothing without the host's tool calls.

use crate::mount::{all, click, container, mount_widget, one, text, Recorder};
use leptos::{prelude::*, task::tick};
use wasm_bindgen_test::*;
use web_sys::HtmlElement;
use widget_app::follow::FAILURES_BEFORE_PAUSE;
use widget_app::{AppState, HostContext, HostEvent, ToolPayload};

const STARTED: &str = include_str!("../../fixtures/pipeline_runs/run-started.json");
const RUNNING: &str = include_str!("../../fixtures/pipeline_runs/get-running.json");
const COMPLETED: &str = include_str!("../../fixtures/pipeline_runs/get-completed.json");
const RUNS: &str = include_str!("../../fixtures/pipeline_runs/list-ok.json");

const FOLLOW_CALL: &str = r#"{"name":"pipeline_run_get","arguments":{"pipeline_run_id":"4822"}}"#;

/// The host's handshake (with or without tool calls and the model's context), then `result`, at
/// the recorder's time.
fn start(state: RwSignal<AppState>, recorder: &Recorder, call_tools: bool, result: &str) {
    let now = recorder.clock.get();
    state.update(|s| {
        let mut context = HostContext::default();
        context.capabilities.call_tools = call_tools;
        context.capabilities.model_context = true;
        s.apply(HostEvent::Connected(context), now);
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(result.to_owned())),
            now,
        );
    });
}

fn calls(recorder: &Recorder) -> Vec<String> {
    recorder.called.borrow().clone()
}

/// The text of the one element `selector` names.
fn read(section: &HtmlElement, selector: &str) -> String {
    text(&one(section, selector))
}

/// The status pill of the run's record (the detail's status row).
fn run_status(section: &HtmlElement) -> String {
    read(section, ".detail .pill").trim().to_owned()
}

#[wasm_bindgen_test]
async fn a_started_run_is_followed_in_place_until_it_ends() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    recorder
        .answers
        .borrow_mut()
        .extend([RUNNING.to_owned(), COMPLETED.to_owned()]);
    let (state, _handle) = mount_widget(&section, &recorder);
    start(state, &recorder, true, STARTED);
    tick().await;
    assert_eq!(all(&section, ".call-bar__live").len(), 1, "marked live");
    assert_eq!(run_status(&section), "Running");
    recorder.run_timers(1_900.0);
    assert!(calls(&recorder).is_empty(), "nothing before 2 s");
    recorder.run_timers(100.0);
    tick().await;
    assert_eq!(calls(&recorder), [FOLLOW_CALL]);
    assert_eq!(run_status(&section), "Running");
    assert!(
        read(&section, ".timeline").contains("Completed"),
        "the blocks that ended, drawn"
    );
    assert!(
        read(&section, ".call-bar__live").contains("Live"),
        "with the time of the update"
    );
    assert_eq!(all(&section, ".banner").len(), 1, "the run's banner stays");
    recorder.run_timers(3_900.0);
    assert_eq!(
        calls(&recorder).len(),
        1,
        "4 s after the last answer, not sooner"
    );
    recorder.run_timers(200.0);
    tick().await;
    assert_eq!(calls(&recorder), [FOLLOW_CALL, FOLLOW_CALL]);
    assert_eq!(run_status(&section), "Completed");
    assert_eq!(all(&section, ".call-bar__live").len(), 0, "no longer live");
    assert_eq!(
        recorder.told.borrow().as_slice(),
        ["Pipeline run 4822 of etl_daily completed after 6 s."]
    );
    recorder.run_timers(600_000.0);
    assert_eq!(calls(&recorder).len(), 2, "no call after the run ended");
}

#[wasm_bindgen_test]
async fn without_tool_calls_nothing_is_sent_and_the_view_says_how_to_see_the_end() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    start(state, &recorder, false, STARTED);
    tick().await;
    recorder.run_timers(3_600_000.0);
    assert!(calls(&recorder).is_empty());
    assert!(read(&section, ".call-bar__note").contains("ask the assistant again"));
}

#[wasm_bindgen_test]
async fn hidden_and_torn_down_stop_the_calls() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    *recorder.answer.borrow_mut() = Some(RUNNING.to_owned());
    let (state, _handle) = mount_widget(&section, &recorder);
    start(state, &recorder, true, STARTED);
    tick().await;
    let now = recorder.clock.get();
    state.update(|s| s.apply(HostEvent::Hidden(true), now));
    recorder.run_timers(120_000.0);
    assert!(calls(&recorder).is_empty(), "hidden");
    let now = recorder.clock.get();
    state.update(|s| s.apply(HostEvent::Hidden(false), now));
    tick().await;
    recorder.run_timers(1_000.0);
    assert_eq!(
        calls(&recorder).len(),
        1,
        "shown again: the newest state a second later"
    );
    let now = recorder.clock.get();
    state.update(|s| s.apply(HostEvent::Teardown, now));
    tick().await;
    recorder.run_timers(600_000.0);
    assert_eq!(calls(&recorder).len(), 1, "nothing after teardown");
}

#[wasm_bindgen_test]
async fn a_failed_call_is_shown_with_retry() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    start(state, &recorder, true, STARTED);
    tick().await;
    recorder.run_timers(2_000.0);
    tick().await;
    assert_eq!(calls(&recorder).len(), 1);
    assert!(
        all(&section, ".call-bar__failure").is_empty(),
        "a call lost once is asked again, and nothing is said"
    );
    assert_eq!(all(&section, ".call-bar__live").len(), 1, "still live");
    for _ in 1..FAILURES_BEFORE_PAUSE {
        recorder.run_timers(30_000.0);
        tick().await;
    }
    assert_eq!(calls(&recorder).len(), FAILURES_BEFORE_PAUSE as usize);
    assert!(read(&section, ".call-bar").contains("Live updates stopped:"));
    assert!(read(&section, ".call-bar__failure").contains("pipeline_run_get failed"));
    recorder.run_timers(600_000.0);
    assert_eq!(
        calls(&recorder).len(),
        FAILURES_BEFORE_PAUSE as usize,
        "paused until Retry"
    );
    *recorder.answer.borrow_mut() = Some(COMPLETED.to_owned());
    click(&section, ".call-bar__retry");
    tick().await;
    recorder.run_timers(0.0);
    tick().await;
    assert_eq!(calls(&recorder).len(), FAILURES_BEFORE_PAUSE as usize + 1);
    assert_eq!(run_status(&section), "Completed");
}

/// The host's handshake with tool calls, the host's own `pipeline_runs` call and its result (the
/// runs of etl_daily, one still running), at the recorder's time.
fn start_runs(state: RwSignal<AppState>, recorder: &Recorder) {
    let now = recorder.clock.get();
    state.update(|s| {
        let mut context = HostContext::default();
        context.capabilities.call_tools = true;
        s.apply(HostEvent::Connected(context), now);
        s.apply(
            HostEvent::ToolCallKnown {
                tool: "pipeline_runs".into(),
                arguments: Default::default(),
            },
            now,
        );
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(RUNS.to_owned())),
            now,
        );
    });
}

#[wasm_bindgen_test]
async fn a_failed_call_of_its_own_is_one_line_beside_retry_and_the_runs_stay_first() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    // A host without the tool answers the widget's own call with an error: a long text, over two
    // lines, with markup in it.
    let missing = "Tool pipeline_runs not found.\n<b>This host</b> offers pipeline_run_get, run_logs and block_runs to the widget; ask the assistant to list the runs again.";
    let error =
        serde_json::json!({ "isError": true, "content": [{ "type": "text", "text": missing }] });
    *recorder.answer.borrow_mut() = Some(error.to_string());
    let (state, _handle) = mount_widget(&section, &recorder);
    start_runs(state, &recorder);
    tick().await;
    for _ in 0..FAILURES_BEFORE_PAUSE {
        recorder.run_timers(30_000.0);
        tick().await;
    }
    assert_eq!(calls(&recorder).len(), FAILURES_BEFORE_PAUSE as usize);
    // The runs stay first: no error block, every row drawn.
    assert_eq!(all(&section, ".state--error").len(), 0, "no error block");
    assert_eq!(
        all(&section, "[role=alert]").len(),
        0,
        "nothing the person did"
    );
    assert_eq!(all(&section, ".table tbody tr:not(.row-detail)").len(), 20);
    // The failure is one line beside Retry, its whole text its title, as text.
    let line = one(&section, ".call-bar__failure--line");
    let shown = text(&line);
    assert!(
        shown.starts_with("pipeline_runs answered with an error: The tool reported an error."),
        "{shown}"
    );
    assert!(!shown.contains('\n') && shown.ends_with('…'), "{shown}");
    let title = line.get_attribute("title").unwrap_or_default();
    assert!(
        title.contains("ask the assistant to list the runs again"),
        "{title}"
    );
    assert!(shown.contains("<b>This host</b>"), "markup shown as text");
    assert_eq!(all(&line, "b").len(), 0, "never HTML");
    let retry = one(&section, ".call-bar__retry");
    let (line_box, retry_box) = (
        line.get_bounding_client_rect(),
        retry.get_bounding_client_rect(),
    );
    assert!(
        line_box.height() <= retry_box.height(),
        "one line: {} high beside Retry's {}",
        line_box.height(),
        retry_box.height()
    );
    let middle = retry_box.top() + retry_box.height() / 2.0;
    assert!(
        line_box.top() <= middle
            && middle <= line_box.bottom()
            && line_box.right() <= retry_box.left(),
        "Retry beside the line, after it: {:?} and {:?}",
        (
            line_box.left(),
            line_box.top(),
            line_box.right(),
            line_box.bottom()
        ),
        (retry_box.left(), retry_box.top())
    );
    // The person's own Refresh that fails keeps its failure in full where they acted.
    click(&section, ".call-bar__refresh");
    tick().await;
    assert_eq!(calls(&recorder).len(), FAILURES_BEFORE_PAUSE as usize + 1);
    assert_eq!(all(&section, ".call-bar__failure .state--error").len(), 1);
    assert_eq!(all(&section, ".table tbody tr:not(.row-detail)").len(), 20);
}

#[wasm_bindgen_test]
async fn a_followed_list_keeps_its_sort_and_open_rows() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let finished = RUNS
        .replace("\"running\"", "\"completed\"")
        .replace("\"initial\"", "\"completed\"");
    *recorder.answer.borrow_mut() = Some(finished);
    let (state, _handle) = mount_widget(&section, &recorder);
    start_runs(state, &recorder);
    tick().await;
    assert_eq!(all(&section, ".call-bar__live").len(), 1);
    // The user sorts by status and opens a row's detail.
    click(&section, ".table th:nth-child(2) .sort");
    click(&section, ".row-details");
    tick().await;
    let sorted = one(&section, ".table th:nth-child(2)").get_attribute("aria-sort");
    assert_eq!(all(&section, ".row-detail").len(), 1);
    recorder.run_timers(2_000.0);
    tick().await;
    assert_eq!(
        calls(&recorder),
        [r#"{"name":"pipeline_runs","arguments":{}}"#]
    );
    assert_eq!(
        all(&section, ".call-bar__live").len(),
        0,
        "every run has ended"
    );
    assert_eq!(
        one(&section, ".table th:nth-child(2)").get_attribute("aria-sort"),
        sorted,
        "the sort kept"
    );
    assert_eq!(
        all(&section, ".row-detail").len(),
        1,
        "the open detail kept"
    );
}

/// `run_logs`'s answer for run 4822: `lines` lines of one file, the run's `status` as its count.
fn run_logs(status: &str, lines: usize) -> String {
    let content: Vec<String> = (1..=lines)
        .map(|i| format!("2026-11-20 06:00:{:02} INFO block_{i} done", i % 60))
        .collect();
    serde_json::json!({ "structuredContent": {
        "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_runs",
        "action": "logs", "state": "ok",
        "summary": { "title": "Logs of run 4822", "counts": { status: 1 } },
        "records": [{ "name": "run.log", "content": content.join("\n") }],
    }})
    .to_string()
}

/// Whether the log's scroll box shows its last line.
fn at_the_end(section: &HtmlElement) -> bool {
    let log = one(section, ".log");
    log.scroll_top() + log.client_height() >= log.scroll_height() - 24
}

#[wasm_bindgen_test]
async fn a_running_runs_logs_grow_in_place_at_their_end_unless_the_reader_scrolled_up() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    recorder.answers.borrow_mut().extend([
        run_logs("running", 80),
        run_logs("running", 100),
        run_logs("completed", 110),
    ]);
    let (state, _handle) = mount_widget(&section, &recorder);
    let now = recorder.clock.get();
    state.update(|s| {
        let mut context = HostContext::default();
        context.capabilities.call_tools = true;
        s.apply(HostEvent::Connected(context), now);
        let mut arguments = serde_json::Map::new();
        arguments.insert("pipeline_run_id".into(), 4822.into());
        s.apply(
            HostEvent::ToolCallKnown {
                tool: "run_logs".into(),
                arguments,
            },
            now,
        );
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(run_logs("running", 60))),
            now,
        );
    });
    tick().await;
    assert_eq!(all(&section, ".call-bar__live").len(), 1, "marked live");
    assert!(read(&section, ".log-file__meta").contains("60"));
    assert!(
        at_the_end(&section),
        "a running run's logs open at their end"
    );
    // Asked again: the new lines in place, still at the end.
    recorder.run_timers(2_000.0);
    tick().await;
    assert_eq!(
        calls(&recorder),
        [r#"{"name":"run_logs","arguments":{"pipeline_run_id":4822}}"#]
    );
    assert!(read(&section, ".log-file__meta").contains("80"));
    assert!(at_the_end(&section), "kept at the end");
    // The reader scrolls up: the next lines do not move them.
    let log = one(&section, ".log");
    log.set_scroll_top(0);
    log.dispatch_event(&web_sys::Event::new("scroll").expect("event"))
        .expect("dispatch");
    tick().await;
    recorder.run_timers(4_000.0);
    tick().await;
    assert_eq!(calls(&recorder).len(), 2);
    assert!(read(&section, ".log-file__meta").contains("100"));
    assert_eq!(
        one(&section, ".log").scroll_top(),
        0,
        "left where the reader is"
    );
    // The run ends: its last lines, and nothing more is asked.
    recorder.run_timers(8_000.0);
    tick().await;
    assert!(read(&section, ".log-file__meta").contains("110"));
    assert_eq!(all(&section, ".call-bar__live").len(), 0, "no longer live");
    recorder.run_timers(600_000.0);
    assert_eq!(calls(&recorder).len(), 3, "no call after the run ended");
}
