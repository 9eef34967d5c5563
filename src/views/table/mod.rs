//! The list table: native `<table>` semantics, sortable columns in natural order (`aria-sort`), a
//! sticky header, numbers right-aligned. Below 480 px each row becomes a card (see table.css).
//!
//! Long lists are windowed: past [`WINDOW_AFTER`] rows only the rows in view (and a few either
//! side) are in the DOM, between two spacer rows, so the cost follows what is visible. Rows then
//! have a fixed height; sorting still orders every row; `aria-rowcount`/`aria-rowindex` tell
//! assistive technology where it is. Browser find-in-page cannot see rows that are not rendered,
//! so windowed tables get their own Find box, which searches every row.

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::sort::{sorted_order, Direction};
use widget_model::words::Msg;
use widget_model::{Density, WidgetModel};

use crate::views::cell::{CellView, Room};
use crate::views::locale::{locale, t};

/// Lists longer than this are windowed.
pub const WINDOW_AFTER: usize = 200;
/// Rows rendered above and below the visible ones.
const OVERSCAN: usize = 10;

/// The next sort after a click on column `column`: ascending, descending, then the producer's order.
fn next_sort(current: Option<(usize, Direction)>, column: usize) -> Option<(usize, Direction)> {
    match current {
        Some((c, Direction::Ascending)) if c == column => Some((column, Direction::Descending)),
        Some((c, Direction::Descending)) if c == column => None,
        _ => Some((column, Direction::Ascending)),
    }
}

/// The fixed row height of a windowed table, in CSS pixels (matches table.css).
fn row_height(density: Density) -> f64 {
    match density {
        Density::Compact => 30.0,
        Density::Comfortable => 38.0,
    }
}

/// The slice of `count` rows to render for a scroll position, with overscan.
fn visible_range(count: usize, scroll_top: f64, viewport: f64, row: f64) -> std::ops::Range<usize> {
    let first = ((scroll_top.max(0.0) / row).floor() as usize).saturating_sub(OVERSCAN);
    let shown = (viewport.max(row) / row).ceil() as usize + 2 * OVERSCAN;
    first.min(count)..(first + shown).min(count)
}

/// Records as a table.
///
/// - `model`: the result; its `table` is drawn, its title names the table.
#[component]
pub fn ListTable(model: Arc<WidgetModel>) -> impl IntoView {
    let count = model.table.rows.len();
    let windowed = count > WINDOW_AFTER;
    let row_px = row_height(model.density);
    let sort = RwSignal::new(None::<(usize, Direction)>);
    let query = RwSignal::new(String::new());
    // Each row's text in lower case, built on the first search only.
    let row_texts = {
        let model = Arc::clone(&model);
        Memo::new(move |_| {
            if query.with(String::is_empty) {
                return Arc::new(Vec::new());
            }
            Arc::new(
                model
                    .table
                    .rows
                    .iter()
                    .map(|r| r.cells.iter().map(|c| c.plain_text().to_lowercase()).collect::<Vec<_>>().join("\u{1f}"))
                    .collect::<Vec<_>>(),
            )
        })
    };
    let order = {
        let model = Arc::clone(&model);
        Memo::new(move |_| {
            let mut order = match sort.get() {
                None => (0..model.table.rows.len()).collect::<Vec<_>>(),
                Some((column, direction)) => sorted_order(&model.table.rows, column, direction),
            };
            let needle = query.with(|q| q.trim().to_lowercase());
            if !needle.is_empty() {
                row_texts.with(|texts| order.retain(|&i| texts.get(i).is_some_and(|t| t.contains(&needle))));
            }
            order
        })
    };
    let scroll_top = RwSignal::new(0.0f64);
    let viewport = RwSignal::new(440.0f64);
    let scroller = NodeRef::<Div>::new();
    let range = Memo::new(move |_| {
        let n = order.with(Vec::len);
        if windowed {
            visible_range(n, scroll_top.get(), viewport.get(), row_px)
        } else {
            0..n
        }
    });
    // Each record's position in the current order, for aria-rowindex (windowed tables only).
    let positions = Memo::new(move |_| {
        let mut at = vec![0u32; if windowed { count } else { 0 }];
        if windowed {
            order.with(|o| o.iter().enumerate().for_each(|(p, &i)| at[i] = p as u32));
        }
        Arc::new(at)
    });
    let visible = Memo::new(move |_| {
        let r = range.get();
        order.with(|o| o.get(r.clone()).map(<[usize]>::to_vec).unwrap_or_default())
    });
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            scroll_top.set(f64::from(el.scroll_top()));
            viewport.set(f64::from(el.client_height()));
        }
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
        let cells = row_model
            .table
            .rows
            .get(index)
            .map(|row| row.cells.as_slice())
            .unwrap_or_default()
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
        // Position in the current order, for assistive technology (the header row is 1).
        let position = move || positions.with(|at| at.get(index).map(|p| (p + 2).to_string()));
        view! { <tr aria-rowindex=move || if windowed { position() } else { None }>{cells}</tr> }
    };
    // The spacers span the real column count: a large colspan makes every table layout work on
    // that many columns (it made each scroll step cost tens of milliseconds).
    let span = model.table.columns.len().max(1);
    let spacer = move |height: f64| {
        (height > 0.0).then(|| {
            view! { <tr class="table__spacer" aria-hidden="true"><td colspan=span style=format!("height: {height:.0}px")></td></tr> }
        })
    };
    let title = locale().text(&model.header.title);
    let columns = model.table.columns.len();
    let find = windowed.then(|| {
        let shown = move || {
            let n = order.with(Vec::len);
            if query.with(String::is_empty) {
                t(&Msg::Rows { count: count as u64 })
            } else {
                t(&Msg::RowsMatch { shown: n as u64, total: count as u64 })
            }
        };
        view! {
            <div class="table-find">
                <label class="table-find__label">
                    {t(&Msg::Find)}
                    <input
                        type="search"
                        class="table-find__input"
                        placeholder=t(&Msg::FindPlaceholder)
                        on:input=move |ev| {
                            query.set(event_target_value(&ev));
                            scroll_top.set(0.0);
                            if let Some(el) = scroller.get_untracked() {
                                el.set_scroll_top(0);
                            }
                        }
                    />
                </label>
                <span class="table-find__count" role="status">{shown}</span>
            </div>
        }
    });
    view! {
        {find}
        <div
            class="table-scroll"
            class:table-scroll--windowed=windowed
            role="region"
            aria-label=t(&Msg::TableOf { title: title.clone() })
            tabindex="0"
            node_ref=scroller
            on:scroll=on_scroll
            style=windowed.then(|| format!("--row-h: {row_px:.0}px"))
        >
            <table
                class="table"
                aria-rowcount=move || windowed.then(|| (order.with(Vec::len) + 1).to_string())
                aria-colcount=windowed.then(|| columns.to_string())
            >
                <caption class="visually-hidden">{title.clone()}</caption>
                <thead><tr aria-rowindex=windowed.then_some("1")>{headers}</tr></thead>
                <tbody>
                    {move || spacer(range.get().start as f64 * row_px)}
                    <For each=move || visible.get() key=|index| *index children=row/>
                    {move || spacer(order.with(Vec::len).saturating_sub(range.get().end) as f64 * row_px)}
                </tbody>
            </table>
        </div>
        {(model.table.omitted_rows > 0).then(|| view! {
            <p class="table-note">{t(&Msg::MoreRecordsNotShown { count: model.table.omitted_rows as u64 })}</p>
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

    #[test]
    fn the_window_follows_the_scroll_with_overscan() {
        assert_eq!(visible_range(10_000, 0.0, 440.0, 30.0), 0..35);
        let r = visible_range(10_000, 30.0 * 5_000.0, 440.0, 30.0);
        assert_eq!(r.start, 5_000 - OVERSCAN);
        assert_eq!(r.len(), 15 + 2 * OVERSCAN);
        assert_eq!(visible_range(100, 1e9, 440.0, 30.0), 100..100);
        assert_eq!(visible_range(0, 0.0, 0.0, 30.0), 0..0);
    }
}
