//! How long the engine takes over a result, for docs/performance.md:
//!
//! ```text
//! cargo run --release -p secret-redaction --example redaction_time -- fixtures/mage/pipeline-run-logs-large.json
//! ```
//!
//! For each file, the median (and the fastest) of `RUNS` runs (11 unless set) of each path that
//! reaches the engine: the whole tree redacted at once (`redact_in_place`, the server's and the
//! widget's walk), the tree redacted in slices as the widget does it (`SlicedRedaction`, texts over
//! 128 KB taken out and redacted 128 KB a step), and the plain-text redaction over the file's
//! longest string (`redact_plain_text`).

use std::time::{Duration, Instant};

use secret_redaction::{redact_in_place, redact_plain_text, SlicedRedaction};
use serde_json::Value;

/// The widget's slice: `widget_model::limits::TEXT_SLICE_BYTES`.
const SLICE_BYTES: usize = 128 * 1024;

fn main() -> Result<(), String> {
    let runs: usize = match std::env::var("RUNS") {
        Ok(runs) => runs.parse().map_err(|e| format!("RUNS: {e}"))?,
        Err(_) => 11,
    };
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let tree: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
        let longest = longest_string(&tree).unwrap_or_default();
        println!(
            "{path}: {} bytes, its longest string {} bytes, {runs} runs",
            text.len(),
            longest.len()
        );
        let mut changed = 0;
        report(
            "redact_in_place",
            time(runs, || {
                let mut copy = tree.clone();
                changed = redact_in_place(&mut copy);
            }),
        );
        println!("  values changed: {changed}");
        report(
            "SlicedRedaction",
            time(runs, || {
                let mut sliced = SlicedRedaction::new(tree.clone(), SLICE_BYTES);
                while !sliced.is_done() {
                    sliced.step(SLICE_BYTES);
                }
                sliced.finish();
            }),
        );
        report(
            "redact_plain_text",
            time(runs, || {
                redact_plain_text(&longest);
            }),
        );
    }
    Ok(())
}

/// Each run's time, fastest first (the tree's copy included: the same in every version).
fn time(runs: usize, mut run: impl FnMut()) -> Vec<Duration> {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    times
}

fn report(what: &str, times: Vec<Duration>) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  {what}: median {:.1} ms, fastest {:.1} ms",
        ms(times[times.len() / 2]),
        ms(times[0])
    );
}

/// The longest string anywhere in `value`.
fn longest_string(value: &Value) -> Option<String> {
    let mut longest: Option<&str> = None;
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) if longest.is_none_or(|l| s.len() > l.len()) => longest = Some(s),
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    longest.map(str::to_owned)
}
