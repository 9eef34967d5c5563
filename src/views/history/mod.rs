//! A list of runs at a glance, above the list: one mark per run in time order (oldest left), its
//! height the run's duration, its colour and its shape its outcome (filled: completed; a cross
//! under it: failed; hollow: cancelled; dashed: still running; dotted: not started; faint: ended
//! without a known duration), and beside it in words how many runs it shows, how many completed,
//! the median and the slowest. The marks are one keyboard stop, moved with the arrow keys (as
//! the graph's nodes); a mark focused or hovered names its run, its start and its duration (its
//! accessible name, and the caption under the strip). Selecting one (click, Enter, Space) opens
//! the run as its row's Open control does; where rows open nothing (the host takes no tool calls,
//! or block runs), it highlights the run's row in the list.
//!
//! What is drawn is `widget_model::history`'s: the runs read, the strip laid out for the measured
//! width. A long list's runs are read in idle slices after the list is drawn.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use leptos::html::Section;
use leptos::prelude::*;
use widget_app::CallPurpose;
use widget_model::history::{Extent, History, HistoryReader, Mark, Outcome, RunHistory, Strip};
use widget_model::words::Msg;
use widget_model::WidgetModel;

use crate::views::locale::{locale, t};
use crate::views::navigation::{open, RowOpener};

/// The strip's width where it cannot be measured (a hidden frame: the warm-up).
const ASSUMED_WIDTH: f64 = 640.0;
/// How long one idle slice of reading a long list's runs may run, in ms (well under a frame).
const SLICE_MS: f64 = 8.0;
/// Runs read between two looks at the clock.
const RUNS_A_LOOK: usize = 64;
/// How long after the list is drawn the reading starts: the host's resize and the first paint
/// go first.
const IDLE_AFTER: Duration = Duration::from_millis(300);

/// The strip over a list of runs.
///
/// - `model`: the list; its table's rows are what marks select (and a long list's runs are read
///   from them).
/// - `history`: the list's runs, read or to be read from its rows.
/// - `opener`: which rows open a record (the list's drill-down), if any.
/// - `highlight`: the row the list highlights, set when a mark is selected and opens nothing.
#[component]
pub fn RunHistoryView(
    model: Arc<WidgetModel>,
    history: RunHistory,
    opener: Option<Arc<RowOpener>>,
    highlight: RwSignal<Option<usize>>,
) -> impl IntoView {
    let (noun, read) = match history {
        RunHistory::Read(history) => (history.noun.clone(), RwSignal::new(Some(Arc::new(history)))),
        RunHistory::FromRows { noun, .. } => {
            let read = RwSignal::new(None);
            read_when_idle(Arc::clone(&model), noun.clone(), read);
            (noun, read)
        }
    };
    let section = NodeRef::<Section>::new();
    let width = RwSignal::new(None::<f64>);
    measure_width(section, width);
    let select: Arc<dyn Fn(usize) + Send + Sync> = Arc::new(move |row: usize| {
        let request = opener.as_ref().and_then(|o| o.request(&model.table, row));
        match request {
            Some(request) => open(request, CallPurpose::Open),
            None => highlight.set(Some(row)),
        }
    });
    // Drawn once its width is measured, in the task after the list's, and its runs are read (a
    // long list's, in idle slices after it); until then its room is kept.
    let strip = move || {
        let width = width.get()?;
        read.with(|h| h.as_ref().map(|h| Arc::new(h.strip(width))))
    };
    view! {
        <section class="history" aria-label=t(&Msg::RunHistory { noun }) aria-busy=move || (width.with(Option::is_none) || read.with(Option::is_none)).then_some("true") node_ref=section>
            {move || strip().map(|strip| view! { <StripView strip select=Arc::clone(&select)/> })}
        </section>
    }
}

/// The strip's words, its marks and the caption of the mark focused or hovered.
#[component]
fn StripView(strip: Arc<Strip>, select: Arc<dyn Fn(usize) + Send + Sync>) -> impl IntoView {
    let focused = RwSignal::new(None::<usize>);
    let hovered = RwSignal::new(None::<usize>);
    let count = strip.marks.len();
    let labels: Arc<Vec<String>> = Arc::new(strip.marks.iter().map(|m| t(&m.label)).collect());
    let caption = {
        let labels = Arc::clone(&labels);
        move || {
            hovered
                .get()
                .or(focused.get())
                .and_then(|i| labels.get(i).cloned())
        }
    };
    let marks = strip
        .marks
        .iter()
        .enumerate()
        .map(|(i, mark)| {
            let hooks = MarkHooks {
                index: i,
                count,
                focused,
                hovered,
                select: Arc::clone(&select),
            };
            view! { <MarkView mark=mark.clone() label=labels[i].clone() baseline=strip.baseline hooks/> }
        })
        .collect_view();
    let (w, h) = ((strip.width as i32).max(1), strip.height as i32);
    let shown = t(&strip.shown);
    let baseline = format!("{}.5", strip.baseline as i32);
    view! {
        <p class="history__words">
            <span class="history__shown">{shown.clone()}</span>
            <span class="history__completed">{t(&strip.completed)}</span>
            {strip.durations.as_ref().map(|d| view! { <span class="history__durations">{t(d)}</span> })}
            {strip.log_scale.then(|| view! { <span class="history__scale">{t(&Msg::HistoryLogScale)}</span> })}
        </p>
        <svg class="history__svg" viewBox=format!("0 0 {w} {h}") width=w.to_string() height=h.to_string() role="group" aria-label=shown>
            <line class="history__baseline" x1="0" x2=w.to_string() y1=baseline.clone() y2=baseline aria-hidden="true"/>
            <g class="history__marks">{marks}</g>
        </svg>
        <p class="history__caption" aria-hidden="true">{caption}</p>
        <Key strip/>
    }
}

/// The statuses shown, each with its mark's shape (drawn by the style sheet) and its count (for
/// eyes: each mark's name says its status).
#[component]
fn Key(strip: Arc<Strip>) -> impl IntoView {
    let locale = locale();
    let entries = strip
        .key
        .iter()
        .map(|entry| {
            let text = format!("{} {}", entry.status.label, locale.formats().integer(entry.count));
            view! { <li class=format!("history__key-entry history-mark--{}", entry.outcome.css_name())>{text}</li> }
        })
        .collect_view();
    view! { <ul class="history__key" aria-hidden="true">{entries}</ul> }
}

/// What a mark shares with the strip: its place among the marks, the focus and hover, and what
/// selecting it does.
#[derive(Clone)]
struct MarkHooks {
    index: usize,
    count: usize,
    focused: RwSignal<Option<usize>>,
    hovered: RwSignal<Option<usize>>,
    select: Arc<dyn Fn(usize) + Send + Sync>,
}

impl MarkHooks {
    /// The one mark the Tab key reaches: the one last focused, else the newest.
    fn tab_stop(&self) -> usize {
        self.focused.get().unwrap_or(self.count.saturating_sub(1))
    }
}

/// One run's mark: an invisible target as tall as the strip (narrow marks are hard to hit), the
/// bar, and a failed run's cross under the baseline.
#[component]
fn MarkView(mark: Mark, label: String, baseline: f64, hooks: MarkHooks) -> impl IntoView {
    let i = hooks.index;
    let extent = match mark.extent {
        Extent::Took(_) => "took",
        Extent::Open => "open",
        Extent::Unknown => "unknown",
    };
    let class = format!(
        "history-mark history-mark--{} history-mark--{extent}",
        mark.outcome.css_name()
    );
    let row = mark.row;
    let (select_click, select_key) = (Arc::clone(&hooks.select), Arc::clone(&hooks.select));
    let MarkHooks {
        count,
        focused,
        hovered,
        ..
    } = hooks.clone();
    let on_key = move |event: leptos::ev::KeyboardEvent| {
        let next = match event.key().as_str() {
            "Enter" | " " => {
                event.prevent_default();
                select_key(row);
                return;
            }
            "ArrowLeft" | "ArrowDown" => i.checked_sub(1),
            "ArrowRight" | "ArrowUp" => (i + 1 < count).then_some(i + 1),
            "Home" => Some(0),
            "End" => Some(count.saturating_sub(1)),
            _ => return,
        };
        event.prevent_default();
        if let Some(next) = next {
            focused.set(Some(next));
            crate::views::svg_focus::focus_sibling_item(&event, next);
        }
    };
    // Whole pixels (the model's), written as integers; the bar's outline is drawn inside its
    // box, so a hollow bar keeps its width.
    let (x, w, h, base) = (
        mark.x as i32,
        mark.width as i32,
        mark.height as i32,
        baseline as i32,
    );
    let cross = (mark.outcome == Outcome::Failed).then(|| {
        let (left, right, top) = (w / 2 - 3, w - w / 2 + 3, base + 3);
        view! {
            <path class="history-mark__cross" d=format!("M{left} {top}L{right} {}M{right} {top}L{left} {}", top + 6, top + 6)/>
        }
    });
    view! {
        <g
            class=class
            data-index=i.to_string()
            transform=format!("translate({x} 0)")
            role="button"
            aria-label=label
            tabindex=move || if hooks.tab_stop() == i { "0" } else { "-1" }
            on:click=move |_| {
                focused.set(Some(i));
                select_click(row);
            }
            on:focus=move |_| focused.set(Some(i))
            on:mouseenter=move |_| hovered.set(Some(i))
            on:mouseleave=move |_| hovered.set(None)
            on:keydown=on_key
        >
            <rect class="history-mark__hit" x="-1" y="0" width=(w + 2).to_string() height=(base + 13).to_string()/>
            <rect class="history-mark__bar" x="0.75" y=format!("{}.75", base - h) width=format!("{}.5", w - 2) height=format!("{}.5", h - 2)/>
            {cross}
        </g>
    }
}

/// The strip's width, measured in the task after `section` enters the page: the strip is laid
/// out and drawn once, for it, and not in the task that draws the list. A hidden section (the
/// warm-up while the host's tool runs) has no width: it is drawn at once at [`ASSUMED_WIDTH`], so
/// that the strip's code is ready (compiled, or translated in the JavaScript build) before a
/// result needs it.
fn measure_width(section: NodeRef<Section>, width: RwSignal<Option<f64>>) {
    Effect::new(move |_| {
        let Some(el) = section.get() else {
            return;
        };
        if el.closest("[hidden]").ok().flatten().is_some() {
            width.set(Some(ASSUMED_WIDTH));
            return;
        }
        set_timeout(
            move || {
                // Gone with its result before the task came: nothing to measure or draw.
                let Some(Some(el)) = section.try_get_untracked() else {
                    return;
                };
                let measured = f64::from(el.client_width());
                width.try_set(Some(if measured > 0.0 {
                    measured
                } else {
                    ASSUMED_WIDTH
                }));
            },
            Duration::ZERO,
        );
    });
}

/// Reads a long list's runs from `model`'s rows in slices of [`SLICE_MS`] between other work,
/// starting [`IDLE_AFTER`] from now; `read` holds the history once every run is read. Stops when
/// the strip goes.
fn read_when_idle(
    model: Arc<WidgetModel>,
    noun: widget_model::words::Noun,
    read: RwSignal<Option<Arc<History>>>,
) {
    let alive = Arc::new(AtomicBool::new(true));
    on_cleanup({
        let alive = Arc::clone(&alive);
        move || alive.store(false, Ordering::Relaxed)
    });
    fn slice(
        model: Arc<WidgetModel>,
        mut reader: HistoryReader,
        read: RwSignal<Option<Arc<History>>>,
        alive: Arc<AtomicBool>,
        after: Duration,
    ) {
        set_timeout(
            move || {
                if !alive.load(Ordering::Relaxed) {
                    return;
                }
                let deadline = js_sys::Date::now() + SLICE_MS;
                loop {
                    if reader.read(&model.table.rows, RUNS_A_LOOK) {
                        read.try_set(Some(Arc::new(reader.history())));
                        return;
                    }
                    if js_sys::Date::now() > deadline {
                        break;
                    }
                }
                slice(model, reader, read, alive, Duration::ZERO);
            },
            after,
        );
    }
    slice(model, HistoryReader::new(noun), read, alive, IDLE_AFTER);
}
