//! What the assembler's unit tests share: records from JSON, what a result is about, a list's
//! table.

use serde_json::{json, Map, Value};

use super::about::{about, About};
use super::report::Report;
use super::table::records_table;
use crate::model::Arrangement;
use crate::table::Table;

pub(super) fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("an object")
}

pub(super) fn objects(values: &[Value]) -> Vec<Map<String, Value>> {
    values.iter().cloned().map(object).collect()
}

pub(super) fn about_resource(resource: &str, action: &str) -> About {
    let sc = object(json!({ "resource": resource, "action": action }));
    about(&sc, None, &mut Report::default(), &mut Vec::new())
}

/// A list's table of `records`, its columns inferred.
pub(super) fn list_table(records: &[Map<String, Value>]) -> Table {
    list_table_out_of(records, records.len()).0
}

/// A list's table of `records`, shown out of `total` received, and what the assembler reported.
pub(super) fn list_table_out_of(records: &[Map<String, Value>], total: usize) -> (Table, Report) {
    let shown: Vec<&Map<String, Value>> = records.iter().collect();
    let about = about_resource("pipeline_runs", "list");
    let sc = Map::new();
    let mut report = Report::default();
    let (table, _) = records_table(
        &sc,
        &shown,
        (None, total),
        Arrangement::List,
        &about,
        &mut report,
    )
    .expect("a table");
    (table, report)
}
