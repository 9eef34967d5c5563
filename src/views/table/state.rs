//! What the parts of one table share: its sort, its Find query, its scroll position, and the rows
//! in display order. Sorting is memoised on the sort alone, so typing in Find only filters. Each
//! row's text for Find is built once: for a long list (rows built only when drawn) in short idle
//! slices after the table is drawn, so that the first keystroke finds it ready; a search that
//! comes sooner builds the rest at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use widget_model::sort::{sorted_order, Direction};
use widget_model::{times_shown, Density, Table, TimeShown};

use crate::views::context::Clock;

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
    /// Whether every row's text for Find is built (a search is then a filter only).
    pub find_ready: RwSignal<bool>,
    /// Whether the secondary columns (ranked last) are drawn too.
    pub all_columns: RwSignal<bool>,
    /// The indices of the columns drawn, in order.
    pub shown_columns: Memo<Arc<Vec<usize>>>,
    /// How many columns are secondary.
    pub secondary: usize,
    pub count: usize,
    pub windowed: bool,
    pub row_px: f64,
    /// How each column's times are shown: relative, or clock times where relative times would
    /// read the same in every row (decided when the table is drawn).
    pub times: StoredValue<Arc<Vec<TimeShown>>>,
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
        let texts = FindTexts::new(table);
        let order = Memo::new(move |_| {
            let needle = needle.get();
            if needle.is_empty() {
                return sorted.get();
            }
            texts.build(None);
            Arc::new(sorted.with(|o| texts.filter(o, &needle)))
        });
        // Only a windowed table has a Find box, and only lazy rows make its first search costly.
        if windowed && table.rows.is_lazy() {
            texts.build_when_idle();
        }
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
        let now = use_context::<Clock>().map_or(0.0, |c| c.now_ms.get_untracked());
        let times = StoredValue::new(Arc::new(times_shown(table, now as i64)));
        TableState {
            times,
            sort,
            query,
            scroll_top,
            viewport,
            order,
            range,
            find_ready: texts.ready,
            all_columns,
            shown_columns,
            secondary,
            count,
            windowed,
            row_px,
        }
    }

    /// How column `column`'s times are shown.
    pub fn time_shown(&self, column: usize) -> TimeShown {
        self.times
            .with_value(|t| t.get(column).copied().unwrap_or_default())
    }

    /// How many rows the current order holds.
    pub fn shown(&self) -> usize {
        self.order.with(|o| o.len())
    }
}

/// How long one idle slice of building Find's texts may run, in ms (well under a frame).
const SLICE_MS: f64 = 8.0;
/// How long after the table is drawn the idle building starts: the host's resize and the first
/// paint go first.
const IDLE_AFTER: Duration = Duration::from_millis(300);

/// Every row's text for Find ([`widget_model::Row::find_text`]), built from the first row on.
#[derive(Clone, Copy)]
struct FindTexts {
    table: StoredValue<Arc<Table>>,
    texts: StoredValue<Vec<String>>,
    ready: RwSignal<bool>,
}

impl FindTexts {
    fn new(table: &Arc<Table>) -> FindTexts {
        FindTexts {
            table: StoredValue::new(Arc::clone(table)),
            texts: StoredValue::new(Vec::new()),
            ready: RwSignal::new(table.rows.is_empty()),
        }
    }

    /// Builds texts until all are built or, with a deadline (ms since the epoch), until it
    /// passes. Whether all are built.
    fn build(self, deadline: Option<f64>) -> bool {
        let Some(table) = self.table.try_get_value() else {
            return true;
        };
        let done = self
            .texts
            .try_update_value(|texts| {
                while texts.len() < table.rows.len() {
                    texts.push(table.rows.find_text(texts.len()).unwrap_or_default());
                    if deadline.is_some_and(|d| js_sys::Date::now() > d) {
                        break;
                    }
                }
                texts.len() >= table.rows.len()
            })
            .unwrap_or(true);
        if done && !self.ready.get_untracked() {
            self.ready.set(true);
        }
        done
    }

    /// The positions in `order` whose row text contains `needle`.
    fn filter(self, order: &[usize], needle: &str) -> Vec<usize> {
        self.texts.with_value(|texts| {
            order
                .iter()
                .copied()
                .filter(|&i| texts.get(i).is_some_and(|t| t.contains(needle)))
                .collect()
        })
    }

    /// Builds the texts in slices of [`SLICE_MS`] between other work, starting [`IDLE_AFTER`]
    /// from now; stops when the table goes.
    fn build_when_idle(self) {
        let alive = Arc::new(AtomicBool::new(true));
        on_cleanup({
            let alive = Arc::clone(&alive);
            move || alive.store(false, Ordering::Relaxed)
        });
        fn slice(texts: FindTexts, alive: Arc<AtomicBool>, after: Duration) {
            set_timeout(
                move || {
                    if alive.load(Ordering::Relaxed)
                        && !texts.build(Some(js_sys::Date::now() + SLICE_MS))
                    {
                        slice(texts, alive, Duration::ZERO);
                    }
                },
                after,
            );
        }
        slice(self, alive, IDLE_AFTER);
    }
}
