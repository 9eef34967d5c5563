//! Browser tests: the real components mounted in headless Chromium and Firefox. Each test mounts,
//! acts, waits a tick, and asserts on the DOM. Run by scripts/test.sh once per browser.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::{mount::mount_to, prelude::*, task::tick};
use resource_widget::app::{AppState, CallOutcome, HostEvent, HostServices, ToolPayload};
use resource_widget::bridge::context::patch_of_host_context;
use resource_widget::views::cell::{CellView, Room};
use resource_widget::views::context;
use resource_widget::views::detail::RecordDetail;
use resource_widget::views::graph::GraphSection;
use resource_widget::views::header::ResultHeader;
use resource_widget::views::mutation::{CompactSuccess, MutationBanner};
use resource_widget::views::table::ListTable;
use resource_widget::views::widget::WARM_UP_AFTER;
use resource_widget::views::Widget;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};
use widget_model::{model_from_json_text, Cell, WidgetModel};

wasm_bindgen_test_configure!(run_in_browser);

/// 2026-11-20 06:00:00 UTC, the fixtures' reference time.
const NOW_MS: f64 = 1_795_154_400_000.0;

/// Services that record what views asked of the host.
#[derive(Clone, Default)]
struct Recorder {
    copied: Rc<RefCell<Vec<String>>>,
    opened: Rc<RefCell<Vec<String>>>,
    /// Tool calls as `tools/call` params JSON; each is answered by `answer` (refused when empty).
    called: Rc<RefCell<Vec<String>>>,
    answer: Rc<RefCell<Option<String>>>,
}

impl Recorder {
    fn services(&self) -> HostServices {
        let (copied, opened) = (Rc::clone(&self.copied), Rc::clone(&self.opened));
        let (called, answer) = (Rc::clone(&self.called), Rc::clone(&self.answer));
        HostServices {
            call_tool: Rc::new(move |request, done| {
                called.borrow_mut().push(request.params().to_string());
                done(match answer.borrow().clone() {
                    Some(text) => CallOutcome::Answered(text),
                    None => CallOutcome::Refused("no answer".to_owned()),
                })
            }),
            copy_text: Rc::new(move |t| {
                copied.borrow_mut().push(t.to_owned());
                true
            }),
            open_link: Rc::new(move |u| opened.borrow_mut().push(u.to_owned())),
            now_ms: Rc::new(|| NOW_MS),
            ..HostServices::inert(NOW_MS)
        }
    }
}

fn container(width: Option<u32>) -> HtmlElement {
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

fn model(json: &str) -> Arc<WidgetModel> {
    Arc::new(model_from_json_text(json))
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into().ok())
        .collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .expect("selector")
        .unwrap_or_else(|| panic!("no {selector}"))
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    all(root, selector)
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect()
}

/// `text` with digit grouping removed: with no locale from the host, counts follow the browser's
/// own ("5,000" in en-US, "5000" where the engine's default is POSIX, as WebKit's under xvfb).
fn digits(text: &str) -> String {
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

fn text(root: &Element) -> String {
    root.text_content().unwrap_or_default()
}

fn click(root: &Element, selector: &str) {
    one(root, selector).unchecked_into::<HtmlElement>().click();
}

/// The stylesheets index.html inlines, so computed styles are the widget's own.
const STYLES: &[&str] = &[
    include_str!("../style/tokens.css"),
    include_str!("../style/base.css"),
    include_str!("../src/views/widget/widget.css"),
    include_str!("../src/views/states/states.css"),
    include_str!("../src/views/header/header.css"),
    include_str!("../src/views/table/table.css"),
    include_str!("../src/views/find/find.css"),
    include_str!("../src/views/cell/cell.css"),
    include_str!("../src/views/detail/detail.css"),
    include_str!("../src/views/mutation/mutation.css"),
    include_str!("../src/views/notices/notices.css"),
    include_str!("../src/views/graph/graph.css"),
    include_str!("../src/views/navigation/navigation.css"),
    include_str!("../src/views/outputs/outputs.css"),
    include_str!("../src/views/logs/logs.css"),
    include_str!("../src/views/timeline/timeline.css"),
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
fn mount<V: IntoView + 'static>(
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
fn mount_widget(section: &HtmlElement, recorder: &Recorder) -> (RwSignal<AppState>, impl Sized) {
    let state = RwSignal::new(AppState::default());
    let services = recorder.services();
    let handle = mount_to(section.clone(), move || view! { <Widget state services/> });
    (state, handle)
}

/// The host delivers `result` (a CallToolResult's JSON text) to a mounted widget.
fn deliver(state: RwSignal<AppState>, result: String) {
    state.update(|s| {
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(result)),
            0.0,
        )
    });
}

const RUNS: &str = include_str!("../fixtures/pipeline_runs/list-ok.json");

// ---------- the root: states, theme, host variables ----------

#[wasm_bindgen_test]
async fn the_root_goes_from_loading_to_the_result() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    tick().await;
    let root = one(&section, "#widget");
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("loading"));
    assert_eq!(root.get_attribute("aria-busy").as_deref(), Some("true"));
    assert_eq!(all(&section, ".skeleton__row").len(), 4);

    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("ok"));
    assert_eq!(root.get_attribute("aria-busy"), None);
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
}

/// How many times a `.warm-up` element was added to `section` since the observer started.
fn count_warm_ups(section: &HtmlElement) -> (Rc<RefCell<usize>>, web_sys::MutationObserver) {
    let added = Rc::new(RefCell::new(0));
    let counter = Rc::clone(&added);
    let on_change = wasm_bindgen::closure::Closure::<dyn Fn(js_sys::Array)>::new(
        move |records: js_sys::Array| {
            for record in records.iter() {
                let record: web_sys::MutationRecord = record.unchecked_into();
                let nodes = record.added_nodes();
                for i in 0..nodes.length() {
                    let is_warm_up = nodes
                        .item(i)
                        .and_then(|n| n.dyn_into::<Element>().ok())
                        .is_some_and(|e| e.class_list().contains("warm-up"));
                    *counter.borrow_mut() += usize::from(is_warm_up);
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
    // While the tool runs: drawn once, hidden, and gone in the next task.
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    wait_until("the warm-up drawn and removed", || {
        *warm_ups.borrow() == 1 && all(&section, ".warm-up").is_empty()
    })
    .await;
    deliver(state, RUNS.to_owned());
    tick().await;
    assert_eq!(all(&section, ".table tbody tr").len(), 20);
    assert_eq!(*warm_ups.borrow(), 1, "drawn once");
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

// ---------- the widget's own calls ----------

const PIPELINES: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"uuid":"etl_daily","name":"ETL daily"},{"uuid":"token_audit","name":"Token audit"}]}}"#;
const PIPELINE: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"get","state":"ok","records":[{"uuid":"etl_daily","name":"ETL daily","description":"Loads orders."}]}}"#;

#[wasm_bindgen_test]
async fn rows_open_only_when_the_host_takes_tool_calls_and_back_returns() {
    let section = container(None);
    let recorder = Recorder::default();
    *recorder.answer.borrow_mut() = Some(PIPELINE.to_owned());
    let (state, _handle) = mount_widget(&section, &recorder);
    deliver(state, PIPELINES.to_owned());
    tick().await;
    assert_eq!(
        all(&section, ".row-open").len(),
        0,
        "no control without the capability"
    );
    assert_eq!(all(&section, ".call-bar").len(), 0);

    state.update(|s| {
        s.context.capabilities.call_tools = true;
        s.apply(
            HostEvent::ToolCallKnown {
                tool: "pipeline_list".into(),
                arguments: Default::default(),
            },
            0.0,
        );
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(PIPELINES.to_owned())),
            0.0,
        );
    });
    tick().await;
    assert_eq!(all(&section, ".row-open").len(), 2);
    assert_eq!(
        one(&section, ".row-open")
            .get_attribute("aria-label")
            .as_deref(),
        Some("Open ETL daily")
    );
    assert_eq!(all(&section, ".call-bar__refresh").len(), 1);
    click(&section, ".row-open");
    tick().await;
    assert_eq!(
        recorder.called.borrow().as_slice(),
        [r#"{"name":"pipeline_get","arguments":{"uuid":"etl_daily"}}"#]
    );
    assert_eq!(all(&section, "dl.detail").len(), 1, "the opened record");
    click(&section, ".call-bar__back");
    tick().await;
    assert_eq!(
        all(&section, ".table tbody tr").len(),
        2,
        "back to the list"
    );
    assert_eq!(all(&section, ".call-bar__back").len(), 0);
}

#[wasm_bindgen_test]
async fn the_root_follows_the_host_theme_and_variables() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| {
        s.apply(HostEvent::ContextChanged(patch_of_host_context(&serde_json::json!({
            "theme": "dark",
            "styles": { "variables": { "--color-text-primary": "#fafafa", "--font-sans": "Host Sans, sans-serif" } }
        }))), 0.0)
    });
    tick().await;
    let root = one(&section, "#widget");
    assert!(
        root.class_name().contains("theme-dark"),
        "{}",
        root.class_name()
    );
    let style = root.get_attribute("style").unwrap_or_default();
    assert!(style.contains("--color-text-primary: #fafafa"), "{style}");
    let color = window()
        .get_computed_style(&root)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("color").ok());
    assert_eq!(color.as_deref(), Some("rgb(250, 250, 250)"));

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "theme": "light" }),
            )),
            0.0,
        )
    });
    tick().await;
    assert!(root.class_name().contains("theme-light"));
}

#[wasm_bindgen_test]
async fn error_empty_and_cancelled_states_say_what_happened() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let root = one(&section, "#widget");

    deliver(
        state,
        include_str!("../fixtures/errors/auth-expired.json").into(),
    );
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("error"));
    assert_eq!(texts(&section, ".state__code"), ["AUTH_EXPIRED"]);
    assert!(text(&one(&section, ".state__remedy")).contains("login command again"));

    deliver(
        state,
        include_str!("../fixtures/pipeline_runs/list-empty-hint.json").into(),
    );
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("empty"));
    assert!(text(&one(&section, ".state--empty")).contains("etl_daily has never run"));

    state.set(AppState::default());
    state.update(|s| s.apply(HostEvent::ToolInput, 0.0));
    state.update(|s| {
        s.apply(
            HostEvent::ToolCancelled(Some("Stopped by the user".into())),
            0.0,
        )
    });
    tick().await;
    assert_eq!(root.get_attribute("data-state").as_deref(), Some("empty"));
    assert!(text(&one(&section, ".state--cancelled")).contains("Stopped by the user"));
}

#[wasm_bindgen_test]
async fn a_restored_result_is_marked() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    state.update(|s| {
        s.apply(
            HostEvent::RestoredResult(ToolPayload::CallToolResult(RUNS.to_owned())),
            0.0,
        )
    });
    tick().await;
    assert!(text(&one(&section, ".notices")).contains("Restored"));
}

// ---------- the list table ----------

fn first_column(section: &Element) -> Vec<String> {
    texts(section, ".table tbody tr td:first-child .id__value")
}

#[wasm_bindgen_test]
async fn clicking_a_header_sorts_and_says_so_with_aria_sort() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    assert_eq!(first_column(&section)[0], "4821");
    let header = one(&section, ".table th");
    assert_eq!(header.get_attribute("aria-sort").as_deref(), Some("none"));

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        header.get_attribute("aria-sort").as_deref(),
        Some("ascending")
    );
    assert_eq!(first_column(&section)[0], "4802");

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        header.get_attribute("aria-sort").as_deref(),
        Some("descending")
    );
    assert_eq!(first_column(&section)[0], "4821");

    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(header.get_attribute("aria-sort").as_deref(), Some("none"));
}

#[wasm_bindgen_test]
async fn text_sorts_in_natural_order() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(
        r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"blocks","action":"list","state":"ok",
            "records":[{"name":"item10"},{"name":"item2"},{"name":"Item1"}]}"#,
    );
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        texts(&section, ".table tbody td"),
        ["Item1", "item2", "item10"]
    );
}

#[wasm_bindgen_test]
async fn numbers_align_right_and_the_header_is_sticky() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/block_runs/list-ok.json"));
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    let duration = all(&section, ".table th")
        .into_iter()
        .find(|th| text(th).contains("Duration"))
        .expect("duration column");
    assert!(duration.class_name().contains("num"));
    let style = window()
        .get_computed_style(&duration)
        .ok()
        .flatten()
        .expect("style");
    assert_eq!(
        style.get_property_value("position").ok().as_deref(),
        Some("sticky")
    );
}

#[wasm_bindgen_test]
async fn a_narrow_frame_turns_rows_into_cards_without_horizontal_scroll() {
    let section = container(Some(360));
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, RUNS.to_owned());
    tick().await;
    let row = one(&section, ".table tbody tr");
    let display = window()
        .get_computed_style(&row)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("display").ok());
    assert_eq!(display.as_deref(), Some("grid"));
    let scroll = one(&section, ".table-scroll").unchecked_into::<HtmlElement>();
    assert!(
        scroll.scroll_width() <= scroll.client_width() + 1,
        "{} > {}",
        scroll.scroll_width(),
        scroll.client_width()
    );
}

// ---------- cells ----------

#[wasm_bindgen_test]
async fn statuses_are_pills_with_tone_and_words() {
    let section = container(None);
    let recorder = Recorder::default();
    let _handle = mount(&section, &recorder, move || {
        view! {
            <CellView cell=Cell::Status(widget_model::Status::new("not_executed")) room=Room::Table/>
            <CellView cell=Cell::Status(widget_model::Status::new("zombie")) room=Room::Table/>
        }
    });
    tick().await;
    let pills = all(&section, ".pill");
    assert!(pills[0].class_name().contains("pill--pending"));
    assert_eq!(text(&pills[0]), "Not executed");
    assert!(
        pills[1].class_name().contains("pill--neutral"),
        "unknown values are neutral"
    );
}

#[wasm_bindgen_test]
async fn timestamps_are_relative_with_the_absolute_time_reachable_by_keyboard() {
    let section = container(None);
    let recorder = Recorder::default();
    let t =
        widget_model::time::parse_timestamp("2026-11-20 05:53:00.000000+00:00").expect("timestamp");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Time(t) room=Room::Table/> },
    );
    tick().await;
    assert_eq!(texts(&section, ".time__relative"), ["7 minutes ago"]);
    let time = one(&section, ".time");
    assert_eq!(time.get_attribute("tabindex").as_deref(), Some("0"));
    let tip = one(&section, ".tip");
    // The browser's locale and zone here (en-US, UTC): Intl writes the date, the time and the zone.
    let absolute = text(&tip);
    assert!(
        absolute.contains("2026") && absolute.contains("5:53:00") && absolute.contains("UTC"),
        "{absolute}"
    );
    assert_eq!(
        time.get_attribute("data-written").as_deref(),
        Some("2026-11-20 05:53:00 UTC")
    );
    time.unchecked_ref::<HtmlElement>().focus().expect("focus");
    let clip = window()
        .get_computed_style(&tip)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("clip-path").ok());
    assert_eq!(clip.as_deref(), Some("none"), "the tip shows on focus");
}

#[wasm_bindgen_test]
async fn ids_are_monospace_and_copy_to_the_clipboard() {
    let section = container(None);
    let recorder = Recorder::default();
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Id("etl_daily".into()) room=Room::Table/> },
    );
    tick().await;
    assert_eq!(one(&section, ".id__value").tag_name(), "CODE");
    let button = one(&section, ".copy");
    assert_eq!(
        button.get_attribute("aria-label").as_deref(),
        Some("Copy etl_daily")
    );
    click(&section, ".copy");
    tick().await;
    assert_eq!(*recorder.copied.borrow(), ["etl_daily"]);
}

#[wasm_bindgen_test]
async fn links_open_through_the_host_and_only_for_http() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(
        r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"x","action":"list","state":"ok",
            "records":[{"docs":"https://docs.example/a","evil":"javascript:alert(1)"}]}"#,
    );
    let _handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    tick().await;
    let links = all(&section, "a");
    assert_eq!(links.len(), 1, "only the https value is a link");
    assert_eq!(
        links[0].get_attribute("href").as_deref(),
        Some("https://docs.example/a")
    );
    click(&section, "a");
    tick().await;
    assert_eq!(*recorder.opened.borrow(), ["https://docs.example/a"]);
}

#[wasm_bindgen_test]
async fn long_values_are_cut_and_shown_whole_on_focus() {
    let section = container(Some(400));
    let recorder = Recorder::default();
    let long = "x".repeat(500);
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell=Cell::Text(long) room=Room::Table/> },
    );
    tick().await;
    let cut = one(&section, ".cut");
    assert_eq!(cut.get_attribute("title").map(|t| t.len()), Some(500));
    assert_eq!(cut.get_attribute("tabindex").as_deref(), Some("0"));
    cut.unchecked_ref::<HtmlElement>().focus().expect("focus");
    let ws = window()
        .get_computed_style(&cut)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("white-space").ok());
    assert_eq!(ws.as_deref(), Some("pre-wrap"));
}

#[wasm_bindgen_test]
async fn nested_values_summarise_and_expand() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let metrics = m.table.rows.iter().find_map(|r| {
        r.cells
            .iter()
            .find(|c| matches!(c, Cell::Record { .. }))
            .cloned()
    });
    let cell = metrics.expect("a run with metrics");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CellView cell room=Room::Table/> },
    );
    tick().await;
    let details = one(&section, "details.nested");
    assert_eq!(text(&one(&section, "summary")), "1 field");
    assert!(!details.has_attribute("open"));
    click(&section, "summary");
    tick().await;
    assert!(details.has_attribute("open"));
    assert!(text(&details).contains("Blocks"));
}

// ---------- header, detail, mutations ----------

#[wasm_bindgen_test]
async fn the_header_shows_title_counts_filters_and_range() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(RUNS);
    let (header, filters, range) = (m.header.clone(), m.filters.clone(), m.pagination.clone());
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <ResultHeader header filters range/> },
    );
    tick().await;
    assert_eq!(texts(&section, "h1"), ["Runs of etl_daily"]);
    assert_eq!(texts(&section, ".header__range"), ["1–20 of 134"]);
    assert_eq!(all(&section, ".header__counts .count").len(), 4);
    assert!(texts(&section, ".chip")
        .iter()
        .any(|c| c.contains("running, completed, failed, cancelled")));
}

#[wasm_bindgen_test]
async fn a_block_shows_its_source_with_its_language_and_its_neighbours() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/blocks/get-python.json"));
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <RecordDetail model=m/> },
    );
    tick().await;
    assert_eq!(texts(&section, ".code__language"), ["python"]);
    assert!(text(&one(&section, "pre code")).contains("drop_duplicates"));
    let rows = all(&section, ".detail__row");
    let upstream = rows
        .iter()
        .find(|r| text(r).starts_with("Upstream blocks"))
        .expect("upstream row");
    assert_eq!(texts(upstream, ".tag"), ["load_orders", "orders_freshness"]);
}

#[wasm_bindgen_test]
async fn mutations_name_the_operation_and_the_changed_fields() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/pipelines/update.json"));
    let mutation = m.mutation.clone().expect("mutation");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <MutationBanner mutation/> },
    );
    tick().await;
    assert!(
        text(&one(&section, ".banner__title")).contains("Pipeline marketing_attribution updated")
    );
    assert_eq!(texts(&section, ".changes tbody th"), ["Name"]);
}

#[wasm_bindgen_test]
async fn a_delete_without_a_record_is_a_compact_success() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/pipelines/delete.json"));
    let mutation = m.mutation.clone().expect("mutation");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CompactSuccess mutation/> },
    );
    tick().await;
    assert!(text(&one(&section, ".compact-success")).contains("Pipeline ml_feature_store deleted"));
    assert_eq!(
        one(&section, ".compact-success")
            .get_attribute("role")
            .as_deref(),
        Some("status")
    );
}

// ---------- hostile data ----------

#[wasm_bindgen_test]
async fn markup_in_data_stays_text() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(
        state,
        include_str!("../fixtures/adversarial/xss-everywhere.json").into(),
    );
    tick().await;
    let root = one(&section, "#widget");
    assert!(all(&root, "script, img, b, svg[onload], iframe").is_empty());
    assert!(text(&root).contains("<script>alert(1)</script>"));
    assert!(all(&root, "a").iter().all(|a| a
        .get_attribute("href")
        .is_some_and(|h| h.starts_with("https://"))));
}

#[wasm_bindgen_test]
async fn unredacted_tokens_never_reach_the_dom() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(
        state,
        include_str!("../fixtures/adversarial/unredacted-tokens.json").into(),
    );
    tick().await;
    let html = one(&section, "#widget").outer_html();
    assert!(!html.contains("0123456789abcdef0123456789abcdef"));
    assert!(html.contains("redacted"));
}

// ---------- the block graph ----------

const GRAPH: &str = include_str!("../fixtures/pipelines/get-graph.json");

fn press(element: &Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    element.dispatch_event(&event).expect("dispatch");
}

#[wasm_bindgen_test]
async fn a_valid_graph_draws_every_node_and_edge_with_its_id() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(GRAPH);
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <GraphSection model=m/> },
    );
    tick().await;
    let nodes = all(&section, "g[data-node-id]");
    assert_eq!(nodes.len(), 8);
    assert_eq!(
        nodes[0].get_attribute("data-node-id").as_deref(),
        Some("load_orders")
    );
    assert_eq!(all(&section, "path.edge").len(), 7);
    assert!(all(&section, "path.edge")
        .iter()
        .all(|p| p.get_attribute("marker-end").is_some()));
    let data_loader = one(&section, "g[data-node-id=load_orders]");
    assert!(data_loader
        .get_attribute("class")
        .unwrap_or_default()
        .contains("node--data-loader"));
    assert_eq!(
        text(&data_loader),
        "load_ordersdata loader · executed",
        "the name is the visible text"
    );
    // The node the producer selected is highlighted and its record shown.
    let selected = one(&section, "g[data-node-id=clean_orders]");
    assert_eq!(
        selected.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    assert!(text(&one(&section, ".graph__detail")).contains("drop_duplicates"));
}

#[wasm_bindgen_test]
async fn clicking_a_node_selects_it_and_shows_its_block() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(GRAPH);
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <GraphSection model=m/> },
    );
    tick().await;
    let node = one(&section, "g[data-node-id=orders_to_warehouse]");
    node.dispatch_event(&web_sys::MouseEvent::new("click").expect("click"))
        .expect("dispatch");
    tick().await;
    assert_eq!(node.get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(
        texts(&section, ".graph__detail-title"),
        ["orders_to_warehouse"]
    );
    assert!(text(&one(&section, ".graph__detail")).contains("INSERT INTO analytics.orders"));
    assert_eq!(all(&section, "g[aria-pressed=true]").len(), 1);
}

#[wasm_bindgen_test]
async fn nodes_are_one_tab_stop_with_arrow_keys_between_them() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(GRAPH);
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <GraphSection model=m/> },
    );
    tick().await;
    let stops: Vec<Element> = all(&section, "g[data-node-id]")
        .into_iter()
        .filter(|g| g.get_attribute("tabindex").as_deref() == Some("0"))
        .collect();
    assert_eq!(stops.len(), 1, "one tab stop");
    assert_eq!(
        stops[0].get_attribute("data-node-id").as_deref(),
        Some("clean_orders")
    );
    press(&stops[0], "ArrowDown");
    tick().await;
    let active = document().active_element().expect("focus moved");
    let below = active.get_attribute("data-node-id").unwrap_or_default();
    assert!(
        below == "enrich_customers" || below == "orders_chart",
        "{below}"
    );
    assert!(text(&one(&section, ".graph__focus")).contains(&below));
    press(&active, "Enter");
    tick().await;
    assert_eq!(
        active.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn long_labels_are_cut_and_whole_in_the_caption_on_hover() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/adversarial/long-strings.json"));
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <GraphSection model=m/> },
    );
    tick().await;
    let label = text(&one(&section, ".node__label"));
    assert_eq!(label.chars().count(), 33);
    assert!(label.ends_with('…'));
    let node = one(&section, "g[data-node-id]");
    node.dispatch_event(&web_sys::MouseEvent::new("mouseenter").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(text(&one(&section, ".graph__focus-label")).len(), 10_000);
}

/// The size a node label is shown at: its font size times the drawing's scale.
fn label_px(section: &Element) -> f64 {
    let svg = one(section, "svg.graph__svg");
    let view_box_width: f64 = svg
        .get_attribute("viewBox")
        .and_then(|v| v.split(' ').nth(2)?.parse().ok())
        .expect("viewBox");
    let label = one(section, ".node__label");
    let font_px: f64 = window()
        .get_computed_style(&label)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("font-size").ok())
        .and_then(|v| v.trim_end_matches("px").parse().ok())
        .expect("font-size");
    font_px * svg.get_bounding_client_rect().width() / view_box_width
}

/// `GraphSection` on the result `json`, mounted in a fresh 760-px section once drawn and measured.
/// Keep the handle.
async fn graph_on(json: &str) -> (HtmlElement, impl Sized) {
    let section = container(Some(760));
    let m = model(json);
    let handle = mount(
        &section,
        &Recorder::default(),
        move || view! { <GraphSection model=m/> },
    );
    // Drawn, then laid out again for the section's measured width.
    tick().await;
    tick().await;
    (section, handle)
}

#[wasm_bindgen_test]
async fn a_forty_block_pipeline_opens_readable_with_nothing_out_of_reach() {
    // The 40-block warehouse DAG as a real Mage server returned it, in a 760 px frame.
    let (section, _handle) =
        graph_on(include_str!("../fixtures/mage/pipeline-get-warehouse.json")).await;
    assert_eq!(all(&section, "g[data-node-id]").len(), 40);
    let px = label_px(&section);
    assert!(
        px >= 11.0 - 1e-3,
        "labels are {px:.2} px at the opening view"
    );
    // Every label whole, every node reachable: the drawing scrolls inside its box, and the box
    // stays inside the frame.
    assert!(texts(&section, ".node__label")
        .iter()
        .all(|l| !l.ends_with('…')));
    let viewport = one(&section, ".graph__viewport");
    let drawing = one(&section, "svg.graph__svg").get_bounding_client_rect();
    assert!(f64::from(viewport.scroll_width()) + 1.0 >= drawing.width());
    assert!(f64::from(viewport.scroll_height()) + 1.0 >= drawing.height());
    assert!(viewport.get_bounding_client_rect().width() <= 760.0 + 0.5);
    // Its wide layers wrapped into rows: nothing runs past the right edge.
    assert!(
        drawing.width() <= f64::from(viewport.client_width()) + 1.0,
        "{} px drawn in {} px",
        drawing.width(),
        viewport.client_width()
    );
    assert!(section.scroll_width() <= 760, "the frame does not widen");
    // Fit and 100% stay actions.
    let button = |name: &str| {
        all(&section, ".graph__button")
            .into_iter()
            .find(|b| text(b) == name)
            .expect("a zoom button")
    };
    button("100%").unchecked_into::<HtmlElement>().click();
    tick().await;
    assert!(
        (label_px(&section) - 12.0).abs() < 0.1,
        "100%: labels at 12 px"
    );
    button("Fit").unchecked_into::<HtmlElement>().click();
    tick().await;
    assert_eq!(
        button("Fit").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let fitted = one(&section, "svg.graph__svg").get_bounding_client_rect();
    assert!(fitted.width() <= f64::from(viewport.client_width()) + 1.0);
}

#[wasm_bindgen_test]
async fn a_graph_too_large_to_read_is_listed_with_a_button_that_draws_it() {
    // 400 blocks side by side (no edges): wrapped into rows they still make more than six
    // boxes of drawing at a readable size.
    let nodes: Vec<String> = (0..400)
        .map(|i| format!(r#"{{"id":"block_{i:03}","type":"transformer"}}"#))
        .collect();
    let json = format!(
        r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline","action":"get","state":"ok","records":[{{"uuid":"wide"}}],"graph":{{"nodes":[{}],"edges":[]}}}}}}"#,
        nodes.join(",")
    );
    let (section, _handle) = graph_on(&json).await;
    assert!(all(&section, "svg.graph__svg").is_empty());
    assert!(text(&one(&section, ".graph-reason")).contains("400 blocks are too many"));
    // Windowed past 200 rows: the table counts them all (the header row included).
    assert_eq!(
        one(&section, ".table")
            .get_attribute("aria-rowcount")
            .as_deref(),
        Some("401")
    );
    click(&section, ".graph-reason .graph__button");
    tick().await;
    assert_eq!(all(&section, "g[data-node-id]").len(), 400);
}

#[wasm_bindgen_test]
async fn a_malformed_graph_falls_back_with_its_reason() {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(include_str!("../fixtures/graphs/unknown-edge.json"));
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <GraphSection model=m/> },
    );
    tick().await;
    assert!(all(&section, "svg").is_empty());
    assert_eq!(
        texts(&section, ".graph-reason"),
        ["Graph not drawn: an edge names the unknown block 'x'."]
    );
}

// ---------- long lists ----------

/// `n` runs, the run's id in the first column (declared, as a producer may).
fn runs_json(n: usize) -> String {
    let records: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id":{},"status":"{}","pipeline_uuid":"p{}"}}"#,
                i + 1,
                if i % 3 == 0 { "failed" } else { "completed" },
                i % 7
            )
        })
        .collect();
    format!(
        r#"{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","columns":["id","status","pipeline_uuid"],"records":[{}]}}"#,
        records.join(",")
    )
}

/// A `ListTable` of `n` runs (`runs_json`) mounted in a fresh 760-px section. Keep the handle.
fn long_list(n: usize) -> (HtmlElement, impl Sized) {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(&runs_json(n));
    let handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    (section, handle)
}

/// Scrolls a windowed table's region to row `rows` (30-px rows) and says so, as the browser does.
fn scroll_table_to(section: &Element, rows: i32) {
    let scroll = one(section, ".table-scroll").unchecked_into::<HtmlElement>();
    scroll.set_scroll_top(30 * rows);
    scroll
        .dispatch_event(&web_sys::Event::new("scroll").expect("event"))
        .expect("dispatch");
}

#[wasm_bindgen_test]
async fn a_long_list_renders_only_the_rows_in_view_and_follows_the_scroll() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let rendered = all(&section, ".table tbody tr:not(.table__spacer)").len();
    assert!(rendered > 10 && rendered < 80, "{rendered} rows in the DOM");
    assert_eq!(
        one(&section, ".table")
            .get_attribute("aria-rowcount")
            .as_deref(),
        Some("5001")
    );
    scroll_table_to(&section, 2_500);
    tick().await;
    let ids = texts(
        &section,
        ".table tbody tr:not(.table__spacer) td:first-child .id__value",
    );
    assert!(
        ids.iter().any(|id| id == "2501"),
        "row 2501 in view after scrolling: {ids:?}"
    );
    assert!(all(&section, ".table tbody tr:not(.table__spacer)").len() < 80);
}

/// Each drawn row's record number and whether the row shows that record's own status and
/// pipeline (`runs_json`'s records: failed every third, pipeline `p{i % 7}`).
fn drawn_runs(section: &Element) -> Vec<(u32, bool)> {
    all(section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .map(|row| {
            let id: u32 = text(&one(row, ".id__value")).parse().expect("a run id");
            let row_text = text(row).to_lowercase();
            let status = if (id - 1).is_multiple_of(3) {
                "failed"
            } else {
                "completed"
            };
            let own = row_text.contains(status) && row_text.contains(&format!("p{}", (id - 1) % 7));
            (id, own)
        })
        .collect()
}

/// The drawn rows' run numbers, checked to be consecutive and each row to show its own run.
fn drawn_runs_in_order(section: &Element) -> Vec<u32> {
    let runs = drawn_runs(section);
    assert!(
        runs.iter().all(|(_, own)| *own),
        "a row shows another record's cells: {runs:?}"
    );
    let ids: Vec<u32> = runs.iter().map(|(id, _)| *id).collect();
    assert!(
        ids.windows(2).all(|w| w[1] == w[0] + 1),
        "rows out of order: {ids:?}"
    );
    ids
}

#[wasm_bindgen_test]
async fn scrolling_a_long_list_recycles_row_elements_and_each_shows_its_own_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let drawn_first = all(&section, ".table tbody tr:not(.table__spacer)");
    for rows_down in [3, 4, 40, 2_000] {
        scroll_table_to(&section, rows_down);
        tick().await;
        let drawn = all(&section, ".table tbody tr:not(.table__spacer)");
        assert!(
            drawn.iter().all(|row| drawn_first.contains(row)),
            "a row element was created scrolling to row {rows_down}"
        );
        let ids = drawn_runs_in_order(&section);
        // Assistive technology hears each row's place in the order (the header row is 1).
        let places: Vec<Option<String>> = all(&section, ".table tbody tr:not(.table__spacer)")
            .iter()
            .map(|row| row.get_attribute("aria-rowindex"))
            .collect();
        let expected: Vec<Option<String>> =
            ids.iter().map(|id| Some((id + 1).to_string())).collect();
        assert_eq!(
            places, expected,
            "aria-rowindex after scrolling to row {rows_down}"
        );
        let first_in_view = rows_down as u32 + 1;
        assert!(
            ids.contains(&first_in_view),
            "run {first_in_view} not drawn: {ids:?}"
        );
    }
}

#[wasm_bindgen_test]
async fn a_taller_frame_draws_more_recycled_rows_and_each_shows_its_own_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let before = drawn_runs(&section).len();
    // The host grows the frame (fullscreen): the region is taller, so the window holds more rows
    // and a new set of slots is drawn.
    section
        .style()
        .set_property("--table-max-height", "900px")
        .expect("height");
    scroll_table_to(&section, 100);
    tick().await;
    let ids = drawn_runs_in_order(&section);
    assert!(
        ids.len() > before + 10,
        "{} rows drawn, {before} before",
        ids.len()
    );
    assert!(
        ids.contains(&101) && ids.contains(&125),
        "rows 101 to 125 in view: {ids:?}"
    );
    // The new slots are recycled in turn.
    let drawn = all(&section, ".table tbody tr:not(.table__spacer)");
    scroll_table_to(&section, 103);
    tick().await;
    assert!(all(&section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .all(|row| drawn.contains(row)));
    assert!(drawn_runs(&section).iter().all(|(_, own)| *own));
}

#[wasm_bindgen_test]
async fn focus_never_stays_in_a_row_element_handed_to_another_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let document = web_sys::window()
        .expect("window")
        .document()
        .expect("document");
    let copy =
        one(&section, ".table tbody tr:not(.table__spacer) .copy").unchecked_into::<HtmlElement>();
    copy.focus().expect("focus");
    let scroll_to = |rows: i32| scroll_table_to(&section, rows);
    // Still in the window: focus stays where it was.
    scroll_to(2);
    tick().await;
    assert_eq!(document.active_element(), Some(copy.clone().into()));
    // Out of it: its element now shows another run, so focus is not left in it (nor in any
    // row): the slot's move drops it, or the slot hands it to the table's region.
    for rows in [2_000, 2_013, 7, 4_990] {
        copy.focus().expect("focus");
        scroll_to(rows);
        tick().await;
        let in_a_row = document
            .active_element()
            .is_some_and(|a| a.closest(".table tbody tr").ok().flatten().is_some());
        assert!(
            !in_a_row,
            "focus left in a recycled row after scrolling to row {rows}"
        );
    }
    // Sorting rewrites the drawn slots in place (nothing moves): a row's control that kept focus
    // through a click elsewhere (WebKit does not focus clicked buttons) would now show another
    // run; focus goes to the table's region.
    scroll_to(0);
    tick().await;
    let copy =
        one(&section, ".table tbody tr:not(.table__spacer) .copy").unchecked_into::<HtmlElement>();
    copy.focus().expect("focus");
    // Ascending is the order already; descending changes every drawn row.
    click(&section, ".table th .sort");
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(first_column(&section)[0], "5000");
    let region = one(&section, ".table-scroll");
    assert_eq!(
        document.active_element(),
        Some(region),
        "focus after sorting"
    );
}

#[wasm_bindgen_test]
async fn sorting_and_finding_cover_every_row_of_a_long_list() {
    let (section, _handle) = long_list(5_000);
    click(&section, ".table th .sort");
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        first_column(&section)[0],
        "5000",
        "descending over all rows"
    );
    let first_row = || one(&section, ".table tbody tr:not(.table__spacer)");
    assert_eq!(
        first_row().get_attribute("aria-rowindex").as_deref(),
        Some("2")
    );
    let input = one(&section, ".table-find__input").unchecked_into::<web_sys::HtmlInputElement>();
    input.set_value("4321");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(first_column(&section), ["4321"]);
    assert_eq!(
        first_row().get_attribute("aria-rowindex").as_deref(),
        Some("2")
    );
    assert!(digits(&text(&one(&section, ".table-find__count"))).contains("1 of 5000 rows match"));
}

/// Waits (polling each 10 ms, at most 10 s) until `condition` holds; fails the test naming `what`.
async fn wait_until(what: &str, condition: impl Fn() -> bool) {
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
async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

#[wasm_bindgen_test]
async fn a_long_list_builds_finds_text_when_idle_and_finds_the_same_rows() {
    let (section, _handle) = long_list(3_000);
    tick().await;
    let find = one(&section, ".table-find");
    assert!(
        find.get_attribute("data-ready").is_none(),
        "not built before the table is drawn"
    );
    // Idle slices start 300 ms after the table is drawn.
    wait_until("Find's index built", || find.get_attribute("data-ready").is_some()).await;
    // Rows above the window were never drawn, yet Find reads them.
    let input = one(&section, ".table-find__input").unchecked_into::<web_sys::HtmlInputElement>();
    input.set_value("1234");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(first_column(&section), ["1234"]);
    assert!(digits(&text(&one(&section, ".table-find__count"))).contains("1 of 3000 rows match"));
}

// ---------- faithful on real data: secrets hidden, look-alikes shown, the host's locale ----------

/// A secret planted in each carrier the redaction knows.
const SECRET: &str = "zzTOPSECRETzz";
const HEX_SECRET: &str = "feedc0defeedc0defeedc0defeedc0de";

fn carriers() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        ("token", json!(SECRET)),
        ("api_key", json!({ "inner": SECRET })),
        (
            "url",
            json!(format!("https://admin:{SECRET}@svc.example/api")),
        ),
        (
            "webhook",
            json!(format!("https://svc.example/hook?api_key={SECRET}&page=2")),
        ),
        (
            "trigger_url",
            json!(format!(
                "https://svc.example/api/pipeline_schedules/3/pipeline_runs/{HEX_SECRET}"
            )),
        ),
        ("note", json!(format!("rotated: token={SECRET} at noon"))),
        (
            "headers_dump",
            json!(format!("Authorization: Bearer {SECRET}")),
        ),
        (
            "message",
            json!(format!("login failed, password: {SECRET}")),
        ),
        (
            "payload",
            json!(format!(r#"{{"api_key": "{SECRET}", "page": 2}}"#)),
        ),
        (
            "jwt",
            json!(format!("eyJhbGciOiJIUzI1NiJ9.eyJzZWNyZXQiOjF9.{SECRET}")),
        ),
        ("summary_line", json!(format!("token {HEX_SECRET} rotated"))),
    ]
}

/// Every console call from now on, recorded in `window.__logged` (and still printed).
fn record_console() {
    let install = js_sys::Function::new_no_args(
        "if (!window.__logged) { window.__logged = []; for (const k of ['log','info','warn','error','debug']) { const o = console[k]; console[k] = (...a) => { window.__logged.push(a.map(String).join(' ')); o.apply(console, a, 0.0); }; } }",
    );
    install
        .call0(&wasm_bindgen::JsValue::NULL)
        .expect("console recorder");
}

fn logged() -> String {
    let logged = js_sys::Reflect::get(&window(), &"__logged".into()).expect("__logged");
    js_sys::JSON::stringify(&logged)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// Results that plant every carrier in records (short and windowed lists), nested values, the
/// summary, the filters, the hints, graph labels and the text-only delivery.
fn planted_results() -> Vec<String> {
    use serde_json::json;
    let mut results = Vec::new();
    for (i, (key, secret)) in carriers().into_iter().enumerate() {
        let record = json!({ "uuid": format!("p{i}"), "name": "Basic ETL from S3", key: secret.clone(), "nested": { key: secret.clone(), "list": [{ key: secret.clone() }] } });
        // Free text carries a secret only with its context (a label, a URL, a JWT's shape); a value
        // that is secret only because of its key goes nowhere else.
        let note = match &secret {
            serde_json::Value::String(s) if !widget_model::redact::is_sensitive_key(key) => {
                s.clone()
            }
            _ => "plain words".to_owned(),
        };
        let widget = |records: Vec<serde_json::Value>| {
            json!({
                "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipelines", "action": "list", "state": "ok",
                "records": records, "summary": { "title": "Pipelines", "message": note }, "filters": { key: secret.clone() },
            })
        };
        let short = widget(vec![record.clone(), json!({ "uuid": "q", "name": "x" })]);
        results.push(json!({ "structuredContent": short, "content": [{ "type": "text", "text": short.to_string() }], "_meta": { "host/widgetData": { "title": note, key: secret.clone() } } }).to_string());
        let long = widget(vec![record.clone(); 260]);
        results
            .push(json!({ "content": [{ "type": "text", "text": long.to_string() }] }).to_string());
        let detail = json!({
            "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline", "action": "get", "state": "ok",
            "records": [record.clone()],
            "graph": { "nodes": [{ "id": "a", "label": note, "type": "transformer" }, { "id": "b", "label": "b" }], "edges": [{ "source": "a", "target": "b" }], "totalNodes": 2, "truncated": false }
        });
        results.push(json!({ "structuredContent": detail }).to_string());
    }
    results
}

#[wasm_bindgen_test]
async fn planted_secrets_reach_neither_dom_title_clipboard_nor_console() {
    record_console();
    for result in planted_results() {
        let section = container(None);
        let recorder = Recorder::default();
        let (state, _handle) = mount_widget(&section, &recorder);
        deliver(state, result.clone());
        tick().await;
        let root = one(&section, "#widget");
        assert_eq!(
            root.get_attribute("data-state").as_deref(),
            Some("ok"),
            "{result:.200}"
        );
        // Open every nested value and the first graph node, and copy every id.
        for details in all(&root, "details") {
            let _ = details.set_attribute("open", "");
        }
        if let Some(node) = root.query_selector("[data-node-id=a]").ok().flatten() {
            node.dispatch_event(&web_sys::Event::new("click").expect("event"))
                .expect("click");
        }
        for button in all(&root, ".copy") {
            button.unchecked_into::<HtmlElement>().click();
        }
        tick().await;
        let html = document()
            .document_element()
            .map(|e| e.outer_html())
            .unwrap_or_default();
        let copied = recorder.copied.borrow().join("\n");
        for (place, text) in [
            ("DOM", html),
            ("title", document().title()),
            ("clipboard", copied),
            ("console", logged()),
        ] {
            assert!(
                !text.contains(SECRET) && !text.contains(HEX_SECRET),
                "a planted secret reached the {place}: {result:.300}"
            );
        }
        assert!(
            text(&root).contains("Basic ETL from S3"),
            "look-alikes beside secrets stay"
        );
        section.remove();
    }
}

#[wasm_bindgen_test]
async fn look_alikes_are_shown_exactly_as_sent() {
    let fixture = include_str!("../fixtures/pipelines/look-alikes.json");
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, fixture.into());
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    let sent: serde_json::Value = serde_json::from_str(fixture).expect("fixture");
    for record in sent["structuredContent"]["records"]
        .as_array()
        .expect("records")
    {
        for key in ["name", "uuid", "description"] {
            let value = record[key].as_str().expect("string");
            let visible = if value.contains("https://") {
                value.split(" https://").next().unwrap_or(value)
            } else {
                value
            };
            assert!(
                shown.contains(visible),
                "{key} {value:?} is not shown as sent"
            );
        }
    }
    assert!(all(&root, ".redacted").is_empty());
    assert!(!shown.contains("[redacted]"));
}

#[wasm_bindgen_test]
async fn numbers_times_and_words_follow_the_host_locale_and_zone() {
    use resource_widget::app::HostContext;
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    let mut context = HostContext::default();
    context.merge(patch_of_host_context(
        &serde_json::json!({ "locale": "de-DE", "timeZone": "Europe/Berlin" }),
    ));
    state.update(|s| {
        s.apply(HostEvent::Connected(context), 0.0);
        s.apply(
            HostEvent::ToolResult(ToolPayload::CallToolResult(
                include_str!("../fixtures/pipeline_runs/numbers-and-times.json").into(),
            )),
            0.0,
        );
    });
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    assert_eq!(root.get_attribute("lang").as_deref(), Some("de"));
    assert!(
        shown.contains("1.234.567") && shown.contains("1,25"),
        "{shown}"
    );
    assert!(shown.contains("vor 3 Tagen"), "{shown}");
    let tip = text(&one(&root, ".time .tip"));
    assert!(
        tip.contains("MEZ") || tip.contains("GMT+1") || tip.contains("GMT+01"),
        "the zone is named: {tip}"
    );
    assert!(
        tip.contains("07:00:00"),
        "06:00 UTC is 07:00 in Berlin: {tip}"
    );
    assert!(
        shown.contains("1 Datensatz"),
        "the widget's own words in German: {shown}"
    );

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "locale": "en-US" }),
            )),
            0.0,
        )
    });
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    assert_eq!(root.get_attribute("lang").as_deref(), Some("en"));
    assert!(
        shown.contains("1,234,567") && shown.contains("1.25"),
        "{shown}"
    );
    assert!(
        shown.contains("3 days ago") && shown.contains("1 record"),
        "{shown}"
    );

    state.update(|s| {
        s.apply(
            HostEvent::ContextChanged(patch_of_host_context(
                &serde_json::json!({ "locale": "ja-JP" }),
            )),
            0.0,
        )
    });
    tick().await;
    assert!(
        text(&one(&section, "#widget")).contains("1 件"),
        "Japanese words"
    );
}

// ---------- real pipeline data at a glance: outputs, logs, a run's timeline, progress ----------

/// Mounts the whole widget on one tool result and returns its section.
async fn widget_on(fixture: &'static str, recorder: &Recorder) -> (HtmlElement, impl Sized) {
    let section = container(None);
    let (state, handle) = mount_widget(&section, recorder);
    deliver(state, fixture.into());
    tick().await;
    (section, handle)
}

#[wasm_bindgen_test]
async fn block_outputs_are_data_grids_and_texts_and_a_grid_copies_as_tsv() {
    let recorder = Recorder::default();
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/block-outputs-multiple.json"),
        &recorder,
    )
    .await;
    let outputs = all(&section, ".output");
    assert_eq!(outputs.len(), 3, "one section per output");
    assert_eq!(
        texts(&section, ".output__name"),
        ["output_0", "output_1", "output_2"]
    );
    assert_eq!(
        all(&outputs[0], "tbody tr").len(),
        14,
        "the table output's rows"
    );
    assert!(
        text(&outputs[0]).contains("14 rows × 2 columns"),
        "{}",
        text(&outputs[0])
    );
    assert_eq!(
        all(&section, ".output__text").len(),
        2,
        "text outputs as sent"
    );
    assert_eq!(
        all(&section, "table").len(),
        1,
        "no records table beside the grids"
    );
    click(&outputs[0], ".output__copy");
    let copied = recorder.copied.borrow().last().cloned().unwrap_or_default();
    assert!(
        copied.starts_with("column\tnull_count\n"),
        "TSV with the header first: {copied:?}"
    );
    assert_eq!(copied.lines().count(), 15);
}

#[wasm_bindgen_test]
async fn a_large_dataframe_sample_says_its_shape() {
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/block-outputs-dataframe.json"),
        &Recorder::default(),
    )
    .await;
    let output = one(&section, ".output");
    assert!(
        text(&output).contains("300 rows × 13 columns"),
        "{}",
        text(&output)
    );
    let headers = texts(&output, "thead th");
    assert!(
        headers.iter().any(|h| h.contains("order_id")),
        "the DataFrame's own column names: {headers:?}"
    );
    assert!(all(&output, "tbody tr").len() >= 20, "rows drawn");
}

#[wasm_bindgen_test]
async fn wide_grids_and_tracebacks_scroll_in_their_own_boxes_without_widening_the_widget() {
    for fixture in [
        include_str!("../fixtures/mage/block-outputs-dataframe.json"),
        include_str!("../fixtures/mage/pipeline-run-logs-failed.json"),
    ] {
        let section = container(Some(560));
        let (state, _handle) = mount_widget(&section, &Recorder::default());
        deliver(state, fixture.into());
        tick().await;
        let root: HtmlElement = one(&section, "#widget").dyn_into().expect("element");
        assert!(
            root.scroll_width() <= root.client_width() + 1,
            "the widget is {} px wide inside {} px",
            root.scroll_width(),
            root.client_width()
        );
        section.remove();
    }
}

#[wasm_bindgen_test]
async fn a_failed_runs_logs_lead_with_its_first_error_and_show_it_in_place() {
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/pipeline-run-logs-failed.json"),
        &Recorder::default(),
    )
    .await;
    let error = one(&section, ".log-error");
    assert!(
        text(&one(&error, ".log-error__message")).starts_with("StaleCredentialError"),
        "{}",
        text(&error)
    );
    assert!(
        text(&error).contains("check_rotation"),
        "the file and block it happened in"
    );
    assert_eq!(
        texts(&section, ".log-file__name")[..2],
        ["check_rotation.log", "load_refresh_events.log"]
    );
    assert!(
        !all(&section, ".log__line--marked").is_empty(),
        "error lines are marked"
    );
    assert!(
        !text(&section).contains("{\"block_run_id\""),
        "JSON lines are read, not shown raw"
    );
    click(&error, ".log-error__show");
    tick().await;
    let details = one(&section, ".log-details");
    assert!(
        text(&details).contains("Traceback"),
        "the selected line's traceback"
    );
    assert_eq!(
        all(&section, ".log__select[aria-pressed=\"true\"]").len(),
        1,
        "the line is selected in its file"
    );
}

#[wasm_bindgen_test]
async fn a_log_of_thousands_of_lines_draws_a_window_and_finds_across_all() {
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/pipeline-run-logs-large.json"),
        &Recorder::default(),
    )
    .await;
    let big = all(&section, ".log-file")
        .into_iter()
        .find(|f| text(f).contains("replay_clickstream.log"))
        .expect("the large file");
    let drawn = all(&big, ".log__line").len();
    assert!(
        drawn > 5 && drawn < 80,
        "only the lines in view are drawn: {drawn}"
    );
    assert!(
        digits(&text(&big)).contains("3702 lines"),
        "{}",
        text(&one(&big, ".log-file__head"))
    );
    let input: web_sys::HtmlInputElement =
        one(&big, ".table-find__input").dyn_into().expect("input");
    input.set_value("zzz-no-such-line");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(all(&big, ".log__line").len(), 0);
    assert!(
        digits(&text(&one(&big, ".table-find__count"))).contains("0 of 3702"),
        "{}",
        text(&one(&big, ".table-find__count"))
    );
}

#[wasm_bindgen_test]
async fn a_run_shows_its_blocks_on_a_timeline_with_statuses_in_words() {
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/pipeline-run-failed.json"),
        &Recorder::default(),
    )
    .await;
    let timeline = one(&section, ".timeline");
    let bars = all(&timeline, ".bar");
    assert_eq!(bars.len(), 3);
    assert!(
        bars.iter()
            .any(|b| b.class_name().contains("bar--danger") && text(b).contains("Failed")),
        "{}",
        text(&timeline)
    );
    assert!(
        !all(&timeline, ".timeline__legend .pill").is_empty(),
        "a legend of statuses"
    );
    assert!(
        one(&section, ".detail").is_connected(),
        "the run's fields below"
    );
}

#[wasm_bindgen_test]
async fn a_runs_list_shows_progress_and_keeps_rare_columns_behind_a_toggle() {
    let (section, _handle) = widget_on(
        include_str!("../fixtures/mage/pipeline-runs-list.json"),
        &Recorder::default(),
    )
    .await;
    let headers = texts(&section, "thead th");
    let lead: Vec<&str> = headers
        .iter()
        .take(5)
        .map(|h| h.trim_end_matches('↕'))
        .collect();
    assert_eq!(
        lead,
        [
            "Pipeline UUID",
            "Status",
            "Execution date",
            "Duration",
            "Progress"
        ],
        "what a person asks of a run first"
    );
    let progress = texts(&section, ".progress__text");
    assert!(
        !progress.is_empty() && progress.iter().all(|p| p.contains('/')),
        "{progress:?}"
    );
    let before = all(&section, "thead th").len();
    click(&section, ".table-more");
    tick().await;
    assert!(
        all(&section, "thead th").len() > before,
        "more columns on demand"
    );
}

/// The heights of the drawn rows of the first table in `section`.
fn row_heights(section: &Element) -> Vec<f64> {
    all(section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .map(|r| r.get_bounding_client_rect().height())
        .collect()
}

#[wasm_bindgen_test]
async fn rows_are_even_and_a_long_id_never_runs_under_its_copy_button() {
    // Mage's triggers (links, nested settings, empty intervals) and block runs (long block ids).
    for fixture in [
        include_str!("../fixtures/mage/pipeline-schedules-list.json"),
        include_str!("../fixtures/mage/block-runs-list.json"),
    ] {
        let section = container(Some(760));
        let (state, _handle) = mount_widget(&section, &Recorder::default());
        deliver(state, fixture.into());
        tick().await;
        // The last row has no border below it: it is one pixel lower.
        let mut heights = row_heights(&section);
        heights.pop();
        let (low, high) = heights
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), x| (l.min(*x), h.max(*x)));
        assert!(high - low < 0.5, "row heights from {low} to {high}");
        for id in all(&section, ".table tbody .id") {
            let value = one(&id, ".id__value");
            let copy = one(&id, ".copy").get_bounding_client_rect();
            let shown = value.get_bounding_client_rect();
            assert!(
                shown.right() <= copy.left() + 0.5,
                "{} runs under its button",
                text(&value)
            );
            assert_eq!(
                value.get_attribute("title"),
                Some(text(&value)),
                "the whole id in its tooltip"
            );
        }
    }
    // The long id is cut, not hidden: its tooltip and its copy are whole.
    let section = container(Some(760));
    let recorder = Recorder::default();
    let (state, _handle) = mount_widget(&section, &recorder);
    deliver(
        state,
        include_str!("../fixtures/mage/block-runs-list.json").into(),
    );
    tick().await;
    let long = all(&section, ".table tbody .id__value")
        .into_iter()
        .find(|v| text(v) == "export_inventory_alerts_slack")
        .expect("the long block id");
    let style = window()
        .get_computed_style(&long)
        .ok()
        .flatten()
        .expect("style");
    assert!(
        long.scroll_width() > long.client_width()
            && style.get_property_value("overflow-x").as_deref() == Ok("hidden")
            && style.get_property_value("text-overflow").as_deref() == Ok("ellipsis"),
        "cut with an ellipsis in its column, not drawn on past it"
    );
    let button = long
        .parent_element()
        .map(|id| one(&id, ".copy"))
        .expect("its copy button");
    button.unchecked_into::<HtmlElement>().click();
    assert_eq!(
        recorder.copied.borrow().last().map(String::as_str),
        Some("export_inventory_alerts_slack")
    );
}
