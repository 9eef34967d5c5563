//! The warm-up render while the tool runs (`views::widget::warm_up_while_the_tool_runs`).

use crate::mount::{all, container, deliver, mount_widget, sleep_ms, wait_until, Recorder, RUNS};
use leptos::{prelude::*, task::tick};
use resource_widget::views::widget::{WARM_UP_AFTER, WARM_UP_PARTS};
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
    count_warm_ups_then(section, |_| {})
}

/// [`count_warm_ups`], calling `then` with the count each time one is added (in the microtask
/// after the task that drew it, before any later task).
fn count_warm_ups_then(
    section: &HtmlElement,
    then: impl Fn(usize) + 'static,
) -> (Rc<RefCell<usize>>, web_sys::MutationObserver) {
    let added = Rc::new(RefCell::new(0));
    let counter = Rc::clone(&added);
    let on_change = wasm_bindgen::closure::Closure::<dyn Fn(js_sys::Array)>::new(
        move |records: js_sys::Array| {
            let part_drawn = || {
                let count = {
                    let mut counter = counter.borrow_mut();
                    *counter += 1;
                    *counter
                };
                then(count);
            };
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

#[wasm_bindgen_test]
async fn the_warm_up_is_drawn_once_while_the_tool_runs_and_never_delays_a_result() {
    // Timers of equal delay run in the order they were set: a test timer of WARM_UP_AFTER set after
    // the widget's runs after it, so the checks below wait for the widget's timer, not for a guess.
    let warm_up_after = i32::try_from(WARM_UP_AFTER.as_millis()).expect("a small delay");

    // Before tool-input (the handshake) nothing is warmed up.
    let section = container(None);
    let (warm_ups, observer) = count_warm_ups(&section);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    tick().await;
    sleep_ms(warm_up_after).await;
    tick().await;
    assert_eq!(*warm_ups.borrow(), 0, "no warm-up before the tool runs");
    // While the tool runs: each part drawn once, hidden, one a task, and gone after the last.
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    wait_until("the warm-up's parts drawn and removed", || {
        *warm_ups.borrow() == WARM_UP_PARTS && all(&section, ".warm-up").is_empty()
    })
    .await;
    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    assert_eq!(*warm_ups.borrow(), WARM_UP_PARTS, "each part drawn once");
    observer.disconnect();

    // A result that comes while a part is drawn ends the warm-up: no part after that one.
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let (warm_ups, observer) = count_warm_ups_then(&section, move |count| {
        if count == 1 {
            deliver(state, RUNS.to_owned());
        }
    });
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    wait_until("the warm-up's first part drawn, then gone", || {
        *warm_ups.borrow() >= 1 && all(&section, ".warm-up").is_empty()
    })
    .await;
    sleep_ms(0).await;
    tick().await;
    assert_eq!(*warm_ups.borrow(), 1, "no part drawn after the result came");
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    observer.disconnect();

    // A result that comes with the input is drawn without a warm-up.
    let section = container(None);
    let (warm_ups, observer) = count_warm_ups(&section);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    deliver(state, RUNS.to_owned());
    tick().await;
    sleep_ms(warm_up_after).await;
    sleep_ms(0).await;
    tick().await;
    assert_eq!(*warm_ups.borrow(), 0, "no warm-up once the result is there");
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    observer.disconnect();
}
