//! Log files: a failed run's first error first and shown in place, a long log windowed, and Find
//! over all its lines.

use crate::mount::{all, click, digits, one, text, texts, widget_on, Recorder};
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_failed_runs_logs_lead_with_its_first_error_and_show_it_in_place() {
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/pipeline-run-logs-failed.json"),
        &Recorder::default(),
    )
    .await;
    let error = one(&section, ".log-error");
    assert!(
        text(&one(&error, ".log-error__message")).starts_with("StaleCredentialError"),
        "{}",
        text(&error)
    );
    assert!(
        text(&error).contains("check_rotation"),
        "the file and block it happened in"
    );
    assert_eq!(
        texts(&section, ".log-file__name")[..2],
        ["check_rotation.log", "load_refresh_events.log"]
    );
    assert!(
        !all(&section, ".log__line--marked").is_empty(),
        "error lines are marked"
    );
    assert!(
        !text(&section).contains("{\"block_run_id\""),
        "JSON lines are read, not shown raw"
    );
    click(&error, ".log-error__show");
    tick().await;
    let details = one(&section, ".log-details");
    assert!(
        text(&details).contains("Traceback"),
        "the selected line's traceback"
    );
    assert_eq!(
        all(&section, ".log__select[aria-pressed=\"true\"]").len(),
        1,
        "the line is selected in its file"
    );
}

#[wasm_bindgen_test]
async fn a_log_of_thousands_of_lines_draws_a_window_and_finds_across_all() {
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/pipeline-run-logs-large.json"),
        &Recorder::default(),
    )
    .await;
    let big = all(&section, ".log-file")
        .into_iter()
        .find(|f| text(f).contains("replay_clickstream.log"))
        .expect("the large file");
    let drawn = all(&big, ".log__line").len();
    assert!(
        drawn > 5 && drawn < 80,
        "only the lines in view are drawn: {drawn}"
    );
    assert!(
        digits(&text(&big)).contains("3702 lines"),
        "{}",
        text(&one(&big, ".log-file__head"))
    );
    let input: web_sys::HtmlInputElement =
        one(&big, ".table-find__input").dyn_into().expect("input");
    input.set_value("zzz-no-such-line");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(all(&big, ".log__line").len(), 0);
    assert!(
        digits(&text(&one(&big, ".table-find__count"))).contains("0 of 3702"),
        "{}",
        text(&one(&big, ".table-find__count"))
    );
}
