//! A run's blocks in time.

use crate::mount::{all, one, text, widget_on, Recorder};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_run_shows_its_blocks_on_a_timeline_with_statuses_in_words() {
    let (section, _handle) = widget_on(
        include_str!("../../fixtures/mage/pipeline-run-failed.json"),
        &Recorder::default(),
    )
    .await;
    let timeline = one(&section, ".timeline");
    let bars = all(&timeline, ".bar");
    assert_eq!(bars.len(), 3);
    assert!(
        bars.iter()
            .any(|b| b.class_name().contains("bar--danger") && text(b).contains("Failed")),
        "{}",
        text(&timeline)
    );
    assert!(
        !all(&timeline, ".timeline__legend .pill").is_empty(),
        "a legend of statuses"
    );
    assert!(
        one(&section, ".detail").is_connected(),
        "the run's fields below"
    );
}
