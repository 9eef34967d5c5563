//! A list of runs at a glance, as Airflow's grid, Dagster's run timeline and Mage's monitor show
//! them: a strip of one mark per run in time order (oldest left), its height the run's duration,
//! its colour and its shape its outcome, so a run twice as slow as the others, or a streak of
//! failures, is seen before a row is read. Beside it, in words: how many runs it shows of how
//! many, how many of them completed, the median and the slowest duration.
//!
//! The runs are read once into [`History`] (at most [`MAX_HISTORY_RUNS`], the newest); a short
//! list's at assembly ([`history_of`]), a long list's from its text a few at a time
//! ([`HistoryReader`], which the widget runs in idle slices after the list is drawn, as Find
//! builds its texts). [`History::strip`] lays the strip out for a width: which runs fit, each
//! mark's place and height, and the words. The view only draws it.

use serde_json::{Map, Value};

use crate::limits::MAX_HISTORY_RUNS;
use crate::rows::{RecordIds, Rows};
use crate::status::{Status, Tone};
use crate::text::{bounded_text, truncate_chars};
use crate::time::{epoch_timestamp, parse_timestamp};
use crate::words::{MarkLabel, MarkTime, Msg, Noun};

/// The fields a run's mark reads: its identity, its status, its times and its duration.
pub const RUN_FIELDS: [&str; 10] = [
    "id",
    "pipeline_uuid",
    "block_uuid",
    "status",
    "started_at",
    "created_at",
    "execution_date",
    "completed_at",
    "updated_at",
    "duration",
];

/// What a run's mark says of its end, by its shape as well as its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A filled bar.
    Completed,
    /// A filled bar with a cross under it.
    Failed,
    /// A hollow bar.
    Cancelled,
    /// A dashed outline: it has not ended.
    Running,
    /// A dotted outline: it has not started.
    Waiting,
    /// A hollow bar in the neutral colour: a status the widget does not know.
    Other,
}

impl Outcome {
    /// The outcome a status's tone says.
    pub fn of(tone: Tone) -> Outcome {
        match tone {
            Tone::Success => Outcome::Completed,
            Tone::Danger => Outcome::Failed,
            Tone::Cancelled => Outcome::Cancelled,
            Tone::Running => Outcome::Running,
            Tone::Pending => Outcome::Waiting,
            Tone::Active | Tone::Inactive | Tone::Neutral => Outcome::Other,
        }
    }

    /// Whether a run with this outcome is over (its duration can be known).
    pub fn ended(self) -> bool {
        !matches!(self, Outcome::Running | Outcome::Waiting)
    }

    /// The CSS modifier its mark is drawn with (`history-mark--failed`, …).
    pub fn css_name(self) -> &'static str {
        match self {
            Outcome::Completed => "completed",
            Outcome::Failed => "failed",
            Outcome::Cancelled => "cancelled",
            Outcome::Running => "running",
            Outcome::Waiting => "waiting",
            Outcome::Other => "other",
        }
    }
}

/// One run as its mark needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct RunPoint {
    /// The run's row in the list's table.
    pub row: usize,
    pub id: Option<String>,
    /// What the run is of: a pipeline run's pipeline, a block run's block.
    pub subject: Option<String>,
    pub status: Status,
    /// When it started, else when it was created, else its execution date (epoch ms).
    pub start_ms: i64,
    /// How long it took, when it ended and that is known: its `duration` (seconds), else from
    /// `started_at` to `completed_at` (a failed or cancelled run, which Mage leaves without
    /// `completed_at`, ended when its record was last updated).
    pub seconds: Option<f64>,
}

impl RunPoint {
    /// The run `record` (already redacted) at `row`; `None` when it has no time to place it by.
    pub fn of(row: usize, record: &Map<String, Value>) -> Option<RunPoint> {
        let time = |key: &str| match record.get(key)? {
            Value::String(s) => parse_timestamp(s).map(|t| t.epoch_ms),
            Value::Number(n) => n.as_f64().and_then(epoch_timestamp).map(|t| t.epoch_ms),
            _ => None,
        };
        let started = time("started_at");
        let start_ms = started
            .or_else(|| time("created_at"))
            .or_else(|| time("execution_date"))?;
        let status = Status::new(
            record
                .get("status")
                .and_then(Value::as_str)
                .unwrap_or("unknown"),
        );
        let outcome = Outcome::of(status.tone);
        let given = record
            .get("duration")
            .and_then(Value::as_f64)
            .filter(|s| s.is_finite() && *s >= 0.0);
        let measured = || {
            let end = time("completed_at").or_else(|| {
                (outcome != Outcome::Completed)
                    .then(|| time("updated_at"))
                    .flatten()
            })?;
            let start = started?;
            (end >= start).then(|| (end - start) as f64 / 1000.0)
        };
        let seconds = outcome.ended().then(|| given.or_else(measured)).flatten();
        let subject_key = if record.contains_key("block_uuid") {
            "block_uuid"
        } else {
            "pipeline_uuid"
        };
        let subject = record
            .get(subject_key)
            .and_then(Value::as_str)
            .map(|s| truncate_chars(&bounded_text(s), 120));
        Some(RunPoint {
            row,
            id: RecordIds::of(record).id.map(|id| truncate_chars(&id, 120)),
            subject,
            status,
            start_ms,
            seconds,
        })
    }

    fn outcome(&self) -> Outcome {
        Outcome::of(self.status.tone)
    }

    /// Its place in time: by start, and among runs that started together, the one listed first
    /// (lists put the newest first) is the newer.
    fn order_key(&self) -> (i64, std::cmp::Reverse<usize>) {
        (self.start_ms, std::cmp::Reverse(self.row))
    }
}

/// The newest runs read so far, at most [`MAX_HISTORY_RUNS`], and how many runs had a time.
#[derive(Clone, Debug, Default, PartialEq)]
struct NewestRuns {
    kept: Vec<RunPoint>,
    /// The position in `kept` of the oldest run kept, once `kept` is full.
    oldest: Option<usize>,
    timed: usize,
}

impl NewestRuns {
    fn add(&mut self, point: RunPoint) {
        self.timed += 1;
        if self.kept.len() < MAX_HISTORY_RUNS {
            self.kept.push(point);
            return;
        }
        let oldest = match self.oldest {
            Some(at) => at,
            None => self.find_oldest(),
        };
        if let Some(slot) = self.kept.get_mut(oldest) {
            if point.order_key() > slot.order_key() {
                *slot = point;
                self.oldest = Some(self.find_oldest());
            } else {
                self.oldest = Some(oldest);
            }
        }
    }

    fn find_oldest(&self) -> usize {
        (0..self.kept.len())
            .min_by_key(|&i| self.kept[i].order_key())
            .unwrap_or(0)
    }

    fn into_history(self, noun: Noun) -> History {
        let mut runs = self.kept;
        widget_sort::sort_by_key(&mut runs, RunPoint::order_key);
        History {
            runs,
            total: self.timed,
            noun,
        }
    }
}

/// A list's runs over time: the newest of them, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    /// At most [`MAX_HISTORY_RUNS`] runs, oldest first.
    pub runs: Vec<RunPoint>,
    /// How many runs of the list have a time (the strip shows the newest of them).
    pub total: usize,
    /// What the runs are: pipeline runs or block runs.
    pub noun: Noun,
}

/// How a list's runs are read for the strip.
#[derive(Clone, Debug, PartialEq)]
pub enum RunHistory {
    /// Read when the result was assembled (a short list).
    Read(History),
    /// To be read from the table's rows ([`HistoryReader`]): a long list held as text, read a few
    /// runs at a time after it is drawn, so that its arrival costs no more than the list.
    FromRows { noun: Noun, runs: usize },
}

impl RunHistory {
    /// Every run read now: the history itself, or a long list's rows read whole (for tests and
    /// tooling; the widget reads them in slices).
    pub fn read_now(&self, rows: &Rows) -> History {
        match self {
            RunHistory::Read(history) => history.clone(),
            RunHistory::FromRows { noun, .. } => {
                let mut reader = HistoryReader::new(noun.clone());
                reader.read(rows, usize::MAX);
                reader.history()
            }
        }
    }
}

/// The history of a short list's `records` (already redacted) about `resource`, when they are
/// runs and at least two of them have a time.
pub fn history_of(resource: &str, records: &[&Map<String, Value>]) -> Option<History> {
    let noun = runs_noun(resource)?;
    let mut newest = NewestRuns::default();
    for (row, record) in records.iter().enumerate() {
        if let Some(point) = RunPoint::of(row, record) {
            newest.add(point);
        }
    }
    (newest.timed >= 2).then(|| newest.into_history(noun))
}

/// What the records of `resource` are, when they are runs the strip draws.
pub fn runs_noun(resource: &str) -> Option<Noun> {
    match resource {
        "pipeline_runs" | "pipeline_run" => Some(Noun::PipelineRun),
        "block_runs" | "block_run" => Some(Noun::BlockRun),
        _ => None,
    }
}

/// Reads a long list's runs from its rows, a few at a time ([`Rows::fields`]: only the fields a
/// mark needs, redacted, the row itself not built).
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryReader {
    noun: Noun,
    next: usize,
    newest: NewestRuns,
}

impl HistoryReader {
    pub fn new(noun: Noun) -> HistoryReader {
        HistoryReader {
            noun,
            next: 0,
            newest: NewestRuns::default(),
        }
    }

    /// Reads up to `count` more runs of `rows`; whether every run is read.
    pub fn read(&mut self, rows: &Rows, count: usize) -> bool {
        let end = self.next.saturating_add(count).min(rows.len());
        for row in self.next..end {
            let point = rows
                .fields(row, &RUN_FIELDS)
                .and_then(|fields| RunPoint::of(row, &fields));
            if let Some(point) = point {
                self.newest.add(point);
            }
        }
        self.next = end;
        self.next >= rows.len()
    }

    /// The history of the runs read.
    pub fn history(self) -> History {
        self.newest.into_history(self.noun)
    }
}

/// The tallest bar, for the slowest run shown (px).
pub const BAR_AREA_PX: f64 = 40.0;
/// The shortest bar a measured run is drawn with: a run of no length is still seen.
pub const MIN_BAR_PX: f64 = 3.0;
/// The row under the baseline where a failed run's cross is drawn (px).
pub const CROSS_ROW_PX: f64 = 10.0;
/// The narrowest and widest mark, and the gap between two (px).
pub const MIN_MARK_PX: f64 = 5.0;
pub const MAX_MARK_PX: f64 = 14.0;
pub const GAP_PX: f64 = 2.0;
/// Durations that differ by more than this factor are drawn on a log scale: on a linear one, the
/// shorter runs would all be the shortest bar.
pub const LOG_SCALE_ABOVE: f64 = 20.0;

/// How long a mark's run took, as its mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Extent {
    /// Its height is its duration.
    Took(f64),
    /// Not ended (running or waiting): drawn to the top, in outline.
    Open,
    /// Ended, its duration unknown: drawn to the top, faint.
    Unknown,
}

/// One run's mark in the strip.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// The run's row in the list's table (what selecting the mark opens or shows).
    pub row: usize,
    /// Its left edge and width (whole px).
    pub x: f64,
    pub width: f64,
    /// Its height from the baseline (whole px).
    pub height: f64,
    pub outcome: Outcome,
    pub extent: Extent,
    /// Its id, start and duration in words: its accessible name and its caption.
    pub label: Msg,
}

/// A status among the runs shown, with its shape and how many runs had it.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyEntry {
    pub outcome: Outcome,
    pub status: Status,
    pub count: u64,
}

/// The strip laid out for a width: the marks and the words beside them.
#[derive(Clone, Debug, PartialEq)]
pub struct Strip {
    /// The newest runs that fit, oldest first.
    pub marks: Vec<Mark>,
    /// The drawing's size (px) and the baseline's height in it.
    pub width: f64,
    pub height: f64,
    pub baseline: f64,
    /// "The last 30 of 134 pipeline runs".
    pub shown: Msg,
    /// "18 of 20 completed".
    pub completed: Msg,
    /// "Median 45 s, slowest 6 min 10 s (4816)"; none when no run shown has a duration.
    pub durations: Option<Msg>,
    /// Whether heights are on a log scale (said in words beside it).
    pub log_scale: bool,
    /// The statuses shown, each with its shape: failed, cancelled first.
    pub key: Vec<KeyEntry>,
}

impl History {
    /// How many marks fit in `width` px.
    pub fn fitting(&self, width: f64) -> usize {
        let room = ((width.max(0.0) + GAP_PX) / (MIN_MARK_PX + GAP_PX)).floor();
        (room as usize).clamp(1, self.runs.len().max(1))
    }

    /// The strip laid out for `width` px: the newest runs that fit, their marks and the words.
    pub fn strip(&self, width: f64) -> Strip {
        let count = self.fitting(width).min(self.runs.len());
        let shown = &self.runs[self.runs.len() - count..];
        let pitch = ((width.max(0.0) + GAP_PX) / count.max(1) as f64).min(MAX_MARK_PX + GAP_PX);
        // Whole pixels: crisp edges, and numbers the view writes as integers.
        let mark_width = (pitch - GAP_PX).floor().max(MIN_MARK_PX);
        let scale = Scale::of(shown.iter().filter_map(|r| r.seconds));
        let marks: Vec<Mark> = shown
            .iter()
            .enumerate()
            .map(|(i, run)| {
                let extent = match (run.seconds, run.outcome().ended()) {
                    (Some(seconds), _) => Extent::Took(seconds),
                    (None, true) => Extent::Unknown,
                    (None, false) => Extent::Open,
                };
                Mark {
                    row: run.row,
                    x: i as f64 * (mark_width + GAP_PX),
                    width: mark_width,
                    height: match extent {
                        Extent::Took(seconds) => scale.height(seconds),
                        Extent::Open | Extent::Unknown => BAR_AREA_PX,
                    },
                    outcome: run.outcome(),
                    extent,
                    label: self.label(run),
                }
            })
            .collect();
        let completed = shown
            .iter()
            .filter(|r| r.outcome() == Outcome::Completed)
            .count();
        let slowest = shown
            .iter()
            .filter_map(|r| Some((r.seconds?, r)))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        Strip {
            width: (count as f64 * (mark_width + GAP_PX) - GAP_PX).max(0.0),
            height: BAR_AREA_PX + CROSS_ROW_PX,
            baseline: BAR_AREA_PX,
            shown: Msg::HistoryShown {
                noun: self.noun.clone(),
                shown: count as u64,
                total: self.total as u64,
            },
            completed: Msg::HistoryCompleted {
                completed: completed as u64,
                shown: count as u64,
            },
            durations: scale.median.zip(slowest).map(|(median, (slowest, run))| {
                Msg::HistoryDurations {
                    median,
                    slowest,
                    id: run.id.clone(),
                }
            }),
            log_scale: scale.log,
            key: key(shown),
            marks,
        }
    }

    fn label(&self, run: &RunPoint) -> Msg {
        Msg::HistoryMark(Box::new(MarkLabel {
            noun: self.noun.clone(),
            id: run.id.clone(),
            subject: run.subject.clone(),
            status: run.status.label.clone(),
            start_ms: run.start_ms,
            took: match run.seconds {
                Some(seconds) => MarkTime::Took(seconds),
                None if run.outcome().ended() => MarkTime::Unknown,
                None if run.outcome() == Outcome::Waiting => MarkTime::NotStarted,
                None => MarkTime::Running,
            },
        }))
    }
}

/// The statuses of `runs` with their outcomes and counts: failed, then cancelled, then the rest
/// by count.
fn key(runs: &[RunPoint]) -> Vec<KeyEntry> {
    let mut entries: Vec<KeyEntry> = Vec::new();
    for run in runs {
        match entries.iter_mut().find(|e| e.status.raw == run.status.raw) {
            Some(entry) => entry.count += 1,
            None => entries.push(KeyEntry {
                outcome: run.outcome(),
                status: run.status.clone(),
                count: 1,
            }),
        }
    }
    let first = |outcome: Outcome| match outcome {
        Outcome::Failed => 0,
        Outcome::Cancelled => 1,
        _ => 2,
    };
    widget_sort::sort_by(&mut entries, |a, b| {
        first(a.outcome)
            .cmp(&first(b.outcome))
            .then(b.count.cmp(&a.count))
    });
    entries
}

/// How durations become heights: linear from zero to the slowest, or, when they differ by more
/// than [`LOG_SCALE_ABOVE`], logarithmic from the fastest to the slowest.
struct Scale {
    slowest: f64,
    fastest: f64,
    log: bool,
    median: Option<f64>,
}

impl Scale {
    fn of(durations: impl Iterator<Item = f64>) -> Scale {
        let mut all: Vec<f64> = durations.collect();
        widget_sort::sort_by(&mut all, f64::total_cmp);
        let slowest = all.last().copied().unwrap_or(0.0);
        let fastest = all.iter().copied().find(|s| *s > 0.0).unwrap_or(slowest);
        let median = match all.len() {
            0 => None,
            n if n % 2 == 1 => Some(all[n / 2]),
            n => Some((all[n / 2 - 1] + all[n / 2]) / 2.0),
        };
        Scale {
            log: fastest > 0.0 && slowest / fastest > LOG_SCALE_ABOVE,
            slowest,
            fastest,
            median,
        }
    }

    /// The bar height of a run of `seconds`, between [`MIN_BAR_PX`] and [`BAR_AREA_PX`], in whole
    /// pixels.
    fn height(&self, seconds: f64) -> f64 {
        let share = if self.log {
            (seconds.max(self.fastest) / self.fastest).ln() / (self.slowest / self.fastest).ln()
        } else if self.slowest > 0.0 {
            seconds / self.slowest
        } else {
            0.0
        };
        (MIN_BAR_PX + share.clamp(0.0, 1.0) * (BAR_AREA_PX - MIN_BAR_PX))
            .round()
            .min(BAR_AREA_PX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::english;
    use proptest::prelude::*;
    use serde_json::json;

    const NOV_20_0600: i64 = 1_795_154_400_000;

    fn stamp(ms: i64) -> String {
        crate::time::utc_text(ms).replace(" UTC", "")
    }

    /// A pipeline run started `start_min` minutes after 06:00, taking `took_s` seconds.
    fn run(id: u64, status: &str, start_min: i64, took_s: Option<i64>) -> Value {
        let start = NOV_20_0600 + start_min * 60_000;
        json!({
            "id": id,
            "pipeline_uuid": "etl_daily",
            "status": status,
            "started_at": stamp(start),
            "completed_at": took_s.map(|s| stamp(start + s * 1000)),
        })
    }

    fn history(runs: &[Value]) -> History {
        let records: Vec<&Map<String, Value>> = runs.iter().filter_map(Value::as_object).collect();
        history_of("pipeline_runs", &records).expect("a history")
    }

    #[test]
    fn marks_run_oldest_to_newest_whatever_the_list_order() {
        // Newest first, as Mage lists them; one run without any time is left out.
        let h = history(&[
            run(3, "completed", 20, Some(60)),
            run(2, "failed", 10, Some(30)),
            json!({ "id": 9, "status": "completed" }),
            run(1, "completed", 0, Some(60)),
        ]);
        let strip = h.strip(400.0);
        let rows: Vec<usize> = strip.marks.iter().map(|m| m.row).collect();
        assert_eq!(rows, [3, 1, 0], "oldest left");
        assert!(strip.marks.windows(2).all(|w| w[0].x < w[1].x));
        assert_eq!(english(&strip.shown), "3 pipeline runs");
        assert_eq!(english(&strip.completed), "2 of 3 completed");
    }

    #[test]
    fn the_start_is_when_it_started_else_when_it_was_created_else_executed() {
        let record = |fields: Value| RunPoint::of(0, fields.as_object().expect("object"));
        let started = record(
            json!({ "started_at": "2026-11-20 06:00:00", "created_at": "2026-11-19 06:00:00" }),
        );
        assert_eq!(started.map(|p| p.start_ms), Some(NOV_20_0600));
        let created = record(
            json!({ "created_at": "2026-11-20 06:00:00", "execution_date": "2026-11-01 00:00:00" }),
        );
        assert_eq!(created.map(|p| p.start_ms), Some(NOV_20_0600));
        let executed = record(json!({ "execution_date": "2026-11-20T06:00:00Z" }));
        assert_eq!(executed.map(|p| p.start_ms), Some(NOV_20_0600));
        assert_eq!(record(json!({ "id": 1, "status": "completed" })), None);
    }

    #[test]
    fn a_failed_run_ends_when_last_updated_and_a_running_one_has_no_duration() {
        let record = |fields: Value| RunPoint::of(0, fields.as_object().expect("object"));
        let failed = record(
            json!({ "status": "failed", "started_at": "2026-11-20 06:00:00", "completed_at": null, "updated_at": "2026-11-20 06:00:12" }),
        );
        assert_eq!(failed.and_then(|p| p.seconds), Some(12.0));
        let running = record(
            json!({ "status": "running", "started_at": "2026-11-20 06:00:00", "updated_at": "2026-11-20 06:00:12", "duration": 4 }),
        );
        assert_eq!(running.and_then(|p| p.seconds), None, "not ended");
        let given = record(
            json!({ "status": "completed", "created_at": "2026-11-20 06:00:00", "duration": 4.5 }),
        );
        assert_eq!(given.and_then(|p| p.seconds), Some(4.5));
        let unknown = record(
            json!({ "status": "completed", "execution_date": "2026-11-20 06:00:00", "completed_at": "2026-11-20 06:10:00" }),
        );
        assert_eq!(
            unknown.and_then(|p| p.seconds),
            None,
            "no start, no duration"
        );
    }

    #[test]
    fn a_slow_run_stands_taller_and_a_failed_one_has_its_own_shape() {
        let h = history(&[
            run(1, "completed", 0, Some(60)),
            run(2, "completed", 10, Some(62)),
            run(3, "completed", 20, Some(130)),
            run(4, "failed", 30, Some(58)),
            run(5, "running", 40, None),
        ]);
        let strip = h.strip(400.0);
        let [ordinary, _, slow, failed, running] = strip.marks.as_slice() else {
            panic!("five marks: {:?}", strip.marks);
        };
        assert_eq!(slow.height, BAR_AREA_PX, "the slowest reaches the top");
        assert!(
            (ordinary.height / slow.height - 60.0 / 130.0).abs() < 0.05,
            "linear: {} vs {}",
            ordinary.height,
            slow.height
        );
        assert_eq!(
            (failed.outcome, ordinary.outcome),
            (Outcome::Failed, Outcome::Completed)
        );
        assert_eq!(
            (running.extent, running.height),
            (Extent::Open, BAR_AREA_PX),
            "never drawn as zero"
        );
        assert!(!strip.log_scale);
        assert_eq!(
            strip.durations.as_ref().map(english).as_deref(),
            Some("Median 1 min 1 s, slowest 2 min 10 s (3)")
        );
        assert_eq!(english(&strip.completed), "3 of 5 completed");
        assert_eq!(
            english(&failed.label),
            "Pipeline run 4 of etl_daily, Failed, 2026-11-20 06:30:00 UTC, took 58 s"
        );
        assert_eq!(
            english(&running.label),
            "Pipeline run 5 of etl_daily, Running, 2026-11-20 06:40:00 UTC, still running"
        );
        let key: Vec<(&str, u64)> = strip
            .key
            .iter()
            .map(|k| (k.status.raw.as_str(), k.count))
            .collect();
        assert_eq!(key, [("failed", 1), ("completed", 3), ("running", 1)]);
    }

    #[test]
    fn durations_twenty_times_apart_are_drawn_on_a_log_scale() {
        let h = history(&[
            run(1, "completed", 0, Some(2)),
            run(2, "completed", 10, Some(20)),
            run(3, "completed", 20, Some(200)),
        ]);
        let strip = h.strip(400.0);
        assert!(strip.log_scale);
        let heights: Vec<f64> = strip.marks.iter().map(|m| m.height).collect();
        assert_eq!(heights[0], MIN_BAR_PX);
        assert_eq!(heights[2], BAR_AREA_PX);
        let middle = (MIN_BAR_PX + BAR_AREA_PX) / 2.0;
        assert!(
            (heights[1] - middle).abs() <= 0.5,
            "ten times between, half way: {heights:?}"
        );
        let linear = history(&[
            run(1, "completed", 0, Some(10)),
            run(2, "completed", 10, Some(200)),
        ]);
        assert!(!linear.strip(400.0).log_scale, "exactly 20 times apart");
    }

    #[test]
    fn a_narrow_strip_shows_the_newest_that_fit_and_says_how_many_of_all() {
        let runs: Vec<Value> = (0..134)
            .map(|i| run(1000 + i, "completed", i as i64, Some(30)))
            .collect();
        let h = history(&runs);
        // The strip's room in a 360 px frame.
        let strip = h.strip(330.0);
        assert!(strip.marks.len() >= 30, "{} marks", strip.marks.len());
        assert!(strip.width <= 330.0);
        let newest = strip.marks.last().map(|m| m.row);
        assert_eq!(newest, Some(133), "the newest run is last");
        assert_eq!(
            english(&strip.shown),
            format!("The last {} of 134 pipeline runs", strip.marks.len())
        );
        assert!(strip.marks.iter().all(|m| m.width >= MIN_MARK_PX));
        // A wide one stops at the widest mark.
        let few = history(&runs[..3]).strip(800.0);
        assert!(few.marks.iter().all(|m| m.width == MAX_MARK_PX));
    }

    #[test]
    fn a_history_keeps_only_the_newest_runs_whatever_the_order_read() {
        let n = MAX_HISTORY_RUNS + 50;
        let runs: Vec<Value> = (0..n)
            .map(|i| run(i as u64, "completed", (i * 37 % n) as i64, Some(30)))
            .collect();
        let h = history(&runs);
        assert_eq!(h.total, n);
        assert_eq!(h.runs.len(), MAX_HISTORY_RUNS);
        let oldest_kept = h.runs.first().map_or(0, |r| r.start_ms);
        assert_eq!(oldest_kept, NOV_20_0600 + 50 * 60_000);
    }

    #[test]
    fn block_runs_are_named_by_their_block_and_other_lists_have_no_history() {
        let runs = [
            json!({ "id": 11, "block_uuid": "load", "status": "completed", "started_at": "2026-11-20 06:00:00", "completed_at": "2026-11-20 06:00:05" }),
            json!({ "id": 12, "block_uuid": "clean", "status": "cancelled", "started_at": "2026-11-20 06:00:05", "completed_at": null }),
        ];
        let records: Vec<&Map<String, Value>> = runs.iter().filter_map(Value::as_object).collect();
        let h = history_of("block_runs", &records).expect("history");
        let strip = h.strip(300.0);
        assert_eq!(
            english(&strip.marks[0].label),
            "Block run 11 of load, Completed, 2026-11-20 06:00:00 UTC, took 5 s"
        );
        assert_eq!(strip.marks[1].extent, Extent::Unknown);
        assert!(history_of("pipelines", &records).is_none());
        assert!(
            history_of("block_runs", &records[..1]).is_none(),
            "one run is no history"
        );
    }

    #[test]
    fn a_long_lists_rows_read_in_slices_give_the_history_of_its_records() {
        let runs: Vec<Value> = (0..300)
            .map(|i| {
                let mut r = run(
                    i,
                    ["completed", "failed"][(i % 7 == 3) as usize],
                    (i * 13 % 300) as i64,
                    Some(10 + (i % 5) as i64),
                );
                r["token"] = json!("0123456789abcdef0123456789abcdef");
                r
            })
            .collect();
        let text = serde_json::to_string(&runs).expect("json");
        let items: Vec<&serde_json::value::RawValue> = serde_json::from_str(&text).expect("array");
        let spans = items
            .iter()
            .filter_map(|r| crate::parse::span_in(&text, r))
            .collect();
        let (rows, _) = Rows::lazy(&text, spans, Vec::new(), Vec::new());
        let mut reader = HistoryReader::new(Noun::PipelineRun);
        let mut slices = 1;
        while !reader.read(&rows, 64) {
            slices += 1;
        }
        assert_eq!(slices, 5);
        assert_eq!(reader.history(), history(&runs));
    }

    /// Generated runs: a status, a start (minutes), and a duration (seconds) or none.
    fn runs_strategy() -> impl Strategy<Value = Vec<(usize, i64, Option<u32>)>> {
        prop::collection::vec(
            (0usize..6, 0i64..100_000, prop::option::of(0u32..200_000)),
            2..400,
        )
    }

    const STATUSES: [&str; 6] = [
        "completed",
        "failed",
        "cancelled",
        "running",
        "initial",
        "odd",
    ];

    proptest! {
        #[test]
        fn the_strip_holds_the_newest_runs_in_time_order_within_its_bounds(
            generated in runs_strategy(),
            width in 0.0f64..2_000.0,
        ) {
            let runs: Vec<Value> = generated
                .iter()
                .enumerate()
                .map(|(i, (status, start, took))| {
                    run(i as u64, STATUSES[*status], *start, took.map(i64::from))
                })
                .collect();
            let h = history(&runs);
            let strip = h.strip(width);
            let marks = &strip.marks;
            prop_assert!(!marks.is_empty());
            prop_assert!(marks.len() <= MAX_HISTORY_RUNS);
            prop_assert!(strip.width <= width.max(MIN_MARK_PX) + 1e-9);
            // Every run left out is no newer than the oldest shown.
            let start_of = |row: usize| NOV_20_0600 + generated[row].1 * 60_000;
            let oldest_shown = marks.iter().map(|m| start_of(m.row)).min().unwrap_or(0);
            let shown: Vec<usize> = marks.iter().map(|m| m.row).collect();
            for row in (0..generated.len()).filter(|r| !shown.contains(r)) {
                prop_assert!(start_of(row) <= oldest_shown);
            }
            for pair in marks.windows(2) {
                prop_assert!(start_of(pair[0].row) <= start_of(pair[1].row));
                prop_assert!(pair[0].x + pair[0].width < pair[1].x);
            }
            for mark in marks {
                prop_assert!(mark.height >= MIN_BAR_PX && mark.height <= BAR_AREA_PX);
                prop_assert!(mark.x.fract() == 0.0 && mark.width.fract() == 0.0 && mark.height.fract() == 0.0);
                prop_assert!(mark.width >= MIN_MARK_PX && mark.width <= MAX_MARK_PX);
                let ended = !matches!(STATUSES[generated[mark.row].0], "running" | "initial");
                match mark.extent {
                    Extent::Took(_) => prop_assert!(ended),
                    Extent::Open => prop_assert!(!ended && mark.height == BAR_AREA_PX),
                    Extent::Unknown => prop_assert!(ended && mark.height == BAR_AREA_PX),
                }
            }
            let completed = marks.iter().filter(|m| m.outcome == Outcome::Completed).count();
            prop_assert_eq!(
                english(&strip.completed),
                format!("{completed} of {} completed", marks.len())
            );
            prop_assert_eq!(strip.key.iter().map(|k| k.count).sum::<u64>(), marks.len() as u64);
        }
    }
}
