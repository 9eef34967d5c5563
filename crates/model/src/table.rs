//! A table's shape: its columns in display order and its rows. Lists and block output samples
//! share it.

use crate::cell::ColumnKind;
use crate::rows::Rows;
use crate::words::Text;

/// A column of the table, in display order.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub key: String,
    /// The key in words (`Pipeline UUID`), the producer's label, or ours for a column the widget
    /// adds (`Progress`).
    pub label: Text,
    pub kind: ColumnKind,
    /// Right-aligned (numbers, durations).
    pub numeric: bool,
    /// Ranked last (empty or the same in every record): drawn behind "N more columns", still
    /// sorted and searched.
    pub secondary: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    /// One per record, possibly built on demand ([`crate::rows`]).
    pub rows: Rows,
    /// Records past the row limit, counted but not kept.
    pub omitted_rows: usize,
}
