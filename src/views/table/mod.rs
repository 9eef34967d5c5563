//! The list table: native `<table>` semantics, sortable columns in natural order (`aria-sort`), a
//! sticky header, numbers right-aligned. Below 480 px each row becomes a card (see table.css).

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::sort::{sorted_order, Direction};
use widget_model::WidgetModel;

use crate::views::cell::{CellView, Room};

/// The next sort after a click on column `column`: ascending, descending, then the producer's order.
fn next_sort(current: Option<(usize, Direction)>, column: usize) -> Option<(usize, Direction)> {
    match current {
        Some((c, Direction::Ascending)) if c == column => Some((column, Direction::Descending)),
        Some((c, Direction::Descending)) if c == column => None,
        _ => Some((column, Direction::Ascending)),
    }
}

/// Records as a table.
///
/// - `model`: the result; its `table` is drawn, its title names the table.
#[component]
pub fn ListTable(model: Arc<WidgetModel>) -> impl IntoView {
    let sort = RwSignal::new(None::<(usize, Direction)>);
    let order = {
        let model = Arc::clone(&model);
        Memo::new(move |_| match sort.get() {
            None => (0..model.table.rows.len()).collect::<Vec<_>>(),
            Some((column, direction)) => sorted_order(&model.table.rows, column, direction),
        })
    };
    let headers = model
        .table
        .columns
        .iter()
        .enumerate()
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
                        <span class="sort__label">{column.label.clone()}</span>
                        <span class="sort__icon" aria-hidden="true">{icon}</span>
                    </button>
                </th>
            }
        })
        .collect_view();
    let row_model = Arc::clone(&model);
    let row = move |index: usize| {
        let row = &row_model.table.rows[index];
        let cells = row
            .cells
            .iter()
            .zip(&row_model.table.columns)
            .map(|(cell, column)| {
                view! {
                    <td class:num=column.numeric data-label=column.label.clone()>
                        <CellView cell=cell.clone() room=Room::Table/>
                    </td>
                }
            })
            .collect_view();
        view! { <tr>{cells}</tr> }
    };
    let title = model.header.title.clone();
    view! {
        <div class="table-scroll" role="region" aria-label=format!("{title}: table") tabindex="0">
            <table class="table">
                <caption class="visually-hidden">{title.clone()}</caption>
                <thead><tr>{headers}</tr></thead>
                <tbody>
                    <For each=move || order.get() key=|index| *index children=row/>
                </tbody>
            </table>
        </div>
        {(model.table.omitted_rows > 0).then(|| view! {
            <p class="table-note">{format!("{} more records are not shown.", model.table.omitted_rows)}</p>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_cycle_ascending_descending_original() {
        let s = next_sort(None, 2);
        assert_eq!(s, Some((2, Direction::Ascending)));
        let s = next_sort(s, 2);
        assert_eq!(s, Some((2, Direction::Descending)));
        assert_eq!(next_sort(s, 2), None);
        assert_eq!(next_sort(s, 0), Some((0, Direction::Ascending)));
    }
}
