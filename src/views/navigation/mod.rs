//! The widget's own tool calls in the view: the bar above a result (Back, Refresh, when the data
//! arrived, how the last call failed), a row's Open control, and the one function that starts a
//! call. What is asked and what an answer changes is decided in `widget_app` (`requests`,
//! `calls`); a control is shown only when the host takes tool calls, never as a dead button.

use std::rc::Rc;

use leptos::prelude::*;
use serde_json::{Map, Value};
use widget_model::words::Msg;
use widget_model::Table;

use crate::app::assistant::{failed_record, looking_at};
use crate::app::requests::open_record;
use crate::app::{AppState, CallFailure, CallPurpose, DisplayMode, Phase, ToolRequest};
use crate::views::context::services;
use crate::views::locale::{locale, t};
use crate::views::states::ErrorState;

/// The app state, for views that start calls (provided by the root).
#[derive(Clone, Copy)]
pub struct Actions {
    pub state: RwSignal<AppState>,
}

/// Starts `request` unless a call is under way or the host takes none; its answer goes back into
/// the state.
pub fn start_call(request: ToolRequest, purpose: CallPurpose) {
    let Some(Actions { state }) = use_context::<Actions>() else {
        return;
    };
    let mut send = false;
    state.update(|s| send = s.begin_call(request.clone(), purpose));
    if !send {
        return;
    }
    let services = services();
    let (call, now) = services.with_value(|s| (Rc::clone(&s.call_tool), Rc::clone(&s.now_ms)));
    call(
        request,
        Box::new(move |outcome| {
            state.update(|s| s.finish_call(outcome, now()));
            // A record the user opened is what they are looking at: the assistant may know.
            if purpose == CallPurpose::Open {
                let context = state.with_untracked(|s| match &s.phase {
                    Phase::Ready { model, .. } if s.context.capabilities.model_context => {
                        looking_at(model)
                    }
                    _ => None,
                });
                if let Some(context) = context {
                    services.with_value(|s| (s.update_model_context)(&context));
                }
            }
        }),
    );
}

/// What the host offers (none outside a mounted widget), as the views read it when they are drawn.
pub fn capabilities() -> crate::app::HostCapabilities {
    use_context::<Actions>()
        .map(|a| a.state.with_untracked(|s| s.context.capabilities))
        .unwrap_or_default()
}

/// Back to the previous screen, if there is one (the Back button and Escape).
pub fn go_back() -> bool {
    let Some(Actions { state }) = use_context::<Actions>() else {
        return false;
    };
    let mut went = false;
    state.update(|s| went = s.go_back());
    went
}

/// What the bar shows, read from the state in one memo (one type: each memo type costs code).
#[derive(Clone, Debug, PartialEq)]
struct Bar {
    back: bool,
    refresh: Option<ToolRequest>,
    pending: Option<CallPurpose>,
    updated_ms: Option<f64>,
    failure: Option<CallFailure>,
    /// Whether the frame is fullscreen now, when the host offers fullscreen.
    fullscreen: Option<bool>,
    /// The failed run or block shown (its resource and id), when the host takes messages.
    ask: Option<(String, String)>,
}

impl Bar {
    fn of(s: &AppState) -> Option<Bar> {
        let calls = &s.calls;
        let bar = Bar {
            back: !calls.back.is_empty(),
            refresh: calls
                .refresh_request()
                .filter(|_| s.context.capabilities.call_tools),
            pending: calls.pending.as_ref().map(|(_, purpose)| *purpose),
            updated_ms: calls.updated_ms,
            failure: calls.failure.clone(),
            fullscreen: s
                .context
                .available_display_modes
                .contains(&DisplayMode::Fullscreen)
                .then_some(s.context.display_mode == Some(DisplayMode::Fullscreen)),
            ask: match &s.phase {
                Phase::Ready { model, .. } if s.context.capabilities.message => {
                    failed_record(model)
                }
                _ => None,
            },
        };
        let shown = bar.back
            || bar.refresh.is_some()
            || bar.failure.is_some()
            || bar.fullscreen.is_some()
            || bar.ask.is_some();
        shown.then_some(bar)
    }
}

/// The bar above a result: Back, Refresh and the time the data arrived, and the last call's
/// failure. Empty (no element) when there is nothing to offer.
///
/// - `state`: the app state.
#[component]
pub fn CallBar(state: RwSignal<AppState>) -> impl IntoView {
    let bar = Memo::new(move |_| state.with(Bar::of));
    move || {
        bar.get().map(|bar| {
            let back = bar.back.then(|| view! {
                <button type="button" class="call-bar__button call-bar__back" on:click=move |_| { go_back(); }>
                    {t(&Msg::Back)}
                </button>
            });
            let busy = bar.pending.is_some().then_some("true");
            let refresh = bar.refresh.map(|request| view! {
                <button
                    type="button"
                    class="call-bar__button call-bar__refresh"
                    aria-disabled=busy
                    on:click=move |_| start_call(request.clone(), CallPurpose::Refresh)
                >
                    {t(&Msg::Refresh)}
                </button>
            });
            let status = match bar.pending {
                Some(CallPurpose::Refresh) => Some(t(&Msg::Refreshing)),
                Some(CallPurpose::Open) => Some(t(&Msg::Opening)),
                None => bar.updated_ms.map(|ms| t(&Msg::UpdatedAt { epoch_ms: ms as i64 })),
            };
            let failure = bar.failure.map(|failure| view! { <CallFailureView failure/> });
            let ask = bar.ask.map(|(resource, id)| {
                let question = t(&Msg::WhyFailed { noun: widget_model::words::Noun::of(&resource), id });
                let send = services().with_value(|s| Rc::clone(&s.send_message));
                view! {
                    <button type="button" class="call-bar__button call-bar__ask" on:click=move |_| send(&question)>
                        {t(&Msg::AskAboutThis)}
                    </button>
                }
            });
            let fullscreen = bar.fullscreen.map(|on| {
                // A toggle: one name, its state in aria-pressed.
                let target = if on { DisplayMode::Inline } else { DisplayMode::Fullscreen };
                let ask = services().with_value(|s| Rc::clone(&s.request_display_mode));
                view! {
                    <button type="button" class="call-bar__button call-bar__fullscreen" aria-pressed=if on { "true" } else { "false" } on:click=move |_| ask(target)>
                        {t(&Msg::FullScreen)}
                    </button>
                }
            });
            view! {
                <div class="call-bar">
                    {back}
                    {refresh}
                    {fullscreen}
                    {ask}
                    <span class="call-bar__status" role="status">{status}</span>
                    {failure}
                </div>
            }
        })
    }
}

/// How the last call failed, where the user acted.
#[component]
fn CallFailureView(failure: CallFailure) -> impl IntoView {
    let locale = locale();
    match failure {
        CallFailure::Refused { tool, message } => view! {
            <p class="call-bar__failure" role="alert">{locale.t(&Msg::CallRefused { tool: tool.to_owned(), message })}</p>
        }
        .into_any(),
        CallFailure::TimedOut { tool } => view! {
            <p class="call-bar__failure" role="alert">{locale.t(&Msg::CallTimedOut { tool: tool.to_owned() })}</p>
        }
        .into_any(),
        CallFailure::ToolError { tool, model } => view! {
            // The error state below is the alert.
            <div class="call-bar__failure">
                <p>{locale.t(&Msg::CallFailed { tool: tool.to_owned() })}</p>
                <ErrorState error=model.error.clone()/>
            </div>
        }
        .into_any(),
    }
}

/// Which rows of a list open a record, and with what: the drill-down table of
/// `widget_app::requests` over each row's record ids.
#[derive(Clone, Debug)]
pub struct RowOpener {
    resource: String,
    list_arguments: Map<String, Value>,
}

impl RowOpener {
    /// An opener for a list of `resource` (with the arguments of the call that listed it), when
    /// its first row opens something.
    pub fn for_list(
        resource: &str,
        table: &Table,
        list_arguments: Map<String, Value>,
    ) -> Option<RowOpener> {
        let opener = RowOpener {
            resource: resource.to_owned(),
            list_arguments,
        };
        opener.request(table, 0).map(|_| opener)
    }

    /// What opening row `index` asks for.
    pub fn request(&self, table: &Table, index: usize) -> Option<ToolRequest> {
        open_record(
            &self.resource,
            &table.rows.get(index)?.ids,
            &self.list_arguments,
        )
    }
}

/// A row's Open control.
///
/// - `request`: what opening the row asks for.
/// - `name`: the row's title, for the control's accessible name.
#[component]
pub fn OpenButton(request: ToolRequest, name: String) -> impl IntoView {
    let label = t(&Msg::OpenRecord { name });
    view! {
        <button type="button" class="row-open" aria-label=label on:click=move |_| start_call(request.clone(), CallPurpose::Open)>
            {t(&Msg::Open)}
        </button>
    }
}
