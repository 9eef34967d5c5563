//! The one mounting helper every component's tests share, and what they read the DOM with: a
//! fresh section with the widget's stylesheets, a component mounted in it with recorded host
//! services, then plain queries (`one`, `all`, `text`…) for what a person sees. Waiting is for a
//! condition, with a bound ([`wait_until`]), never for a guessed time.

use leptos::{mount::mount_to, prelude::*, task::tick};
use resource_widget::views::context;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use web_sys::Element;
use web_sys::HtmlElement;
use widget_app::AppState;
use widget_app::CallOutcome;
use widget_app::HostEvent;
use widget_app::HostServices;
use widget_app::ToolPayload;
use widget_model::model_from_json_text;
use widget_model::WidgetModel;

/// 2026-11-20 06:00:00 UTC, the fixtures' reference time.
const NOW_MS: f64 = 1_795_154_400_000.0;

/// Services that record what views asked of the host.
#[derive(Clone, Default)]
pub struct Recorder {
    pub copied: Rc<RefCell<Vec<String>>>,
    pub opened: Rc<RefCell<Vec<String>>>,
    /// Tool calls as `tools/call` params JSON; each is answered by `answer` (refused when empty).
    pub called: Rc<RefCell<Vec<String>>>,
    pub answer: Rc<RefCell<Option<String>>>,
    /// Answers given in turn before `answer` (a host that answers step by step).
    pub answers: Rc<RefCell<VecDeque<String>>>,
    /// Models told to the assistant (`ui/update-model-context`), as their text.
    pub told: Rc<RefCell<Vec<String>>>,
    /// The services' clock: the fixtures' reference time until a test moves it.
    pub clock: Rc<Cell<f64>>,
    /// Timers set through the services (what a followed run waits on): run by [`Recorder::run_timers`].
    pub timers: Rc<RefCell<Vec<Timer>>>,
}

/// A timer set through the services: when it runs (the clock's time), and what it runs.
pub type Timer = (f64, Box<dyn FnOnce()>);

impl Recorder {
    /// Moves the clock by `ms` and runs every timer that fell due, in order of their times.
    pub fn run_timers(&self, ms: f64) {
        let until = self.clock.get() + ms;
        loop {
            let next = {
                let mut timers = self.timers.borrow_mut();
                let first = timers
                    .iter()
                    .enumerate()
                    .filter(|(_, (at, _))| *at <= until)
                    .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
                    .map(|(i, _)| i);
                first.map(|i| timers.remove(i))
            };
            let Some((at, run)) = next else { break };
            self.clock.set(at.max(self.clock.get()));
            run();
        }
        self.clock.set(until);
    }

    fn services(&self) -> HostServices {
        let (copied, opened) = (Rc::clone(&self.copied), Rc::clone(&self.opened));
        let (called, answer) = (Rc::clone(&self.called), Rc::clone(&self.answer));
        let answers = Rc::clone(&self.answers);
        let told = Rc::clone(&self.told);
        if self.clock.get() == 0.0 {
            self.clock.set(NOW_MS);
        }
        let (clock, timer_clock, timers) = (
            Rc::clone(&self.clock),
            Rc::clone(&self.clock),
            Rc::clone(&self.timers),
        );
        HostServices {
            call_tool: Rc::new(move |request, done| {
                called.borrow_mut().push(request.params().to_string());
                let next = answers.borrow_mut().pop_front();
                done(match next.or_else(|| answer.borrow().clone()) {
                    Some(text) => CallOutcome::Answered(text),
                    None => CallOutcome::Refused("no answer".to_owned()),
                })
            }),
            update_model_context: Rc::new(move |context| {
                told.borrow_mut().push(context.text.clone());
            }),
            set_timer: Rc::new(move |after, run| {
                timers.borrow_mut().push((timer_clock.get() + after, run));
            }),
            copy_text: Rc::new(move |t| {
                copied.borrow_mut().push(t.to_owned());
                true
            }),
            open_link: Rc::new(move |u| opened.borrow_mut().push(u.to_owned())),
            now_ms: Rc::new(move || clock.get()),
            ..HostServices::inert(NOW_MS)
        }
    }
}

pub fn container(width: Option<u32>) -> HtmlElement {
    ensure_styles();
    let element: HtmlElement = document()
        .create_element("section")
        .expect("section")
        .unchecked_into();
    if let Some(w) = width {
        element
            .style()
            .set_property("width", &format!("{w}px"))
            .expect("width");
    }
    document()
        .body()
        .expect("body")
        .append_child(&element)
        .expect("append");
    element
}

pub fn model(json: &str) -> Arc<WidgetModel> {
    Arc::new(model_from_json_text(json))
}

pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into().ok())
        .collect()
}

pub fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .expect("selector")
        .unwrap_or_else(|| panic!("no {selector}"))
}

pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    all(root, selector)
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect()
}

/// `text` with digit grouping removed: with no locale from the host, counts follow the browser's
/// own ("5,000" in en-US, "5000" where the engine's default is POSIX, as WebKit's under xvfb).
pub fn digits(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| {
            let grouping = matches!(c, ',' | '.' | '\u{a0}' | '\u{202f}' | '\'');
            let between_digits = i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(char::is_ascii_digit);
            !(grouping && between_digits)
        })
        .map(|(_, c)| *c)
        .collect()
}

pub fn text(root: &Element) -> String {
    root.text_content().unwrap_or_default()
}

pub fn click(root: &Element, selector: &str) {
    one(root, selector).unchecked_into::<HtmlElement>().click();
}

/// The stylesheets index.html inlines, so computed styles are the widget's own.
const STYLES: &[&str] = &[
    include_str!("../../style/tokens.css"),
    include_str!("../../style/base.css"),
    include_str!("../../src/views/widget/widget.css"),
    include_str!("../../src/views/states/states.css"),
    include_str!("../../src/views/header/header.css"),
    include_str!("../../src/views/record_page/record_page.css"),
    include_str!("../../src/views/table/table.css"),
    include_str!("../../src/views/find/find.css"),
    include_str!("../../src/views/cell/cell.css"),
    include_str!("../../src/views/detail/detail.css"),
    include_str!("../../src/views/mutation/mutation.css"),
    include_str!("../../src/views/diff/diff.css"),
    include_str!("../../src/views/notices/notices.css"),
    include_str!("../../src/views/graph/graph.css"),
    include_str!("../../src/views/navigation/navigation.css"),
    include_str!("../../src/views/outputs/outputs.css"),
    include_str!("../../src/views/logs/logs.css"),
    include_str!("../../src/views/timeline/timeline.css"),
    include_str!("../../src/views/history/history.css"),
];

fn ensure_styles() {
    let document = document();
    if document.get_element_by_id("widget-styles").is_some() {
        return;
    }
    let style = document.create_element("style").expect("style");
    style.set_id("widget-styles");
    style.set_text_content(Some(&STYLES.concat()));
    document
        .head()
        .expect("head")
        .append_child(&style)
        .expect("append");
}

/// Mounts `view` with the services and context every view expects. Keep the returned handle:
/// dropping it unmounts.
pub fn mount<V: IntoView + 'static>(
    section: &HtmlElement,
    recorder: &Recorder,
    view: impl FnOnce() -> V + 'static,
) -> impl Sized {
    let services = recorder.services();
    mount_to(section.clone(), move || {
        context::provide(services);
        view()
    })
}

/// Mounts the whole widget in `section` with `recorder`'s services. Keep the returned handle:
/// dropping it unmounts.
pub fn mount_widget(
    section: &HtmlElement,
    recorder: &Recorder,
) -> (RwSignal<AppState>, impl Sized) {
    let state = RwSignal::new(AppState::default());
    let services = recorder.services();
    let handle = mount_to(section.clone(), move || {
        resource_widget::root(state, services)
    });
    (state, handle)
}

/// The host delivers `result` (a CallToolResult's JSON text) to a mounted widget.
pub fn deliver(state: RwSignal<AppState>, result: String) {
    state.update(|s| {
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(result)),
            0.0,
        )
    });
}

/// Mounts the whole widget on one tool result and returns its section.
pub async fn widget_on(fixture: &'static str, recorder: &Recorder) -> (HtmlElement, impl Sized) {
    let section = container(None);
    let (state, handle) = mount_widget(&section, recorder);
    deliver(state, fixture.into());
    tick().await;
    (section, handle)
}

/// Waits (polling each 10 ms, at most 10 s) until `condition` holds; fails the test naming `what`.
pub async fn wait_until(what: &str, condition: impl Fn() -> bool) {
    for _ in 0..1_000 {
        if condition() {
            return;
        }
        sleep_ms(10).await;
    }
    assert!(condition(), "{what}: not within 10 s");
}

/// Resolves after `ms` milliseconds: a timer that runs after the timers set before it with a
/// delay no longer than `ms`, or a poll interval; never a guess at how long the widget takes.
pub async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

pub const RUNS: &str = include_str!("../../fixtures/pipeline_runs/list-ok.json");

/// A keydown of `key` on `element`, bubbling as a person's key press does.
pub fn press(element: &Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    element.dispatch_event(&event).expect("dispatch");
}
