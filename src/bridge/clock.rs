//! The widget's clock: the time its decisions read and the timers they wait on (a followed run's
//! next call, a tool call's time limit, when a result arrived). One clock for the page, handed to
//! the state and the services alike, so that everything that waits waits on the same time; in a
//! `test-hooks` build the end-to-end tests can hold it and move it on themselves
//! (`src/bridge/test_hooks.rs`; `bridge::page_clock` picks which), so that a check about what happens before a timer fires does not
//! race the timer on a busy machine.

use std::rc::Rc;

use crate::app::services::SetTimer;

/// The time and the timers of the page.
#[derive(Clone)]
pub struct Clock {
    /// Milliseconds since the Unix epoch.
    pub now_ms: Rc<dyn Fn() -> f64>,
    /// Runs a callback once, that many milliseconds from now; never cancelled (what runs checks
    /// the state first, and a page that goes takes its timers with it).
    pub set_timer: SetTimer,
}

/// `Date.now()` and `setTimeout`.
pub fn window_clock() -> Clock {
    Clock {
        now_ms: Rc::new(js_sys::Date::now),
        set_timer: Rc::new(|after_ms, then| {
            let after = after_ms.clamp(0.0, f64::from(u32::MAX)) as u32;
            gloo_timers::callback::Timeout::new(after, then).forget();
        }),
    }
}
