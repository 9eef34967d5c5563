//! What the parts of one table share: its sort, its Find query, its scroll position, and the rows
//! in display order. Sorting is memoised on the sort alone, so typing in Find only filters; each
//! row's lower-cased text is built once, on the first search.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::sort::{sorted_order, Direction};
use widget_model::{Density, Table};

use widget_app::table_window::{row_height, visible_range, WINDOW_AFTER};

/// One table's shared state (signals and memos: `Copy`).
#[derive(Clone, Copy)]
pub struct TableState {
    pub sort: RwSignal<Option<(usize, Direction)>>,
    pub query: RwSignal<String>,
    pub scroll_top: RwSignal<f64>,
    pub viewport: RwSignal<f64>,
    /// Row indices in display order: sorted, then filtered by Find.
    pub order: Memo<Arc<Vec<usize>>>,
    /// The slice of `order` that is drawn.
    pub range: Memo<std::ops::Range<usize>>,
    /// Every record's position in `order` (windowed tables), for `aria-rowindex`.
    pub positions: Memo<Arc<Vec<u32>>>,
    /// Whether the secondary columns (ranked last) are drawn too.
    pub all_columns: RwSignal<bool>,
    /// The indices of the columns drawn, in order.
    pub shown_columns: Memo<Arc<Vec<usize>>>,
    /// How many columns are secondary.
    pub secondary: usize,
    pub count: usize,
    pub windowed: bool,
    pub row_px: f64,
}

impl TableState {
    pub fn new(table: &Arc<Table>, density: Density) -> TableState {
        let count = table.rows.len();
        let windowed = count > WINDOW_AFTER;
        let row_px = row_height(density);
        let sort = RwSignal::new(None::<(usize, Direction)>);
        let query = RwSignal::new(String::new());
        let sorted = {
            let table = Arc::clone(table);
            Memo::new(move |_| {
                Arc::new(match sort.get() {
                    None => (0..table.rows.len()).collect::<Vec<_>>(),
                    Some((column, direction)) => sorted_order(&table.rows, column, direction),
                })
            })
        };
        let needle = Memo::new(move |_| query.with(|q| q.trim().to_lowercase()));
        let texts = StoredValue::new(None::<Arc<Vec<String>>>);
        let order = {
            let table = Arc::clone(table);
            Memo::new(move |_| {
                let needle = needle.get();
                if needle.is_empty() {
                    return sorted.get();
                }
                let texts = texts.get_value().unwrap_or_else(|| {
                    let built = Arc::new(row_texts(&table));
                    texts.set_value(Some(Arc::clone(&built)));
                    built
                });
                Arc::new(sorted.with(|o| {
                    o.iter()
                        .copied()
                        .filter(|&i| texts.get(i).is_some_and(|t| t.contains(&needle)))
                        .collect()
                }))
            })
        };
        let scroll_top = RwSignal::new(0.0f64);
        let viewport = RwSignal::new(440.0f64);
        let range = Memo::new(move |_| {
            let n = order.with(|o| o.len());
            if windowed {
                visible_range(n, scroll_top.get(), viewport.get(), row_px)
            } else {
                0..n
            }
        });
        let positions = Memo::new(move |_| {
            let mut at = vec![0u32; if windowed { count } else { 0 }];
            if windowed {
                order.with(|o| o.iter().enumerate().for_each(|(p, &i)| at[i] = p as u32));
            }
            Arc::new(at)
        });
        let secondary_flags: Vec<bool> = table.columns.iter().map(|c| c.secondary).collect();
        let secondary = secondary_flags.iter().filter(|s| **s).count();
        let all_columns = RwSignal::new(false);
        let shown_columns = Memo::new(move |_| {
            let all = all_columns.get();
            Arc::new(
                secondary_flags
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| all || !**s)
                    .map(|(i, _)| i)
                    .collect::<Vec<_>>(),
            )
        });
        TableState {
            sort,
            query,
            scroll_top,
            viewport,
            order,
            range,
            positions,
            all_columns,
            shown_columns,
            secondary,
            count,
            windowed,
            row_px,
        }
    }

    /// How many rows the current order holds.
    pub fn shown(&self) -> usize {
        self.order.with(|o| o.len())
    }
}

/// Each row's cells as one lower-cased line, for Find.
fn row_texts(table: &Table) -> Vec<String> {
    table
        .rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| c.plain_text().to_lowercase())
                .collect::<Vec<_>>()
                .join("\u{1f}")
        })
        .collect()
}
