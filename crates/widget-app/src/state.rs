//! The widget's state machine: host events in, what to show out. Pure, so it is tested natively.
//! Tool results become models here, through `widget-model`: the only way data reaches the views.

use std::sync::Arc;

use widget_model::{model_from_json_text, model_from_structured_text, WidgetModel};

use crate::calls::{CallOutcome, CallPurpose, Calls};
use crate::events::{HostEvent, ToolPayload};
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
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            phase: Phase::Waiting,
            context: HostContext::default(),
            torn_down: false,
            calls: Calls::default(),
        }
    }
}

/// A host event ready to apply: a tool result already turned into its model, the costly half of
/// [`AppState::apply`]. The widget builds it in the task the host's message arrives in and applies
/// it, and so draws, in the next one (`src/lib.rs`): a large result is then two tasks, not one.
#[derive(Clone, Debug)]
pub struct ReadyEvent(Ready);

#[derive(Clone, Debug)]
enum Ready {
    Result {
        model: Arc<WidgetModel>,
        restored: bool,
    },
    /// Any event but a result.
    Other(HostEvent),
}

impl ReadyEvent {
    /// `event`, its result (if it is one) turned into a model.
    pub fn of(event: HostEvent) -> ReadyEvent {
        ReadyEvent(match event {
            HostEvent::ToolResult(payload) => Ready::Result {
                model: Arc::new(model_of(&payload)),
                restored: false,
            },
            HostEvent::RestoredResult(payload) => Ready::Result {
                model: Arc::new(model_of(&payload)),
                restored: true,
            },
            other => Ready::Other(other),
        })
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
            HostEvent::Teardown => self.torn_down = true,
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
            }
            return;
        }
        self.calls.reset();
        self.calls.updated_ms = Some(now_ms);
        self.phase = Phase::Ready {
            model,
            restored: false,
        };
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

    /// Applies how the widget's call ended, at `now_ms`.
    pub fn finish_call(&mut self, outcome: CallOutcome, now_ms: f64) {
        self.calls.finish(&mut self.phase, outcome, now_ms);
    }

    /// Back to the screen before the last drill-down; `false` when there is none.
    pub fn go_back(&mut self) -> bool {
        self.calls.back(&mut self.phase)
    }
}

/// The model of a payload as the host delivered it.
pub fn model_of(payload: &ToolPayload) -> WidgetModel {
    match payload {
        ToolPayload::CallToolResult(text) => model_from_json_text(text),
        ToolPayload::Parts { structured, hints } => {
            model_from_structured_text(structured, hints.as_deref())
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
}
