//! The warm-up render until a result comes (`views::widget::warm_up_until_a_result`), which the
//! page draws a part at a time (`resource_widget::warm_up`).

use crate::mount::{all, container, deliver, mount_widget, sleep_ms, Recorder, RUNS};
use leptos::{prelude::*, task::tick};
use resource_widget::views::widget::WARM_UP_PARTS;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use web_sys::HtmlElement;
use widget_app::HostEvent;

/// How many parts of the warm-up were drawn in `section` since the observer started: a `.warm-up`
/// element added, or its `data-part` changed to the next part.
fn count_warm_ups(section: &HtmlElement) -> (Rc<RefCell<usize>>, web_sys::MutationObserver) {
    let added = Rc::new(RefCell::new(0));
    let counter = Rc::clone(&added);
    let on_change = wasm_bindgen::closure::Closure::<dyn Fn(js_sys::Array)>::new(
        move |records: js_sys::Array| {
            let part_drawn = || *counter.borrow_mut() += 1;
            for record in records.iter() {
                let record: web_sys::MutationRecord = record.unchecked_into();
                if record.attribute_name().as_deref() == Some("data-part") {
                    part_drawn();
                    continue;
                }
                let nodes = record.added_nodes();
                for i in 0..nodes.length() {
                    let is_warm_up = nodes
                        .item(i)
                        .and_then(|n| n.dyn_into::<Element>().ok())
                        .is_some_and(|e| e.class_list().contains("warm-up"));
                    if is_warm_up {
                        part_drawn();
                    }
                }
            }
        },
    );
    let observer =
        web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()).expect("observer");
    on_change.forget();
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    options.set_attribute_filter(&js_sys::Array::of1(&"data-part".into()));
    observer
        .observe_with_options(section, &options)
        .expect("observe");
    (added, observer)
}

/// Lets every task the widget queued now run (a timer queued after its zero-delay timers runs
/// after them), then its effects.
async fn tasks_pass() {
    sleep_ms(0).await;
    tick().await;
    sleep_ms(0).await;
    tick().await;
}

/// Calls `resource_widget::warm_up` a task at a time, as the page does, until it draws no more;
/// how many times it drew a part.
async fn warm_up_as_the_page_does() -> usize {
    let mut drawn = 0;
    while resource_widget::warm_up(true) {
        drawn += 1;
        tasks_pass().await;
    }
    tasks_pass().await;
    drawn
}

#[wasm_bindgen_test]
async fn the_warm_up_is_drawn_as_the_page_asks_before_any_tool_input_and_never_over_a_result() {
    // Mounted, nothing is warmed up until the page asks.
    let section = container(None);
    let (warm_ups, observer) = count_warm_ups(&section);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    tasks_pass().await;
    assert_eq!(*warm_ups.borrow(), 0, "no warm-up before the page asks");
    // Asked right after connecting, before any tool-input (a host may send the result with the
    // input the moment the handshake is done): each part drawn once, hidden, one a call, and gone
    // after the last.
    assert_eq!(
        warm_up_as_the_page_does().await,
        WARM_UP_PARTS,
        "parts drawn"
    );
    assert_eq!(*warm_ups.borrow(), WARM_UP_PARTS, "each part drawn once");
    assert!(
        all(&section, ".warm-up").is_empty(),
        "the last part removed"
    );
    assert!(
        !resource_widget::warm_up(true),
        "nothing more once the last part is removed"
    );
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    assert_eq!(
        *warm_ups.borrow(),
        WARM_UP_PARTS,
        "no part drawn after the warm-up"
    );
    observer.disconnect();

    // A result that comes while a part is drawn ends the warm-up: the next call removes the part
    // and draws none.
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let (warm_ups, observer) = count_warm_ups(&section);
    tasks_pass().await;
    assert!(resource_widget::warm_up(true), "the first part drawn");
    tasks_pass().await;
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    deliver(state, RUNS.to_owned());
    tick().await;
    assert!(
        !resource_widget::warm_up(true),
        "no part drawn over the result"
    );
    tasks_pass().await;
    assert_eq!(*warm_ups.borrow(), 1, "no part drawn after the result came");
    assert!(
        all(&section, ".warm-up").is_empty(),
        "the part drawn removed"
    );
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    observer.disconnect();

    // The page ends the warm-up (a result arrived): the part drawn is removed, none after it.
    let section = container(None);
    let (_state, _handle) = mount_widget(&section, &Recorder::default());
    let (warm_ups, observer) = count_warm_ups(&section);
    tasks_pass().await;
    assert!(resource_widget::warm_up(true), "the first part drawn");
    tasks_pass().await;
    assert!(!resource_widget::warm_up(false), "ended");
    tasks_pass().await;
    assert!(
        all(&section, ".warm-up").is_empty(),
        "the part drawn removed"
    );
    assert!(!resource_widget::warm_up(true), "no part once ended");
    tasks_pass().await;
    assert_eq!(*warm_ups.borrow(), 1, "no part drawn once ended");
    observer.disconnect();

    // A result there before the page asks is drawn without a warm-up.
    let section = container(None);
    let (warm_ups, observer) = count_warm_ups(&section);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(warm_up_as_the_page_does().await, 0, "parts drawn");
    assert_eq!(*warm_ups.borrow(), 0, "no warm-up once the result is there");
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    observer.disconnect();
}
