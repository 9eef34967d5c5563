//! The table of the records shown: their rows in the columns, built now or (a long list) on
//! demand from the kept text, and a list of runs or triggers laid out as a person scans it.

use serde_json::{Map, Value};

use super::about::About;
use super::columns::{columns, ColumnSpec};
use super::report::{count, Report};
use crate::cell::{Cell, ColumnKind, Degraded, KeyHints};
use crate::limits::{MAX_JSON_DEPTH, MAX_RECORDS};
use crate::model::Arrangement;
use crate::rank::Profile;
use crate::redact::Blanked;
use crate::rows::{cells_of, CellSpec, RecordIds, Row, Rows, LAZY_AFTER};
use crate::table::{Column, Table};
use crate::text::{humanize_key, quoted};
use crate::words::{Msg, Text};

/// A long list's kept text and each record's span in it (byte ranges): its rows are read from
/// the text when drawn.
type KeptText<'t> = (&'t str, Vec<(usize, usize)>);

/// The table of the `shown` records in their columns (declared, else inferred and ranked), and
/// how many sensitive values were blanked in a long list's kept text. A list past [`MAX_RECORDS`]
/// says how many it left out. Refused when the kept text nests deeper than [`MAX_JSON_DEPTH`].
pub(super) fn records_table(
    sc: &Map<String, Value>,
    shown: &[&Map<String, Value>],
    (lazy, total): (Option<KeptText<'_>>, usize),
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
    let (mut table, blanked) = table(columns, shown, lazy, report);
    if blanked.max_depth > MAX_JSON_DEPTH {
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
    Ok((table, blanked.values))
}

/// The table of `records` in the columns of `specs`. With `lazy`, the rows are those records'
/// spans, built on demand, and `records` is a sample that decides alignment and reports degraded
/// values. Returns the table and how many sensitive values were blanked in the kept text.
fn table(
    specs: Vec<ColumnSpec>,
    records: &[&Map<String, Value>],
    lazy: Option<KeptText<'_>>,
    report: &mut Report,
) -> (Table, Blanked) {
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
            }
        })
        .collect();
    let (rows, blanked) = match lazy {
        Some((text, mut spans)) => {
            spans.truncate(MAX_RECORDS);
            // The sample's rows are the first records' rows when the sample is those records,
            // each one (a record the sample could not read makes the kept text refused below).
            let first = if rows.len() == spans.len().min(LAZY_AFTER) {
                rows
            } else {
                Vec::new()
            };
            Rows::lazy(text, spans, cell_specs, first)
        }
        None => (Rows::built(rows), Blanked::default()),
    };
    (
        Table {
            columns,
            rows,
            omitted_rows: 0,
        },
        blanked,
    )
}

/// Rows read to see whether a column holds one value in every row.
const SCAN_ROWS: usize = 200;

/// A list of runs or triggers laid out as a person scans it ([`Profile::scan`]): those columns
/// lead (never behind "more columns"), every other column goes into each row's detail. A scanned
/// key that holds one value in every row (the pipeline of "Runs of etl_daily") gives its place to
/// the records' `id`. Lists with fewer than two of the scanned columns keep their columns.
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
    let mut lead: Vec<usize> = Vec::new();
    for (at, keys) in profile.scan.iter().enumerate() {
        let key = keys
            .split('|')
            .find(|k| position(k).is_some())
            .unwrap_or(keys);
        let column = position(key);
        // What names a record says nothing when every row shares it: the first scanned key
        // gives way to the id, a later one to nothing.
        let chosen = match column {
            Some(column) if !(key.ends_with("uuid") && constant(column)) => Some(column),
            _ if at == 0 => position("id"),
            _ => None,
        };
        if let Some(chosen) = chosen.filter(|c| !lead.contains(c)) {
            lead.push(chosen);
        }
    }
    if lead.len() < 2 {
        return;
    }
    for (i, column) in table.columns.iter_mut().enumerate() {
        column.lead = lead.contains(&i);
        column.relative = column.lead && profile.relative;
        column.detail = !column.lead;
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
    fn a_long_lists_kept_text_is_blanked_and_refused_past_the_depth_limit() {
        let about = about_resource("pipeline_runs", "list");
        let sc = Map::new();
        let sample = objects(&[json!({ "id": 1, "password": "hunter2" })]);
        let shown: Vec<&Map<String, Value>> = sample.iter().collect();
        let text = r#"[{"id":1,"password":"hunter2"}]"#;
        let mut report = Report::default();
        let lazy = (Some((text, vec![(1, text.len() - 1)])), 1);
        let (table, blanked) =
            records_table(&sc, &shown, lazy, Arrangement::List, &about, &mut report)
                .expect("a table");
        assert!(table.rows.is_lazy());
        assert_eq!(blanked, 1, "the password in the kept text");
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
}
