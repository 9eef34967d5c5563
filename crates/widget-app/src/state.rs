//! The widget's state machine: host events in, what to show out. Pure, so it is tested natively.
//! Tool results become models here, through `widget-model`: the only way data reaches the views.

use std::sync::Arc;

use widget_model::{build_from_json_text, build_from_structured_text, ModelBuild, WidgetModel};

use crate::assistant::{run_ended, ModelContext};
use crate::calls::{CallFailure, CallOutcome, CallPurpose, Calls};
use crate::events::{HostEvent, ToolPayload};
use crate::follow::{Follow, FollowState, Pause};
use crate::host_context::HostContext;
pub use crate::phase::Phase;
use crate::requests::ToolRequest;

/// Everything the views read: the phase and the host's context.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub phase: Phase,
    pub context: HostContext,
    /// The host asked the widget to tear down; it stops reporting its size.
    pub torn_down: bool,
    /// The widget's own tool calls: drill-down, back, refresh.
    pub calls: Calls,
    /// A run shown followed as it goes.
    pub follow: Follow,
    /// The widget's document is hidden (another tab, a minimised window).
    pub hidden: bool,
    /// Which screen is shown: a new result, an opened record and Back each make a new one; a
    /// followed run's update does not, so its view keeps what the user did (sort, Find, scroll).
    pub screen: u64,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            phase: Phase::Waiting,
            context: HostContext::default(),
            torn_down: false,
            calls: Calls::default(),
            follow: Follow::default(),
            hidden: false,
            screen: 0,
        }
    }
}

/// A host event made ready to apply: a tool result turned into its model, the costly half of
/// [`AppState::apply`]. The widget makes it ready in the task the host's message arrives in and
/// applies it, and so draws, in the next one (`src/lib.rs`): a large result is then two tasks, not
/// one. A result whose records hold long texts (megabytes of logs) is made ready in more steps,
/// spread over tasks ([`ReadyEvent::step`]), each bounded ([`widget_model::ModelBuild`]).
#[derive(Clone, Debug)]
pub struct ReadyEvent(Ready);

#[derive(Clone, Debug)]
enum Ready {
    Result {
        model: Arc<WidgetModel>,
        restored: bool,
    },
    /// A result whose model is still being built.
    Building { build: ModelBuild, restored: bool },
    /// Any event but a result.
    Other(HostEvent),
}

impl ReadyEvent {
    /// `event`, its result (if it is one) turned into a model, or as far as the model's first step
    /// goes ([`ReadyEvent::is_ready`] says which).
    pub fn of(event: HostEvent) -> ReadyEvent {
        match event {
            HostEvent::ToolResult(payload) => Self::building(build_of(&payload), false),
            HostEvent::RestoredResult(payload) => Self::building(build_of(&payload), true),
            other => ReadyEvent(Ready::Other(other)),
        }
    }

    fn building(build: ModelBuild, restored: bool) -> ReadyEvent {
        ReadyEvent(match build {
            ModelBuild::Done(model) => Ready::Result {
                model: Arc::new(*model),
                restored,
            },
            build => Ready::Building { build, restored },
        })
    }

    /// Whether the event is ready to apply; one that is not is applied all the same, its model's
    /// steps left run first.
    pub fn is_ready(&self) -> bool {
        !matches!(self.0, Ready::Building { .. })
    }

    /// Whether the next step redacts a slice of a long text ([`ModelBuild::redacts_next`]).
    pub fn redacts_next(&self) -> bool {
        matches!(&self.0, Ready::Building { build, .. } if build.redacts_next())
    }

    /// The next step of the event's model ([`ModelBuild::step`]).
    pub fn step(self) -> ReadyEvent {
        match self.0 {
            Ready::Building { build, restored } => Self::building(build.step(), restored),
            ready => ReadyEvent(ready),
        }
    }
}

impl AppState {
    /// Applies one host event that arrived at `now_ms` (a live result says when it came).
    pub fn apply(&mut self, event: HostEvent, now_ms: f64) {
        self.apply_ready(ReadyEvent::of(event), now_ms);
    }

    /// Applies one host event whose result, if any, is already a model ([`ReadyEvent::of`]).
    pub fn apply_ready(&mut self, event: ReadyEvent, now_ms: f64) {
        let event = match event.0 {
            Ready::Result { model, restored } => return self.show(model, restored, now_ms),
            Ready::Building { build, restored } => {
                return self.show(Arc::new(build.finish()), restored, now_ms)
            }
            Ready::Other(event) => event,
        };
        match event {
            HostEvent::Connected(context) => self.context = context,
            HostEvent::ContextChanged(patch) => self.context.merge(patch),
            HostEvent::ToolInput => self.phase = Phase::Loading,
            HostEvent::ToolCallKnown { tool, arguments } => {
                self.calls.origin = Some((tool, arguments))
            }
            // [`ReadyEvent::of`] never leaves a result here; built now if one came another way.
            HostEvent::ToolResult(_) | HostEvent::RestoredResult(_) => {
                self.apply_ready(ReadyEvent::of(event), now_ms)
            }
            HostEvent::ToolCancelled(reason) => {
                if !self.shows_live_result() {
                    self.phase = Phase::Cancelled { reason };
                }
            }
            HostEvent::Teardown => {
                self.torn_down = true;
                self.follow.stop();
            }
            HostEvent::Hidden(hidden) => {
                self.hidden = hidden;
                self.follow.visibility(hidden, now_ms);
            }
        }
    }

    /// A result's model shown: a live one always; a restored one unless a live one is shown.
    fn show(&mut self, model: Arc<WidgetModel>, restored: bool, now_ms: f64) {
        if restored {
            if !self.shows_live_result() {
                self.phase = Phase::Ready {
                    model,
                    restored: true,
                };
                self.screen += 1;
            }
            return;
        }
        self.calls.reset();
        self.calls.updated_ms = Some(now_ms);
        self.phase = Phase::Ready {
            model,
            restored: false,
        };
        self.follow_current(now_ms);
    }

    /// Follows the current screen from `now_ms` when it shows a run still going (a live result,
    /// not one restored from storage), else stops following.
    fn follow_current(&mut self, now_ms: f64) {
        self.screen += 1;
        match &self.phase {
            Phase::Ready {
                model,
                restored: false,
            } if !self.torn_down => {
                let refresh = self.calls.refresh_request();
                let can_call = self.context.capabilities.call_tools;
                self.follow.start(model, refresh.as_ref(), can_call, now_ms);
                if self.hidden {
                    self.follow.visibility(true, now_ms);
                }
            }
            _ => self.follow.stop(),
        }
    }

    /// Whether a live result (not a restored one) is shown: it wins over a restored one and a
    /// late cancellation.
    fn shows_live_result(&self) -> bool {
        matches!(
            self.phase,
            Phase::Ready {
                restored: false,
                ..
            }
        )
    }

    /// Starts one of the widget's own calls; `true` when the caller should send it (none was
    /// under way and the host takes tool calls).
    pub fn begin_call(&mut self, request: ToolRequest, purpose: CallPurpose) -> bool {
        self.context.capabilities.call_tools && self.calls.begin(request, purpose)
    }

    /// Applies how the widget's call ended, at `now_ms`. A new screen is followed when it shows
    /// a run still going.
    pub fn finish_call(&mut self, outcome: CallOutcome, now_ms: f64) {
        let before = self.phase.clone();
        self.calls.finish(&mut self.phase, outcome, now_ms);
        if self.phase != before {
            self.follow_current(now_ms);
        }
    }

    /// Back to the screen before the last drill-down; `false` when there is none.
    pub fn go_back(&mut self, now_ms: f64) -> bool {
        let went = self.calls.back(&mut self.phase);
        if went {
            self.follow_current(now_ms);
        }
        went
    }

    /// A follow timer ran at `now_ms`: the call to send now (with its generation), if one is due
    /// and the host takes tool calls.
    pub fn fire_follow(&mut self, now_ms: f64) -> Option<(u64, ToolRequest)> {
        if self.torn_down || self.hidden || !self.context.capabilities.call_tools {
            return None;
        }
        self.follow.fire(now_ms, self.calls.pending.is_some())
    }

    /// The follow call of `generation` ended at `now_ms`. Its answer replaces the screen in place
    /// (a run started by `run_pipeline` keeps its banner); a failure pauses following. When the
    /// runs have all ended, what the assistant may be told of how they ended (when the host
    /// takes it).
    pub fn finish_follow(
        &mut self,
        generation: u64,
        outcome: CallOutcome,
        now_ms: f64,
    ) -> Option<ModelContext> {
        if !self.follow.expects(generation) {
            return None;
        }
        let tool = self.calls_tool_of_follow();
        let mut model = match outcome {
            CallOutcome::Answered(text) => widget_model::model_from_json_text(&text),
            CallOutcome::Modelled(model) => Arc::unwrap_or_clone(model),
            CallOutcome::Refused(message) => {
                self.follow
                    .failed(generation, CallFailure::Refused { tool, message });
                return None;
            }
            CallOutcome::TimedOut => {
                self.follow
                    .failed(generation, CallFailure::TimedOut { tool });
                return None;
            }
        };
        if model.state == widget_model::State::Error {
            let model = Arc::new(model);
            self.follow
                .failed(generation, CallFailure::ToolError { tool, model });
            return None;
        }
        if !self.follow.answered(generation, &model, now_ms) {
            return None;
        }
        if let Phase::Ready { model: shown, .. } = &self.phase {
            let started_here = shown
                .mutation
                .as_ref()
                .is_some_and(|m| m.operation == widget_model::Operation::Run);
            if model.mutation.is_none() && started_here {
                model.mutation = shown.mutation.clone();
            }
        }
        self.phase = Phase::Ready {
            model: Arc::new(model),
            restored: false,
        };
        self.calls.updated_ms = Some(now_ms);
        let told =
            self.context.capabilities.model_context && self.follow.state == FollowState::Done;
        match &self.phase {
            Phase::Ready { model, .. } if told => run_ended(model, self.follow.watched()),
            _ => None,
        }
    }

    /// The tool the follow calls, for its failure message.
    fn calls_tool_of_follow(&self) -> &'static str {
        self.follow
            .request()
            .map_or("pipeline_run_get", ToolRequest::tool)
    }

    /// Refresh after following paused at its bound, or Retry after a failed follow call.
    pub fn resume_follow(&mut self, now_ms: f64) {
        self.follow.resume(now_ms);
    }

    /// The failure following paused on: a call the widget made by itself, which the bar says in
    /// one line beside Retry ([`crate::calls::one_line`]) so that the data stays first. A call the
    /// person made keeps its failure in [`Calls::failure`], said in full where they acted.
    pub fn follow_failure(&self) -> Option<&CallFailure> {
        match &self.follow.state {
            FollowState::Paused(Pause::Failed(failure)) => Some(failure),
            _ => None,
        }
    }
}

/// The model of a payload as the host delivered it.
pub fn model_of(payload: &ToolPayload) -> WidgetModel {
    build_of(payload).finish()
}

/// [`model_of`] in steps: the first one taken.
fn build_of(payload: &ToolPayload) -> ModelBuild {
    match payload {
        ToolPayload::CallToolResult(text) => build_from_json_text(text),
        ToolPayload::Parts { structured, hints } => {
            build_from_structured_text(structured, hints.as_deref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(json: &str) -> HostEvent {
        HostEvent::ToolResult(ToolPayload::CallToolResult(json.to_owned()))
    }

    fn restored(json: &str) -> HostEvent {
        HostEvent::RestoredResult(ToolPayload::CallToolResult(json.to_owned()))
    }

    const RUNS: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,
        "resource":"pipeline_runs","action":"list","state":"ok","records":[{"id":1,"status":"running"}]}}"#;

    #[test]
    fn events_made_ready_first_end_in_the_same_state() {
        let sequences: [Vec<HostEvent>; 3] = [
            vec![
                HostEvent::ToolInput,
                restored(RUNS),
                result(RUNS),
                HostEvent::ToolCancelled(None),
            ],
            vec![
                restored(RUNS),
                HostEvent::ToolCancelled(Some("stop".into())),
                HostEvent::ToolInput,
            ],
            vec![result("{not json"), restored(RUNS), HostEvent::Teardown],
        ];
        for events in sequences {
            let (mut direct, mut ready) = (AppState::default(), AppState::default());
            for (i, event) in events.into_iter().enumerate() {
                direct.apply(event.clone(), i as f64);
                ready.apply_ready(ReadyEvent::of(event), i as f64);
            }
            // Phases compare their models by identity: the two were built apart.
            assert_eq!(format!("{direct:?}"), format!("{ready:?}"));
        }
    }

    #[test]
    fn a_result_with_a_long_log_is_made_ready_in_steps_and_ends_as_if_at_once() {
        let line = "2026-11-23T16:33:49 {\"level\": \"INFO\", \"message\": \"token: abc\"}\n";
        let content = line.repeat(widget_model::limits::TEXT_SLICE_BYTES / line.len() * 3);
        let logs = serde_json::json!({ "structuredContent": {
            "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_run",
            "action": "logs", "state": "ok",
            "records": [{ "name": "run.log", "content": content }],
        }})
        .to_string();
        let mut event = ReadyEvent::of(result(&logs));
        let mut steps = 0;
        while !event.is_ready() {
            event = event.step();
            steps += 1;
            assert!(steps < 20, "bounded");
        }
        assert!(steps > 3, "one step a slice: {steps}");
        let mut stepped = AppState::default();
        stepped.apply_ready(event, 1.0);
        // Applied before it is ready, its steps left run first.
        let mut unready = AppState::default();
        unready.apply_ready(ReadyEvent::of(result(&logs)), 1.0);
        let mut direct = AppState::default();
        direct.apply(result(&logs), 1.0);
        assert_eq!(format!("{direct:?}"), format!("{stepped:?}"));
        assert_eq!(format!("{direct:?}"), format!("{unready:?}"));
        assert!(!format!("{direct:?}").contains("token: abc"));
    }

    #[test]
    fn the_mcp_apps_sequence_goes_loading_then_ok() {
        let mut s = AppState::default();
        assert_eq!(s.phase.data_state(), "loading");
        s.apply(HostEvent::Connected(HostContext::default()), 0.0);
        s.apply(HostEvent::ToolInput, 0.0);
        assert!(s.phase.is_busy());
        s.apply(result(RUNS), 0.0);
        assert_eq!(s.phase.data_state(), "ok");
    }

    #[test]
    fn cancellation_before_the_result_shows_cancelled() {
        let mut s = AppState::default();
        s.apply(HostEvent::ToolInput, 0.0);
        s.apply(
            HostEvent::ToolCancelled(Some("user stopped it".into())),
            0.0,
        );
        assert_eq!(
            s.phase,
            Phase::Cancelled {
                reason: Some("user stopped it".into())
            }
        );
        assert_eq!(s.phase.data_state(), "empty");
    }

    #[test]
    fn a_live_result_is_not_replaced_by_a_restored_one_or_a_late_cancel() {
        let mut s = AppState::default();
        s.apply(result(RUNS), 0.0);
        s.apply(restored("{}"), 0.0);
        s.apply(HostEvent::ToolCancelled(None), 0.0);
        assert!(
            matches!(&s.phase, Phase::Ready { restored: false, model } if model.table.rows.len() == 1)
        );
    }

    #[test]
    fn a_live_result_says_when_it_arrived_and_a_restored_one_does_not() {
        let mut s = AppState::default();
        s.apply(restored(RUNS), 7.0);
        assert_eq!(s.calls.updated_ms, None);
        s.apply(result(RUNS), 9.0);
        assert_eq!(s.calls.updated_ms, Some(9.0));
        s.apply(HostEvent::ToolInput, 12.0);
        assert_eq!(s.calls.updated_ms, Some(9.0));
    }

    #[test]
    fn a_restored_result_is_marked_and_then_replaced_by_the_live_one() {
        let mut s = AppState::default();
        s.apply(restored(RUNS), 0.0);
        assert!(matches!(s.phase, Phase::Ready { restored: true, .. }));
        s.apply(result(RUNS), 0.0);
        assert!(matches!(
            s.phase,
            Phase::Ready {
                restored: false,
                ..
            }
        ));
    }

    #[test]
    fn input_after_a_restored_result_goes_back_to_loading() {
        // The host spoke for the frame after all: what was restored may be another call's.
        let mut s = AppState::default();
        s.apply(restored(RUNS), 0.0);
        s.apply(HostEvent::ToolInput, 0.0);
        assert_eq!(s.phase, Phase::Loading);
    }

    #[test]
    fn garbage_is_an_error_state_not_a_panic() {
        let mut s = AppState::default();
        s.apply(result("{not json"), 0.0);
        assert_eq!(s.phase.data_state(), "error");
        s.apply(
            HostEvent::ToolResult(ToolPayload::Parts {
                structured: "[".repeat(500),
                hints: None,
            }),
            0.0,
        );
        assert_eq!(s.phase.data_state(), "error");
    }

    #[test]
    fn parts_carry_their_hints() {
        let structured = r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"uuid":"a"}]}"#;
        let model = model_of(&ToolPayload::Parts {
            structured: structured.into(),
            hints: Some(r#"{"title":"From hints"}"#.into()),
        });
        assert_eq!(
            model.header.title,
            widget_model::words::Text::Given("From hints".into())
        );
    }

    #[test]
    fn context_changes_merge() {
        use crate::host_context::{ContextPatch, Theme};
        let mut s = AppState::default();
        s.apply(
            HostEvent::ContextChanged(ContextPatch {
                theme: Some(Some(Theme::Dark)),
                ..Default::default()
            }),
            0.0,
        );
        assert_eq!(s.context.theme, Some(Theme::Dark));
    }

    fn fixture(file: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/../../fixtures/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("fixture")
    }

    fn connected(call_tools: bool, model_context: bool) -> AppState {
        let mut s = AppState::default();
        let mut context = HostContext::default();
        context.capabilities.call_tools = call_tools;
        context.capabilities.model_context = model_context;
        s.apply(HostEvent::Connected(context), 0.0);
        s
    }

    fn run_status(s: &AppState) -> Option<String> {
        match &s.phase {
            Phase::Ready { model, .. } => crate::follow::row_status(model, 0),
            _ => None,
        }
    }

    #[test]
    fn a_started_run_is_followed_in_place_to_its_end_and_the_assistant_is_told() {
        let mut s = connected(true, true);
        s.apply(result(&fixture("pipeline_runs/run-started.json")), 0.0);
        assert!(s.follow.is_live());
        assert_eq!(s.fire_follow(1_000.0), None, "not before 2 s");
        let (generation, request) = s.fire_follow(2_000.0).expect("a call at 2 s");
        assert_eq!(
            request.params(),
            serde_json::json!({"name": "pipeline_run_get", "arguments": {"pipeline_run_id": "4822"}})
        );
        let told = s.finish_follow(
            generation,
            CallOutcome::Answered(fixture("pipeline_runs/get-running.json")),
            2_200.0,
        );
        assert_eq!(told, None, "still running");
        assert_eq!(run_status(&s).as_deref(), Some("running"));
        assert_eq!(s.calls.updated_ms, Some(2_200.0));
        assert_eq!(s.screen, 1, "an update is the same screen");
        assert!(
            matches!(&s.phase, Phase::Ready { model, .. } if model.mutation.is_some()),
            "the run's banner stays"
        );
        assert_eq!(s.fire_follow(5_000.0), None, "4 s after the last answer");
        let (generation, _) = s.fire_follow(6_200.0).expect("the second call");
        let told = s.finish_follow(
            generation,
            CallOutcome::Answered(fixture("pipeline_runs/get-completed.json")),
            6_400.0,
        );
        assert_eq!(run_status(&s).as_deref(), Some("completed"));
        assert_eq!(s.follow.state, FollowState::Done);
        assert_eq!(
            told.map(|t| t.text),
            Some("Pipeline run 4822 of etl_daily completed after 6 s.".into())
        );
        assert_eq!(s.fire_follow(1e9), None, "no call after the end");
    }

    #[test]
    fn without_server_tools_nothing_is_sent() {
        let mut s = connected(false, true);
        s.apply(result(&fixture("pipeline_runs/run-started.json")), 0.0);
        assert_eq!(s.follow.state, FollowState::Unavailable);
        for t in 0..100 {
            assert_eq!(s.fire_follow(f64::from(t) * 1_000.0), None);
        }
    }

    #[test]
    fn teardown_and_hiding_stop_the_calls() {
        let mut s = connected(true, false);
        s.apply(result(&fixture("pipeline_runs/run-started.json")), 0.0);
        s.apply(HostEvent::Hidden(true), 500.0);
        assert_eq!(s.fire_follow(10_000.0), None, "hidden");
        s.apply(HostEvent::Hidden(false), 20_000.0);
        let (generation, _) = s.fire_follow(21_000.0).expect("shown again");
        s.apply(HostEvent::Teardown, 21_100.0);
        let told = s.finish_follow(
            generation,
            CallOutcome::Answered(fixture("pipeline_runs/get-completed.json")),
            21_200.0,
        );
        assert_eq!(told, None);
        assert_eq!(
            run_status(&s).as_deref(),
            Some("running"),
            "a late answer is dropped"
        );
        assert_eq!(s.fire_follow(1e9), None);
        // A result that arrives hidden waits until shown.
        let mut s = connected(true, false);
        s.apply(HostEvent::Hidden(true), 0.0);
        s.apply(result(&fixture("pipeline_runs/run-started.json")), 10.0);
        assert_eq!(s.fire_follow(60_000.0), None);
    }

    #[test]
    fn a_failed_follow_call_keeps_the_screen_and_pauses_until_retry() {
        let mut s = connected(true, false);
        s.apply(result(&fixture("pipeline_runs/run-started.json")), 0.0);
        let (generation, _) = s.fire_follow(2_000.0).expect("due");
        s.finish_follow(generation, CallOutcome::Refused("denied".into()), 2_100.0);
        assert!(matches!(
            s.follow.state,
            FollowState::Paused(crate::follow::Pause::Failed(CallFailure::Refused { .. }))
        ));
        assert_eq!(run_status(&s).as_deref(), Some("running"));
        assert_eq!(s.fire_follow(60_000.0), None);
        s.resume_follow(60_000.0);
        assert!(s.fire_follow(60_000.0).is_some());
    }

    #[test]
    fn a_followed_runs_failed_call_is_one_line_and_the_persons_own_is_in_full() {
        let mut s = connected(true, false);
        let mut arguments = serde_json::Map::new();
        arguments.insert("pipeline_uuid".into(), "etl_daily".into());
        let tool = "pipeline_runs".to_owned();
        s.apply(HostEvent::ToolCallKnown { tool, arguments }, 0.0);
        s.apply(result(&fixture("pipeline_runs/list-ok.json")), 0.0);
        let (generation, request) = s.fire_follow(2_000.0).expect("the list asked again");
        assert_eq!(request.tool(), "pipeline_runs");
        // A host without the tool answers the widget's own call with an error.
        let missing = "Tool pipeline_runs not found.\nThis host offers pipeline_run_get, run_logs and block_runs to the widget; ask the assistant to list the runs again.";
        let answer = serde_json::json!({ "isError": true, "content": [{ "type": "text", "text": missing }] });
        s.finish_follow(
            generation,
            CallOutcome::Answered(answer.to_string()),
            2_100.0,
        );
        // The data stays, and nothing is said in full: the person did not make the call.
        assert!(
            matches!(&s.phase, Phase::Ready { model, .. } if model.resource == "pipeline_runs" && model.table.rows.len() == 20)
        );
        assert_eq!(s.calls.failure, None);
        let failure = s.follow_failure().expect("following paused on the failure");
        let whole: Vec<String> = failure.words().iter().map(|w| w.english()).collect();
        let whole = whole.join(" ");
        assert!(
            whole.starts_with("pipeline_runs answered with an error: The tool reported an error."),
            "{whole}"
        );
        assert!(
            whole.contains("ask the assistant to list the runs again"),
            "{whole}"
        );
        let line = crate::calls::one_line(&whole);
        assert!(!line.contains('\n') && line.ends_with('…'), "{line}");
        assert!(line.chars().count() <= crate::calls::FAILURE_LINE_CHARS + 1);
        assert!(
            line.contains("Tool pipeline_runs not found. This host"),
            "{line}"
        );
        // The person's Refresh that fails is said in full, where they acted.
        let refresh = s.calls.refresh_request().expect("the list refreshes");
        assert!(s.begin_call(refresh, CallPurpose::Refresh));
        s.finish_call(CallOutcome::Answered(answer.to_string()), 3_000.0);
        assert!(matches!(
            &s.calls.failure,
            Some(CallFailure::ToolError {
                tool: "pipeline_runs",
                ..
            })
        ));
        assert!(
            s.follow_failure().is_some(),
            "following still paused, with Retry"
        );
    }
}
