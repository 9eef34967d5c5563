//! The widget's root: the element hosts key on (`data-state`, `aria-busy`), the theme and density,
//! the host's CSS variables, and the view for the current phase.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Arrangement, Content, Density, State, WidgetModel};

use crate::calls::Intents;
use crate::views::context::{self, Announcer, Clock};
use crate::views::detail::RecordDetail;
use crate::views::graph::GraphSection;
use crate::views::header::ResultHeader;
use crate::views::locale::{locale, Locale, LocaleStore};
use crate::views::logs::LogView;
use crate::views::mutation::{CompactSuccess, MutationBanner, MutationFooter};
use crate::views::navigation::{back, CallBar};
use crate::views::notices::Notices;
use crate::views::outputs::OutputsView;
use crate::views::record_page::host_opens_links;
use crate::views::states::{CancelledState, EmptyState, ErrorState, LoadingState};
use crate::views::table::ListTable;
use crate::views::timeline::RunTimeline;
use widget_app::{AppState, DisplayMode, HostContext, HostServices, Phase, Theme};

/// The whole widget.
///
/// - `state`: the app state the bridge updates.
/// - `services`: what views may ask of the host (copy, open a link, the clock).
/// - `intents`: what the controls may ask for (`crate::calls`), provided to the views below.
#[component]
pub fn Widget(
    state: RwSignal<AppState>,
    services: HostServices,
    intents: Intents,
) -> impl IntoView {
    context::provide(services);
    provide_context(intents);
    keep_clock_ticking();
    let phase = Memo::new(move |_| state.with(|s| s.phase.clone()));
    let host = Memo::new(move |_| state.with(|s| s.context.clone()));
    let announcer = expect_context::<Announcer>();
    let density = move || match phase.get() {
        Phase::Ready { model, .. } => model.density,
        _ => Density::Compact,
    };
    let class = move || root_class(&host.get(), density());
    let locale_key = locale_key(state);
    let locale_store = expect_context::<LocaleStore>();
    let locale_built_for = StoredValue::new(None::<(Option<String>, Option<String>)>);
    let lang = move || {
        locale_key.with(|(tag, _)| {
            tag.as_deref()
                .map(widget_model::words::Lang::from_locale)
                .unwrap_or_default()
                .tag()
        })
    };
    let warming = warm_up_until_a_result(phase);
    view! {
        <main
            id="widget"
            class=class
            data-state=move || phase.with(Phase::data_state)
            aria-busy=move || phase.with(Phase::is_busy).then_some("true")
            style=move || host.with(HostContext::root_style)
            lang=lang
            data-fatal-message=move || { locale_key.track(); locale_store.with_value(|l| l.t(&Msg::WidgetStopped)) }
            on:keydown=move |ev| {
                // Escape goes back after a drill-down (and only then: otherwise the host may use it).
                if ev.key() == "Escape" && back() {
                    ev.prevent_default();
                }
            }
        >
            {move || {
                // A new locale (its `Intl` formatters) only when the language or zone changed,
                // not on every phase.
                let key = locale_key.get();
                if locale_built_for.with_value(|built| built.as_ref() != Some(&key)) {
                    locale_store.set_value(Locale::new(key.0.as_deref(), key.1.as_deref()));
                    locale_built_for.set_value(Some(key));
                }
                let phase = phase.get();
                if let Some(memory) = context::screen_memory() {
                    memory.enter(state.with_untracked(|s| s.screen));
                }
                match phase {
                    Phase::Waiting | Phase::Loading => view! { <LoadingState/> }.into_any(),
                    Phase::Cancelled { reason } => view! { <CancelledState reason/> }.into_any(),
                    Phase::Ready { model, restored } => view! { <CallBar state/><ResultView model restored/> }.into_any(),
                }
            }}
            <p class="visually-hidden" aria-live="polite">{move || announcer.message.get()}</p>
            {move || warming.get().map(|part| view! {
                <div class="warm-up" data-part=part hidden aria-hidden="true">{warm_up_part(part)}</div>
            })}
        </main>
    }
}

/// The language and time zone the widget writes in: the host's locale, else the browser's; the
/// host's zone, else the producer's hint, else the browser's. A change draws the result again in
/// the new language.
fn locale_key(state: RwSignal<AppState>) -> Memo<(Option<String>, Option<String>)> {
    Memo::new(move |_| {
        state.with(|s| {
            let hint = match &s.phase {
                Phase::Ready { model, .. } => model.time_zone.clone(),
                _ => None,
            };
            (
                s.context.effective_locale().map(str::to_owned),
                s.context.time_zone.clone().or(hint),
            )
        })
    })
}

fn root_class(host: &HostContext, density: Density) -> String {
    let theme = match host.theme {
        Some(Theme::Light) => " theme-light",
        Some(Theme::Dark) => " theme-dark",
        None => "",
    };
    let density = match density {
        Density::Compact => " density-compact",
        Density::Comfortable => " density-comfortable",
    };
    let fullscreen = if host.display_mode == Some(DisplayMode::Fullscreen) {
        " display-fullscreen"
    } else {
        ""
    };
    format!("widget{theme}{density}{fullscreen}")
}

/// What the warm-up draws, hidden, until a result comes (see [`warm_up_until_a_result`]), one
/// part a task: a result's call bar with a small list, a small graph, and a list long enough to be
/// windowed (its rows built when drawn, with Find). Browsers compile wasm functions on their first
/// call, the JavaScript build translates each function on its first call unless the page
/// translated it first, and the first `Intl` formatter and template of each kind cost more than
/// the next; drawing these moves that cost out of the real result's way without adding to the cold
/// start (`bench/widget.mjs` measures both, a result sent the moment the handshake is done too).
fn warm_up_part(part: usize) -> Option<AnyView> {
    WARM_UP.get(part).map(|draw| draw())
}

/// The warm-up's parts, in the order they are drawn.
const WARM_UP: [fn() -> AnyView; 3] = [
    || view! { <CallBar state=warm_up_state()/>{warm_up_result(WARM_UP_LIST)} }.into_any(),
    || warm_up_result(WARM_UP_GRAPH).into_any(),
    || warm_up_result(&warm_up_long_list()).into_any(),
];

/// How many parts the warm-up draws.
pub const WARM_UP_PARTS: usize = WARM_UP.len();

/// A result of the warm-up, given as JSON text.
fn warm_up_result(text: &str) -> impl IntoView {
    let model = Arc::new(widget_model::model_from_json_text(text));
    view! { <ResultView model restored=false/> }
}

const WARM_UP_LIST: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","summary":{"title":"Runs","counts":{"running":1}},"columns":[{"key":"id","type":"id"},{"key":"status","type":"status"},{"key":"execution_date","type":"datetime"},"passed_sla","metrics","tags","duration"],"filters":{"status":["running"]},"pagination":{"page":1,"per_page":20,"total":40},"records":[{"id":1,"status":"running","execution_date":"2026-11-20 06:00:00.000000+00:00","passed_sla":true,"metrics":{"rows":1},"tags":["a"],"duration":1.5,"url":"https://example.com/a"},{"id":2,"status":"failed","execution_date":"2026-11-20T05:00:00Z","passed_sla":false,"metrics":null,"tags":[],"duration":65,"url":null}]}}"#;
const WARM_UP_GRAPH: &str = r#"{"structuredContent":{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline","action":"get","state":"ok","records":[{"uuid":"p","name":"P","content":"x = 1","language":"python"}],"graph":{"nodes":[{"id":"a","label":"a","type":"data_loader","status":"completed","selected":true},{"id":"b","label":"b","type":"transformer","status":"running"},{"id":"c","label":"c","type":"data_exporter"}],"edges":[{"source":"a","target":"b"},{"source":"a","target":"c"}],"totalNodes":3,"truncated":false}}}"#;

/// A list long enough to be windowed, held as text (its rows built when drawn), with Find.
fn warm_up_long_list() -> String {
    let records: Vec<String> = (0..=widget_app::table_window::WINDOW_AFTER)
        .map(|i| format!(r#"{{"id":{i},"status":"completed","execution_date":"2026-11-20 06:00:00.000000+00:00"}}"#))
        .collect();
    format!(
        r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","records":[{}]}}}}"#,
        records.join(",")
    )
}

/// A state showing [`WARM_UP_LIST`] as a result that just came, for the warm-up's call bar (the
/// time of its last update is written as a clock time, whose `Intl` formatter is built then).
fn warm_up_state() -> RwSignal<AppState> {
    let mut state = AppState::default();
    let payload = widget_app::ToolPayload::CallToolResult(WARM_UP_LIST.to_owned());
    state.apply(
        widget_app::HostEvent::ToolResult(payload),
        js_sys::Date::now(),
    );
    RwSignal::new(state)
}

/// Which part of the warm-up is drawn: the page draws the parts one a task from right after
/// connecting, before any tool-input (a host that sends the result with the input right after the
/// handshake gives the widget no other time), each with [`warm_up_next`], while no result has come
/// (`Phase::Waiting` or `Phase::Loading`). Each part is a task of its own, so the host's messages
/// (the handshake's answer, the result) wait for one part at most; the last part is removed in a
/// task after it, so that the result does not pay its teardown either.
fn warm_up_until_a_result(phase: Memo<Phase>) -> RwSignal<Option<usize>> {
    let drawn = RwSignal::new(None);
    let next_part = std::cell::Cell::new(0);
    let next: WarmUpStep = Box::new(move |go_on| {
        let no_result = phase
            .try_with_untracked(|p| matches!(p, Phase::Waiting | Phase::Loading))
            .unwrap_or(false);
        let part = next_part.get();
        let more = go_on && part < WARM_UP_PARTS && no_result;
        next_part.set(if more { part + 1 } else { WARM_UP_PARTS });
        drawn.set(more.then_some(part));
        more
    });
    WARM_UP_NEXT.with(|current| *current.borrow_mut() = Some(next));
    drawn
}

/// With `go_on`, draws the next part of the warm-up of the widget drawn last
/// ([`warm_up_until_a_result`]); otherwise, or once all were drawn or a result has come, removes
/// the part drawn and ends the warm-up. Whether it drew a part (the page then calls it again, in a
/// later task).
pub fn warm_up_next(go_on: bool) -> bool {
    WARM_UP_NEXT.with(|current| current.borrow().as_ref().is_some_and(|next| next(go_on)))
}

/// Draws the next part of a warm-up, or ends it (see [`warm_up_next`]).
type WarmUpStep = Box<dyn Fn(bool) -> bool>;

thread_local! {
    /// What [`warm_up_next`] calls: the warm-up of the widget drawn last.
    static WARM_UP_NEXT: std::cell::RefCell<Option<WarmUpStep>> = const { std::cell::RefCell::new(None) };
}

/// Refreshes the clock every minute while the widget is mounted. The timer lives in the
/// component's arena, so unmounting drops (and so cancels) it.
fn keep_clock_ticking() {
    let clock = expect_context::<Clock>();
    let services = context::services();
    let timer = gloo_timers::callback::Interval::new(60_000, move || {
        clock.now_ms.set(services.with_value(|s| (s.now_ms)()));
    });
    StoredValue::new_local(timer);
}

/// One tool result.
#[component]
fn ResultView(model: Arc<WidgetModel>, restored: bool) -> impl IntoView {
    let locale = locale();
    let mut notes: Vec<String> = model.notices.iter().map(|n| locale.t(n)).collect();
    if restored {
        notes.insert(0, locale.t(&Msg::Restored));
    }
    match model.state {
        State::Loading => view! { <LoadingState/> }.into_any(),
        State::Error => {
            view! { <Notices notes/><ErrorState error=model.error.clone()/> }.into_any()
        }
        State::Empty => view! {
            <Notices notes/>
            <ResultHeader header=model.header.clone() filters=model.filters.clone() range=None/>
            <EmptyState message=locale.text(&model.empty_message)/>
        }
        .into_any(),
        State::Ok => match &model.mutation {
            Some(mutation) if mutation.compact => {
                view! { <Notices notes/><CompactSuccess mutation=mutation.clone()/> }.into_any()
            }
            mutation => {
                let banner = mutation
                    .clone()
                    .map(|m| view! { <MutationBanner mutation=m/> });
                let footer = mutation
                    .as_ref()
                    .map(|m| view! { <MutationFooter text=m.footer.clone()/> });
                let body = match (&model.content, model.arrangement) {
                    (Content::Outputs(outputs), _) => {
                        view! { <OutputsView outputs=outputs.clone() density=model.density/> }
                            .into_any()
                    }
                    (Content::Logs(files), _) => {
                        view! { <LogView files=files.clone()/> }.into_any()
                    }
                    (Content::Records, Arrangement::List) => {
                        view! { <ListTable model=Arc::clone(&model)/> }.into_any()
                    }
                    (Content::Records, Arrangement::Detail) => {
                        view! { <RecordDetail model=Arc::clone(&model)/> }.into_any()
                    }
                };
                let timeline = model
                    .timeline
                    .clone()
                    .map(|timeline| view! { <RunTimeline timeline/> });
                let page = model.detail_page().filter(|_| host_opens_links());
                view! {
                    <Notices notes/>
                    {banner}
                    <ResultHeader header=model.header.clone() filters=model.filters.clone() range=model.pagination.clone() page=page/>
                    <GraphSection model=Arc::clone(&model)/>
                    {timeline}
                    {body}
                    {footer}
                }
                .into_any()
            }
        },
    }
}
