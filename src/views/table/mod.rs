//! The list table: native `<table>` semantics, sortable columns in natural order (`aria-sort`), a
//! sticky header, numbers right-aligned. Below 480 px each row becomes a card (see table.css).
//!
//! Long lists are windowed: past [`widget_app::table_window::WINDOW_AFTER`] rows only the rows in view (and a few
//! either side) are in the DOM, between two spacer rows, so the cost follows what is visible. Rows
//! then have a fixed height; sorting still orders every row; `aria-rowcount`/`aria-rowindex` tell
//! assistive technology where it is. Browser find-in-page cannot see rows that are not rendered,
//! so windowed tables get the widget's own Find box ([`crate::views::find`]), which searches
//! every row.
//!
//! Parts: [`header::SortHeader`], [`body::TableRows`] and the Find box, sharing one
//! [`state::TableState`]; the arithmetic is in `widget_app::table_window`.

pub mod body;
pub mod header;
pub mod state;

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::record_page::RecordPages;
use widget_model::words::Msg;
use widget_model::{Density, Table, WidgetModel};

use crate::calls::{capabilities, intents};
use crate::views::find::FindBox;
use crate::views::history::RunHistoryView;
use crate::views::locale::{locale, t};
use crate::views::navigation::RowOpener;
use crate::views::record_page::host_opens_links;
use body::TableRows;
use header::SortHeader;
use state::TableState;

/// A number per table drawn, for element ids.
fn next_table_number() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The button that shows the columns ranked last (empty or the same in every record) and hides
/// them again; none when there are none.
///
/// - `state`: the table's shared state.
/// - `controls`: the table's element id.
#[component]
fn MoreColumns(state: TableState, controls: String) -> impl IntoView {
    let count = state.secondary as u64;
    (count > 0).then(|| {
        let all = state.all_columns;
        let label = move || if all.get() { t(&Msg::FewerColumns) } else { t(&Msg::MoreColumns { count }) };
        view! {
            <button type="button" class="table-more" aria-expanded=move || if all.get() { "true" } else { "false" } aria-controls=controls on:click=move |_| all.update(|a| *a = !*a)>
                {label}
            </button>
        }
    })
}

/// Records as a table.
///
/// - `model`: the result; its `table` is drawn, its title names the table.
#[component]
pub fn ListTable(model: Arc<WidgetModel>) -> impl IntoView {
    let title = locale().text(&model.header.title);
    let omitted = model.table.omitted_rows;
    // Rows open their record when the host takes tool calls and the resource has a read tool.
    let opener = intents()
        .filter(|_| capabilities().call_tools)
        .map(|i| i.state().with_untracked(|s| s.calls.current_arguments()))
        .and_then(|arguments| RowOpener::for_list(&model.resource, &model.table, arguments))
        .map(Arc::new);
    // Rows link to their pages in the service's UI when the host opens links.
    let pages = model
        .record_pages
        .clone()
        .filter(|_| host_opens_links())
        .map(Arc::new);
    let export =
        (!model.table.rows.is_empty()).then(|| view! { <ExportButton model=Arc::clone(&model)/> });
    // A run selected in the strip above the list, when it opens nothing, is highlighted in it.
    let highlight = RwSignal::new(None::<usize>);
    let history = model.history.clone().map(|history| {
        view! { <RunHistoryView model=Arc::clone(&model) history opener=opener.clone() highlight/> }
    });
    view! {
        {history}
        <DataTable table=Arc::new(model.table.clone()) title density=model.density opener pages highlight=Some(highlight)/>
        {(omitted > 0).then(|| view! { <p class="table-note">{t(&Msg::MoreRecordsNotShown { count: omitted as u64 })}</p> })}
        {export}
    }
}

/// The list as CSV (`widget_model::csv`: what is shown, redactions kept), built when clicked:
/// handed to the host to save when it offers `downloadFile`, else copied to the clipboard.
///
/// - `model`: the list.
#[component]
fn ExportButton(model: Arc<WidgetModel>) -> impl IntoView {
    let download = capabilities().download_file;
    let name = format!("{}.csv", file_stem(&model.resource));
    let export = move |_| {
        let text = widget_model::csv(&model.table);
        let services = crate::views::context::services();
        if download {
            services.with_value(|s| (s.download_file)(&name, "text/csv", &text));
        } else {
            let copied = services.with_value(|s| (s.copy_text)(&text));
            crate::views::context::announce(&t(if copied {
                &Msg::Copied
            } else {
                &Msg::CopyFailed
            }));
        }
    };
    view! {
        <div class="table-export">
            <button type="button" class="table-export__button" on:click=export>
                {t(if download { &Msg::DownloadCsv } else { &Msg::CopyCsv })}
            </button>
        </div>
    }
}

/// A file name from a resource name: letters, digits, `_` and `-` only.
fn file_stem(resource: &str) -> String {
    let stem: String = resource
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        .take(60)
        .collect();
    if stem.is_empty() {
        "records".to_owned()
    } else {
        stem
    }
}

/// A table of rows and columns: sortable, windowed past `WINDOW_AFTER` rows with its own Find,
/// secondary columns behind a toggle.
///
/// - `table`: the columns and rows.
/// - `title`: what the table is, for its caption and region label.
/// - `density`: row height.
/// - `opener`: which rows open a record (a list's drill-down), if any.
/// - `pages`: where each row's record has its page in the service's UI, if anywhere.
/// - `highlight`: the row to highlight and bring into view (a run selected in the strip above).
#[component]
pub fn DataTable(
    table: Arc<Table>,
    title: String,
    density: Density,
    #[prop(default = None)] opener: Option<Arc<RowOpener>>,
    #[prop(default = None)] pages: Option<Arc<RecordPages>>,
    #[prop(default = None)] highlight: Option<RwSignal<Option<usize>>>,
) -> impl IntoView {
    // What the user did to it is kept under its columns' keys (its title changes with the locale).
    let memory_key = memory_key(&table);
    let mut state = TableState::new(&table, density, &memory_key);
    if let Some(highlight) = highlight {
        state.highlighted = highlight;
    }
    // An id for the toggle's aria-controls, unique per table in the page.
    let table_id = format!("table-{}", next_table_number());
    let table_id_for_toggle = table_id.clone();
    let scroller = NodeRef::<Div>::new();
    let on_scroll = follow_scroll(scroller, state, memory_key);
    restore_scroll(scroller, state);
    bring_highlighted_into_view(scroller, state);
    let caption = title.clone();
    let windowed = state.windowed;
    let actions = opener.is_some() || pages.is_some() || !state.detail_columns().is_empty();
    // Header and rows are drawn again when the secondary columns are shown or hidden.
    let table = move || {
        let _ = state.shown_columns.get();
        let columns = state.shown_columns.with_untracked(|c| c.len());
        view! {
            <table
                class="table"
                id=table_id.clone()
                aria-rowcount=move || windowed.then(|| (state.shown() + 1).to_string())
                aria-colcount=windowed.then(|| columns.to_string())
            >
                <caption class="visually-hidden">{caption.clone()}</caption>
                <SortHeader columns=table.columns.clone() state actions/>
                <TableRows table=Arc::clone(&table) state opener=opener.clone() pages=pages.clone() region=scroller/>
            </table>
        }
    };
    view! {
        {(windowed || state.secondary > 0).then(|| view! {
            <div class="table-tools">
                {windowed.then(|| view! {
                    <FindBox query=state.query index=state.find found=state.order everything=Msg::Rows { count: state.count as u64 }
                        total=state.count scroll_top=state.scroll_top scroller/>
                })}
                <MoreColumns state controls=table_id_for_toggle/>
            </div>
        })}
        <div
            class="table-scroll"
            class:table-scroll--windowed=windowed
            role="region"
            aria-label=t(&Msg::TableOf { title })
            tabindex="0"
            node_ref=scroller
            on:scroll=on_scroll
            style=windowed.then(|| format!("--row-h: {:.0}px", state.row_px))
        >
            {table}
        </div>
    }
}

/// The key a table's state is kept under in the screen's memory: its columns' keys.
fn memory_key(table: &Table) -> String {
    table
        .columns
        .iter()
        .map(|c| c.key.as_str())
        .collect::<Vec<_>>()
        .join("\u{1f}")
}

/// What a scroll of the table's region does: the window follows it, and the screen's memory keeps
/// where the user scrolled to (under `memory_key`).
fn follow_scroll(
    scroller: NodeRef<Div>,
    state: TableState,
    memory_key: String,
) -> impl Fn(leptos::ev::Event) + 'static {
    let memory = crate::views::context::screen_memory();
    move |_| {
        if let Some(el) = scroller.get_untracked() {
            let (top, left) = (f64::from(el.scroll_top()), f64::from(el.scroll_left()));
            state.scroll_top.set(top);
            state.viewport.set(f64::from(el.client_height()));
            if let Some(memory) = memory {
                memory.keep(&memory_key, |m| (m.scroll_top, m.scroll_left) = (top, left));
            }
        }
    }
}

/// The highlighted row comes into the table's view: a window scrolls to its place in the order
/// (its row is drawn there), and the drawn row is scrolled to within the region.
fn bring_highlighted_into_view(scroller: NodeRef<Div>, state: TableState) {
    Effect::new(move |_| {
        let Some(index) = state.highlighted.get() else {
            return;
        };
        let Some(el) = scroller.get_untracked() else {
            return;
        };
        if state.windowed {
            let position = state
                .order
                .with_untracked(|o| o.iter().position(|&i| i == index));
            if let Some(position) = position {
                let top = (position as f64 * state.row_px).round();
                el.set_scroll_top(top as i32);
                state.scroll_top.set(top);
            }
        }
        // Once the window has drawn it (a short list draws every row).
        request_animation_frame(move || {
            // Gone with its result before the frame came: nothing to bring into view.
            let row = scroller
                .try_get_untracked()
                .flatten()
                .and_then(|el| el.query_selector("tr.row--highlighted").ok().flatten());
            if let Some(row) = row {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                row.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    });
}

/// Drawn again on the same screen (a followed run's update): the table scrolls to where the user
/// had scrolled to.
fn restore_scroll(scroller: NodeRef<Div>, state: TableState) {
    let (kept_top, kept_left) = state.scroll_kept;
    if kept_top > 0.0 || kept_left > 0.0 {
        Effect::new(move |_| {
            if let Some(el) = scroller.get() {
                el.set_scroll_top(kept_top as i32);
                el.set_scroll_left(kept_left as i32);
                state.scroll_top.set(kept_top);
            }
        });
    }
}
