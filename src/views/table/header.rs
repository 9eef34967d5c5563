//! The sticky header row: one button per column that cycles the sort (ascending, descending, the
//! producer's order), with `aria-sort` saying the current one.

use leptos::prelude::*;
use widget_model::sort::Direction;
use widget_model::Column;

use super::state::TableState;
use crate::views::locale::locale;
use widget_app::table_window::next_sort;

/// The header row.
///
/// - `columns`: the table's columns, in display order.
/// - `state`: the table's shared state (its sort and the columns drawn).
/// - `actions`: the rows have a column of controls (Open, Details), last.
#[component]
pub fn SortHeader(columns: Vec<Column>, state: TableState, actions: bool) -> impl IntoView {
    let sort = state.sort;
    let locale = locale();
    let cells = state
        .shown_columns
        .get_untracked()
        .iter()
        .filter_map(|&i| Some((i, columns.get(i)?.clone())))
        .map(|(i, column)| {
            let aria_sort = move || match sort.get() {
                Some((c, d)) if c == i => d.aria(),
                _ => "none",
            };
            let icon = move || match sort.get() {
                Some((c, Direction::Ascending)) if c == i => "▲",
                Some((c, Direction::Descending)) if c == i => "▼",
                _ => "↕",
            };
            view! {
                <th scope="col" class:num=column.numeric aria-sort=aria_sort>
                    <button type="button" class="sort" on:click=move |_| sort.update(|s| *s = next_sort(*s, i))>
                        <span class="sort__label">{locale.text(&column.label)}</span>
                        <span class="sort__icon" aria-hidden="true">{icon}</span>
                    </button>
                </th>
            }
        })
        .collect_view();
    let actions = actions.then(|| {
        view! { <th scope="col" class="row-actions"><span class="visually-hidden">{locale.t(&widget_model::words::Msg::Actions)}</span></th> }
    });
    view! { <thead><tr aria-rowindex=state.windowed.then_some("1")>{cells}{actions}</tr></thead> }
}
