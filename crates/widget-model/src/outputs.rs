//! Block outputs as the service returns them: `{variable_uuid, type, shape?, sample_data?,
//! text_data?}`. A `sample_data {columns, rows}` is a data table (a sample of `shape` rows ×
//! columns); a `type: "text"` output is its `text_data`, shown as sent. One block can have
//! several outputs (`output_0`, `output_1`, …).

use serde_json::{Map, Value};

use crate::cell::{Cell, CellContext, ColumnKind, Degraded, KeyHints};
use crate::limits::{MAX_COLUMNS, MAX_RECORDS};
use crate::rows::{Row, Rows};
use crate::table::{Column, Table};
use crate::text::{bounded_text, truncate_chars};
use crate::words::Text;

/// One output of a block.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// `variable_uuid`: `output_0`.
    pub name: String,
    pub body: OutputBody,
}

#[derive(Clone, Debug, PartialEq)]
pub enum OutputBody {
    /// A data table: the sample's rows and columns.
    Table {
        table: Table,
        /// `shape`: rows and columns of the whole output, of which the table is a sample.
        shape: Option<(u64, u64)>,
    },
    /// Text as sent (a number may arrive as text).
    Text(String),
    /// Neither a table nor text.
    Empty,
}

/// Whether `records` are block outputs: each has `sample_data` or `text_data`.
pub fn are_outputs(records: &[&Map<String, Value>]) -> bool {
    !records.is_empty()
        && records
            .iter()
            .all(|r| r.contains_key("sample_data") || r.contains_key("text_data"))
}

/// The outputs of `records` (already redacted).
pub fn outputs(records: &[&Map<String, Value>]) -> Vec<Output> {
    records.iter().map(|r| output(r)).collect()
}

fn output(record: &Map<String, Value>) -> Output {
    let name = record
        .get("variable_uuid")
        .and_then(Value::as_str)
        .map_or_else(String::new, |s| truncate_chars(&bounded_text(s), 120));
    let shape = record
        .get("shape")
        .and_then(Value::as_array)
        .and_then(|s| Some((s.first()?.as_u64()?, s.get(1)?.as_u64()?)));
    let body = match (record.get("sample_data"), record.get("text_data")) {
        (Some(Value::Object(sample)), _) => match sample_table(sample) {
            Some(table) => OutputBody::Table { table, shape },
            None => OutputBody::Empty,
        },
        (_, Some(Value::String(text))) => OutputBody::Text(bounded_text(text)),
        (_, Some(Value::Number(n))) => OutputBody::Text(n.to_string()),
        _ => OutputBody::Empty,
    };
    Output { name, body }
}

/// `{columns: [...], rows: [[...], ...]}` as a table: one cell per column, read by the column's
/// name (so a `created_at` column holds times and a `password` column is redacted).
fn sample_table(sample: &Map<String, Value>) -> Option<Table> {
    let names: Vec<String> = sample
        .get("columns")?
        .as_array()?
        .iter()
        .take(MAX_COLUMNS)
        .map(|c| match c {
            Value::String(s) => truncate_chars(&bounded_text(s), 120),
            other => truncate_chars(&other.to_string(), 120),
        })
        .collect();
    let rows = sample.get("rows")?.as_array()?;
    let kinds: Vec<ColumnKind> = names
        .iter()
        .map(|n| ColumnKind::infer(n, &KeyHints::default()))
        .collect();
    let ctx = CellContext { language: None };
    let built: Vec<Row> = rows
        .iter()
        .take(MAX_RECORDS)
        .enumerate()
        .map(|(i, row)| {
            let values = row.as_array();
            let cells = names
                .iter()
                .zip(&kinds)
                .enumerate()
                .map(|(c, (name, kind))| {
                    let value = values.and_then(|v| v.get(c)).unwrap_or(&Value::Null);
                    Cell::from_value(name, value, *kind, &ctx, &mut Degraded::default())
                })
                .collect();
            Row {
                key: i.to_string(),
                cells,
                ids: Default::default(),
            }
        })
        .collect();
    let columns = names
        .iter()
        .zip(&kinds)
        .enumerate()
        // Column names of data are shown as they are, not humanised.
        .map(|(c, (name, kind))| Column {
            label: Text::Given(name.clone()),
            key: name.clone(),
            kind: *kind,
            numeric: kind.is_numeric()
                || (built.iter().any(|r| !matches!(r.cells[c], Cell::Missing))
                    && built.iter().all(|r| {
                        matches!(
                            r.cells[c],
                            Cell::Missing | Cell::Number { .. } | Cell::Bytes(_)
                        )
                    })),
            secondary: false,
        })
        .collect();
    Some(Table {
        columns,
        rows: Rows::built(built),
        omitted_rows: rows.len().saturating_sub(MAX_RECORDS),
    })
}

/// The table as tab-separated text (a header line, then one line per row), for the clipboard.
/// Tabs and line breaks inside values become spaces; redacted cells stay redacted.
pub fn tsv(table: &Table) -> String {
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    let mut out = table
        .columns
        .iter()
        .map(|c| clean(&c.label.english()))
        .collect::<Vec<_>>()
        .join("\t");
    for row in &table.rows {
        out.push('\n');
        out.push_str(
            &row.cells
                .iter()
                .map(|c| clean(&c.plain_text()))
                .collect::<Vec<_>>()
                .join("\t"),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn a_sample_becomes_a_table_with_its_shape() {
        let r = record(json!({
            "variable_uuid": "output_0", "type": "table", "shape": [838, 3],
            "sample_data": { "columns": ["order_id", "amount", "ordered_at"], "rows": [["A", 12.5, "2026-11-19T09:34:32.000Z"], ["B", null, null]] }
        }));
        let out = outputs(&[&r]);
        assert_eq!(out[0].name, "output_0");
        let OutputBody::Table { table, shape } = &out[0].body else {
            panic!("table")
        };
        assert_eq!(*shape, Some((838, 3)));
        assert_eq!(table.rows.len(), 2);
        assert!(table.columns[1].numeric, "amounts align right");
        assert!(matches!(
            table.rows.get(0).map(|r| &r.cells[2]),
            Some(Cell::Time(_))
        ));
        assert_eq!(
            table.rows.get(1).map(|r| r.cells[1].clone()),
            Some(Cell::Missing),
            "nulls are empty"
        );
        assert_eq!(
            tsv(table),
            "order_id\tamount\tordered_at\nA\t12.5\t2026-11-19 09:34:32 UTC\nB\t\t"
        );
    }

    #[test]
    fn text_outputs_are_shown_as_sent_and_secrets_by_column_name_stay_hidden() {
        let text =
            record(json!({ "variable_uuid": "output_1", "type": "text", "text_data": "249" }));
        let table = record(
            json!({ "variable_uuid": "output_2", "sample_data": { "columns": ["user", "password"], "rows": [["a", "hunter2"]] } }),
        );
        assert!(are_outputs(&[&text, &table]));
        let out = outputs(&[&text, &table]);
        assert_eq!(out[0].body, OutputBody::Text("249".into()));
        let OutputBody::Table { table, .. } = &out[1].body else {
            panic!("table")
        };
        assert_eq!(
            table.rows.get(0).map(|r| r.cells[1].clone()),
            Some(Cell::Redacted)
        );
        assert!(!tsv(table).contains("hunter2"));
        assert!(!are_outputs(&[&record(json!({ "id": 1 }))]));
    }
}
