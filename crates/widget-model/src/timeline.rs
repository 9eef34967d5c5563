//! A run at a glance: a `pipeline_run` that embeds its `block_runs` (each with `block_uuid`,
//! `status`, `started_at`, `completed_at`) becomes a timeline, one bar per block from its start to
//! its end, coloured by status, with a legend that puts failed and cancelled blocks first.

use serde_json::{Map, Value};

use crate::status::StatusCount;
use crate::status::{Status, Tone};
use crate::text::{bounded_text, truncate_chars};
use crate::time::{epoch_timestamp, parse_timestamp};

/// Block runs drawn at most; the rest are counted.
const MAX_BARS: usize = 500;

/// One block's run.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub block: String,
    pub status: Status,
    pub start_ms: Option<i64>,
    /// `None` while it runs (or when the producer sent no end).
    pub end_ms: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// Bars in order of start (blocks that never started last).
    pub bars: Vec<Bar>,
    /// The earliest start and the latest end or start: the time axis.
    pub start_ms: i64,
    pub end_ms: i64,
    /// Statuses and their counts, failed and cancelled first.
    pub legend: Vec<StatusCount>,
    /// Block runs past [`MAX_BARS`], counted but not drawn.
    pub omitted: usize,
}

/// The timeline of a run `record`, when it embeds block runs with times.
pub fn timeline(record: &Map<String, Value>) -> Option<Timeline> {
    let runs = record.get("block_runs")?.as_array()?;
    block_runs_timeline(runs.iter().filter_map(Value::as_object))
}

/// The timeline of block runs (a run's embedded ones, or a list of them), when they have times.
pub fn block_runs_timeline<'r>(
    runs: impl Iterator<Item = &'r Map<String, Value>>,
) -> Option<Timeline> {
    let time = |run: &Map<String, Value>, key: &str| match run.get(key) {
        Some(Value::String(s)) => parse_timestamp(s).map(|t| t.epoch_ms),
        Some(Value::Number(n)) => n.as_f64().and_then(epoch_timestamp).map(|t| t.epoch_ms),
        _ => None,
    };
    let mut bars: Vec<Bar> = runs
        .filter_map(|run| {
            let status = Status::new(
                run.get("status")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown"),
            );
            let start_ms = time(run, "started_at");
            // A block that failed or was cancelled has no completed_at: it ended when its record
            // was last updated. Only a running block runs on to the right edge.
            let end_ms = time(run, "completed_at").or_else(|| {
                (start_ms.is_some() && status.tone != Tone::Running)
                    .then(|| time(run, "updated_at"))
                    .flatten()
            });
            Some(Bar {
                block: truncate_chars(&bounded_text(run.get("block_uuid")?.as_str()?), 120),
                status,
                start_ms,
                end_ms,
            })
        })
        .collect();
    if bars.is_empty() {
        return None;
    }
    let times = bars.iter().flat_map(|b| [b.start_ms, b.end_ms]).flatten();
    let (start_ms, end_ms) = times.fold((i64::MAX, i64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)));
    if start_ms > end_ms {
        return None; // no block has a time: nothing to draw on an axis
    }
    widget_sort::sort_by_key(&mut bars, |b| {
        (b.start_ms.is_none(), b.start_ms.unwrap_or(i64::MAX))
    });
    let omitted = bars.len().saturating_sub(MAX_BARS);
    bars.truncate(MAX_BARS);
    Some(Timeline {
        legend: legend(&bars),
        bars,
        start_ms,
        end_ms,
        omitted,
    })
}

/// Each status with its count: failed, then cancelled, then the rest by count.
fn legend(bars: &[Bar]) -> Vec<StatusCount> {
    let mut counts: Vec<StatusCount> = Vec::new();
    for bar in bars {
        match counts.iter_mut().find(|c| c.status.raw == bar.status.raw) {
            Some(c) => c.count += 1,
            None => counts.push(StatusCount {
                status: bar.status.clone(),
                count: 1,
            }),
        }
    }
    let first = |tone: Tone| match tone {
        Tone::Danger => 0,
        Tone::Cancelled => 1,
        _ => 2,
    };
    widget_sort::sort_by(&mut counts, |a, b| {
        first(a.status.tone)
            .cmp(&first(b.status.tone))
            .then(b.count.cmp(&a.count))
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn block_runs_become_bars_in_order_with_failures_first_in_the_legend() {
        let record = json!({ "id": 2, "status": "failed", "block_runs": [
            { "block_uuid": "export", "status": "cancelled", "started_at": null, "completed_at": null },
            { "block_uuid": "clean", "status": "failed", "started_at": "2026-11-23 16:33:49.1", "completed_at": "2026-11-23 16:33:50" },
            { "block_uuid": "load", "status": "completed", "started_at": "2026-11-23T16:33:40.000000", "completed_at": "2026-11-23T16:33:48" },
            { "block_uuid": "load_more", "status": "completed", "started_at": 1795451610.0, "completed_at": 1795451618.5 },
        ] });
        let t = timeline(record.as_object().expect("object")).expect("timeline");
        let blocks: Vec<&str> = t.bars.iter().map(|b| b.block.as_str()).collect();
        assert_eq!(blocks, ["load_more", "load", "clean", "export"]);
        let legend: Vec<(&str, u64)> = t
            .legend
            .iter()
            .map(|c| (c.status.raw.as_str(), c.count))
            .collect();
        assert_eq!(legend, [("failed", 1), ("cancelled", 1), ("completed", 2)]);
        assert!(t.end_ms > t.start_ms);
    }

    #[test]
    fn a_failed_block_ends_when_it_was_last_updated_and_only_a_running_one_runs_on() {
        let record = json!({ "block_runs": [
            { "block_uuid": "check", "status": "failed", "started_at": "2026-11-23 16:33:49", "completed_at": null, "updated_at": "2026-11-23 16:33:50" },
            { "block_uuid": "live", "status": "running", "started_at": "2026-11-23 16:33:49", "completed_at": null, "updated_at": "2026-11-23 16:33:50" },
        ] });
        let t = timeline(record.as_object().expect("object")).expect("timeline");
        assert_eq!(
            t.bars[0].end_ms.zip(t.bars[0].start_ms).map(|(e, s)| e - s),
            Some(1000)
        );
        assert_eq!(t.bars[1].end_ms, None, "a running block has no end yet");
    }

    #[test]
    fn a_list_of_block_runs_is_a_timeline_too() {
        let list = [
            json!({ "block_uuid": "load", "status": "completed", "started_at": "2026-11-23 16:33:40", "completed_at": "2026-11-23 16:33:48" }),
            json!({ "block_uuid": "ledger_checksum_reconciliation", "status": "failed", "started_at": "2026-11-23 16:33:49", "completed_at": null, "updated_at": "2026-11-23 16:33:51" }),
        ];
        let t = block_runs_timeline(list.iter().filter_map(Value::as_object)).expect("timeline");
        assert_eq!(t.bars.len(), 2);
        assert_eq!(t.bars[1].block, "ledger_checksum_reconciliation");
    }

    #[test]
    fn runs_without_block_times_have_no_timeline() {
        let record = json!({ "block_runs": [{ "block_uuid": "a", "status": "initial" }] });
        assert_eq!(timeline(record.as_object().expect("object")), None);
        assert_eq!(
            timeline(json!({ "id": 1 }).as_object().expect("object")),
            None
        );
    }
}
