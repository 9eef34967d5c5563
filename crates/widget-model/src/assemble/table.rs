//! The table of the records shown: their rows in the columns, built now or (a long list) on
//! demand from the list's text, and a list of runs or triggers laid out as a person scans it.

use serde_json::{Map, Value};

use super::about::About;
use super::columns::{columns, ColumnSpec};
use super::report::{count, Report};
use crate::cell::{Cell, ColumnKind, Degraded, KeyHints};
use crate::limits::{MAX_JSON_DEPTH, MAX_RECORDS};
use crate::model::Arrangement;
use crate::rank::Profile;
use crate::redact::JsonTextRedaction;
use crate::rows::{cells_of, CellSpec, RecordIds, Row, Rows, LAZY_AFTER};
use crate::table::{Column, Table};
use crate::text::{humanize_key, quoted};
use crate::words::{Msg, Text};

/// A long list's text and each record's span in it (byte ranges): its rows are read from
/// the text when drawn.
type ListText<'t> = (&'t str, Vec<(usize, usize)>);

/// The table of the `shown` records in their columns (declared, else inferred and ranked), and
/// how many sensitive values were redacted in a long list's text. A list past [`MAX_RECORDS`]
/// says how many it left out. Refused when the list's text nests deeper than [`MAX_JSON_DEPTH`].
pub(super) fn records_table(
    sc: &Map<String, Value>,
    shown: &[&Map<String, Value>],
    (lazy, total): (Option<ListText<'_>>, usize),
    arrangement: Arrangement,
    about: &About,
    report: &mut Report,
) -> Result<(Table, usize), Msg> {
    let hints = &about.hints;
    let key_hints = KeyHints {
        primary_key: hints.primary_key.clone(),
        status_key: hints.status_key.clone(),
    };
    let declared = sc.get("columns");
    let profile = Profile::of(&about.resource);
    let columns = columns(
        declared,
        shown,
        arrangement,
        (hints, &key_hints),
        profile,
        report,
    );
    if lazy.is_some() && !matches!(declared, Some(Value::Array(c)) if !c.is_empty()) {
        report.diagnostic(format!(
            "columns inferred from the first {} of {total} records",
            shown.len()
        ));
    }
    let lazy = lazy.filter(|_| arrangement == Arrangement::List);
    let (mut table, text_redaction) = table(columns, shown, lazy, report);
    if text_redaction.max_depth > MAX_JSON_DEPTH {
        return Err(Msg::TooDeep {
            limit: count(MAX_JSON_DEPTH),
        });
    }
    if arrangement == Arrangement::List && total > MAX_RECORDS {
        table.omitted_rows = total - MAX_RECORDS;
        report.visible(Msg::FirstRecords {
            shown: count(MAX_RECORDS),
            total: count(total),
        });
    }
    Ok((table, text_redaction.values))
}

/// The table of `records` in the columns of `specs`. With `lazy`, the rows are those records'
/// spans, built on demand, and `records` is a sample that decides alignment and reports degraded
/// values. Returns the table and how many sensitive values were redacted in the list's text.
fn table(
    specs: Vec<ColumnSpec>,
    records: &[&Map<String, Value>],
    lazy: Option<ListText<'_>>,
    report: &mut Report,
) -> (Table, JsonTextRedaction) {
    let cell_specs: Vec<CellSpec> = specs
        .iter()
        .map(|s| CellSpec {
            key: s.key.clone(),
            kind: s.kind,
        })
        .collect();
    let mut degraded: Vec<Degraded> = specs.iter().map(|_| Degraded::default()).collect();
    let rows: Vec<Row> = records
        .iter()
        .enumerate()
        .map(|(i, record)| Row {
            key: i.to_string(),
            cells: cells_of(record, &cell_specs, &mut degraded),
            ids: RecordIds::of(record),
        })
        .collect();
    let columns = specs
        .into_iter()
        .enumerate()
        .map(|(i, spec)| {
            if spec.declared_kind && degraded[i].count > 0 {
                report.diagnostic(format!(
                    "{} value{} of column {} did not fit its type and {} shown as is",
                    degraded[i].count,
                    if degraded[i].count == 1 { "" } else { "s" },
                    quoted(&spec.key),
                    if degraded[i].count == 1 { "is" } else { "are" }
                ));
            }
            let numeric = spec.align_right.unwrap_or_else(|| {
                spec.kind.is_numeric()
                    || (spec.kind == ColumnKind::Auto
                        && rows.iter().any(|r| !matches!(r.cells[i], Cell::Missing))
                        && rows.iter().all(|r| {
                            matches!(
                                r.cells[i],
                                Cell::Missing | Cell::Number { .. } | Cell::Duration { .. }
                            )
                        }))
            });
            Column {
                label: spec
                    .label
                    .unwrap_or_else(|| Text::Given(humanize_key(&spec.key))),
                key: spec.key,
                kind: spec.kind,
                numeric,
                secondary: spec.secondary,
                lead: false,
                relative: false,
                detail: false,
                declared: spec.declared,
                shared: false,
            }
        })
        .collect();
    let (rows, text_redaction) = match lazy {
        Some((text, mut spans)) => {
            spans.truncate(MAX_RECORDS);
            // The sample's rows are the first records' rows when the sample is those records,
            // each one (a record the sample could not read makes the list's text refused below).
            let first = if rows.len() == spans.len().min(LAZY_AFTER) {
                rows
            } else {
                Vec::new()
            };
            Rows::lazy(text, spans, cell_specs, first)
        }
        None => (Rows::built(rows), JsonTextRedaction::default()),
    };
    (
        Table {
            columns,
            rows,
            omitted_rows: 0,
        },
        text_redaction,
    )
}

/// Rows read to see whether a column holds one value in every row.
const SCAN_ROWS: usize = 200;

/// A list of runs or triggers laid out as a person scans it ([`Profile::scan`]): those columns
/// lead (never behind "more columns"), every other column goes into each row's detail. A scanned
/// key that holds one value in every row (the pipeline of "Runs of etl_daily") gives its place to
/// the records' `id`. What the producer names is never lost from view: when it names no more
/// columns than a scanned row shows ([`Profile::row_columns`]), each of them leads too; a column
/// said above the table ([`Column::shared`](crate::table::Column)) is neither. Lists with fewer
/// than two leading columns keep their columns.
pub(super) fn scan_layout(table: &mut Table, profile: Profile) {
    let position = |key: &str| table.columns.iter().position(|c| c.key == key);
    let rows = table.rows.len().min(SCAN_ROWS);
    let constant = |column: usize| {
        let mut texts = (0..rows).filter_map(|i| {
            let row = table.rows.get(i)?;
            Some(row.cells.get(column)?.plain_text())
        });
        let first = texts.next();
        rows > 1 && texts.all(|t| Some(t) == first)
    };
    let shared = |column: usize| table.columns.get(column).is_some_and(|c| c.shared);
    let mut scanned: Vec<usize> = Vec::new();
    for (at, keys) in profile.scan.iter().enumerate() {
        let key = keys
            .split('|')
            .find(|k| position(k).is_some())
            .unwrap_or(keys);
        let column = position(key);
        // What names a record says nothing when every row shares it (said above the table, or
        // the same in a long list's first rows): the first scanned key gives way to the id, a
        // later one to nothing.
        let says_nothing =
            |column: usize| shared(column) || (key.ends_with("uuid") && constant(column));
        let chosen = match column {
            Some(column) if !says_nothing(column) => Some(column),
            _ if at == 0 => position("id").filter(|&id| !shared(id)),
            _ => None,
        };
        if let Some(chosen) = chosen.filter(|c| !scanned.contains(c)) {
            scanned.push(chosen);
        }
    }
    let named: Vec<usize> = (0..table.columns.len())
        .filter(|&i| table.columns[i].declared && !shared(i))
        .collect();
    let mut lead = scanned.clone();
    if named.len() <= profile.row_columns() {
        lead.extend(named.into_iter().filter(|i| !scanned.contains(i)));
    }
    if lead.len() < 2 {
        return;
    }
    for (i, column) in table.columns.iter_mut().enumerate() {
        column.lead = lead.contains(&i);
        column.relative = scanned.contains(&i) && profile.relative;
        column.detail = !column.lead && !column.shared;
        if column.lead {
            column.secondary = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::{about_resource, list_table_out_of, objects};
    use serde_json::json;

    #[test]
    fn a_list_past_the_record_limit_says_how_many_it_left_out() {
        let (table, report) = list_table_out_of(&objects(&[json!({ "id": 1 })]), MAX_RECORDS + 5);
        assert_eq!(table.omitted_rows, 5);
        assert_eq!(
            report.notices,
            [Msg::FirstRecords {
                shown: count(MAX_RECORDS),
                total: count(MAX_RECORDS + 5)
            }]
        );
    }

    #[test]
    fn a_long_lists_text_is_redacted_and_refused_past_the_depth_limit() {
        let about = about_resource("pipeline_runs", "list");
        let sc = Map::new();
        let sample = objects(&[json!({ "id": 1, "password": "hunter2" })]);
        let shown: Vec<&Map<String, Value>> = sample.iter().collect();
        let text = r#"[{"id":1,"password":"hunter2"}]"#;
        let mut report = Report::default();
        let lazy = (Some((text, vec![(1, text.len() - 1)])), 1);
        let (table, text_redacted) =
            records_table(&sc, &shown, lazy, Arrangement::List, &about, &mut report)
                .expect("a table");
        assert!(table.rows.is_lazy());
        assert_eq!(text_redacted, 1, "the password in the list's text");
        assert!(report
            .diagnostics
            .contains(&"columns inferred from the first 1 of 1 records".to_owned()));

        let deep = format!(
            r#"[{{"id":{}1{}}}]"#,
            "[".repeat(MAX_JSON_DEPTH + 1),
            "]".repeat(MAX_JSON_DEPTH + 1)
        );
        let lazy = (Some((deep.as_str(), vec![(1, deep.len() - 1)])), 1);
        let refused = records_table(&sc, &shown, lazy, Arrangement::List, &about, &mut report);
        assert_eq!(
            refused.map(|_| ()),
            Err(Msg::TooDeep {
                limit: count(MAX_JSON_DEPTH)
            })
        );
    }

    fn scanned(file: &str) -> Vec<(String, bool, bool)> {
        let text = std::fs::read_to_string(format!(
            "{}/../../fixtures/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("fixture");
        crate::model_from_json_text(&text)
            .table
            .columns
            .iter()
            .map(|c| (c.key.clone(), c.lead, c.detail))
            .collect()
    }

    #[test]
    fn runs_and_triggers_lead_with_what_is_scanned_and_keep_the_rest_for_the_detail() {
        let leads = |file: &str| -> Vec<String> {
            scanned(file)
                .into_iter()
                .filter(|(_, lead, _)| *lead)
                .map(|(key, _, _)| key)
                .collect()
        };
        // One pipeline's runs: its id instead of the pipeline they all share.
        assert_eq!(
            leads("pipeline_runs/list-ok.json"),
            ["id", "status", "execution_date"]
        );
        assert_eq!(
            leads("block_runs/list-ok.json"),
            ["block_uuid", "status", "duration", "started_at"]
        );
        assert_eq!(
            leads("pipeline_schedules/list-ok.json"),
            ["name", "schedule_interval", "status"]
        );
        let runs = scanned("pipeline_runs/list-ok.json");
        assert!(runs
            .iter()
            .all(|(key, lead, detail)| lead != detail || key.is_empty()));
        assert!(runs
            .iter()
            .any(|(key, _, detail)| key == "completed_at" && *detail));
        // Other lists keep their columns.
        assert!(scanned("pipelines/list-ok.json")
            .iter()
            .all(|(_, lead, detail)| !lead && !detail));
    }

    /// The model of a runs list over `pipelines` (one run each), with `columns` declared and
    /// `hints`.
    fn runs_list(pipelines: &[&str], columns: Value, hints: Value) -> crate::WidgetModel {
        let records: Vec<Value> = pipelines
            .iter()
            .enumerate()
            .map(|(i, pipeline)| {
                json!({
                    "id": 4821 - i, "pipeline_uuid": pipeline, "status": "completed",
                    "execution_date": "2026-11-20 05:53:00", "completed_at": "2026-11-20 05:57:00",
                    "pipeline_schedule_name": "daily", "passed_sla": true,
                })
            })
            .collect();
        let result = json!({
            "structuredContent": {
                "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_runs",
                "action": "list", "state": "ok", "records": records, "columns": columns,
            },
            "_meta": { "host/widgetData": hints },
        });
        crate::model_from_json_text(&result.to_string())
    }

    /// The keys drawn as columns: neither in a row's detail, nor behind "more columns", nor said
    /// above the table.
    fn drawn(model: &crate::WidgetModel) -> Vec<&str> {
        let columns = model.table.columns.iter();
        columns
            .filter(|c| !c.detail && !c.secondary && !c.shared)
            .map(|c| c.key.as_str())
            .collect()
    }

    #[test]
    fn a_declared_column_is_never_lost_from_view() {
        let declared = json!(["id", "pipeline_uuid", "status", "execution_date"]);
        let one_pipeline = ["etl_daily", "etl_daily", "etl_daily"];
        // The pipeline every run shares is said above the table; the rest are its columns.
        let model = runs_list(&one_pipeline, declared.clone(), json!({}));
        assert_eq!(drawn(&model), ["id", "status", "execution_date"]);
        let said: Vec<String> = model
            .header
            .shared
            .iter()
            .map(crate::words::english)
            .collect();
        assert_eq!(said, ["Pipeline: etl_daily"]);
        assert!(model.table.columns.iter().all(|c| !c.detail));
        // A declared pipeline that varies stays a column, and so does the id.
        let model = runs_list(&["etl_daily", "customer_360"], declared, json!({}));
        assert_eq!(
            drawn(&model),
            ["id", "pipeline_uuid", "status", "execution_date"]
        );
        assert!(model.header.shared.is_empty());
        // Inferred columns: what `columnOrder` names is drawn, the rest goes into the detail.
        let order = json!({ "columnOrder": ["pipeline_schedule_name", "status"] });
        let model = runs_list(&one_pipeline, Value::Null, order);
        let shown = drawn(&model);
        assert!(shown.contains(&"pipeline_schedule_name"), "{shown:?}");
        assert!(!shown.contains(&"passed_sla"), "{shown:?}");
        let said: Vec<String> = model
            .header
            .shared
            .iter()
            .map(crate::words::english)
            .collect();
        assert_eq!(said, ["Pipeline: etl_daily"], "declared or not");
        // A producer that names more columns than a scanned row shows has the rest in the detail.
        let many = json!([
            "pipeline_uuid",
            "status",
            "execution_date",
            "completed_at",
            "pipeline_schedule_name",
            "passed_sla",
            "id"
        ]);
        let model = runs_list(&["etl_daily", "customer_360"], many, json!({}));
        assert_eq!(drawn(&model), ["pipeline_uuid", "status", "execution_date"]);
    }
}
