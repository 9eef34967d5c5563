//! The table's rows: every row of a short list, or, past `WINDOW_AFTER`, the rows in view plus a
//! margin between two spacer rows whose heights stand for the rest, drawn in recycled elements.

use std::sync::Arc;

use leptos::html::{Div, Tr};
use leptos::prelude::*;
use widget_model::record_page::RecordPages;
use widget_model::words::Msg;
use widget_model::{Cell, Table, TimeShown};

use super::state::TableState;
use crate::views::cell::{CellView, Room};
use crate::views::locale::{locale, t, Locale};
use crate::views::navigation::{OpenButton, RowOpener};
use crate::views::record_page::OpenInMage;
use widget_app::table_window::{slot_of, slot_position, window_capacity};
use widget_app::ToolRequest;

/// The `<tbody>`.
///
/// - `table`: the rows and columns drawn.
/// - `state`: the table's shared state (its order and window).
/// - `opener`: which rows open a record; their controls get the Open control.
/// - `pages`: where each row's record has its page in the service's UI, if anywhere.
/// - `region`: the table's scrolling region, which takes focus from a recycled row.
#[component]
pub fn TableRows(
    table: Arc<Table>,
    state: TableState,
    opener: Option<Arc<RowOpener>>,
    pages: Option<Arc<RecordPages>>,
    region: NodeRef<Div>,
) -> impl IntoView {
    // The spacers span the real column count: a large colspan makes every table layout work on
    // that many columns (it made each scroll step cost tens of milliseconds).
    let span = state.shown_columns.get_untracked().len().max(1);
    let spacer = move |rows: usize| {
        let height = rows as f64 * state.row_px;
        (height > 0.0).then(|| {
            view! { <tr class="table__spacer" aria-hidden="true"><td colspan=span style=format!("height: {height:.0}px")></td></tr> }
        })
    };
    view! {
        <tbody>
            {move || spacer(state.range.get().start)}
            <Rows table state opener pages region/>
            {move || spacer(state.shown().saturating_sub(state.range.get().end))}
        </tbody>
    }
}

/// The rows. A short list draws one row element per record, keyed by the record: sorting moves
/// them, which costs less than rewriting their cells. A windowed
/// table draws its window in a fixed set of row elements (slots, as many as the window holds)
/// that are recycled: a row that leaves the window hands its slot to the row that enters, whose
/// cells are written into the same elements (`widget_app::table_window::slot_of`); sorting and
/// Find rewrite the slots in place. Creating each entering row's elements was most of a scroll
/// frame's own time. Both are one `For` (each instance of it is code in the file).
#[component]
fn Rows(
    table: Arc<Table>,
    state: TableState,
    opener: Option<Arc<RowOpener>>,
    pages: Option<Arc<RecordPages>>,
    region: NodeRef<Div>,
) -> impl IntoView {
    // Keys in drawing order: (0, record) for a short list; (capacity, slot) for a window, where
    // a new capacity (the frame resized) is a new set of slots.
    let keys = Memo::new(move |_| {
        if state.windowed {
            let capacity = window_capacity(state.viewport.get(), state.row_px);
            let range = state.range.get();
            range
                .map(|p| (capacity, slot_of(p, capacity)))
                .collect::<Vec<_>>()
        } else {
            state
                .order
                .with(|o| o.iter().map(|&index| (0, index)).collect())
        }
    });
    let row = move |(capacity, key): (usize, usize)| {
        // The record drawn and, in a window, its position in the order (for assistive
        // technology): fixed for a short list's row; for a slot, they change only when the slot
        // is handed to another row.
        let drawn = if state.windowed {
            Signal::from(Memo::new(move |_| {
                let position = slot_position(key, capacity, &state.range.get())?;
                state
                    .order
                    .with(|o| o.get(position).map(|&index| (Some(position), index)))
            }))
        } else {
            Signal::stored(Some((None, key)))
        };
        let table = Arc::clone(&table);
        let opener = opener.clone();
        let pages = pages.clone();
        let element = NodeRef::<Tr>::new();
        move || {
            let drawn = drawn.get();
            // A control focused in a slot handed to another record would go on showing (and
            // acting for) that record: focus moves to the table's region, where a keyboard user
            // goes on scrolling (before recycling, the row's removal dropped focus altogether).
            if let Some(row) = element.get_untracked() {
                move_focus_out(&row, region);
            }
            drawn.map(|(position, index)| {
                // Read here, where a change draws the row again, rather than watched in each row.
                let highlighted = state.highlighted.with(|h| *h == Some(index));
                view! { <TableRow table=Arc::clone(&table) index position state opener=opener.clone() pages=pages.clone() element highlighted/> }
            })
        }
    };
    view! { <For each=move || keys.get() key=|key| *key children=row/> }
}

/// Focus inside `row`, if any, moves to `region`.
fn move_focus_out(row: &web_sys::HtmlTableRowElement, region: NodeRef<Div>) {
    let focused = row.owner_document().and_then(|d| d.active_element());
    if focused.is_some_and(|f| row.contains(Some(&f))) {
        if let Some(region) = region.get_untracked() {
            let _ = region.focus();
        }
    }
}

/// A number per row detail drawn, for element ids.
fn next_detail_number() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One record's row; when the table has a column of controls, its controls (Open, Open in Mage,
/// Details) in it, last, lined up; when the list keeps fields for each row's detail, the detail
/// under the row once opened.
///
/// - `position`: in a windowed table, the row's position in the current order.
/// - `pages`: where the record's page in the service's UI is, if anywhere.
/// - `element`: set to the row's `<tr>`.
/// - `highlighted`: whether it is the row highlighted from outside the table.
#[component]
fn TableRow(
    table: Arc<Table>,
    index: usize,
    position: Option<usize>,
    state: TableState,
    opener: Option<Arc<RowOpener>>,
    pages: Option<Arc<RecordPages>>,
    #[prop(optional)] element: NodeRef<Tr>,
    #[prop(optional)] highlighted: bool,
) -> impl IntoView {
    let locale = locale();
    let detail = state.detail_columns();
    let has_actions = opener.is_some() || pages.is_some() || !detail.is_empty();
    let open = opener.and_then(|o| o.request(&table, index));
    let row = table.rows.get(index);
    let page = row
        .as_ref()
        .zip(pages)
        .and_then(|(row, pages)| pages.address(&row.ids));
    let cells = row
        .as_ref()
        .map(|row| row.cells.as_slice())
        .unwrap_or_default();
    let shown = state.shown_columns.get_untracked();
    let name = shown
        .first()
        .and_then(|&i| cells.get(i))
        .map(|c| c.plain_text())
        .unwrap_or_default();
    let drawn = row_cells(&locale, &table, cells, &shown, state);
    let detail_id = (!detail.is_empty()).then(|| format!("row-detail-{}", next_detail_number()));
    let expanded = move || state.open_rows.with(|o| o.contains(&index));
    let controls = RowControls {
        open,
        page,
        detail_id: detail_id.clone(),
    };
    let actions = has_actions.then(|| row_actions(controls, name, index, state));
    let fields = detail_fields(&locale, &table, cells, &detail);
    let span = shown.len() + usize::from(has_actions);
    let detail_row = move || {
        let id = detail_id.clone()?;
        expanded().then(|| detail_row(&fields, id, span))
    };
    // A windowed table says where the row is in the current order (the header row is 1).
    let position = position.map(|p| (p + 2).to_string());
    view! {
        <tr aria-rowindex=position node_ref=element class:row--open=expanded class:row--highlighted=highlighted>{drawn}{actions}</tr>
        {detail_row}
    }
}

/// A row's cells in the columns `shown`, each labelled by its column (a narrow frame's card).
fn row_cells(
    locale: &Locale,
    table: &Table,
    cells: &[Cell],
    shown: &[usize],
    state: TableState,
) -> impl IntoView {
    shown
        .iter()
        .filter_map(|&i| Some((cells.get(i)?, table.columns.get(i)?, state.time_shown(i))))
        .map(|(cell, column, time)| {
            view! {
                <td class:num=column.numeric data-label=locale.text(&column.label)>
                    <CellView cell=cell.clone() room=Room::Table time/>
                </td>
            }
        })
        .collect_view()
}

/// What a row's controls do: open its record in the widget, open its page in the service's UI,
/// show its detail (the detail row's id).
struct RowControls {
    open: Option<ToolRequest>,
    page: Option<String>,
    detail_id: Option<String>,
}

/// A row's controls, in the column of controls, for the record named `name`: Open, Open in Mage
/// and the toggle that shows the row's detail, each when the row has it.
fn row_actions(
    controls: RowControls,
    name: String,
    index: usize,
    state: TableState,
) -> impl IntoView {
    let RowControls {
        open,
        page,
        detail_id,
    } = controls;
    let expanded = move || state.open_rows.with(|o| o.contains(&index));
    let open = open.map(|request| view! { <OpenButton request name=name.clone()/> });
    let page = page.map(|address| view! { <OpenInMage address name=name.clone()/> });
    let toggle = detail_id.map(|id| {
        let label = t(&Msg::RowDetailsOf { name: name.clone() });
        view! {
            <button
                type="button"
                class="row-details"
                aria-expanded=move || if expanded() { "true" } else { "false" }
                aria-controls=id
                aria-label=label
                on:click=move |_| state.open_rows.update(|o| {
                    match o.iter().position(|r| *r == index) {
                        Some(at) => { o.remove(at); }
                        None => o.push(index),
                    }
                })
            >
                <span class="row-details__mark" aria-hidden="true">"▸"</span>
                {t(&Msg::RowDetails)}
            </button>
        }
    });
    view! { <td class="row-actions">{open}{page}{toggle}</td> }
}

/// The fields of a row's detail: the `detail` columns' labels and cells, those with a value.
fn detail_fields(
    locale: &Locale,
    table: &Table,
    cells: &[Cell],
    detail: &[usize],
) -> Vec<(String, Cell)> {
    detail
        .iter()
        .filter_map(|&i| {
            Some((
                locale.text(&table.columns.get(i)?.label),
                cells.get(i)?.clone(),
            ))
        })
        .filter(|(_, cell)| !matches!(cell, Cell::Missing))
        .collect()
}

/// The row under a row, once opened: its detail's `fields`, across the `span` columns.
fn detail_row(fields: &[(String, Cell)], id: String, span: usize) -> impl IntoView {
    let fields = fields
        .iter()
        .map(|(label, cell)| {
            view! {
                <div class="row-detail__field">
                    <dt>{label.clone()}</dt>
                    <dd dir="auto"><CellView cell=cell.clone() room=Room::Detail time=TimeShown::DateTime/></dd>
                </div>
            }
        })
        .collect_view();
    view! {
        <tr class="row-detail" id=id>
            <td colspan=span><dl class="row-detail__fields">{fields}</dl></td>
        </tr>
    }
}
