//! The resource widget: an MCP Apps resource that renders pipeline-service tool results.
//!
//! Data flows one way: a host [`bridge`] delivers raw JSON as [`widget_app::HostEvent`]s; the
//! [`widget_app::AppState`] machine turns results into `widget_model::WidgetModel`s (pure Rust, in
//! `crates/widget-model`); the [`views`] draw them (graphs placed by `crates/graph-layout`). Only
//! the bridge touches `window`. The widget's own tool calls are [`calls`]: the views raise
//! intents, `widget_app` decides, the host services send.
//!
//! Entry points: [`start`] then [`mount`] (the page's boot calls both), [`warm_up`] (a hidden part
//! drawn a task at a time until a result comes), and [`root`], what `mount` draws, which the
//! browser tests mount too.
//!
//! Two steps to start: [`start`] connects (the bridge sends `ui/initialize`) and [`mount`] draws,
//! so that the JavaScript build translates what drawing runs only after the host has heard from
//! the widget. From right after connecting and before any tool-input (a host may send the result
//! the moment the handshake is done), the page draws the warm-up, so that a result's first draw
//! runs compiled (or translated) code; a result ends it.
//!
//! Two tasks per message: each host event is made ready (`widget_app::ReadyEvent::of`: a result
//! becomes its model) in the task its message arrives in, and applied to the `AppState`, in order
//! with any others that arrived meanwhile, in the next task, where the views draw it; the state
//! and what is drawn change together. A result whose records hold long texts takes more: its model
//! is built in steps ([`steps`]), those texts redacted a slice a step in the tasks between, and
//! events behind it wait their turn. The answers to the widget's own calls take the same steps.
//!
//! Never: log; panic (a panic aborts, and the page's last resort replaces the widget with the
//! error state); touch `window` outside [`bridge`]; put a string from data anywhere but a text node.
//!
//! Depends on: `widget-app`, `widget-model`, `graph-layout` (the pure crates), Leptos, and
//! `web-sys`/`js-sys`/`wasm-bindgen` (for the bridge and the views: the only crate that may).
//! With the `test-hooks` feature it also exposes the end-to-end tests' hooks (never shipped).

pub mod bridge;
pub mod calls;
pub mod steps;
pub mod views;

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;

/// Connects the widget to its host (`ui/initialize` goes out now) and readies its views, which
/// [`mount`] draws on `<body>`. Two steps, because the JavaScript build translates a function
/// before its first call: the page translates what connecting runs, calls this, and translates
/// what drawing runs only once the page is idle, then calls [`mount`]; the host hears from the
/// widget that much sooner. The wasm build calls both at once (page/single-html.mjs).
pub fn start() {
    #[cfg(feature = "test-hooks")]
    if let Some(window) = web_sys::window() {
        bridge::test_hooks::expose(&window);
    }
    // The browser's language from the start, as the host's context will have it unless the host
    // names another: what is drawn before the handshake's answer (the warm-up) writes with the
    // same `Intl` formatters as the result after it.
    let mut initial = widget_app::AppState::default();
    if let Some(window) = web_sys::window() {
        initial.context = bridge::browser::browser_context(&window);
    }
    let state = RwSignal::new(initial);
    let clock = bridge::page_clock();
    let arrived_at = std::rc::Rc::clone(&clock.now_ms);
    let (connection, services) = bridge::connect(&clock, apply_in_the_next_task(state, arrived_at));
    let draw: Box<dyn FnOnce()> = Box::new(move || {
        leptos::mount::mount_to_body(move || root(state, services));
        connection.drawn();
        // The connection lives as long as the page.
        std::mem::forget(connection);
    });
    READY_TO_MOUNT.with(|ready| *ready.borrow_mut() = Some(draw));
}

/// The widget over `state`, with `services`: the root of what [`mount`] draws (and the browser
/// tests mount). The widget's own calls and the follow loop start here ([`calls`]); the views
/// draw and raise intents.
pub fn root(
    state: RwSignal<widget_app::AppState>,
    services: widget_app::HostServices,
) -> impl IntoView {
    let intents = calls::Intents::new(state, services.clone());
    intents.follow_runs();
    view! { <views::Widget state services intents/> }
}

/// Draws the widget [`start`] connected, on `<body>`; once (a second call draws nothing).
pub fn mount() {
    if let Some(draw) = READY_TO_MOUNT.with(|ready| ready.borrow_mut().take()) {
        draw();
    }
}

/// With `go_on`, draws the next part of the warm-up of the widget [`mount`] drew (`views::widget`:
/// a hidden list with the call bar, a graph and a windowed list); otherwise, or once all were
/// drawn or a result has come, removes the part drawn and ends the warm-up. Whether it drew one.
/// The page calls it a task at a time from right after [`mount`] until it answers `false`, and
/// ends it when a result arrives (page/single-html.mjs; the JavaScript build translates what
/// each part calls first): a host may send the result the moment the handshake is done, and the
/// warm-up saves a result's first draw its code's first run.
pub fn warm_up(go_on: bool) -> bool {
    views::widget::warm_up_next(go_on)
}

thread_local! {
    /// What [`mount`] draws, from [`start`].
    static READY_TO_MOUNT: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
}

/// The host's events for `state`, each noted with when it arrived (`now_ms`, the page's clock): each made ready ([`widget_app::ReadyEvent::of`]: a result becomes its
/// model) in the task its message arrives in, and applied, in order with those that came with it,
/// in the next task, where the views draw them. A large result is then two tasks, not one
/// (docs/performance.md); the state and what is drawn change together. A result whose model takes
/// more steps (long texts redacted a slice at a time) takes more tasks, as many steps to a task as
/// [`steps::for_a_task`] runs, and the events behind it wait for it.
fn apply_in_the_next_task(
    state: RwSignal<widget_app::AppState>,
    now_ms: Rc<dyn Fn() -> f64>,
) -> impl Fn(widget_app::HostEvent) + 'static {
    let waiting: Rc<RefCell<Waiting>> = Rc::default();
    move |event| {
        let ready = (widget_app::ReadyEvent::of(event), now_ms());
        let start = {
            let mut waiting = waiting.borrow_mut();
            waiting.events.push_back(ready);
            !std::mem::replace(&mut waiting.scheduled, true)
        };
        if start {
            next_task(state, Rc::clone(&waiting));
        }
    }
}

/// Events waiting to be applied, each with when it arrived, and whether a task for them is
/// scheduled.
#[derive(Default)]
struct Waiting {
    events: std::collections::VecDeque<(widget_app::ReadyEvent, f64)>,
    scheduled: bool,
}

/// In the next task: the first event's next steps when it is not ready (as many as
/// [`steps::for_a_task`] runs), else every ready event at the front applied together; then another
/// task while events wait.
fn next_task(state: RwSignal<widget_app::AppState>, waiting: Rc<RefCell<Waiting>>) {
    gloo_timers::callback::Timeout::new(0, move || {
        let ready = {
            let mut waiting = waiting.borrow_mut();
            match waiting.events.pop_front() {
                Some((event, at)) if !event.is_ready() => {
                    let event = steps::for_a_task(
                        event,
                        widget_app::ReadyEvent::redacts_next,
                        widget_app::ReadyEvent::step,
                    );
                    waiting.events.push_front((event, at));
                    Vec::new()
                }
                Some(first) => {
                    let mut ready = vec![first];
                    while waiting.events.front().is_some_and(|(e, _)| e.is_ready()) {
                        ready.extend(waiting.events.pop_front());
                    }
                    ready
                }
                None => Vec::new(),
            }
        };
        if !ready.is_empty() {
            state.update(|s| {
                for (event, at) in ready {
                    s.apply_ready(event, at);
                }
            });
        }
        let more = {
            let mut waiting = waiting.borrow_mut();
            waiting.scheduled = !waiting.events.is_empty();
            waiting.scheduled
        };
        if more {
            next_task(state, waiting);
        }
    })
    .forget();
}
