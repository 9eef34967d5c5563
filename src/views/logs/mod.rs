//! Log files as a log viewer: the run's first error first (its message and traceback, and a way
//! to its place), then one section per file, each line with its time, level and block, error and
//! traceback lines marked. A file of megabytes stays responsive: the model parses a line only when
//! it is drawn, and only the lines in view are drawn (the window of `widget_app::table_window`). Each file has
//! its own Find (the widget's one Find, `crate::views::find`), over every line.

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::logs::{LogFile, LogLine};
use widget_model::words::Msg;

use crate::calls::intents;
use crate::views::context::{screen_memory, Clock};
use crate::views::find::{found_order, FindBox, FindIndex};
use crate::views::locale::{locale, locale_store, t};
use widget_app::follow::FollowState;
use widget_app::table_window::visible_range;

/// The height of one line, in CSS pixels (matches logs.css): 24, the smallest target WCAG 2.2 AA
/// allows for the line's button.
const LINE_PX: f64 = 24.0;
/// The height of a file's scroll box, in CSS pixels (matches logs.css).
const BOX_PX: f64 = 320.0;

/// A line to show and select: which file, which line.
type Place = (usize, usize);

/// Every log file of the result.
///
/// - `files`: the files, in the order the producer sent them.
#[component]
pub fn LogView(files: Vec<LogFile>) -> impl IntoView {
    let files: Vec<Arc<LogFile>> = files.into_iter().map(Arc::new).collect();
    // The line a "show in the log" asked for, or a click selected.
    let selected = RwSignal::new(None::<Place>);
    let first_error = files
        .iter()
        .enumerate()
        .find_map(|(f, file)| Some((f, file.first_error?)));
    let first = first_error.map(|(f, l)| {
        let line = files[f].line(l);
        view! { <FirstError line place=(f, l) file_name=files[f].name.clone() selected/> }
    });
    view! {
        <div class="logs">
            {first}
            {files.into_iter().enumerate().map(|(index, file)| view! { <LogFileView file index selected/> }).collect_view()}
        </div>
    }
}

/// The first error of the run, shown before everything else.
#[component]
fn FirstError(
    line: LogLine,
    place: Place,
    file_name: String,
    selected: RwSignal<Option<Place>>,
) -> impl IntoView {
    let where_ = [Some(file_name), line.block.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    view! {
        <section class="log-error" role="alert" aria-label=t(&Msg::FirstError)>
            <p class="log-error__title">{t(&Msg::FirstError)}<span class="log-error__where">{where_}</span></p>
            <p class="log-error__message" dir="auto">{line.headline().to_owned()}</p>
            {(line.headline() != line.message).then(|| view! { <p class="log-error__context" dir="auto">{line.message.clone()}</p> })}
            {line.error.clone().map(|e| view! { <pre class="log-error__trace" tabindex="0">{e}</pre> })}
            <button type="button" class="log-error__show" on:click=move |_| selected.set(Some(place))>{t(&Msg::ShowInLog)}</button>
        </section>
    }
}

/// One file: its name, size and time, and its lines (or that it is empty).
#[component]
fn LogFileView(
    file: Arc<LogFile>,
    index: usize,
    selected: RwSignal<Option<Place>>,
) -> impl IntoView {
    let locale = locale();
    let clock = expect_context::<Clock>();
    let store = locale_store();
    let size = file.size.map(|b| locale.formats().bytes(b));
    let modified = file.modified.as_ref().map(|m| m.epoch_ms);
    let when = move || {
        modified.map(|ms| store.with_value(|l| l.formats().relative(ms, clock.now_ms.get() as i64)))
    };
    let lines = t(&Msg::LogLines {
        count: file.line_count() as u64,
    });
    let body = if file.line_count() == 0 {
        view! { <p class="log-file__empty">{t(&Msg::EmptyLog)}</p> }.into_any()
    } else {
        view! { <LogLines file=Arc::clone(&file) index selected/> }.into_any()
    };
    view! {
        // Unnamed: the file's scroll box below is the landmark named after it (two landmarks
        // with one name would be ambiguous to a screen reader).
        <section class="log-file">
            <header class="log-file__head">
                <h2 class="log-file__name">{file.name.clone()}</h2>
                <span class="log-file__meta">{[Some(lines), size].into_iter().flatten().collect::<Vec<_>>().join(" · ")}</span>
                <span class="log-file__meta">{when}</span>
            </header>
            {body}
        </section>
    }
}

/// A file's lines: windowed, with Find and a details pane for the selected line.
#[component]
fn LogLines(file: Arc<LogFile>, index: usize, selected: RwSignal<Option<Place>>) -> impl IntoView {
    let count = file.line_count();
    let query = RwSignal::new(String::new());
    let find = FindIndex::new(count, {
        let file = Arc::clone(&file);
        move |i| widget_app::find::searchable(file.raw_line(i))
    });
    let every_line = Memo::new(move |_| Arc::new((0..count).collect::<Vec<_>>()));
    let order = found_order(every_line, query, find);
    let scroll_top = RwSignal::new(0.0f64);
    let scroller = NodeRef::<Div>::new();
    keep_the_reading_place(&file.name, query, scroll_top, scroller);
    let range = Memo::new(move |_| {
        visible_range(order.with(|o| o.len()), scroll_top.get(), BOX_PX, LINE_PX)
    });
    let visible = Memo::new(move |_| {
        let r = range.get();
        order.with(|o| o.get(r).map(<[usize]>::to_vec).unwrap_or_default())
    });
    show_in_place(selected, index, query, scroll_top, scroller);
    let memory = screen_memory();
    let memory_key = format!("log:{}", file.name);
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            let top = f64::from(el.scroll_top());
            scroll_top.set(top);
            let at_end =
                top + f64::from(el.client_height()) >= f64::from(el.scroll_height()) - LINE_PX;
            if let Some(memory) = memory {
                memory.keep(&memory_key, |m| (m.scroll_top, m.at_end) = (top, at_end));
            }
        }
    };
    let line_file = Arc::clone(&file);
    let line =
        move |i: usize| view! { <LogLineView file=Arc::clone(&line_file) line=i index selected/> };
    let everything = Msg::LogLines {
        count: count as u64,
    };
    view! {
        <FindBox query index=find found=order everything total=count scroll_top scroller/>
        // A short file takes the room its lines need, a long one a scroll box of BOX_PX.
        <div class="log" node_ref=scroller on:scroll=on_scroll tabindex="0" role="region" aria-label=file.name.clone()
            style=format!("height: {:.0}px", (count as f64 * LINE_PX + 2.0).min(BOX_PX))>
            <ol class="log__lines" role="list" style=move || format!("height: {:.0}px", order.with(|o| o.len()) as f64 * LINE_PX)>
                <For each=move || visible.get() key=|i| *i children=line/>
            </ol>
        </div>
        <LineDetails file index selected/>
    }
}

/// Where the reader was in this log when the screen is drawn again (a followed run's logs, asked
/// again): its Find, and its place, or its end when they read at its end (new lines come into
/// view) or when a followed run's logs are first shown. The place is kept as the reader scrolls.
fn keep_the_reading_place(
    name: &str,
    query: RwSignal<String>,
    scroll_top: RwSignal<f64>,
    scroller: NodeRef<Div>,
) {
    let Some(memory) = screen_memory() else {
        return;
    };
    let key = format!("log:{name}");
    let live = intents().is_some_and(|i| {
        i.state().with_untracked(|s| {
            matches!(
                s.follow.state,
                FollowState::Waiting { .. } | FollowState::Calling
            )
        })
    });
    let kept = memory.recalled(&key);
    let at_end = kept.as_ref().map_or(live, |k| k.at_end);
    let top = kept.as_ref().map_or(0.0, |k| k.scroll_top);
    if let Some(kept) = kept {
        query.set(kept.query);
    }
    // Until the reader scrolls, the place decided here is the one to keep.
    memory.keep(&key, |m| m.at_end = at_end);
    Effect::new(move |_| memory.keep(&key, |m| m.query = query.get()));
    if !at_end && top <= 0.0 {
        return;
    }
    scroller.on_load(move |el| {
        let place = if at_end {
            el.scroll_height()
        } else {
            top as i32
        };
        el.set_scroll_top(place);
        scroll_top.set(f64::from(el.scroll_top()));
    });
}

/// "Show in the log" for file `index`: when a line of it is selected, clears Find and scrolls the
/// line into the middle of the box.
fn show_in_place(
    selected: RwSignal<Option<Place>>,
    index: usize,
    query: RwSignal<String>,
    scroll_top: RwSignal<f64>,
    scroller: NodeRef<Div>,
) {
    Effect::new(move |_| {
        let Some((file, line)) = selected.get() else {
            return;
        };
        if file != index {
            return;
        }
        query.set(String::new());
        let top = (line as f64 * LINE_PX - BOX_PX / 2.0).max(0.0);
        scroll_top.set(top);
        if let Some(el) = scroller.get_untracked() {
            el.set_scroll_top(top as i32);
        }
    });
}

/// The selected line of file `index` in full: its message, its traceback and its raw text.
#[component]
fn LineDetails(
    file: Arc<LogFile>,
    index: usize,
    selected: RwSignal<Option<Place>>,
) -> impl IntoView {
    move || {
        selected.get().filter(|(f, _)| *f == index).map(|(_, l)| {
            let line = file.line(l);
            let raw = file.raw_line(l).to_owned();
            view! {
                <section class="log-details" aria-label=t(&Msg::LineDetails)>
                    <p class="log-details__message" dir="auto">{line.message}</p>
                    {line.error.map(|e| view! { <pre class="log-error__trace" tabindex="0">{e}</pre> })}
                    <pre class="log-details__raw" tabindex="0">{raw}</pre>
                </section>
            }
        })
    }
}

/// One line: time, level, block and message on one row; error lines marked.
#[component]
fn LogLineView(
    file: Arc<LogFile>,
    line: usize,
    index: usize,
    selected: RwSignal<Option<Place>>,
) -> impl IntoView {
    let read = file.line(line);
    let locale = locale();
    let level = read
        .level
        .as_ref()
        .map(|l| (l.css_name(), l.label().to_owned()));
    let class = format!(
        "log__line{}{}",
        level
            .as_ref()
            .map(|(c, _)| format!(" log__line--{c}"))
            .unwrap_or_default(),
        if read.is_error() {
            " log__line--marked"
        } else {
            ""
        }
    );
    let time = read
        .time
        .as_ref()
        .map(|t| locale.formats().clock(t.epoch_ms));
    let top = line as f64 * LINE_PX;
    view! {
        <li class=class style=format!("top: {top:.0}px") aria-posinset=(line + 1).to_string() aria-setsize=file.line_count().to_string()>
            <button
                type="button"
                class="log__select"
                aria-pressed=move || if selected.get() == Some((index, line)) { "true" } else { "false" }
                on:click=move |_| selected.set(Some((index, line)))
            >
                <span class="log__number">{(line + 1).to_string()}</span>
                {time.map(|t| view! { <span class="log__time">{t}</span> })}
                {level.map(|(c, label)| view! { <span class=format!("log__level log__level--{c}")>{label}</span> })}
                {read.block.map(|b| view! { <span class="log__block">{b}</span> })}
                <span class="log__message" dir="auto">{read.message}</span>
            </button>
        </li>
    }
}
