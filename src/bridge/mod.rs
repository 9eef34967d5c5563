//! Host bridges: the only code that touches `window`. Each turns its host's protocol into
//! [`HostEvent`]s and offers [`HostServices`]; nothing downstream knows which host it runs in.
//!
//! - [`openai`]: the `window.openai` runtime (ChatGPT's Apps SDK), when it is present;
//! - [`mcp_apps`]: MCP Apps hosts (Claude, VS Code, the preview, the test host): postMessage JSON-RPC,
//!   the sender checked before the message's JSON goes to `widget_app::protocol`.
//!
//! Beside them: [`storage`] keeps each result per tool call across reloads (redacted after the
//! render, in steps), [`size`] reports the widget's height, [`clock`] is the page's time and the
//! timers every decision waits on (which the end-to-end tests hold in a test-hooks build), and
//! [`services`] the window's services the views use (clipboard, links).
//!
//! Never: hand anything on from a message not sent by the host's window; keep a result unredacted;
//! log a message or a result.

pub mod browser;
pub mod clock;
pub mod mcp_apps;
pub mod openai;
pub mod services;
pub mod size;
pub mod storage;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;

// The message shapes themselves are pure and tested natively, in `crates/widget-app`.
pub use widget_app::protocol::{context, jsonrpc};

use std::rc::Rc;

use widget_app::{HostEvent, HostServices};

/// Keeps a bridge alive for the page's lifetime.
pub enum Connection {
    OpenAi(Rc<openai::OpenAiBridge>),
    McpApps(Rc<mcp_apps::McpAppsBridge>),
    /// No host: the page was opened on its own.
    Standalone,
}

/// The page's clock: the window's, or in a `test-hooks` build the one the tests may hold.
pub fn page_clock() -> clock::Clock {
    #[cfg(feature = "test-hooks")]
    let clock = test_hooks::holdable_clock(clock::window_clock());
    #[cfg(not(feature = "test-hooks"))]
    let clock = clock::window_clock();
    clock
}

impl Connection {
    /// The widget is drawn: its bridge may report its size from now on.
    pub fn drawn(&self) {
        match self {
            Connection::OpenAi(bridge) => bridge.drawn(),
            Connection::McpApps(bridge) => bridge.drawn(),
            Connection::Standalone => {}
        }
    }
}

/// Connects to whichever host this frame runs in, its timers on `clock`; whatever the host, the
/// page's `visibilitychange` is reported too ([`HostEvent::Hidden`]).
pub fn connect(
    clock: &clock::Clock,
    dispatch: impl Fn(HostEvent) + 'static,
) -> (Connection, HostServices) {
    let Some(window) = web_sys::window() else {
        return (Connection::Standalone, HostServices::inert(0.0));
    };
    let dispatch = Rc::new(dispatch);
    report_visibility(&window, {
        let dispatch = Rc::clone(&dispatch);
        move |hidden| dispatch(HostEvent::Hidden(hidden))
    });
    let dispatch = move |event| dispatch(event);
    if let Some(runtime) = openai::runtime(&window) {
        let bridge = Rc::new(openai::OpenAiBridge::connect(
            &window,
            runtime,
            Rc::clone(&clock.set_timer),
            dispatch,
        ));
        let via_host = services::ViaHost::of(&bridge);
        return (
            Connection::OpenAi(bridge),
            services::window_services(window, clock, Some(via_host)),
        );
    }
    let parent = window
        .parent()
        .ok()
        .flatten()
        .filter(|p| !js_sys::Object::is(p.as_ref(), window.as_ref()));
    match parent {
        Some(parent) => {
            let bridge = Rc::new(mcp_apps::McpAppsBridge::connect(
                window.clone(),
                parent,
                Rc::clone(&clock.set_timer),
                dispatch,
            ));
            let via_host = services::ViaHost::of(&bridge);
            (
                Connection::McpApps(bridge),
                services::window_services(window, clock, Some(via_host)),
            )
        }
        None => (
            Connection::Standalone,
            services::window_services(window, clock, None),
        ),
    }
}

/// Reports whether the document is hidden, now if it is, and at every `visibilitychange` (the
/// host's tab or window in the background, the frame's page minimised). The listener lasts as
/// long as the page.
fn report_visibility(window: &web_sys::Window, report: impl Fn(bool) + 'static) {
    let Some(document) = window.document() else {
        return;
    };
    if document.hidden() {
        report(true);
    }
    let watched = document.clone();
    gloo_events::EventListener::new(&document, "visibilitychange", move |_| {
        report(watched.hidden());
    })
    .forget();
}
