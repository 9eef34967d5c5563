//! What the parts of one table share: its sort, its Find query, its scroll position, and the rows
//! in display order. Sorting is memoised on the sort alone, so typing in Find only filters. Each
//! row's text for Find ([`FindIndex`]) is built once: for a long list (rows built only when drawn)
//! in short idle slices after the table is drawn, so that the first keystroke finds it ready; a
//! search that comes sooner builds the rest at once.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::sort::{sorted_order, Direction};
use widget_model::{times_shown, Density, Table, TimeShown};

use crate::views::context::{screen_memory, Clock, ScreenMemory};
use crate::views::find::{found_order, FindIndex};

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
    /// Every row's text for Find.
    pub find: FindIndex,
    /// Whether the secondary columns (ranked last) are drawn too.
    pub all_columns: RwSignal<bool>,
    /// The rows whose details are open (their indices in the table).
    pub open_rows: RwSignal<Vec<usize>>,
    /// The columns drawn in each row's detail rather than as columns.
    pub detail: StoredValue<Arc<Vec<usize>>>,
    /// Where the user had scrolled the table to before it was drawn again: top, left.
    pub scroll_kept: (f64, f64),
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
    /// The state of a table `key` (its columns): as the user left it when the screen is drawn again
    /// (a followed run's update), else fresh.
    pub fn new(table: &Arc<Table>, density: Density, key: &str) -> TableState {
        let count = table.rows.len();
        let windowed = count > WINDOW_AFTER;
        let row_px = row_height(density);
        let memory = screen_memory();
        let kept = memory.map(|m| m.table(key)).unwrap_or_default();
        let columns = table.columns.len();
        let sort = RwSignal::new(kept.sort.filter(|(c, _)| *c < columns));
        let query = RwSignal::new(kept.query);
        let sorted = sorted_rows(table, sort);
        let find = find_index(table);
        let order = found_order(sorted, query, find);
        // Only a windowed table has a Find box, and only lazy rows make its first search costly.
        if windowed && table.rows.is_lazy() {
            find.build_when_idle();
        }
        let scroll_top = RwSignal::new(0.0f64);
        let viewport = RwSignal::new(440.0f64);
        let range = drawn_range(order, windowed, scroll_top, viewport, row_px);
        let detail = detail_columns(table, windowed);
        let secondary_flags = secondary_flags(table, &detail);
        let secondary = secondary_flags.iter().filter(|s| **s).count();
        let all_columns = RwSignal::new(kept.all_columns);
        let open_rows = RwSignal::new(kept.open_rows);
        if let Some(memory) = memory {
            keep_in_memory(memory, key, sort, query, all_columns, open_rows);
        }
        let not_drawn = not_drawn(table, &detail);
        let shown_columns = shown_columns(secondary_flags, not_drawn, all_columns);
        TableState {
            times: StoredValue::new(Arc::new(times(table))),
            detail: StoredValue::new(Arc::new(detail)),
            open_rows,
            scroll_kept: (kept.scroll_top, kept.scroll_left),
            sort,
            query,
            scroll_top,
            viewport,
            order,
            range,
            find,
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

    /// The columns of each row's detail (none for most tables).
    pub fn detail_columns(&self) -> Arc<Vec<usize>> {
        self.detail.get_value()
    }

    /// How many rows the current order holds.
    pub fn shown(&self) -> usize {
        self.order.with(|o| o.len())
    }
}

/// The rows' indices in the order of `sort` (the table's own order when unsorted), sorted again
/// only when the sort changes.
fn sorted_rows(
    table: &Arc<Table>,
    sort: RwSignal<Option<(usize, Direction)>>,
) -> Memo<Arc<Vec<usize>>> {
    let table = Arc::clone(table);
    Memo::new(move |_| {
        Arc::new(match sort.get() {
            None => (0..table.rows.len()).collect::<Vec<_>>(),
            Some((column, direction)) => sorted_order(&table.rows, column, direction),
        })
    })
}

/// Every row's text for Find.
fn find_index(table: &Arc<Table>) -> FindIndex {
    FindIndex::new(table.rows.len(), {
        let table = Arc::clone(table);
        move |i| widget_app::find::searchable(&table.rows.find_text(i).unwrap_or_default())
    })
}

/// The slice of `order` that is drawn: every row, or in a `windowed` table the rows in view.
fn drawn_range(
    order: Memo<Arc<Vec<usize>>>,
    windowed: bool,
    scroll_top: RwSignal<f64>,
    viewport: RwSignal<f64>,
    row_px: f64,
) -> Memo<std::ops::Range<usize>> {
    Memo::new(move |_| {
        let n = order.with(|o| o.len());
        if windowed {
            visible_range(n, scroll_top.get(), viewport.get(), row_px)
        } else {
            0..n
        }
    })
}

/// The columns drawn in each row's detail: a scanned list's other fields; a windowed table (fixed
/// row heights) keeps them as columns.
fn detail_columns(table: &Table, windowed: bool) -> Vec<usize> {
    if windowed {
        Vec::new()
    } else {
        (0..table.columns.len())
            .filter(|&i| table.columns[i].detail)
            .collect()
    }
}

/// For each column, whether it is secondary (ranked last, behind "more columns"); a column of the
/// rows' detail is not, nor one whose value is said above the table.
fn secondary_flags(table: &Table, detail: &[usize]) -> Vec<bool> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| c.secondary && !c.shared && !detail.contains(&i))
        .collect()
}

/// Keeps what the user does to table `key` (its sort, Find query, columns shown, rows opened) in
/// the screen's memory, for when the screen is drawn again.
fn keep_in_memory(
    memory: ScreenMemory,
    key: &str,
    sort: RwSignal<Option<(usize, Direction)>>,
    query: RwSignal<String>,
    all_columns: RwSignal<bool>,
    open_rows: RwSignal<Vec<usize>>,
) {
    let key = key.to_owned();
    Effect::new(move |_| {
        let (s, q, a, o) = (sort.get(), query.get(), all_columns.get(), open_rows.get());
        memory.keep(&key, |m| {
            m.sort = s;
            m.query = q;
            m.all_columns = a;
            m.open_rows = o;
        });
    });
}

/// The columns never drawn as columns: those in the rows' `detail`, and those whose one value is
/// said above the table.
fn not_drawn(table: &Table, detail: &[usize]) -> Vec<usize> {
    (0..table.columns.len())
        .filter(|i| detail.contains(i) || table.columns[*i].shared)
        .collect()
}

/// The indices of the columns drawn, in order: all but those `not_drawn`, and the secondary ones
/// only when `all_columns` are asked for.
fn shown_columns(
    secondary_flags: Vec<bool>,
    not_drawn: Vec<usize>,
    all_columns: RwSignal<bool>,
) -> Memo<Arc<Vec<usize>>> {
    Memo::new(move |_| {
        let all = all_columns.get();
        Arc::new(
            secondary_flags
                .iter()
                .enumerate()
                .filter(|(i, s)| (all || !**s) && !not_drawn.contains(i))
                .map(|(i, _)| i)
                .collect::<Vec<_>>(),
        )
    })
}

/// How each column's times are shown, decided now: relative where a person scans a list of runs
/// or triggers by them ("3 h ago"), else as [`times_shown`] decides for the rows.
fn times(table: &Table) -> Vec<TimeShown> {
    let now = use_context::<Clock>().map_or(0.0, |c| c.now_ms.get_untracked());
    let mut shown = times_shown(table, now as i64);
    for (i, column) in table.columns.iter().enumerate() {
        if column.relative {
            if let Some(t) = shown.get_mut(i) {
                *t = TimeShown::Relative;
            }
        }
    }
    shown
}
