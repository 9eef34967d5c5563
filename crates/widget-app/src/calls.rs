//! The widget's own tool calls: opening a record (drill-down), going back, refreshing. One call at
//! a time; what it answers becomes a screen, and earlier screens wait on a bounded back stack.
//! The calls themselves are made by the bridge (through `HostServices::call_tool`); this module only
//! decides what is asked ([`crate::requests`]) and what an answer changes.

use std::sync::Arc;

use serde_json::{Map, Value};
use widget_model::words::{Msg, Text};
use widget_model::{model_from_json_text, WidgetModel};

use crate::phase::Phase;
use crate::requests::{refresh, ToolRequest};

/// Screens kept behind the current one; the oldest goes first.
pub const MAX_BACK: usize = 8;

/// Why a call was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallPurpose {
    /// Drill-down: the answer becomes a new screen, the current one goes on the back stack.
    Open,
    /// The same call again: the answer replaces the current screen.
    Refresh,
}

/// How a call ended, as the bridge reports it.
#[derive(Clone, Debug, PartialEq)]
pub enum CallOutcome {
    /// The host answered with a CallToolResult (JSON text), which may itself be a tool error.
    Answered(String),
    /// The host answered, and the widget has already made the answer its model (in steps, as a
    /// result with long texts is made: `widget_model::ModelBuild`).
    Modelled(Arc<WidgetModel>),
    /// The host refused or failed the request (its JSON-RPC error message, bounded).
    Refused(String),
    /// No answer within the bridge's time limit.
    TimedOut,
}

/// A call that did not give a screen: shown beside the control the user acted on.
#[derive(Clone, Debug)]
pub enum CallFailure {
    Refused {
        tool: &'static str,
        message: String,
    },
    TimedOut {
        tool: &'static str,
    },
    /// A refresh answered with a tool error: the screen stays, the error shows beside it.
    ToolError {
        tool: &'static str,
        model: Arc<WidgetModel>,
    },
}

impl CallFailure {
    /// What the failure says, in order: what failed (the tool, and how), then for a tool error
    /// the error's code, message and remedy and the text the tool returned instead of a result.
    pub fn words(&self) -> Vec<Text> {
        match self {
            CallFailure::Refused { tool, message } => vec![Text::Own(Msg::CallRefused {
                tool: (*tool).to_owned(),
                message: message.clone(),
            })],
            CallFailure::TimedOut { tool } => vec![Text::Own(Msg::CallTimedOut {
                tool: (*tool).to_owned(),
            })],
            CallFailure::ToolError { tool, model } => {
                let mut words = vec![Text::Own(Msg::CallFailed {
                    tool: (*tool).to_owned(),
                })];
                match &model.error {
                    Some(error) => {
                        words.extend(error.code.clone().map(Text::Given));
                        words.push(error.message.clone());
                        words.extend(error.remedy.clone());
                        words.extend(error.detail.clone().map(Text::Given));
                    }
                    None => words.push(Text::Own(Msg::SomethingWentWrong)),
                }
                words
            }
        }
    }
}

/// The most characters of a failure's line in the call bar (the rest stays in its whole text).
pub const FAILURE_LINE_CHARS: usize = 120;

/// A failure's `whole` text as one line for the call bar, beside Retry: its line breaks and runs
/// of white space as one space, cut after [`FAILURE_LINE_CHARS`] with "…" (the whole text is the
/// line's title).
pub fn one_line(whole: &str) -> String {
    let joined = whole.split_whitespace().collect::<Vec<_>>().join(" ");
    match joined.char_indices().nth(FAILURE_LINE_CHARS) {
        None => joined,
        Some((cut, _)) => format!("{}…", joined[..cut].trim_end()),
    }
}

/// Models compare by identity, as in [`Phase`].
impl PartialEq for CallFailure {
    fn eq(&self, other: &CallFailure) -> bool {
        match (self, other) {
            (
                CallFailure::Refused {
                    tool: a,
                    message: m,
                },
                CallFailure::Refused {
                    tool: b,
                    message: n,
                },
            ) => a == b && m == n,
            (CallFailure::TimedOut { tool: a }, CallFailure::TimedOut { tool: b }) => a == b,
            (
                CallFailure::ToolError { tool: a, model: m },
                CallFailure::ToolError { tool: b, model: n },
            ) => a == b && Arc::ptr_eq(m, n),
            _ => false,
        }
    }
}

/// A screen on the back stack.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    pub phase: Phase,
    pub source: Option<ToolRequest>,
    pub updated_ms: Option<f64>,
}

/// The calls' part of the app state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calls {
    /// The host's own call for the first screen: its tool and arguments (from `tool-input`).
    pub origin: Option<(String, Map<String, Value>)>,
    /// The widget's call that gave the current screen; `None` for the host's result.
    pub source: Option<ToolRequest>,
    /// When the current screen's data arrived (ms since the epoch), when known.
    pub updated_ms: Option<f64>,
    /// Earlier screens, the latest last.
    pub back: Vec<Screen>,
    /// The call under way.
    pub pending: Option<(ToolRequest, CallPurpose)>,
    /// How the last call failed, until the next one starts.
    pub failure: Option<CallFailure>,
}

impl Calls {
    /// The request that fetches the current screen again, when its tool is read-only.
    pub fn refresh_request(&self) -> Option<ToolRequest> {
        match &self.source {
            Some(request) => Some(request.clone()),
            None => self
                .origin
                .as_ref()
                .and_then(|(tool, args)| refresh(tool, args)),
        }
    }

    /// The arguments of the call that gave the current screen (for a block list's pipeline).
    pub fn current_arguments(&self) -> Map<String, Value> {
        match &self.source {
            Some(request) => request.arguments().clone(),
            None => self
                .origin
                .as_ref()
                .map(|(_, args)| args.clone())
                .unwrap_or_default(),
        }
    }

    /// Starts `request` unless a call is under way; `true` when the caller should send it.
    pub fn begin(&mut self, request: ToolRequest, purpose: CallPurpose) -> bool {
        if self.pending.is_some() {
            return false;
        }
        self.failure = None;
        self.pending = Some((request, purpose));
        true
    }

    /// Applies how the pending call ended to `phase` (the current screen). Answers to a call that
    /// is no longer pending (the host delivered a new result meanwhile) are dropped.
    pub fn finish(&mut self, phase: &mut Phase, outcome: CallOutcome, now_ms: f64) {
        let Some((request, purpose)) = self.pending.take() else {
            return;
        };
        let tool = request.tool();
        let model = match outcome {
            CallOutcome::Answered(text) => Arc::new(model_from_json_text(&text)),
            CallOutcome::Modelled(model) => model,
            CallOutcome::Refused(message) => {
                self.failure = Some(CallFailure::Refused { tool, message });
                return;
            }
            CallOutcome::TimedOut => {
                self.failure = Some(CallFailure::TimedOut { tool });
                return;
            }
        };
        if purpose == CallPurpose::Refresh && model.state == widget_model::State::Error {
            self.failure = Some(CallFailure::ToolError { tool, model });
            return;
        }
        let next = Phase::Ready {
            model,
            restored: false,
        };
        if purpose == CallPurpose::Open {
            let previous = std::mem::replace(phase, next);
            self.back.push(Screen {
                phase: previous,
                source: self.source.take(),
                updated_ms: self.updated_ms,
            });
            if self.back.len() > MAX_BACK {
                self.back.remove(0);
            }
        } else {
            *phase = next;
        }
        self.source = Some(request);
        self.updated_ms = Some(now_ms);
    }

    /// Returns to the previous screen; `false` when there is none.
    pub fn back(&mut self, phase: &mut Phase) -> bool {
        let Some(screen) = self.back.pop() else {
            return false;
        };
        *phase = screen.phase;
        self.source = screen.source;
        self.updated_ms = screen.updated_ms;
        self.failure = None;
        true
    }

    /// A new result from the host starts over: no back stack, no call of ours under way.
    pub fn reset(&mut self) {
        self.source = None;
        self.updated_ms = None;
        self.back.clear();
        self.pending = None;
        self.failure = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::requests::open_record;
    use crate::requests::RecordIds;

    const LIST: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"uuid":"etl"}]}}"#;
    const DETAIL: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"get","state":"ok","records":[{"uuid":"etl","name":"ETL"}]}}"#;
    const TOOL_ERROR: &str = r#"{"isError":true,"content":[{"type":"text","text":"{\"error\":{\"code\":\"AUTH_EXPIRED\",\"message\":\"expired\"}}"}]}"#;

    fn list_phase() -> Phase {
        Phase::Ready {
            model: Arc::new(model_from_json_text(LIST)),
            restored: false,
        }
    }

    fn open_etl() -> ToolRequest {
        let ids = RecordIds {
            uuid: Some("etl".into()),
            ..RecordIds::default()
        };
        open_record("pipelines", &ids, &Map::new()).expect("a pipeline opens")
    }

    fn resource_of(phase: &Phase) -> (String, String) {
        match phase {
            Phase::Ready { model, .. } => (model.resource.clone(), model.action.clone()),
            _ => (String::new(), String::new()),
        }
    }

    #[test]
    fn open_then_back_returns_to_the_list() {
        let mut calls = Calls::default();
        let mut phase = list_phase();
        assert!(calls.begin(open_etl(), CallPurpose::Open));
        assert!(
            !calls.begin(open_etl(), CallPurpose::Open),
            "one call at a time"
        );
        calls.finish(&mut phase, CallOutcome::Answered(DETAIL.into()), 5.0);
        assert_eq!(resource_of(&phase), ("pipelines".into(), "get".into()));
        assert_eq!(calls.back.len(), 1);
        assert_eq!(
            calls.refresh_request().map(|r| r.tool()),
            Some("pipeline_get")
        );
        assert_eq!(calls.updated_ms, Some(5.0));
        assert!(calls.back(&mut phase));
        assert_eq!(resource_of(&phase), ("pipelines".into(), "list".into()));
        assert!(!calls.back(&mut phase));
    }

    #[test]
    fn an_answer_already_modelled_opens_the_same_screen() {
        let (mut answered, mut modelled) = (Calls::default(), Calls::default());
        let (mut by_text, mut by_model) = (list_phase(), list_phase());
        assert!(answered.begin(open_etl(), CallPurpose::Open));
        assert!(modelled.begin(open_etl(), CallPurpose::Open));
        answered.finish(&mut by_text, CallOutcome::Answered(DETAIL.into()), 5.0);
        let model = Arc::new(model_from_json_text(DETAIL));
        modelled.finish(&mut by_model, CallOutcome::Modelled(model), 5.0);
        // Phases compare their models by identity: the two were built apart.
        assert_eq!(format!("{by_text:?}"), format!("{by_model:?}"));
        assert_eq!(answered.back.len(), modelled.back.len());
        assert_eq!(answered.source, modelled.source);
    }

    #[test]
    fn the_back_stack_is_bounded() {
        let mut calls = Calls::default();
        let mut phase = list_phase();
        for i in 0..(MAX_BACK + 5) {
            assert!(calls.begin(open_etl(), CallPurpose::Open));
            calls.finish(&mut phase, CallOutcome::Answered(DETAIL.into()), i as f64);
        }
        assert_eq!(calls.back.len(), MAX_BACK);
    }

    #[test]
    fn a_failed_refresh_keeps_the_screen_and_says_why() {
        let mut calls = Calls {
            origin: Some(("pipeline_list".into(), Map::new())),
            ..Calls::default()
        };
        let mut phase = list_phase();
        let refresh = calls.refresh_request().expect("pipeline_list refreshes");
        assert!(calls.begin(refresh.clone(), CallPurpose::Refresh));
        calls.finish(&mut phase, CallOutcome::Answered(TOOL_ERROR.into()), 1.0);
        assert_eq!(resource_of(&phase), ("pipelines".into(), "list".into()));
        assert!(
            matches!(&calls.failure, Some(CallFailure::ToolError { tool: "pipeline_list", model }) if model.state == widget_model::State::Error)
        );
        assert!(calls.begin(refresh.clone(), CallPurpose::Refresh));
        calls.finish(&mut phase, CallOutcome::TimedOut, 2.0);
        assert_eq!(
            calls.failure,
            Some(CallFailure::TimedOut {
                tool: "pipeline_list"
            })
        );
        assert!(calls.begin(refresh, CallPurpose::Refresh));
        calls.finish(&mut phase, CallOutcome::Refused("no".into()), 3.0);
        assert!(matches!(calls.failure, Some(CallFailure::Refused { .. })));
        assert_eq!(calls.back.len(), 0);
    }

    #[test]
    fn a_failed_open_is_a_screen_with_the_error_state() {
        let mut calls = Calls::default();
        let mut phase = list_phase();
        calls.begin(open_etl(), CallPurpose::Open);
        calls.finish(&mut phase, CallOutcome::Answered(TOOL_ERROR.into()), 1.0);
        assert_eq!(phase.data_state(), "error");
        assert_eq!(calls.back.len(), 1);
    }

    #[test]
    fn mutations_are_never_refreshed() {
        let calls = Calls {
            origin: Some(("pipeline_delete".into(), Map::new())),
            ..Calls::default()
        };
        assert_eq!(calls.refresh_request(), None);
    }

    #[test]
    fn a_late_answer_after_a_reset_changes_nothing() {
        let mut calls = Calls::default();
        let mut phase = list_phase();
        calls.begin(open_etl(), CallPurpose::Open);
        calls.reset();
        calls.finish(&mut phase, CallOutcome::Answered(DETAIL.into()), 1.0);
        assert_eq!(resource_of(&phase), ("pipelines".into(), "list".into()));
        assert!(calls.back.is_empty());
    }

    #[test]
    fn a_failure_is_said_on_one_line_cut_with_its_whole_text_beside() {
        assert_eq!(
            one_line("pipeline_get failed: denied"),
            "pipeline_get failed: denied"
        );
        assert_eq!(one_line("a\n  traceback\tline\n"), "a traceback line");
        let long = "word ".repeat(60);
        let line = one_line(&long);
        assert_eq!(line.chars().count(), FAILURE_LINE_CHARS);
        assert!(line.ends_with("word…"), "{line}");
        let words = CallFailure::TimedOut {
            tool: "pipeline_runs",
        }
        .words();
        let said: Vec<String> = words.iter().map(Text::english).collect();
        assert_eq!(said, ["pipeline_runs did not answer within 30 seconds."]);
        let envelope = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/errors/auth-expired.json"
        ))
        .expect("fixture");
        let error = Arc::new(model_from_json_text(&envelope));
        let failure = CallFailure::ToolError {
            tool: "pipeline_list",
            model: error,
        };
        let said: Vec<String> = failure.words().iter().map(Text::english).collect();
        assert_eq!(said[0], "pipeline_list answered with an error:");
        assert!(said.contains(&"AUTH_EXPIRED".to_owned()), "{said:?}");
        assert!(
            said.len() >= 3,
            "the code, the message, the remedy: {said:?}"
        );
    }
}
