//! One value, drawn by its kind: status pills, timestamps with their absolute time on hover and
//! focus, copyable ids, links opened through the host, expandable nested values. Every string is
//! a text node.

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Cell, Datum, Field, Status, TimeShown};

use crate::views::context::{announce, services, Clock};
use crate::views::locale::{locale, locale_store, t};

/// Values longer than this are cut with an ellipsis in a table; focus shows them whole.
const CUT_AT_CHARS: usize = 48;

/// Where a cell is drawn: a table cell is compact, a detail row has room.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Room {
    Table,
    Detail,
}

/// A cell's content.
///
/// - `cell`: the value, from the model.
/// - `room`: how much space it has.
/// - `time`: how a time is shown (its column's choice; relative unless given).
#[component]
pub fn CellView(cell: Cell, room: Room, #[prop(optional)] time: TimeShown) -> AnyView {
    match cell {
        Cell::Missing => view! {
            <span class="missing"><span aria-hidden="true">"—"</span><span class="visually-hidden">{t(&Msg::Missing)}</span></span>
        }
        .into_any(),
        Cell::Redacted => view! { <span class="redacted">{t(&Msg::Redacted)}</span> }.into_any(),
        Cell::Text(text) => view! { <LongText text room/> }.into_any(),
        Cell::Elided(text) => view! { <span class="elided">{text}</span> }.into_any(),
        Cell::Id(id) => view! { <IdValue id/> }.into_any(),
        Cell::Status(status) => view! { <StatusPill status/> }.into_any(),
        Cell::Time(t) => view! { <TimeValue epoch_ms=t.epoch_ms written=t.absolute shown=time/> }.into_any(),
        Cell::Number { value, .. } => view! { <span class="number">{locale().formats().decimal(value, 3)}</span> }.into_any(),
        Cell::Duration { seconds, .. } => view! { <span class="number">{locale().formats().duration(seconds)}</span> }.into_any(),
        Cell::Progress { done, total } => view! { <ProgressValue done total/> }.into_any(),
        Cell::Bytes(bytes) => view! { <span class="number" title=format!("{bytes} B")>{locale().formats().bytes(bytes)}</span> }.into_any(),
        Cell::Bool(b) => view! { <span class=if b { "bool bool--yes" } else { "bool bool--no" }>{t(if b { &Msg::Yes } else { &Msg::No })}</span> }.into_any(),
        Cell::Link { href } => view! { <ExternalLink href/> }.into_any(),
        Cell::Code { text, language } => match room {
            Room::Table => view! { <LongText text room/> }.into_any(),
            Room::Detail => view! { <CodeBlock text language/> }.into_any(),
        },
        Cell::Tags(tags) => view! {
            <ul class="tags">{tags.into_iter().map(|t| view! { <li class="tag">{t}</li> }).collect_view()}</ul>
        }
        .into_any(),
        Cell::Datum(datum) => view! { <DatumValue datum/> }.into_any(),
        cell if cell.is_empty_nested() => view! { <span class="missing">{t(&Msg::Missing)}</span> }.into_any(),
        cell @ Cell::List { .. } | cell @ Cell::Record { .. } => view! { <Nested cell room/> }.into_any(),
    }
}

/// Text on one line in a table, cut with an ellipsis where the column ends; hover shows it whole
/// (title), and so does keyboard focus on a long one (the cell unwraps). Elsewhere it wraps.
#[component]
fn LongText(text: String, room: Room) -> impl IntoView {
    if room == Room::Detail {
        return view! { <span class="text">{text}</span> }.into_any();
    }
    let long = text.chars().count() > CUT_AT_CHARS || text.contains('\n');
    let title = text.clone();
    view! { <span class="cut" tabindex=long.then_some("0") title=title>{text}</span> }.into_any()
}

/// A status as a coloured pill with a dot: colour is never the only signal.
#[component]
pub fn StatusPill(status: Status) -> impl IntoView {
    let class = format!("pill pill--{}", status.tone.css_name());
    view! {
        <span class=class title=status.raw.clone()>
            <span class="pill__dot" aria-hidden="true"></span>
            {status.label}
        </span>
    }
}

/// A timestamp relative to now ("3 min ago", "vor 3 Tagen"), or, where its column's relative times
/// would all read the same, its time of day or its date and time; its absolute time in the host's
/// zone, with the zone named, shows on hover and on keyboard focus and is read by screen readers.
///
/// - `epoch_ms`: the instant.
/// - `written`: the value as the producer wrote it, kept as the element's `data-written`.
/// - `shown`: relative, clock or date and time.
#[component]
pub fn TimeValue(
    epoch_ms: i64,
    written: String,
    #[prop(optional)] shown: TimeShown,
) -> impl IntoView {
    let clock = expect_context::<Clock>();
    let store = locale_store();
    let absolute = store.with_value(|l| l.formats().absolute(epoch_ms));
    let text = move || {
        store.with_value(|l| match shown {
            TimeShown::Relative => l.formats().relative(epoch_ms, clock.now_ms.get() as i64),
            // A time of another day than today shows its date, in every locale.
            TimeShown::Clock => l
                .formats()
                .clock_or_date_time(epoch_ms, clock.now_ms.get() as i64),
            TimeShown::DateTime => l.formats().date_time(epoch_ms),
        })
    };
    view! {
        <span class="time" tabindex="0" data-written=written>
            <span class="time__relative">{text}</span>
            <span class="tip" role="tooltip">{absolute}</span>
        </span>
    }
}

/// A DataFrame's value as pandas prints it (what the user compares it with): numbers as the
/// frame prints them, dates `2040-10-15`, datetimes `2040-10-15 06:00:00` in UTC (the host's
/// locale and zone on hover), missing values by the frame's own name for them (`NaN`, `NaT`,
/// `None`).
#[component]
fn DatumValue(datum: Datum) -> impl IntoView {
    let formats = locale();
    match datum {
        Datum::Number { text, .. } => view! { <span class="number">{text}</span> }.into_any(),
        Datum::Null(mark) => view! { <span class="missing">{mark}</span> }.into_any(),
        Datum::Time {
            epoch_ms,
            date_only,
        } => {
            let title = (!date_only).then(|| formats.formats().absolute(epoch_ms));
            let shown = datum.plain_text();
            view! { <span class="datum-time" title=title>{shown}</span> }.into_any()
        }
    }
}

/// A run's progress: a thin bar and "38/40 blocks".
#[component]
fn ProgressValue(done: u64, total: u64) -> impl IntoView {
    let percent = if total == 0 {
        0.0
    } else {
        done as f64 * 100.0 / total as f64
    };
    view! {
        <span class="progress">
            <span class="progress__bar" aria-hidden="true"><span class="progress__done" style=format!("width: {percent:.0}%")></span></span>
            <span class="progress__text">{t(&Msg::BlocksDone { done, total })}</span>
        </span>
    }
}

/// An identifier in monospace with a copy button.
#[component]
fn IdValue(id: String) -> impl IntoView {
    let label = t(&Msg::CopyValue {
        value: widget_model::text::truncate_chars(&id, 60),
    });
    let copy_text = id.clone();
    let long = id.chars().count() > CUT_AT_CHARS;
    // The whole id in the tooltip: the column may cut a shorter one too.
    let copy = move |_| {
        let copied = services().with_value(|s| (s.copy_text)(&copy_text));
        announce(&t(if copied {
            &Msg::Copied
        } else {
            &Msg::CopyFailed
        }));
    };
    view! {
        <span class="id">
            <code class="id__value" tabindex=long.then_some("0") title=id.clone()>{id.clone()}</code>
            <button type="button" class="copy" aria-label=label title=t(&Msg::Copy) on:click=copy>
                <svg class="copy__icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
                    <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/>
                    <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" stroke-width="1.5"/>
                </svg>
            </button>
        </span>
    }
}

/// An http(s) link, opened through the host (sandboxed frames may not open windows themselves).
#[component]
fn ExternalLink(href: String) -> impl IntoView {
    let target = href.clone();
    let open = move |event: leptos::ev::MouseEvent| {
        event.prevent_default();
        services().with_value(|s| (s.open_link)(&target));
    };
    view! {
        <a class="link cut" href=href.clone() target="_blank" rel="noopener noreferrer" on:click=open>{href.clone()}</a>
    }
}

/// Source code with its language as a caption.
#[component]
pub fn CodeBlock(text: String, language: Option<String>) -> impl IntoView {
    let caption = language.clone().unwrap_or_else(|| t(&Msg::Code));
    view! {
        <figure class="code">
            <figcaption class="code__language">{caption}</figcaption>
            <pre class="code__body" tabindex="0"><code>{text}</code></pre>
        </figure>
    }
}

/// A nested object or array: a summary ("3 fields") that expands.
#[component]
fn Nested(cell: Cell, room: Room) -> impl IntoView {
    let summary = cell.summary().map(|m| t(&m)).unwrap_or_default();
    let open = room == Room::Detail;
    view! {
        <details class="nested" open=open>
            <summary class="nested__summary">{summary}</summary>
            <NestedBody cell/>
        </details>
    }
}

/// The inside of a nested value: fields as a definition list, items as a list.
#[component]
pub fn NestedBody(cell: Cell) -> AnyView {
    match cell {
        Cell::Record { fields, total } => {
            let more = total.saturating_sub(fields.len());
            view! {
                <FieldList fields room=Room::Table/>
                {(more > 0).then(|| view! { <p class="nested__more">{t(&Msg::AndMore { count: more as u64 })}</p> })}
            }
            .into_any()
        }
        Cell::List { items, total } => {
            let more = total.saturating_sub(items.len());
            view! {
                <ol class="nested__items">
                    {items.into_iter().map(|item| view! { <li><CellView cell=item room=Room::Table/></li> }).collect_view()}
                </ol>
                {(more > 0).then(|| view! { <p class="nested__more">{t(&Msg::AndMore { count: more as u64 })}</p> })}
            }
            .into_any()
        }
        other => view! { <CellView cell=other room=Room::Table/> }.into_any(),
    }
}

/// Fields as label/value pairs.
///
/// - `fields`: the pairs.
/// - `room`: `Detail` draws code as a code block; `Table` keeps every value on one line.
#[component]
pub fn FieldList(fields: Vec<Field>, room: Room) -> impl IntoView {
    view! {
        <dl class="fields">
            {fields
                .into_iter()
                .map(|f| view! { <div class="fields__row"><dt>{f.label}</dt><dd><CellView cell=f.cell room/></dd></div> })
                .collect_view()}
        </dl>
    }
}
