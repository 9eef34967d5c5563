//! Block outputs as the service returns them: `{variable_uuid, type, shape?, sample_data?,
//! text_data?}`. A `sample_data {columns, rows}` is a data table (a sample of `shape` rows ×
//! columns); a `type: "text"` output is its `text_data`, shown as sent. One block can have
//! several outputs (`output_0`, `output_1`, …).

use serde_json::{Map, Value};

use crate::cell::{Cell, ColumnKind};
use crate::dataframe;
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
        (Some(Value::Object(sample)), _) => match sample_table(sample, record) {
            Some(table) => OutputBody::Table { table, shape },
            None => OutputBody::Empty,
        },
        (_, Some(Value::String(text))) => OutputBody::Text(bounded_text(text)),
        (_, Some(Value::Number(n))) => OutputBody::Text(n.to_string()),
        _ => OutputBody::Empty,
    };
    Output { name, body }
}

/// `{columns: [...], rows: [[...], ...]}` as a table of data (`crate::dataframe`): the DataFrame's
/// own column order, each column read as its dtype says when the output gives one (a column
/// object's `dtype` or `type`, or a `dtypes`/`column_types` map in the sample or the output), else
/// as its values say; a column under a sensitive name is redacted.
fn sample_table(sample: &Map<String, Value>, output: &Map<String, Value>) -> Option<Table> {
    let declared = sample.get("columns")?.as_array()?;
    let names: Vec<String> = declared
        .iter()
        .take(MAX_COLUMNS)
        .map(|c| match c {
            Value::String(s) => truncate_chars(&bounded_text(s), 120),
            Value::Object(o) => match o.get("name").or_else(|| o.get("key")) {
                Some(Value::String(s)) => truncate_chars(&bounded_text(s), 120),
                _ => truncate_chars(&c.to_string(), 120),
            },
            other => truncate_chars(&other.to_string(), 120),
        })
        .collect();
    let rows = sample.get("rows")?.as_array()?;
    let rows = &rows[..rows.len().min(MAX_RECORDS)];
    let mut columns = Vec::with_capacity(names.len());
    let mut by_column: Vec<std::vec::IntoIter<Cell>> = Vec::with_capacity(names.len());
    for (c, name) in names.iter().enumerate() {
        let values: Vec<&Value> = rows
            .iter()
            .map(|row| {
                row.as_array()
                    .and_then(|v| v.get(c))
                    .unwrap_or(&Value::Null)
            })
            .collect();
        let dtype = dtype_of(declared.get(c), name, sample, output);
        let (cells, kind) =
            dataframe::column_cells(name, &values, dtype.and_then(dataframe::kind_of_dtype));
        columns.push(Column {
            // Column names of data are shown as they are, not humanised.
            label: Text::Given(name.clone()),
            key: name.clone(),
            kind: ColumnKind::Auto,
            numeric: kind.is_numeric(),
            secondary: false,
            lead: false,
            relative: false,
            detail: false,
            declared: false,
            shared: false,
        });
        by_column.push(cells.into_iter());
    }
    let built: Vec<Row> = (0..rows.len())
        .map(|i| Row {
            key: i.to_string(),
            cells: by_column
                .iter_mut()
                .map(|cells| cells.next().unwrap_or(Cell::Missing))
                .collect(),
            ids: Default::default(),
        })
        .collect();
    Some(Table {
        columns,
        rows: Rows::built(built),
        omitted_rows: sample
            .get("rows")
            .and_then(Value::as_array)
            .map_or(0, |r| r.len().saturating_sub(MAX_RECORDS)),
    })
}

/// The dtype the output gives column `name` (at `declared`, its entry in `columns`), if any.
fn dtype_of<'v>(
    declared: Option<&'v Value>,
    name: &str,
    sample: &'v Map<String, Value>,
    output: &'v Map<String, Value>,
) -> Option<&'v str> {
    let own = declared
        .and_then(Value::as_object)
        .and_then(|o| o.get("dtype").or_else(|| o.get("type")))
        .and_then(Value::as_str);
    let mapped = || {
        [sample, output]
            .into_iter()
            .flat_map(|m| [m.get("dtypes"), m.get("column_types")])
            .flatten()
            .find_map(|map| map.get(name)?.as_str())
    };
    own.or_else(mapped)
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
            Some(Cell::Datum(crate::cell::Datum::Time {
                date_only: false,
                ..
            }))
        ));
        assert_eq!(
            tsv(table),
            "order_id\tamount\tordered_at\nA\t12.5\t2026-11-19 09:34:32\nB\tNaN\tNaT",
            "missing values named as the DataFrame names them"
        );
    }

    #[test]
    fn a_pricing_frame_reads_as_data_in_its_own_column_order() {
        // Dates at midnight, rates and year fractions, as a block returning pricing output sends
        // them; `dtypes` given for one column.
        let r = record(json!({
            "variable_uuid": "output_0", "type": "table", "shape": [2, 4],
            "sample_data": {
                "columns": ["pay_date", "zero_rate", "t_years", "cashflows"],
                "rows": [
                    ["2040-10-15T00:00:00.000Z", 0.0207399885, 13.894593, 3],
                    ["2041-04-15T00:00:00.000Z", 0.0213456789, 14.394593, 2]
                ],
                "dtypes": { "cashflows": "float64" }
            }
        }));
        let out = outputs(&[&r]);
        let OutputBody::Table { table, .. } = &out[0].body else {
            panic!("table")
        };
        let keys: Vec<&str> = table.columns.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys, ["pay_date", "zero_rate", "t_years", "cashflows"]);
        assert_eq!(
            tsv(table),
            "pay_date\tzero_rate\tt_years\tcashflows\n\
             2040-10-15\t0.020740\t13.894593\t3.0\n\
             2041-04-15\t0.021346\t14.394593\t2.0"
        );
        let numeric: Vec<bool> = table.columns.iter().map(|c| c.numeric).collect();
        assert_eq!(numeric, [false, true, true, true]);
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
