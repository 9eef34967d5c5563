//! What every row of a list shares, said once above it rather than in every row or in each row's
//! detail: the record the list belongs to ("Pipeline: etl_daily" over one pipeline's runs).

use crate::cell::Cell;
use crate::model::Chip;
use crate::table::Table;
use crate::text::{bounded_text, humanize_key, truncate_chars};
use crate::words::{Msg, Noun};

/// The longest value said above a table, in characters (a title's bound).
const MAX_SHARED_CHARS: usize = 200;

/// The records of the tool interface a list's rows may belong to, named by a key of the rows (the
/// stem of `pipeline_uuid`, `pipeline_run_id`, …), the widest first: the order they are said in.
const OWNERS: [&str; 7] = [
    "pipeline",
    "pipeline_schedule",
    "pipeline_trigger",
    "backfill",
    "pipeline_run",
    "block",
    "block_run",
];

/// The values every row of `table` shares that are worth saying once above it, widest first: a
/// column that names the record the rows belong to (`pipeline_uuid`, `pipeline_run_id`, … but
/// not the records' own `primary_key`) and holds one value in every row. Such a column is marked
/// [`shared`](crate::table::Column::shared): drawn neither as a column nor in a row's detail.
///
/// Only over rows that are all built, two or more: a long list's rows are built when drawn, and
/// a value its first rows share is not known to be every row's, so its column stays. A value a
/// filter chip already says is not said again.
pub(super) fn shared_values(
    table: &mut Table,
    filters: &[Chip],
    primary_key: Option<&str>,
) -> Vec<Msg> {
    if table.rows.is_lazy() || table.rows.len() < 2 {
        return Vec::new();
    }
    let mut said = Vec::new();
    for owner in OWNERS {
        let names_owner = |key: &str| {
            let stem = key
                .strip_suffix("_uuid")
                .or_else(|| key.strip_suffix("_id"));
            stem == Some(owner) && Some(key) != primary_key
        };
        for i in 0..table.columns.len() {
            if !names_owner(&table.columns[i].key) {
                continue;
            }
            let Some(value) = one_value(table, i) else {
                continue;
            };
            let label = humanize_key(&table.columns[i].key);
            if filters.iter().any(|f| f.label == label && f.value == value) {
                continue;
            }
            table.columns[i].shared = true;
            said.push(Msg::SharedValue {
                noun: Noun::of(owner),
                value: truncate_chars(&bounded_text(&value), MAX_SHARED_CHARS),
            });
        }
    }
    said
}

/// The text every row holds in `column`, when they all hold the same id, text or number.
fn one_value(table: &Table, column: usize) -> Option<String> {
    let mut value: Option<String> = None;
    for row in &table.rows {
        let text = match row.cells.get(column)? {
            Cell::Id(text) | Cell::Text(text) | Cell::Number { text, .. } => text,
            _ => return None,
        };
        match &value {
            None if !text.trim().is_empty() => value = Some(text.clone()),
            Some(first) if first == text => {}
            _ => return None,
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::{list_table, objects};
    use crate::words::english;
    use serde_json::json;

    fn runs(pipelines: &[&str]) -> Table {
        let records: Vec<_> = pipelines
            .iter()
            .enumerate()
            .map(|(i, p)| json!({ "id": 4821 - i, "pipeline_uuid": p, "status": "completed" }))
            .collect();
        list_table(&objects(&records))
    }

    fn shared_keys(table: &Table) -> Vec<&str> {
        table
            .columns
            .iter()
            .filter(|c| c.shared)
            .map(|c| c.key.as_str())
            .collect()
    }

    #[test]
    fn the_pipeline_every_run_belongs_to_is_said_once() {
        let mut table = runs(&["etl_daily", "etl_daily", "etl_daily"]);
        let said = shared_values(&mut table, &[], Some("id"));
        let said: Vec<String> = said.iter().map(english).collect();
        assert_eq!(said, ["Pipeline: etl_daily"]);
        assert_eq!(shared_keys(&table), ["pipeline_uuid"]);
    }

    #[test]
    fn a_value_that_varies_or_is_missing_or_stands_alone_is_not_said() {
        let mut varies = runs(&["etl_daily", "customer_360"]);
        assert!(shared_values(&mut varies, &[], None).is_empty());
        assert!(shared_keys(&varies).is_empty());
        let mut alone = runs(&["etl_daily"]);
        assert!(shared_values(&mut alone, &[], None).is_empty(), "one row");
        let mut missing = list_table(&objects(&[
            json!({ "id": 1, "pipeline_uuid": null }),
            json!({ "id": 2, "pipeline_uuid": null }),
        ]));
        assert!(shared_values(&mut missing, &[], None).is_empty());
    }

    #[test]
    fn only_a_record_the_rows_belong_to_is_said_and_never_their_own_id() {
        let mut table = list_table(&objects(&[
            json!({ "id": 7, "pipeline_run_id": 4821, "executor_type": "local", "region": "eu" }),
            json!({ "id": 7, "pipeline_run_id": 4821, "executor_type": "local", "region": "eu" }),
        ]));
        let said = shared_values(&mut table, &[], Some("id"));
        let said: Vec<String> = said.iter().map(english).collect();
        assert_eq!(said, ["Pipeline run: 4821"]);
        assert_eq!(shared_keys(&table), ["pipeline_run_id"]);
    }

    #[test]
    fn the_widest_record_is_said_first() {
        let record = json!({ "id": 9, "pipeline_schedule_id": 3, "pipeline_uuid": "etl_daily" });
        let mut table = list_table(&objects(&[record.clone(), record]));
        let said = shared_values(&mut table, &[], Some("id"));
        let said: Vec<String> = said.iter().map(english).collect();
        assert_eq!(said, ["Pipeline: etl_daily", "Pipeline schedule: 3"]);
    }

    #[test]
    fn a_value_a_filter_already_says_is_not_said_again() {
        let mut table = runs(&["etl_daily", "etl_daily"]);
        let chip = Chip {
            label: "Pipeline UUID".into(),
            value: "etl_daily".into(),
        };
        assert!(shared_values(&mut table, &[chip], None).is_empty());
        assert!(shared_keys(&table).is_empty());
    }
}
