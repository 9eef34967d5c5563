//! Hooks for the end-to-end tests, compiled only with the `test-hooks` feature: the shipped file
//! (`scripts/build.sh`) carries none of them; `scripts/build.sh --test-hooks` builds
//! dist/test-hooks/resource-widget.html with them for the checks that need one, and
//! page/tests/built-file.test.mjs fails if any of these names reaches dist/resource-widget.html.
//!
//! `window.__resourceWidgetTest`:
//! - `panic()` aborts inside the widget exactly as a panic does in these builds (`panic = "abort"`:
//!   a trap): a dead widget must become the error state and still report its size;
//! - `clock.hold()` (or `window.__resourceWidgetTestHoldClock = true` before the widget starts)
//!   stops the widget's clock (`src/bridge/clock.rs`) where it is: its time stands
//!   still and its timers wait; `clock.advance(ms)` moves it on by `ms` and runs, in order, every
//!   timer that fell due (those they set included), answering how many ran; `clock.pending()` is
//!   how many wait. A check about what the widget does before or after one of its timers (a
//!   followed run's next call, a tool call's time limit) holds the clock before the result and
//!   moves it itself, so the machine's speed decides nothing.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;

use super::clock::Clock;

/// Exposes the hooks on `window`; `clock` is the page's ([`holdable_clock`]).
pub fn expose(window: &web_sys::Window) {
    let panic = Closure::<dyn Fn()>::new(|| std::process::abort());
    let hooks = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&hooks, &"panic".into(), panic.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"clock".into(), &clock_hooks());
    let _ = js_sys::Reflect::set(window, &"__resourceWidgetTest".into(), &hooks);
    // The hooks live as long as the page.
    panic.forget();
}

/// A timer waiting on the held clock: when it falls due, in which order it was set, what it runs.
struct Waiting {
    due_ms: f64,
    order: u64,
    then: Box<dyn FnOnce()>,
}

/// The held clock's state: the time it stands at while held, and the timers waiting on it.
#[derive(Default)]
struct Held {
    at_ms: Cell<Option<f64>>,
    waiting: RefCell<Vec<Waiting>>,
    set: Cell<u64>,
}

impl Held {
    /// The next waiting timer due by the held time, earliest (then first set) first.
    fn take_due(&self) -> Option<Waiting> {
        let at = self.at_ms.get()?;
        let mut waiting = self.waiting.borrow_mut();
        let next = waiting
            .iter()
            .enumerate()
            .filter(|(_, w)| w.due_ms <= at)
            .min_by(|(_, a), (_, b)| a.due_ms.total_cmp(&b.due_ms).then(a.order.cmp(&b.order)))
            .map(|(i, _)| i)?;
        Some(waiting.swap_remove(next))
    }
}

/// The most timers one `clock.advance` runs.
const MAX_TIMERS_A_MOVE: f64 = 10_000.0;

thread_local! {
    static HELD: Rc<Held> = Rc::default();
}

/// `window_clock`, until a test holds it: then the held time, and timers that wait for
/// `clock.advance`. A page that sets `window.__resourceWidgetTestHoldClock` before the widget
/// starts has it held from the start (the reload window after the handshake waits too).
pub fn holdable_clock(window_clock: Clock) -> Clock {
    let held = HELD.with(Rc::clone);
    let held_from_the_start = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"__resourceWidgetTestHoldClock".into()).ok())
        .is_some_and(|flag| flag.is_truthy());
    if held_from_the_start && held.at_ms.get().is_none() {
        held.at_ms.set(Some((window_clock.now_ms)()));
    }
    let (now_held, timer_held) = (Rc::clone(&held), held);
    let Clock { now_ms, set_timer } = window_clock;
    let window_now = Rc::clone(&now_ms);
    Clock {
        now_ms: Rc::new(move || now_held.at_ms.get().unwrap_or_else(|| window_now())),
        set_timer: Rc::new(move |after_ms, then| match timer_held.at_ms.get() {
            Some(at) => {
                let order = timer_held.set.get();
                timer_held.set.set(order + 1);
                timer_held.waiting.borrow_mut().push(Waiting {
                    due_ms: at + after_ms.max(0.0),
                    order,
                    then,
                });
            }
            None => set_timer(after_ms, then),
        }),
    }
}

/// `{hold, advance, pending}` over the page's held clock.
fn clock_hooks() -> JsValue {
    let hooks = js_sys::Object::new();
    let hold = Closure::<dyn Fn()>::new(|| {
        HELD.with(|held| {
            if held.at_ms.get().is_none() {
                held.at_ms.set(Some(js_sys::Date::now()));
            }
        })
    });
    let advance = Closure::<dyn Fn(f64) -> f64>::new(|ms: f64| {
        let held = HELD.with(Rc::clone);
        let Some(at) = held.at_ms.get() else {
            return -1.0;
        };
        held.at_ms.set(Some(at + ms.max(0.0)));
        let mut ran = 0.0;
        // Bounded: a timer that keeps setting another due at once cannot hold the page.
        while ran < MAX_TIMERS_A_MOVE {
            let Some(timer) = held.take_due() else { break };
            (timer.then)();
            ran += 1.0;
        }
        ran
    });
    let pending =
        Closure::<dyn Fn() -> f64>::new(|| HELD.with(|held| held.waiting.borrow().len() as f64));
    for (name, hook) in [
        ("hold", hold.as_ref()),
        ("advance", advance.as_ref()),
        ("pending", pending.as_ref()),
    ] {
        let _ = js_sys::Reflect::set(&hooks, &name.into(), hook);
    }
    hold.forget();
    advance.forget();
    pending.forget();
    hooks.into()
}
