//! The table's rows: every row of a short list, or, past `WINDOW_AFTER`, the rows in view plus a
//! margin between two spacer rows whose heights stand for the rest.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::Table;

use super::state::TableState;
use crate::views::cell::{CellView, Room};
use crate::views::locale::locale;
use crate::views::navigation::{OpenButton, RowOpener};

/// The `<tbody>`.
///
/// - `table`: the rows and columns drawn.
/// - `state`: the table's shared state (its order and window).
/// - `opener`: which rows open a record; their first cell gets the Open control.
#[component]
pub fn TableRows(
    table: Arc<Table>,
    state: TableState,
    opener: Option<Arc<RowOpener>>,
) -> impl IntoView {
    let visible = Memo::new(move |_| {
        let r = state.range.get();
        state
            .order
            .with(|o| o.get(r).map(<[usize]>::to_vec).unwrap_or_default())
    });
    // The spacers span the real column count: a large colspan makes every table layout work on
    // that many columns (it made each scroll step cost tens of milliseconds).
    let span = state.shown_columns.get_untracked().len().max(1);
    let row = move |index: usize| view! { <TableRow table=Arc::clone(&table) index state opener=opener.clone()/> };
    let spacer = move |rows: usize| {
        let height = rows as f64 * state.row_px;
        (height > 0.0).then(|| {
            view! { <tr class="table__spacer" aria-hidden="true"><td colspan=span style=format!("height: {height:.0}px")></td></tr> }
        })
    };
    view! {
        <tbody>
            {move || spacer(state.range.get().start)}
            <For each=move || visible.get() key=|index| *index children=row/>
            {move || spacer(state.shown().saturating_sub(state.range.get().end))}
        </tbody>
    }
}

/// One record's row.
#[component]
fn TableRow(
    table: Arc<Table>,
    index: usize,
    state: TableState,
    opener: Option<Arc<RowOpener>>,
) -> impl IntoView {
    let locale = locale();
    let open = opener.and_then(|o| o.request(&table, index));
    let cells = table
        .rows
        .get(index)
        .map(|row| row.cells.as_slice())
        .unwrap_or_default();
    let cells = state
        .shown_columns
        .get_untracked()
        .iter()
        .filter_map(|&i| Some((cells.get(i)?, table.columns.get(i)?)))
        .enumerate()
        .map(|(at, (cell, column))| {
            let open = (at == 0).then(|| open.clone()).flatten().map(|request| {
                view! { <OpenButton request name=cell.plain_text()/> }
            });
            view! {
                <td class:num=column.numeric data-label=locale.text(&column.label)>
                    <CellView cell=cell.clone() room=Room::Table/>
                    {open}
                </td>
            }
        })
        .collect_view();
    // Position in the current order, for assistive technology (the header row is 1).
    let position = move || {
        state
            .windowed
            .then(|| {
                state
                    .positions
                    .with(|at| at.get(index).map(|p| (p + 2).to_string()))
            })
            .flatten()
    };
    view! { <tr aria-rowindex=position>{cells}</tr> }
}
