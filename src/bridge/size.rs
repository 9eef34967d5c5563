//! Reports the rendered height to the host. The height is the content's own (`max-content`), never
//! the viewport's, so the host growing the frame cannot feed back into another report: no resize
//! loop. What is reported of it (nothing before anything is drawn, the container's limit) is
//! `widget_app::size::reported_height`'s to say. Reports are coalesced and sent only when the
//! height changed.
//!
//! A report waits for the next animation frame, or for a short timer when frames do not come:
//! browsers pause animation frames (and resize observations) in cross-origin frames that are off
//! screen, and a host may well place the widget below the fold.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ResizeObserver, Window};

/// How long a report waits for an animation frame before measuring anyway.
const FALLBACK_MS: u32 = 120;

struct State {
    window: Window,
    scheduled: Cell<bool>,
    last: Cell<Option<u32>>,
    /// The height to report for the content's height (`None`: nothing to report).
    to_report: Box<dyn Fn(f64) -> Option<u32>>,
    send: Box<dyn Fn(u32)>,
    frame: RefCell<Option<Closure<dyn FnMut()>>>,
    fallback: RefCell<Option<Timeout>>,
}

/// Observes the document and reports its height until dropped.
pub struct SizeReporter {
    state: Rc<State>,
    observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut()>,
}

impl SizeReporter {
    /// Starts observing: `to_report` turns the content's height into the height to report (or
    /// none), `send` reports it. Start once the widget is drawn: before that the page has no
    /// height a host could use.
    pub fn start(
        window: &Window,
        to_report: impl Fn(f64) -> Option<u32> + 'static,
        send: impl Fn(u32) + 'static,
    ) -> Option<SizeReporter> {
        let document = window.document()?;
        let state = Rc::new(State {
            window: window.clone(),
            scheduled: Cell::new(false),
            last: Cell::new(None),
            to_report: Box::new(to_report),
            send: Box::new(send),
            frame: RefCell::new(None),
            fallback: RefCell::new(None),
        });
        let frame = {
            let state = Rc::clone(&state);
            Closure::<dyn FnMut()>::new(move || report(&state))
        };
        *state.frame.borrow_mut() = Some(frame);
        let on_resize = {
            let state = Rc::clone(&state);
            Closure::<dyn FnMut()>::new(move || schedule(&state))
        };
        let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
        if let Some(html) = document.document_element() {
            observer.observe(&html);
        }
        if let Some(body) = document.body() {
            observer.observe(&body);
        }
        schedule(&state);
        Some(SizeReporter {
            state,
            observer,
            _on_resize: on_resize,
        })
    }

    /// Asks for a report once the content has settled: call after anything that may change it.
    pub fn request(&self) {
        schedule(&self.state);
    }
}

impl Drop for SizeReporter {
    fn drop(&mut self) {
        self.observer.disconnect();
        self.state.fallback.borrow_mut().take();
    }
}

fn schedule(state: &Rc<State>) {
    if state.scheduled.replace(true) {
        return;
    }
    if let Some(frame) = state.frame.borrow().as_ref() {
        let _ = state
            .window
            .request_animation_frame(frame.as_ref().unchecked_ref());
    }
    let weak = Rc::downgrade(state);
    *state.fallback.borrow_mut() = Some(Timeout::new(FALLBACK_MS, move || {
        if let Some(state) = weak.upgrade() {
            report(&state);
        }
    }));
}

/// Measures and sends, once per schedule: whichever of the frame and the timer comes first.
fn report(state: &State) {
    if !state.scheduled.replace(false) {
        return;
    }
    let Some(height) = content_height(&state.window).and_then(|h| (state.to_report)(h)) else {
        return;
    };
    if state.last.replace(Some(height)) != Some(height) {
        (state.send)(height);
    }
}

/// The content's height in CSS pixels: the document's at `max-content`, whatever the viewport's.
fn content_height(window: &Window) -> Option<f64> {
    let html: HtmlElement = window.document()?.document_element()?.dyn_into().ok()?;
    let style = html.style();
    let previous = style.get_property_value("height").unwrap_or_default();
    let _ = style.set_property("height", "max-content");
    let height = html.get_bounding_client_rect().height();
    let _ = if previous.is_empty() {
        style.remove_property("height").map(drop)
    } else {
        style.set_property("height", &previous)
    };
    Some(height)
}
