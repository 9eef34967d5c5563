//! Following a run as it goes: when the result shown holds runs that have not ended (a run started
//! by `run_pipeline`, a run's detail, a runs list or a run's block runs with rows `initial`,
//! `queued` or `running`, or the logs of a run whose status is one of those), the widget asks
//! again by itself, with read-only tools only
//! ([`crate::requests`]), and shows each answer in place of the last.
//!
//! The timing is decided here, as plain arithmetic over the times the bridge passes in (tested with
//! a made-up clock); the bridge only sets the timers and sends the calls. The first call goes
//! [`FIRST_DELAY_MS`] after the result, each next one twice as late up to [`MAX_DELAY_MS`], never
//! sooner than [`MIN_GAP_MS`] after the last. Following stops when every run shown has ended,
//! pauses while the widget is hidden (and goes on when it shows again), pauses after
//! [`FOLLOW_FOR_MS`] (Refresh goes on) and after [`FAILURES_BEFORE_PAUSE`] failed calls in a row
//! (Retry goes on), and ends when
//! the widget is torn down or another result is shown. Without the host's `serverTools` nothing is
//! ever sent: the view says how to see the newest state instead.

use serde_json::{Map, Value};
use widget_model::{Arrangement, Cell, Content, State, WidgetModel};

use crate::calls::CallFailure;
use crate::requests::{usable, ToolRequest};

/// The first call, after the result arrived.
pub const FIRST_DELAY_MS: f64 = 2_000.0;
/// The longest wait between two calls.
pub const MAX_DELAY_MS: f64 = 30_000.0;
/// The shortest time between two calls, whatever asks for them.
pub const MIN_GAP_MS: f64 = 1_000.0;
/// How long a run is followed before following pauses.
pub const FOLLOW_FOR_MS: f64 = 30.0 * 60_000.0;
/// Failed calls in a row before following pauses. A call lost with the server that served it (a
/// replica stopped behind a load balancer, a connection reset) is asked again at the backoff, and
/// the next one, served elsewhere, keeps the run followed without the person noticing; a call
/// that keeps failing pauses with its failure shown and Retry.
pub const FAILURES_BEFORE_PAUSE: u32 = 3;
/// How early a timer may fire and still count as due (timers are not exact).
const EARLY_MS: f64 = 50.0;

/// Statuses of a run or a block run that has not ended yet.
pub const UNFINISHED: [&str; 3] = ["initial", "queued", "running"];

/// Why following paused.
#[derive(Clone, Debug, PartialEq)]
pub enum Pause {
    /// The widget is hidden; it goes on when shown again.
    Hidden,
    /// [`FOLLOW_FOR_MS`] passed; Refresh goes on.
    Bound,
    /// A call failed; Retry goes on.
    Failed(CallFailure),
}

/// Where following stands.
#[derive(Clone, Debug, PartialEq)]
pub enum FollowState {
    /// Nothing shown is still running.
    Off,
    /// A run is still going, and the host takes no tool calls from the widget.
    Unavailable,
    /// The next call is due at `due_ms`.
    Waiting {
        due_ms: f64,
    },
    /// A call is under way.
    Calling,
    Paused(Pause),
    /// Every run shown has ended since following began.
    Done,
}

/// Following the shown result.
#[derive(Clone, Debug, PartialEq)]
pub struct Follow {
    pub state: FollowState,
    /// What each call asks (the same every time).
    request: Option<ToolRequest>,
    /// Calls made since following (re)started: the next waits `delay(attempt)`.
    attempt: u32,
    /// When following (re)started: the bound counts from here.
    started_ms: f64,
    /// When the last call was sent.
    last_call_ms: Option<f64>,
    /// Bumped at every (re)start: an answer to an older call is dropped.
    generation: u64,
    /// The generation of the call under way.
    calling: Option<u64>,
    /// Hidden while a call was under way: pause when it answers.
    hide_after_call: bool,
    /// Calls that failed since the last one answered.
    failed_in_a_row: u32,
    /// The runs still going when following began: what the assistant is told about at the end.
    watched: Vec<String>,
}

impl Default for Follow {
    fn default() -> Follow {
        Follow {
            state: FollowState::Off,
            request: None,
            attempt: 0,
            started_ms: 0.0,
            last_call_ms: None,
            generation: 0,
            calling: None,
            hide_after_call: false,
            failed_in_a_row: 0,
            watched: Vec::new(),
        }
    }
}

/// How long to wait before call number `attempt` (from 0): 2 s, 4 s, 8 s, 16 s, then 30 s.
pub fn delay(attempt: u32) -> f64 {
    let doubled = FIRST_DELAY_MS * 2f64.powi(attempt.min(16) as i32);
    doubled.clamp(MIN_GAP_MS, MAX_DELAY_MS)
}

/// The status written in row `index` of `model`'s table (its `status` column, else its first
/// column of statuses).
pub fn row_status(model: &WidgetModel, index: usize) -> Option<String> {
    let columns = &model.table.columns;
    let column = columns.iter().position(|c| c.key == "status").or_else(|| {
        let row = model.table.rows.get(index)?;
        row.cells.iter().position(|c| matches!(c, Cell::Status(_)))
    })?;
    match model.table.rows.get(index)?.cells.get(column)? {
        Cell::Status(status) => Some(status.raw.to_ascii_lowercase()),
        Cell::Text(text) => Some(text.to_ascii_lowercase()),
        _ => None,
    }
}

fn unfinished(status: Option<&str>) -> bool {
    status.is_some_and(|s| UNFINISHED.contains(&s))
}

/// Rows read to find runs still going: a long list's first rows are its newest.
const SCAN_ROWS: usize = 200;

/// What following `model` asks, given the call that gave it (`refresh`), with the ids of the
/// runs still going; `None` when nothing shown is still running or no read-only call can ask.
pub fn follow_request(
    model: &WidgetModel,
    refresh: Option<&ToolRequest>,
) -> Option<(ToolRequest, Vec<String>)> {
    if model.state != State::Ok {
        return None;
    }
    if matches!(model.content, Content::Logs(_)) {
        return followed_logs(model, refresh);
    }
    let going: Vec<usize> = (0..model.table.rows.len().min(SCAN_ROWS))
        .filter(|&i| unfinished(row_status(model, i).as_deref()))
        .collect();
    if going.is_empty() {
        return None;
    }
    let id_of = |i: usize| {
        let ids = &model.table.rows.get(i)?.ids;
        usable(ids.id.as_deref()).or_else(|| usable(ids.uuid.as_deref()))
    };
    let watched: Vec<String> = going.iter().filter_map(|&i| id_of(i)).take(20).collect();
    let request = match (model.resource.as_str(), model.arrangement) {
        // One run (started by run_pipeline, or its detail): the run as it is now.
        ("pipeline_run" | "pipeline_runs", Arrangement::Detail) => {
            let id = id_of(0)?;
            let mut arguments = Map::new();
            arguments.insert("pipeline_run_id".to_owned(), Value::String(id));
            ToolRequest::read_only("pipeline_run_get", arguments)?
        }
        // A list of runs or of a run's block runs: the same list again.
        ("pipeline_runs" | "block_runs", Arrangement::List) => {
            let refresh = refresh?;
            matches!(refresh.tool(), "pipeline_runs" | "block_runs").then(|| refresh.clone())?
        }
        _ => return None,
    };
    Some((request, watched))
}

/// A run's logs while the run has not ended: the same `run_logs` call again (its answer is the
/// whole text, redacted and read for its first error anew each time). The producer says the run's
/// status as the logs' one status count (`summary.counts`).
fn followed_logs(
    model: &WidgetModel,
    refresh: Option<&ToolRequest>,
) -> Option<(ToolRequest, Vec<String>)> {
    let request = refresh.filter(|r| r.tool() == "run_logs")?;
    let going = model
        .header
        .counts
        .iter()
        .any(|c| c.count > 0 && unfinished(Some(&c.status.raw.to_ascii_lowercase())));
    let run = request
        .arguments()
        .get("pipeline_run_id")
        .and_then(|id| match id {
            Value::String(text) => Some(text.clone()),
            Value::Number(number) => Some(number.to_string()),
            _ => None,
        });
    going.then(|| (request.clone(), run.into_iter().collect()))
}

impl Follow {
    /// Starts following what `model` shows (given the call that gave it) at `now_ms`, or turns
    /// following off when nothing shown is still running. `can_call`: the host takes tool calls.
    pub fn start(
        &mut self,
        model: &WidgetModel,
        refresh: Option<&ToolRequest>,
        can_call: bool,
        now_ms: f64,
    ) {
        self.generation += 1;
        self.calling = None;
        self.hide_after_call = false;
        self.failed_in_a_row = 0;
        self.attempt = 0;
        self.started_ms = now_ms;
        match follow_request(model, refresh) {
            None => {
                self.request = None;
                self.watched.clear();
                self.state = FollowState::Off;
            }
            Some(_) if !can_call => {
                self.request = None;
                self.state = FollowState::Unavailable;
            }
            Some((request, watched)) => {
                self.request = Some(request);
                self.watched = watched;
                self.state = FollowState::Waiting {
                    due_ms: self.not_before(now_ms + delay(0)),
                };
            }
        }
    }

    /// Stops for good (the widget is torn down, or the user went elsewhere).
    pub fn stop(&mut self) {
        self.generation += 1;
        self.calling = None;
        self.request = None;
        self.state = FollowState::Off;
    }

    /// `at`, or later if the last call was less than [`MIN_GAP_MS`] before it.
    fn not_before(&self, at: f64) -> f64 {
        match self.last_call_ms {
            Some(last) => at.max(last + MIN_GAP_MS),
            None => at,
        }
    }

    /// When the next call is due, while one is waiting: `(generation, due_ms)`. The bridge sets a
    /// timer for it and calls [`Follow::fire`] when it runs.
    pub fn due(&self) -> Option<(u64, f64)> {
        match self.state {
            FollowState::Waiting { due_ms } => Some((self.generation, due_ms)),
            _ => None,
        }
    }

    /// Whether following is on (waiting or calling): the view marks the result live.
    pub fn is_live(&self) -> bool {
        matches!(
            self.state,
            FollowState::Waiting { .. } | FollowState::Calling
        )
    }

    /// A timer ran at `now_ms`: the call to send now, if one is due. `busy`: one of the user's
    /// calls is under way (the follow waits for it). The call's generation comes with it.
    pub fn fire(&mut self, now_ms: f64, busy: bool) -> Option<(u64, ToolRequest)> {
        let FollowState::Waiting { due_ms } = self.state else {
            return None;
        };
        if now_ms + EARLY_MS < due_ms {
            return None;
        }
        if now_ms - self.started_ms >= FOLLOW_FOR_MS {
            self.state = FollowState::Paused(Pause::Bound);
            return None;
        }
        if busy {
            self.state = FollowState::Waiting {
                due_ms: self.not_before(now_ms + MIN_GAP_MS),
            };
            return None;
        }
        let request = self.request.clone()?;
        self.state = FollowState::Calling;
        self.calling = Some(self.generation);
        self.last_call_ms = Some(now_ms);
        self.attempt = self.attempt.saturating_add(1);
        Some((self.generation, request))
    }

    /// Whether an answer to the call of `generation` still counts (nothing restarted or stopped
    /// following since it was sent).
    pub fn expects(&self, generation: u64) -> bool {
        self.calling == Some(generation) && self.state == FollowState::Calling
    }

    /// The call of `generation` answered with `model` at `now_ms`: `true` when the answer is to be
    /// shown. Following goes on while a run is still going, and is done when none is.
    pub fn answered(&mut self, generation: u64, model: &WidgetModel, now_ms: f64) -> bool {
        if !self.expects(generation) {
            return false;
        }
        self.calling = None;
        if model.state != State::Ok {
            return false;
        }
        self.failed_in_a_row = 0;
        let going = follow_request(model, self.request.as_ref()).is_some();
        self.state = if !going {
            FollowState::Done
        } else if self.hide_after_call {
            FollowState::Paused(Pause::Hidden)
        } else if now_ms - self.started_ms >= FOLLOW_FOR_MS {
            FollowState::Paused(Pause::Bound)
        } else {
            FollowState::Waiting {
                due_ms: self.not_before(now_ms + delay(self.attempt)),
            }
        };
        self.hide_after_call = false;
        true
    }

    /// The call of `generation` failed at `now_ms`: the next call comes at the backoff, or, after
    /// [`FAILURES_BEFORE_PAUSE`] failures in a row, following pauses with the failure (Retry goes
    /// on).
    pub fn failed(&mut self, generation: u64, failure: CallFailure, now_ms: f64) {
        if !self.expects(generation) {
            return;
        }
        self.calling = None;
        self.failed_in_a_row = self.failed_in_a_row.saturating_add(1);
        self.state = if self.failed_in_a_row >= FAILURES_BEFORE_PAUSE {
            FollowState::Paused(Pause::Failed(failure))
        } else if self.hide_after_call {
            FollowState::Paused(Pause::Hidden)
        } else {
            FollowState::Waiting {
                due_ms: self.not_before(now_ms + delay(self.attempt)),
            }
        };
        self.hide_after_call = false;
    }

    /// The widget was hidden or shown again at `now_ms`.
    pub fn visibility(&mut self, hidden: bool, now_ms: f64) {
        match (&self.state, hidden) {
            (FollowState::Waiting { .. }, true) => {
                self.state = FollowState::Paused(Pause::Hidden);
            }
            (FollowState::Calling, true) => self.hide_after_call = true,
            (FollowState::Calling, false) => self.hide_after_call = false,
            (FollowState::Paused(Pause::Hidden), false) => {
                // Shown again: the newest state soon, then the same backoff.
                self.state = FollowState::Waiting {
                    due_ms: self.not_before(now_ms + MIN_GAP_MS),
                };
            }
            _ => {}
        }
    }

    /// Refresh after the bound, or Retry after a failure, at `now_ms`: following starts over (its
    /// bound and backoff), its first call as soon as [`MIN_GAP_MS`] allows.
    pub fn resume(&mut self, now_ms: f64) {
        if !matches!(self.state, FollowState::Paused(_)) || self.request.is_none() {
            return;
        }
        self.generation += 1;
        self.calling = None;
        self.hide_after_call = false;
        self.failed_in_a_row = 0;
        self.attempt = 0;
        self.started_ms = now_ms;
        self.state = FollowState::Waiting {
            due_ms: self.not_before(now_ms),
        };
    }

    /// What each call asks.
    pub fn request(&self) -> Option<&ToolRequest> {
        self.request.as_ref()
    }

    /// The ids of the runs that were still going when following began.
    pub fn watched(&self) -> &[String] {
        &self.watched
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calls::CallFailure;
    use widget_model::model_from_json_text;

    fn run(status: &str, blocks: &[(&str, &str)]) -> WidgetModel {
        let block_runs: Vec<String> = blocks
            .iter()
            .map(|(b, s)| {
                format!(
                    r#"{{"block_uuid":"{b}","status":"{s}","started_at":"2026-11-20 06:00:00"}}"#
                )
            })
            .collect();
        model_from_json_text(&format!(
            r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_run","action":"get","state":"ok","records":[{{"id":4822,"pipeline_uuid":"etl_daily","status":"{status}","block_runs":[{}]}}]}}}}"#,
            block_runs.join(",")
        ))
    }

    fn runs_list(statuses: &[&str]) -> WidgetModel {
        let records: Vec<String> = statuses
            .iter()
            .enumerate()
            .map(|(i, s)| format!(r#"{{"id":{},"status":"{s}"}}"#, 100 + i))
            .collect();
        model_from_json_text(&format!(
            r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","records":[{}]}}}}"#,
            records.join(",")
        ))
    }

    fn list_call() -> ToolRequest {
        let mut args = Map::new();
        args.insert("pipeline_uuid".into(), Value::String("etl_daily".into()));
        ToolRequest::read_only("pipeline_runs", args).expect("read-only")
    }

    #[test]
    fn the_delays_double_from_two_seconds_to_thirty() {
        let delays: Vec<f64> = (0..7).map(delay).collect();
        assert_eq!(
            delays,
            [2_000.0, 4_000.0, 8_000.0, 16_000.0, 30_000.0, 30_000.0, 30_000.0]
        );
        assert_eq!(delay(u32::MAX), MAX_DELAY_MS);
        assert!((0..100).map(delay).all(|d| d >= MIN_GAP_MS));
    }

    /// `run_logs`'s answer for run 4822 in `status`: a log file, the run's status as its one count.
    fn logs(status: &str, content: &str) -> WidgetModel {
        model_from_json_text(&format!(
            r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"logs","state":"ok","summary":{{"title":"Logs of run 4822","counts":{{"{status}":1}}}},"filters":{{"pipeline_run_id":4822}},"records":[{{"name":"run.log","content":"{content}"}}]}}}}"#
        ))
    }

    fn logs_call() -> ToolRequest {
        let mut args = Map::new();
        args.insert("pipeline_run_id".into(), Value::from(4822));
        ToolRequest::read_only("run_logs", args).expect("read-only")
    }

    #[test]
    fn a_running_runs_logs_are_asked_again_until_the_run_ends() {
        let (request, watched) =
            follow_request(&logs("running", "line 1"), Some(&logs_call())).expect("followed");
        assert_eq!(request, logs_call(), "the same run_logs call again");
        assert_eq!(watched, ["4822"]);
        for done in ["completed", "failed", "cancelled"] {
            assert_eq!(
                follow_request(&logs(done, "line 1"), Some(&logs_call())),
                None,
                "{done}"
            );
        }
        // Logs whose call is not known, or came from another tool, are not asked again.
        assert_eq!(follow_request(&logs("running", "x"), None), None);
        assert_eq!(
            follow_request(&logs("running", "x"), Some(&list_call())),
            None
        );
        // Followed to the end: the answer that says the run completed stops following.
        let mut f = Follow::default();
        f.start(&logs("running", "line 1"), Some(&logs_call()), true, 0.0);
        let (generation, sent) = f.fire(2_000.0, false).expect("due");
        assert_eq!(sent, logs_call());
        assert!(f.answered(generation, &logs("running", "line 1\\nline 2"), 2_100.0));
        assert!(matches!(f.state, FollowState::Waiting { .. }));
        let (generation, _) = f.fire(10_000.0, false).expect("due again");
        assert!(f.answered(
            generation,
            &logs("completed", "line 1\\nline 2\\ndone"),
            10_100.0
        ));
        assert_eq!(f.state, FollowState::Done);
    }

    #[test]
    fn a_running_run_is_followed_with_pipeline_run_get() {
        let model = run("running", &[("load", "running")]);
        let (request, watched) = follow_request(&model, None).expect("followed");
        assert_eq!(
            request.params(),
            serde_json::json!({"name": "pipeline_run_get", "arguments": {"pipeline_run_id": "4822"}})
        );
        assert_eq!(watched, ["4822"]);
        for done in ["completed", "failed", "cancelled", "something new"] {
            assert_eq!(follow_request(&run(done, &[]), None), None, "{done}");
        }
    }

    #[test]
    fn lists_follow_with_their_own_call_and_only_while_a_row_is_going() {
        let call = list_call();
        let (request, watched) =
            follow_request(&runs_list(&["completed", "running", "queued"]), Some(&call))
                .expect("followed");
        assert_eq!(request, call);
        assert_eq!(watched, ["101", "102"]);
        assert_eq!(
            follow_request(&runs_list(&["completed"]), Some(&call)),
            None
        );
        assert_eq!(
            follow_request(&runs_list(&["running"]), None),
            None,
            "no call to repeat"
        );
        let mutating = ToolRequest::read_only("pipeline_list", Map::new()).expect("read-only");
        assert_eq!(
            follow_request(&runs_list(&["running"]), Some(&mutating)),
            None,
            "only a runs list is asked again"
        );
    }

    #[test]
    fn calls_come_at_the_backoff_and_stop_when_the_run_ends() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        assert_eq!(f.due().map(|d| d.1), Some(2_000.0));
        assert_eq!(f.fire(1_000.0, false), None, "not yet due");
        let (generation, request) = f.fire(2_000.0, false).expect("due");
        assert_eq!(request.tool(), "pipeline_run_get");
        assert_eq!(f.fire(2_100.0, false), None, "one call at a time");
        assert!(f.answered(generation, &run("running", &[]), 2_300.0));
        assert_eq!(f.due().map(|d| d.1), Some(6_300.0), "4 s after the answer");
        let (generation, _) = f.fire(6_300.0, false).expect("due");
        assert!(f.answered(generation, &run("completed", &[]), 6_500.0));
        assert_eq!(f.state, FollowState::Done);
        assert_eq!(f.due(), None);
        assert_eq!(f.fire(100_000.0, false), None, "nothing after the end");
    }

    #[test]
    fn calls_are_never_closer_than_a_second() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        let mut sent = Vec::new();
        let mut now = 0.0;
        // A clock that fires every 10 ms, answering each call at once, for ten minutes.
        while now < 600_000.0 {
            if let Some((generation, _)) = f.fire(now, false) {
                sent.push(now);
                f.answered(generation, &run("running", &[]), now);
            }
            now += 10.0;
        }
        assert!(sent.len() >= 5, "{sent:?}");
        assert!(
            sent.windows(2).all(|w| w[1] - w[0] >= MIN_GAP_MS),
            "{sent:?}"
        );
        assert!(
            sent.windows(2).all(|w| w[1] - w[0] <= MAX_DELAY_MS + 10.0),
            "{sent:?}"
        );
        // Hiding and showing quickly does not bring calls closer either.
        let last = *sent.last().unwrap_or(&0.0);
        f.visibility(true, last + 100.0);
        f.visibility(false, last + 200.0);
        assert!(f.due().is_some_and(|(_, due)| due >= last + MIN_GAP_MS));
    }

    #[test]
    fn following_pauses_after_its_bound_and_refresh_goes_on() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        let mut now = 0.0;
        let mut calls = 0;
        while now < 2.0 * FOLLOW_FOR_MS {
            if let Some((generation, _)) = f.fire(now, false) {
                calls += 1;
                f.answered(generation, &run("running", &[]), now + 100.0);
            }
            now += 500.0;
        }
        assert_eq!(f.state, FollowState::Paused(Pause::Bound));
        assert!(calls < 70, "{calls} calls in 30 minutes");
        f.resume(now);
        assert_eq!(f.due().map(|d| d.1), Some(now));
        assert!(f.fire(now, false).is_some());
    }

    #[test]
    fn a_lost_call_is_asked_again_and_following_goes_on() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        let (generation, _) = f.fire(2_000.0, false).expect("due");
        let lost = CallFailure::Refused {
            tool: "pipeline_run_get",
            message: "the replica that served it stopped".into(),
        };
        f.failed(generation, lost.clone(), 2_100.0);
        assert_eq!(
            f.due().map(|d| d.1),
            Some(6_100.0),
            "asked again at the backoff"
        );
        let (generation, _) = f.fire(6_100.0, false).expect("due");
        f.failed(generation, lost, 6_200.0);
        let (generation, _) = f.fire(14_200.0, false).expect("due again");
        assert!(f.answered(generation, &run("running", &[]), 14_300.0));
        // An answer starts the count again: two more failures do not pause.
        for _ in 1..FAILURES_BEFORE_PAUSE {
            let now = f.due().map(|d| d.1).expect("a call is due");
            let (generation, _) = f.fire(now, false).expect("due");
            let failure = CallFailure::TimedOut {
                tool: "pipeline_run_get",
            };
            f.failed(generation, failure, now + 100.0);
            assert!(
                matches!(f.state, FollowState::Waiting { .. }),
                "{:?}",
                f.state
            );
        }
    }

    #[test]
    fn failed_calls_in_a_row_pause_and_retry_goes_on() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        let failure = CallFailure::TimedOut {
            tool: "pipeline_run_get",
        };
        let mut now = 0.0;
        for _ in 0..FAILURES_BEFORE_PAUSE {
            now = f.due().map(|d| d.1).expect("a call is due");
            let (generation, _) = f.fire(now, false).expect("due");
            f.failed(generation, failure.clone(), now);
        }
        assert_eq!(f.state, FollowState::Paused(Pause::Failed(failure)));
        assert_eq!(f.fire(now + 100_000.0, false), None, "no call until Retry");
        f.resume(now + 500.0);
        assert_eq!(
            f.due().map(|d| d.1),
            Some(now + 1_000.0),
            "a second after the last call"
        );
        // An error state in the answer is not shown and ends nothing by itself.
        let (generation, _) = f.fire(now + 1_000.0, false).expect("due");
        let error =
            model_from_json_text(r#"{"isError":true,"content":[{"type":"text","text":"boom"}]}"#);
        assert!(!f.answered(generation, &error, now + 1_100.0));
    }

    #[test]
    fn hidden_pauses_and_shown_goes_on() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        f.visibility(true, 500.0);
        assert_eq!(f.state, FollowState::Paused(Pause::Hidden));
        assert_eq!(f.fire(10_000.0, false), None);
        f.visibility(false, 20_000.0);
        assert_eq!(f.due().map(|d| d.1), Some(21_000.0));
        // Hidden during a call: the answer is shown, and following pauses.
        let (generation, _) = f.fire(21_000.0, false).expect("due");
        f.visibility(true, 21_100.0);
        assert!(f.answered(generation, &run("running", &[]), 21_200.0));
        assert_eq!(f.state, FollowState::Paused(Pause::Hidden));
    }

    #[test]
    fn a_restart_or_stop_drops_the_answer_of_an_older_call() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        let (old, _) = f.fire(2_000.0, false).expect("due");
        f.start(&run("running", &[]), None, true, 2_100.0);
        assert!(!f.answered(old, &run("completed", &[]), 2_200.0));
        assert!(f.is_live());
        f.stop();
        assert_eq!(f.fire(1e9, false), None);
        assert!(!f.is_live());
    }

    #[test]
    fn without_tool_calls_nothing_is_due_and_the_view_is_told() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, false, 0.0);
        assert_eq!(f.state, FollowState::Unavailable);
        assert_eq!(f.due(), None);
        assert_eq!(f.fire(1e9, false), None);
        f.start(&run("completed", &[]), None, false, 0.0);
        assert_eq!(f.state, FollowState::Off);
    }

    #[test]
    fn a_user_call_under_way_puts_the_follow_off_a_second() {
        let mut f = Follow::default();
        f.start(&run("running", &[]), None, true, 0.0);
        assert_eq!(f.fire(2_000.0, true), None);
        assert_eq!(f.due().map(|d| d.1), Some(3_000.0));
    }
}
