//! Reports the rendered size to the host. The height is the content's own (`max-content`), never
//! the viewport's, so the host growing the frame cannot feed back into another report: no resize
//! loop. Reports are coalesced to one per animation frame and sent only when the size changed.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ResizeObserver, Window};

struct State {
    window: Window,
    scheduled: Cell<bool>,
    last: Cell<(u32, u32)>,
    send: Box<dyn Fn(u32, u32)>,
    frame: RefCell<Option<Closure<dyn FnMut()>>>,
}

/// Observes the document and reports its size until dropped.
pub struct SizeReporter {
    observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut()>,
}

impl SizeReporter {
    pub fn start(window: &Window, send: impl Fn(u32, u32) + 'static) -> Option<SizeReporter> {
        let document = window.document()?;
        let state = Rc::new(State {
            window: window.clone(),
            scheduled: Cell::new(false),
            last: Cell::new((0, 0)),
            send: Box::new(send),
            frame: RefCell::new(None),
        });
        let frame = {
            let state = Rc::clone(&state);
            Closure::<dyn FnMut()>::new(move || {
                state.scheduled.set(false);
                if let Some(size) = measure(&state.window) {
                    if size != state.last.get() {
                        state.last.set(size);
                        (state.send)(size.0, size.1);
                    }
                }
            })
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
            observer,
            _on_resize: on_resize,
        })
    }
}

impl Drop for SizeReporter {
    fn drop(&mut self) {
        self.observer.disconnect();
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
}

/// The content's width and height in whole CSS pixels.
fn measure(window: &Window) -> Option<(u32, u32)> {
    let html: HtmlElement = window.document()?.document_element()?.dyn_into().ok()?;
    let style = html.style();
    let previous = style.get_property_value("height").unwrap_or_default();
    let _ = style.set_property("height", "max-content");
    let height = html.get_bounding_client_rect().height().ceil();
    let _ = if previous.is_empty() {
        style.remove_property("height").map(drop)
    } else {
        style.set_property("height", &previous)
    };
    let width = window.inner_width().ok()?.as_f64()?.ceil();
    Some((width.max(0.0) as u32, height.max(0.0) as u32))
}
