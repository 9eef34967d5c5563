//! The widget's own tool calls: a record opened from a row or a graph node, Refresh, Back, going
//! on after a pause, and the loop that follows a running run. What is asked, when, and what an
//! answer changes is `widget_app`'s to decide (`requests`, `calls`, `follow`); this module sends
//! what it decides through the host services (the bridge's `tools/call`, its timers on the page's
//! clock) and puts the answers back into the state. The root starts the follow loop
//! ([`Intents::follow_runs`]); views raise intents through [`Intents`] and never send a call.

use std::rc::Rc;

use leptos::prelude::*;

use widget_app::assistant::looking_at;
use widget_app::{AppState, CallPurpose, HostCapabilities, HostServices, Phase, ToolRequest};

/// What views may ask for, by intent: open a record, go back, go on following. Provided by the
/// root to the views below it ([`intents`]).
#[derive(Clone, Copy)]
pub struct Intents {
    state: RwSignal<AppState>,
    services: StoredValue<HostServices, LocalStorage>,
}

/// The intents of the widget a view is in (none outside a mounted widget).
pub fn intents() -> Option<Intents> {
    use_context::<Intents>()
}

/// What the host offers (nothing outside a mounted widget), as the views read it when drawn.
pub fn capabilities() -> HostCapabilities {
    intents().map(|i| i.capabilities()).unwrap_or_default()
}

impl Intents {
    /// The intents over `state`, sent through `services`. Call under a reactive owner (the root).
    pub fn new(state: RwSignal<AppState>, services: HostServices) -> Intents {
        Intents {
            state,
            services: StoredValue::new_local(services),
        }
    }

    /// The state the intents change, for views that read what they would send.
    pub fn state(&self) -> RwSignal<AppState> {
        self.state
    }

    /// What the host offers now.
    pub fn capabilities(&self) -> HostCapabilities {
        self.state.with_untracked(|s| s.context.capabilities)
    }

    /// Starts `request` unless a call is under way or the host takes none; its answer goes back
    /// into the state, and a record the person opened is what the assistant is told they look at.
    pub fn open(&self, request: ToolRequest, purpose: CallPurpose) {
        let (state, services) = (self.state, self.services);
        let mut send = false;
        state.update(|s| send = s.begin_call(request.clone(), purpose));
        if !send {
            return;
        }
        let (call, now) = services.with_value(|s| (Rc::clone(&s.call_tool), Rc::clone(&s.now_ms)));
        call(
            request,
            Box::new(move |outcome| {
                crate::steps::when_modelled(outcome, move |outcome| {
                    state.update(|s| s.finish_call(outcome, now()));
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

    /// Back to the previous screen, if there is one (the Back button and Escape).
    pub fn back(&self) -> bool {
        let now = self.services.with_value(|s| (s.now_ms)());
        let mut went = false;
        self.state.update(|s| went = s.go_back(now));
        went
    }

    /// Goes on following after a pause (Refresh after the time bound, Retry after a failure).
    pub fn resume(&self) {
        let now = self.services.with_value(|s| (s.now_ms)());
        self.state.update(|s| s.resume_follow(now));
    }

    /// Follows a run the state says is still going: whenever a call falls due
    /// (`widget_app::follow`), a timer of the host services runs at that time and sends it, and
    /// its answer goes back into the state. Everything about when and whether is the state's to
    /// say: a timer that runs after following stopped sends nothing. Called once, by the root.
    pub fn follow_runs(&self) {
        let (state, services) = (self.state, self.services);
        let due = Memo::new(move |_| state.with(|s| s.follow.due()));
        Effect::new(move |_| {
            if let Some((_, due_ms)) = due.get() {
                wait_for(state, services, due_ms);
            }
        });
    }
}

/// Sets a timer for `due_ms` that sends the follow call due then.
fn wait_for(
    state: RwSignal<AppState>,
    services: StoredValue<HostServices, LocalStorage>,
    due_ms: f64,
) {
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
    services: StoredValue<HostServices, LocalStorage>,
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
