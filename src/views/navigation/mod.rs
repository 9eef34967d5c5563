//! The widget's own tool calls in the view: the bar above a result (Back, Refresh, when the data
//! arrived, how the person's last call failed, a followed run's live mark or the one line of its
//! failed call beside Retry), a row's Open control, the one function that starts a call, and the
//! loop that follows a run (its timers through the host services). What is asked, when, and what
//! an answer changes is decided in `widget_app` (`requests`, `calls`, `follow`); a control is
//! shown only when the host takes tool calls, never as a dead button.

use std::rc::Rc;

use leptos::prelude::*;
use serde_json::{Map, Value};
use widget_model::words::Msg;
use widget_model::Table;

use crate::app::assistant::{failed_record, looking_at};
use crate::app::calls::one_line;
use crate::app::follow::{FollowState, Pause, FOLLOW_FOR_MS};
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
            crate::steps::when_modelled(outcome, move |outcome| {
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
            })
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
    let now = services().with_value(|s| (s.now_ms)());
    let mut went = false;
    state.update(|s| went = s.go_back(now));
    went
}

/// Follows a run the state says is still going: whenever a call falls due
/// (`widget_app::follow`), a timer (the host services') runs at that time and sends it, and its
/// answer goes back into the state. Everything about when and whether is the state's to say:
/// a timer that runs after following stopped sends nothing. Called once, by the root.
pub fn follow_runs(state: RwSignal<AppState>) {
    let services = services();
    let due = Memo::new(move |_| state.with(|s| s.follow.due()));
    Effect::new(move |_| {
        if let Some((_, due_ms)) = due.get() {
            wait_for(state, services, due_ms);
        }
    });
}

/// Sets a timer for `due_ms` that sends the follow call due then.
fn wait_for(state: RwSignal<AppState>, services: crate::views::context::Services, due_ms: f64) {
    let (now, set_timer) = services.with_value(|s| (Rc::clone(&s.now_ms), Rc::clone(&s.set_timer)));
    let after = (due_ms - now()).max(0.0);
    set_timer(
        after,
        Box::new(move || {
            let now_ms = services.try_with_value(|s| (s.now_ms)());
            let Some(now_ms) = now_ms else { return };
            match state.try_update(|s| s.fire_follow(now_ms)).flatten() {
                Some((generation, request)) => send_follow(state, services, generation, request),
                // A timer that ran a little early waits for the rest.
                None => {
                    let still = state.try_with_untracked(|s| s.follow.due()).flatten();
                    if still.is_some_and(|(_, due)| due == due_ms) {
                        wait_for(state, services, due_ms);
                    }
                }
            }
        }),
    );
}

/// Sends the follow call of `generation`; its answer is shown in place, and how the runs ended is
/// told to the assistant when the host takes it.
fn send_follow(
    state: RwSignal<AppState>,
    services: crate::views::context::Services,
    generation: u64,
    request: ToolRequest,
) {
    let Some(call) = services.try_with_value(|s| Rc::clone(&s.call_tool)) else {
        return;
    };
    call(
        request,
        Box::new(move |outcome| {
            crate::steps::when_modelled(outcome, move |outcome| {
                let Some(now) = services.try_with_value(|s| (s.now_ms)()) else {
                    return;
                };
                let told = state
                    .try_update(|s| s.finish_follow(generation, outcome, now))
                    .flatten();
                if let Some(context) = told {
                    services.with_value(|s| (s.update_model_context)(&context));
                }
            })
        }),
    );
}

/// Goes on following after a pause (Refresh after the time bound, Retry after a failure).
fn resume_following() {
    if let Some(Actions { state }) = use_context::<Actions>() {
        let now = services().with_value(|s| (s.now_ms)());
        state.update(|s| s.resume_follow(now));
    }
}

/// What the bar says of a followed run.
#[derive(Clone, Debug, PartialEq)]
enum Following {
    /// Asking again as it goes: when the shown data arrived.
    Live(Option<f64>),
    /// Paused after the time bound: Refresh goes on.
    Bound,
    /// A call the widget made by itself failed: the failure on one line, and Retry.
    Failed(CallFailure),
    /// Still running, and the host takes no calls from the widget.
    Unavailable,
}

impl Following {
    fn of(s: &AppState) -> Option<Following> {
        match &s.follow.state {
            FollowState::Waiting { .. } | FollowState::Calling => {
                Some(Following::Live(s.calls.updated_ms))
            }
            FollowState::Paused(Pause::Bound) => Some(Following::Bound),
            FollowState::Paused(Pause::Failed(failure)) => Some(Following::Failed(failure.clone())),
            FollowState::Unavailable => Some(Following::Unavailable),
            FollowState::Paused(Pause::Hidden) | FollowState::Off | FollowState::Done => None,
        }
    }
}

/// What the bar shows, read from the state in one memo (one type: each memo type costs code).
#[derive(Clone, Debug, PartialEq)]
struct Bar {
    back: bool,
    refresh: Option<ToolRequest>,
    pending: Option<CallPurpose>,
    updated_ms: Option<f64>,
    /// How the person's last call failed (a followed run's failed call is `following`'s).
    failure: Option<CallFailure>,
    /// Whether the frame is fullscreen now, when the host offers fullscreen.
    fullscreen: Option<bool>,
    /// The failed run or block shown (its resource and id), when the host takes messages.
    ask: Option<(String, String)>,
    /// A run followed as it goes.
    following: Option<Following>,
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
            following: Following::of(s),
        };
        let shown = bar.back
            || bar.refresh.is_some()
            || bar.failure.is_some()
            || bar.fullscreen.is_some()
            || bar.ask.is_some()
            || bar.following.is_some();
        shown.then_some(bar)
    }
}

/// The bar above a result: Back, Refresh and the time the data arrived, the person's last call's
/// failure, and a followed run's mark. Empty (no element) when there is nothing to offer.
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
            let live = matches!(bar.following, Some(Following::Live(_)));
            let status = match bar.pending {
                Some(CallPurpose::Refresh) => Some(t(&Msg::Refreshing)),
                Some(CallPurpose::Open) => Some(t(&Msg::Opening)),
                // A live run's time is in its mark, which is not announced at every update.
                None if live => None,
                None => bar.updated_ms.map(|ms| t(&Msg::UpdatedAt { epoch_ms: ms as i64 })),
            };
            let following = bar.following.map(|following| view! { <FollowingView following/> });
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
                    {following}
                    <span class="call-bar__status" role="status">{status}</span>
                    {failure}
                </div>
            }
        })
    }
}

/// A followed run's mark: live with the time of the last update, or why following paused with
/// the control that goes on (after a failed call, the failure on one line before Retry), or why
/// it cannot follow.
#[component]
fn FollowingView(following: Following) -> impl IntoView {
    let live = matches!(following, Following::Live(_));
    let failed = match &following {
        Following::Failed(failure) => Some(view! { <FailureLine failure=failure.clone()/> }),
        _ => None,
    };
    let (class, text, action) = match following {
        Following::Live(updated) => (
            "call-bar__live",
            updated.map(|ms| Msg::Live {
                epoch_ms: ms as i64,
            }),
            None,
        ),
        Following::Bound => (
            "call-bar__paused",
            Some(Msg::FollowPaused {
                minutes: (FOLLOW_FOR_MS / 60_000.0) as u64,
            }),
            Some(("call-bar__button call-bar__resume", Msg::Refresh)),
        ),
        Following::Failed(_) => (
            "call-bar__paused",
            Some(Msg::FollowStopped),
            Some(("call-bar__button call-bar__retry", Msg::Retry)),
        ),
        Following::Unavailable => ("call-bar__note", Some(Msg::FollowUnavailable), None),
    };
    view! {
        <span class=class>
            {live.then(|| view! { <span class="call-bar__live-dot" aria-hidden="true"></span> })}
            {text.map(|m| t(&m))}
        </span>
        {failed}
        {action.map(|(class, label)| view! {
            <button type="button" class=class on:click=move |_| resume_following()>{t(&label)}</button>
        })}
    }
}

/// A call the widget made by itself that failed, on one line beside Retry, so that the data the
/// person asked for stays first: the failure's text cut to a line (`widget_app::calls::one_line`),
/// the whole of it as the line's title.
#[component]
fn FailureLine(failure: CallFailure) -> impl IntoView {
    let locale = locale();
    let whole: Vec<String> = failure.words().iter().map(|w| locale.text(w)).collect();
    let whole = whole.join(" ");
    let line = one_line(&whole);
    view! { <span class="call-bar__failure call-bar__failure--line" title=whole>{line}</span> }
}

/// How the person's last call failed, in full where they acted.
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
