//! A table's shape: its columns in display order and its rows. Lists and block output samples
//! share it.

use crate::cell::{Cell, ColumnKind};
use crate::rows::Rows;
use crate::time::TimeShown;
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
    /// One of the few columns a person scans a list of runs or triggers for first
    /// (`rank::Profile::scan`).
    pub lead: bool,
    /// Its times read relative whatever their spread ("3 h ago": when a run was executed, when a
    /// trigger runs next), as `rank::Profile::relative` says.
    pub relative: bool,
    /// Drawn in each row's detail rather than as a column (the rest of a scanned list's fields).
    pub detail: bool,
    /// The producer named it (`columns`, or the `columnOrder` hint): never lost from view.
    pub declared: bool,
    /// Every row holds the same value, said once above the table (`Header::shared`): drawn
    /// neither as a column nor in a row's detail.
    pub shared: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    /// One per record, possibly built on demand ([`crate::rows`]).
    pub rows: Rows,
    /// Records past the row limit, counted but not kept.
    pub omitted_rows: usize,
}

/// Rows read to decide how a column of times is shown: enough to see whether relative times
/// tell them apart, few enough not to build a long list's rows before it is drawn.
const TIME_SCAN_ROWS: usize = 200;

/// How each column's times are shown at `now_ms` ([`crate::time::time_column_shown`]), from the
/// first rows; columns without times read [`TimeShown::Relative`].
pub fn times_shown(table: &Table, now_ms: i64) -> Vec<TimeShown> {
    (0..table.columns.len())
        .map(|c| {
            let instants: Vec<i64> = (0..table.rows.len().min(TIME_SCAN_ROWS))
                .filter_map(|i| match table.rows.get(i)?.cells.get(c)? {
                    Cell::Time(t) => Some(t.epoch_ms),
                    _ => None,
                })
                .collect();
            crate::time::time_column_shown(&instants, now_ms)
        })
        .collect()
}

/// The table as CSV (RFC 4180: a header line of the column keys, then one line per row, fields
/// quoted when they hold a comma, a quote or a line break). Values are the cells' plain text, as
/// shown: redacted values stay redacted. A text value that a spreadsheet would run as a formula
/// (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is written after a `'`, as
/// spreadsheets mark literal text; numbers are written as they are.
pub fn csv(table: &Table) -> String {
    fn field(text: &str) -> String {
        if text.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    }
    fn cell_text(cell: &crate::cell::Cell) -> String {
        use crate::cell::Cell;
        if matches!(cell, Cell::Redacted) {
            return "[redacted]".to_owned();
        }
        let text = cell.plain_text();
        let textual = matches!(
            cell,
            Cell::Text(_) | Cell::Id(_) | Cell::Elided(_) | Cell::Code { .. } | Cell::Tags(_)
        );
        if textual && text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            format!("'{text}")
        } else {
            text
        }
    }
    let mut out = table
        .columns
        .iter()
        .map(|c| field(&c.key))
        .collect::<Vec<_>>()
        .join(",");
    out.push_str("\r\n");
    for row in &table.rows {
        out.push_str(
            &row.cells
                .iter()
                .map(|c| field(&cell_text(c)))
                .collect::<Vec<_>>()
                .join(","),
        );
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod csv_tests {
    use super::*;
    use crate::cell::{Cell, ColumnKind};
    use crate::rows::{RecordIds, Row};
    use crate::words::Text;

    fn column(key: &str) -> Column {
        Column {
            key: key.into(),
            label: Text::Given(key.into()),
            kind: ColumnKind::Text,
            numeric: false,
            secondary: false,
            lead: false,
            relative: false,
            detail: false,
            declared: false,
            shared: false,
        }
    }

    #[test]
    fn csv_quotes_what_it_must_and_keeps_redactions_and_formulas_inert() {
        let table = Table {
            columns: vec![column("name"), column("note"), column("amount")],
            rows: Rows::built(vec![
                Row {
                    key: "0".into(),
                    ids: RecordIds::default(),
                    cells: vec![
                        Cell::Text("a, \"b\"".into()),
                        Cell::Text("=HYPERLINK(\"x\")".into()),
                        Cell::Number {
                            value: -5.0,
                            text: "-5".into(),
                        },
                    ],
                },
                Row {
                    key: "1".into(),
                    ids: RecordIds::default(),
                    cells: vec![
                        Cell::Redacted,
                        Cell::Missing,
                        Cell::Text("line\nbreak".into()),
                    ],
                },
            ]),
            omitted_rows: 0,
        };
        assert_eq!(
            csv(&table),
            "name,note,amount\r\n\"a, \"\"b\"\"\",\"'=HYPERLINK(\"\"x\"\")\",-5\r\n[redacted],,\"line\nbreak\"\r\n"
        );
    }
}
