//! The resource widget: an MCP Apps resource that renders pipeline-service tool results.
//!
//! Data flows one way: a host [`bridge`] delivers raw JSON as [`app::HostEvent`]s; the
//! [`app::AppState`] machine turns results into `widget_model::WidgetModel`s (pure Rust, in
//! `crates/widget-model`); the [`views`] draw them (graphs placed by `crates/graph-layout`). Only the bridge
//! touches `window`.
//!
//! Depends on: `widget-app`, `widget-model`, `graph-layout` (the pure crates), Leptos, and
//! `web-sys`/`js-sys`/`wasm-bindgen` (for the bridge and the views: the only crate that may).
//! With the `test-hooks` feature it also exposes the end-to-end tests' hooks (never shipped).

/// The pure core (`crates/widget-app`): host events, the state machine, the services views may ask for.
pub use widget_app as app;
pub mod bridge;
pub mod steps;
pub mod views;

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;

/// Connects the widget to its host (`ui/initialize` goes out now) and readies its views, which
/// [`mount`] draws on `<body>`. Two steps, because the JavaScript build translates a function
/// before its first call: the page translates what connecting runs, calls this, and translates
/// what drawing runs only once the page is idle, then calls [`mount`]; the host hears from the
/// widget that much sooner. The wasm build calls both at once (scripts/single-html.mjs).
pub fn start() {
    #[cfg(feature = "test-hooks")]
    if let Some(window) = web_sys::window() {
        bridge::test_hooks::expose(&window);
    }
    let state = RwSignal::new(app::AppState::default());
    let clock = bridge::page_clock();
    let arrived_at = std::rc::Rc::clone(&clock.now_ms);
    let (connection, services) = bridge::connect(&clock, apply_in_the_next_task(state, arrived_at));
    // The connection lives as long as the page.
    std::mem::forget(connection);
    let draw: Box<dyn FnOnce()> = Box::new(move || {
        leptos::mount::mount_to_body(move || view! { <views::Widget state services/> });
    });
    READY_TO_MOUNT.with(|ready| *ready.borrow_mut() = Some(draw));
}

/// Draws the widget [`start`] connected, on `<body>`; once (a second call draws nothing).
pub fn mount() {
    if let Some(draw) = READY_TO_MOUNT.with(|ready| ready.borrow_mut().take()) {
        draw();
    }
}

thread_local! {
    /// What [`mount`] draws, from [`start`].
    static READY_TO_MOUNT: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
}

/// The host's events for `state`, each noted with when it arrived (`now_ms`, the page's clock): each made ready ([`app::ReadyEvent::of`]: a result becomes its
/// model) in the task its message arrives in, and applied, in order with those that came with it,
/// in the next task, where the views draw them. A large result is then two tasks, not one
/// (docs/performance.md); the state and what is drawn change together. A result whose model takes
/// more steps (long texts redacted a slice at a time) takes more tasks, as many steps to a task as
/// [`steps::for_a_task`] runs, and the events behind it wait for it.
fn apply_in_the_next_task(
    state: RwSignal<app::AppState>,
    now_ms: Rc<dyn Fn() -> f64>,
) -> impl Fn(app::HostEvent) + 'static {
    let waiting: Rc<RefCell<Waiting>> = Rc::default();
    move |event| {
        let ready = (app::ReadyEvent::of(event), now_ms());
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
    events: std::collections::VecDeque<(app::ReadyEvent, f64)>,
    scheduled: bool,
}

/// In the next task: the first event's next steps when it is not ready (as many as
/// [`steps::for_a_task`] runs), else every ready event at the front applied together; then another
/// task while events wait.
fn next_task(state: RwSignal<app::AppState>, waiting: Rc<RefCell<Waiting>>) {
    gloo_timers::callback::Timeout::new(0, move || {
        let ready = {
            let mut waiting = waiting.borrow_mut();
            match waiting.events.pop_front() {
                Some((event, at)) if !event.is_ready() => {
                    let event = steps::for_a_task(
                        event,
                        app::ReadyEvent::redacts_next,
                        app::ReadyEvent::step,
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
