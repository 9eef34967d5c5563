//! Builds the view model from a redacted structuredContent and its hints. Strict where a wrong
//! guess would mislead (`kind`), lenient everywhere else: a field of the wrong type is ignored and
//! reported, a value of the wrong type degrades its cell.

use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::cell::{Cell, CellContext, ColumnKind, Degraded, Field, KeyHints};
use crate::error;
use crate::graph::{validate_graph, GraphOutcome};
use crate::hints::{parse_hints, Hints};
use crate::limits::{MAX_COLUMNS, MAX_JSON_DEPTH, MAX_NOTICES, MAX_RECORDS};
use crate::model::{Arrangement, Content, Header, NodeDetail, State, WidgetModel};
use crate::mutation::{build_mutation, MutationInput};
use crate::rank::{rank_keys, Profile, RankHints};
use crate::redact::Blanked;
use crate::rows::{cells_of, CellSpec, RecordIds, Row, Rows};
use crate::status::StatusCount;
use crate::summary::{count_statuses, parse_filters, parse_pagination, parse_summary};
use crate::table::{Column, Table};
use crate::text::{bounded_text, humanize_key, quoted, short_line, truncate_chars};
use crate::words::{GraphProblem, Msg, Noun, Text};

/// The only `kind` this renderer draws.
pub const WIDGET_KIND: &str = "svc_resource_widget";

/// The schema major version this renderer was written for.
pub const SCHEMA_MAJOR: u64 = 1;

const KNOWN_FIELDS: &[&str] = &[
    "kind",
    "schema_version",
    "resource",
    "action",
    "state",
    "records",
    "summary",
    "columns",
    "filters",
    "pagination",
    "mutation",
    "graph",
    "error",
];

/// Collects what the model reports about its input: notices for the reader, diagnostics for
/// tooling.
#[derive(Default)]
struct Report {
    notices: Vec<Msg>,
    diagnostics: Vec<String>,
}

impl Report {
    fn visible(&mut self, msg: Msg) {
        if self.notices.len() < MAX_NOTICES {
            self.notices.push(msg);
        }
    }
    fn diagnostic(&mut self, text: impl Into<String>) {
        if self.diagnostics.len() < MAX_NOTICES {
            self.diagnostics.push(text.into());
        }
    }
}

/// A count as messages carry it.
fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// The records of a result, as the assembler receives them.
pub enum RecordsIn<'t> {
    /// `records` as parsed (any JSON type; `None` when absent), already redacted.
    Values(Option<Value>),
    /// A long list kept as text: `spans` are the byte ranges in `text` of its object records
    /// (`skipped` others were not objects); `sample` holds the first ones parsed and redacted, for
    /// inferring columns.
    Lazy {
        text: &'t str,
        spans: Vec<(usize, usize)>,
        skipped: usize,
        sample: Vec<Map<String, Value>>,
    },
}

/// The model of one structuredContent `sc` (already redacted, its records given apart), with its
/// `host/widgetData` hints. Each decision is a function of its own below: what the result is
/// about, whether it is one record or a list, its table, its graph, its timeline, its state.
pub fn assemble_records(
    sc: Map<String, Value>,
    records_in: RecordsIn<'_>,
    graph: Option<&serde_json::value::RawValue>,
    hints: Option<Value>,
    redacted: usize,
) -> WidgetModel {
    if let Err(msg) = check_kind(sc.get("kind")) {
        return WidgetModel::error(msg);
    }
    let mut report = Report::default();
    let mut problems = Vec::new();
    let about = about(&sc, hints.as_ref(), &mut report, &mut problems);
    let Received {
        sample,
        lazy,
        total,
    } = received_records(records_in, &mut report);
    let records: Vec<&Map<String, Value>> = sample.iter().collect();
    let (mutation_obj, mutation_record) = mutation_object(sc.get("mutation"), &mut report);
    let detail_record = detail_record(mutation_record, &records, total, &about.action);
    let mut change_notices = Vec::new();
    let mutation = build_mutation(
        &MutationInput {
            mutation: mutation_obj,
            action: &about.action,
            resource: &about.resource,
            record: detail_record.or_else(|| records.first().copied()),
        },
        &mut change_notices,
    );
    for notice in change_notices {
        report.visible(notice);
    }
    let arrangement = match detail_record {
        Some(_) => Arrangement::Detail,
        None => Arrangement::List,
    };
    let shown = shown_records(arrangement, mutation_record, &records);
    let built = records_table(&sc, &shown, (lazy, total), arrangement, &about, &mut report);
    let (mut table, blanked) = match built {
        Ok(built) => built,
        Err(msg) => return WidgetModel::error(msg),
    };
    if arrangement == Arrangement::List {
        scan_layout(&mut table, Profile::of(&about.resource));
    }
    let summary = parse_summary(sc.get("summary"), &mut problems);
    let filters = parse_filters(sc.get("filters"), &mut problems);
    let pagination = (arrangement == Arrangement::List)
        .then(|| parse_pagination(sc.get("pagination"), table.rows.len(), &mut problems))
        .flatten();
    let header = header(&table, arrangement, detail_record, &about, summary);
    let (graph, graph_redacted) = result_graph(graph, arrangement, &about);
    let node_details = node_details(&graph, &records);
    let redacted = redacted + blanked + graph_redacted;
    report_problems(problems, redacted, &mut report);
    let (state, error) = state(&sc, &table, mutation.as_ref(), &header.message, &mut report);
    let About {
        resource,
        action,
        noun,
        hints,
    } = about;
    let mut timeline = timeline(arrangement, detail_record, &resource, &records);
    // A summary value is shown once: the header's counts by status say what the legend would.
    if let Some(timeline) = timeline.as_mut().filter(|_| !header.counts.is_empty()) {
        timeline.legend.clear();
    }
    WidgetModel {
        content: content(&resource, &action, &records),
        timeline,
        state,
        arrangement,
        header,
        table,
        filters,
        pagination,
        mutation,
        graph,
        node_details,
        error,
        empty_message: hints
            .empty_message
            .map_or(Text::Own(Msg::EmptyList(noun)), Text::Given),
        density: hints.density,
        time_zone: hints.time_zone,
        notices: report.notices,
        diagnostics: report.diagnostics,
        redacted,
        resource,
        action,
    }
}

/// Whether this renderer draws the result: its `kind` must be [`WIDGET_KIND`].
fn check_kind(kind: Option<&Value>) -> Result<(), Msg> {
    match kind {
        Some(Value::String(k)) if k == WIDGET_KIND => Ok(()),
        Some(Value::String(k)) => Err(Msg::OtherKind {
            kind: short_line(k),
        }),
        _ => Err(Msg::NoKind),
    }
}

/// What a result is about: its resource and action, in whose words it is told, and its hints.
struct About {
    resource: String,
    action: String,
    noun: Noun,
    hints: Hints,
}

/// Reads what `sc` is about, reporting a schema version this widget does not know and fields it
/// ignores.
fn about(
    sc: &Map<String, Value>,
    hints: Option<&Value>,
    report: &mut Report,
    problems: &mut Vec<String>,
) -> About {
    check_schema_version(sc.get("schema_version"), report);
    let unknown = sc.keys().filter(|k| !KNOWN_FIELDS.contains(&k.as_str()));
    for key in unknown.take(5) {
        report.diagnostic(format!("unknown field {} ignored", quoted(key)));
    }
    let hints = parse_hints(hints, problems);
    let resource = short_string(sc.get("resource"), "resource", report);
    let action = short_string(sc.get("action"), "action", report);
    About {
        noun: Noun::of(&resource),
        resource,
        action,
        hints,
    }
}

/// The records as received: those parsed (all of them, or a long list's first ones), the long
/// list's spans when it was kept as text, and how many records there are in all.
struct Received<'t> {
    sample: Vec<Map<String, Value>>,
    lazy: Option<(&'t str, Vec<(usize, usize)>)>,
    total: usize,
}

fn received_records<'t>(records_in: RecordsIn<'t>, report: &mut Report) -> Received<'t> {
    match records_in {
        RecordsIn::Values(value) => {
            let sample = records(value, report);
            Received {
                total: sample.len(),
                sample,
                lazy: None,
            }
        }
        RecordsIn::Lazy {
            text,
            spans,
            skipped,
            sample,
        } => {
            report_skipped(skipped, report);
            Received {
                total: spans.len(),
                sample,
                lazy: Some((text, spans)),
            }
        }
    }
}

/// `mutation` when it is an object, and its `record` when that is one; another type is reported
/// and ignored.
fn mutation_object<'v>(
    value: Option<&'v Value>,
    report: &mut Report,
) -> (
    Option<&'v Map<String, Value>>,
    Option<&'v Map<String, Value>>,
) {
    let mutation = match value {
        Some(Value::Object(m)) => Some(m),
        None | Some(Value::Null) => None,
        Some(_) => {
            report.diagnostic("mutation is not an object; ignored");
            None
        }
    };
    let record = mutation
        .and_then(|m| m.get("record"))
        .and_then(Value::as_object);
    (mutation, record)
}

/// The record a result is the detail of, which makes it a detail view: the mutation's record, or
/// the only record of any action but `list`. `None` for a list.
fn detail_record<'r>(
    mutation_record: Option<&'r Map<String, Value>>,
    records: &[&'r Map<String, Value>],
    total: usize,
    action: &str,
) -> Option<&'r Map<String, Value>> {
    mutation_record.or_else(|| {
        (total == 1 && action != "list")
            .then(|| records.first().copied())
            .flatten()
    })
}

/// The records the table shows: the mutation's record in a detail view of one, else the records
/// up to [`MAX_RECORDS`].
fn shown_records<'r>(
    arrangement: Arrangement,
    mutation_record: Option<&'r Map<String, Value>>,
    records: &[&'r Map<String, Value>],
) -> Vec<&'r Map<String, Value>> {
    match (arrangement, mutation_record) {
        (Arrangement::Detail, Some(record)) => vec![record],
        _ => records.iter().take(MAX_RECORDS).copied().collect(),
    }
}

/// The table of the `shown` records in their columns (declared, else inferred and ranked), and
/// how many sensitive values were blanked in a long list's kept text. A list past [`MAX_RECORDS`]
/// says how many it left out. Refused when the kept text nests deeper than [`MAX_JSON_DEPTH`].
fn records_table(
    sc: &Map<String, Value>,
    shown: &[&Map<String, Value>],
    (lazy, total): (Option<(&str, Vec<(usize, usize)>)>, usize),
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

/// The result's graph, checked ([`validate_graph`]), and how many values were redacted in it. A
/// pipeline's detail is where a graph belongs: when it has none, the reason says so.
fn result_graph(
    graph: Option<&serde_json::value::RawValue>,
    arrangement: Arrangement,
    about: &About,
) -> (GraphOutcome, usize) {
    let (graph, redacted) = validate_graph(graph, about.hints.graph_node_limit());
    let expected = arrangement == Arrangement::Detail
        && about.action == "get"
        && matches!(about.resource.as_str(), "pipeline" | "pipelines");
    if graph == GraphOutcome::Absent && expected {
        return (GraphOutcome::Fallback(GraphProblem::Missing), redacted);
    }
    (graph, redacted)
}

/// Reports the hints' and summary's `problems`, and how many values were redacted.
fn report_problems(problems: Vec<String>, redacted: usize, report: &mut Report) {
    for p in problems {
        report.diagnostic(p);
    }
    if redacted > 0 {
        report.diagnostic(format!(
            "{redacted} sensitive value{} redacted",
            if redacted == 1 { "" } else { "s" }
        ));
    }
}

/// A run's blocks in time: a run's detail with its block runs, or a list of block runs.
fn timeline(
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    resource: &str,
    records: &[&Map<String, Value>],
) -> Option<crate::timeline::Timeline> {
    match arrangement {
        Arrangement::Detail => detail_record.and_then(crate::timeline::timeline),
        Arrangement::List if matches!(resource, "block_runs" | "block_run") => {
            crate::timeline::block_runs_timeline(records.iter().copied())
        }
        Arrangement::List => None,
    }
}

/// Whether the records are block outputs or log files, which have views of their own.
fn content(resource: &str, action: &str, records: &[&Map<String, Value>]) -> Content {
    let about_outputs = matches!(resource, "block_outputs" | "block_output");
    // Blocks have a `name` and a `content` too: only a result about logs is read as log files.
    let about_logs = action == "logs" || resource.ends_with("logs") || resource.ends_with("log");
    if about_outputs && crate::outputs::are_outputs(records) {
        Content::Outputs(crate::outputs::outputs(records))
    } else if about_logs && crate::logs::are_log_files(records) {
        Content::Logs(crate::logs::log_files(records))
    } else {
        Content::Records
    }
}

fn check_schema_version(value: Option<&Value>, report: &mut Report) {
    let major = match value {
        None | Some(Value::Null) => {
            report.diagnostic("no schema_version; read as version 1");
            return;
        }
        Some(Value::Number(n)) => n
            .as_f64()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .map(|v| v.trunc() as u64),
        Some(Value::String(s)) => {
            let s = s.trim().trim_start_matches(['v', 'V']);
            s.split('.').next().and_then(|m| m.parse::<u64>().ok())
        }
        Some(_) => None,
    };
    match major {
        Some(SCHEMA_MAJOR) => {}
        Some(m) if m > SCHEMA_MAJOR => report.visible(Msg::NewerSchema {
            version: m,
            known: SCHEMA_MAJOR,
        }),
        _ => report
            .diagnostic("schema_version is not a version this widget knows; read as version 1"),
    }
}

fn short_string(value: Option<&Value>, field: &str, report: &mut Report) -> String {
    match value {
        Some(Value::String(s)) => truncate_chars(s.trim(), 64),
        None | Some(Value::Null) => String::new(),
        Some(_) => {
            report.diagnostic(format!("{field} is not a string; ignored"));
            String::new()
        }
    }
}

fn records(value: Option<Value>, report: &mut Report) -> Vec<Map<String, Value>> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let count = items.len();
            let records: Vec<_> = items
                .into_iter()
                .filter_map(|item| match item {
                    Value::Object(map) => Some(map),
                    _ => None,
                })
                .collect();
            report_skipped(count - records.len(), report);
            records
        }
        Some(Value::Object(one)) => {
            report.diagnostic("records is a single object; read as a list of one");
            vec![one]
        }
        Some(_) => {
            report.visible(Msg::RecordsNotAList);
            Vec::new()
        }
    }
}

fn report_skipped(skipped: usize, report: &mut Report) {
    if skipped > 0 {
        report.visible(Msg::RecordsNotObjects {
            count: count(skipped),
        });
    }
}

/// A column as declared or inferred, before its values are seen.
struct ColumnSpec {
    key: String,
    label: Option<Text>,
    kind: ColumnKind,
    declared_kind: bool,
    align_right: Option<bool>,
    /// Ranked last as empty or constant: shown behind "N more columns".
    secondary: bool,
}

fn columns(
    declared: Option<&Value>,
    records: &[&Map<String, Value>],
    arrangement: Arrangement,
    (hints, key_hints): (&Hints, &KeyHints),
    profile: Profile,
    report: &mut Report,
) -> Vec<ColumnSpec> {
    let mut specs = match (arrangement, declared) {
        (Arrangement::List, Some(Value::Array(items))) if !items.is_empty() => {
            declared_columns(items, key_hints, report)
        }
        (Arrangement::List, Some(Value::Array(_)) | None | Some(Value::Null))
        | (Arrangement::Detail, _) => Vec::new(),
        (Arrangement::List, Some(_)) => {
            report.diagnostic("columns is not a list; columns inferred from the records");
            Vec::new()
        }
    };
    if specs.is_empty() {
        specs = inferred_columns(records, (hints, key_hints), arrangement, profile, report);
    }
    specs.retain(|c| !hints.hidden_columns.contains(&c.key));
    if !hints.column_order.is_empty() {
        let position = |key: &str| hints.column_order.iter().position(|k| k == key);
        for spec in specs.iter_mut().filter(|s| position(&s.key).is_some()) {
            // The producer asked for it by name: never behind "more columns".
            spec.secondary = false;
        }
        widget_sort::sort_by_key(&mut specs, |c| position(&c.key).unwrap_or(usize::MAX));
        // stable: unlisted columns keep their rank
    }
    specs
}

fn declared_columns(items: &[Value], key_hints: &KeyHints, report: &mut Report) -> Vec<ColumnSpec> {
    let mut seen = HashSet::new();
    let mut specs = Vec::new();
    for item in items.iter().take(MAX_COLUMNS) {
        let spec = match item {
            Value::String(key) => Some(ColumnSpec {
                kind: ColumnKind::infer(key, key_hints),
                key: key.clone(),
                label: None,
                declared_kind: false,
                align_right: None,
                secondary: false,
            }),
            Value::Object(obj) => obj.get("key").and_then(Value::as_str).map(|key| {
                let declared = obj.get("type").and_then(Value::as_str);
                let kind = declared.and_then(|t| ColumnKind::from_declared(t, key));
                if let (Some(t), None) = (declared, kind) {
                    report.diagnostic(format!(
                        "column type {} is unknown; inferred instead",
                        quoted(t)
                    ));
                }
                ColumnSpec {
                    key: key.to_owned(),
                    label: obj
                        .get("label")
                        .and_then(Value::as_str)
                        .map(|l| Text::Given(truncate_chars(&bounded_text(l), 80))),
                    declared_kind: kind.is_some(),
                    kind: kind.unwrap_or_else(|| ColumnKind::infer(key, key_hints)),
                    align_right: match obj.get("align").and_then(Value::as_str) {
                        Some("right" | "end") => Some(true),
                        Some("left" | "start") => Some(false),
                        _ => None,
                    },
                    secondary: false,
                }
            }),
            _ => None,
        };
        match spec {
            Some(spec) if seen.insert(spec.key.clone()) => specs.push(spec),
            Some(spec) => {
                report.diagnostic(format!("column {} is declared twice", quoted(&spec.key)))
            }
            None => report.diagnostic("a column has no key; ignored"),
        }
    }
    if items.len() > MAX_COLUMNS {
        report.visible(Msg::ColumnsShown {
            shown: count(MAX_COLUMNS),
            total: count(items.len()),
        });
    }
    specs
}

/// Columns from the records' keys, ranked ([`crate::rank`]) since the producer gave none.
fn inferred_columns(
    records: &[&Map<String, Value>],
    (hints, key_hints): (&Hints, &KeyHints),
    arrangement: Arrangement,
    profile: Profile,
    report: &mut Report,
) -> Vec<ColumnSpec> {
    let limit = match arrangement {
        Arrangement::List => MAX_COLUMNS,
        Arrangement::Detail => MAX_COLUMNS * 4,
    };
    // Every key is ranked (up to a bound), so the columns cut are the least telling ones.
    let mut seen: HashSet<&str> = HashSet::new();
    let mut keys: Vec<&str> = Vec::new();
    for record in records {
        for key in record.keys() {
            if keys.len() < limit * 16 && seen.insert(key) {
                keys.push(key);
            }
        }
    }
    let rank_hints = RankHints {
        title_key: hints.title_key.as_deref(),
        primary_key: hints.primary_key.as_deref(),
        status_key: hints.status_key.as_deref(),
    };
    let ranked = rank_keys(
        &keys,
        records,
        rank_hints,
        profile,
        arrangement == Arrangement::Detail,
    );
    if ranked.len() > limit {
        report.visible(Msg::FieldsNotColumns {
            count: count(ranked.len() - limit),
        });
    }
    let mut specs: Vec<ColumnSpec> = ranked
        .into_iter()
        .take(limit)
        .map(|(key, secondary)| ColumnSpec {
            key: key.to_owned(),
            label: None,
            kind: ColumnKind::infer(key, key_hints),
            declared_kind: false,
            align_right: None,
            secondary,
        })
        .collect();
    if arrangement == Arrangement::List {
        for derived in derived_columns(records) {
            // Secondary columns come last: a place among the shown ones is the same in both.
            let keys: Vec<&str> = specs
                .iter()
                .filter(|s| !s.secondary)
                .map(|s| s.key.as_str())
                .collect();
            let after_status = || {
                specs
                    .iter()
                    .rposition(|s| {
                        matches!(s.kind, ColumnKind::Status | ColumnKind::Progress)
                            || s.key == "duration"
                    })
                    .map_or(0, |i| i + 1)
            };
            let at = profile
                .place_of(&derived.key, &keys)
                .unwrap_or_else(after_status);
            specs.insert(at.min(specs.len()), derived);
        }
    }
    specs
}

/// The columns the widget adds to runs, when their records allow: a progress column ("38/40
/// blocks") from the block counts, and a duration from `started_at` to `completed_at` (what a
/// person wants of each run and block run) when the records carry none of their own.
fn derived_columns(records: &[&Map<String, Value>]) -> Vec<ColumnSpec> {
    let mut derived = Vec::new();
    let counts_blocks = |r: &&Map<String, Value>| {
        r.contains_key("block_runs_count") && r.contains_key("completed_block_runs_count")
    };
    if records.iter().any(counts_blocks) {
        derived.push(ColumnSpec {
            key: "progress".to_owned(),
            label: Some(Text::Own(Msg::ProgressColumn)),
            kind: ColumnKind::Progress,
            declared_kind: true,
            align_right: Some(false),
            secondary: false,
        });
    }
    let timed =
        |r: &&Map<String, Value>| r.contains_key("started_at") && r.contains_key("completed_at");
    if records.iter().any(timed) && !records.iter().any(|r| r.contains_key("duration")) {
        derived.push(ColumnSpec {
            key: "duration".to_owned(),
            label: Some(Text::Own(Msg::DurationColumn)),
            kind: ColumnKind::Elapsed,
            declared_kind: true,
            align_right: Some(true),
            secondary: false,
        });
    }
    derived
}

/// The table of `records` in the columns of `specs`. With `lazy`, the rows are those records'
/// spans, built on demand, and `records` is a sample that decides alignment and reports degraded
/// values. Returns the table and how many sensitive values were blanked in the kept text.
fn table(
    specs: Vec<ColumnSpec>,
    records: &[&Map<String, Value>],
    lazy: Option<(&str, Vec<(usize, usize)>)>,
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
            Rows::lazy(text, spans, cell_specs)
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
fn scan_layout(table: &mut Table, profile: Profile) {
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

/// The header over the result: its title, subtitle, the summary's message, counts by status and
/// the total.
fn header(
    table: &Table,
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    about: &About,
    summary: crate::summary::Summary,
) -> Header {
    let (hints, noun) = (&about.hints, &about.noun);
    let given = hints.title.clone().or(summary.title);
    let title = title(given, arrangement, detail_record, hints, noun);
    let given = hints.subtitle.clone().or(summary.subtitle);
    let subtitle = subtitle(given, arrangement, &title, noun);
    Header {
        counts: status_counts(summary.counts, table, arrangement),
        total: total(summary.total, table, arrangement),
        title,
        subtitle,
        message: summary.message,
    }
}

/// The title: the one given (by the hints, else the summary); for a detail, the record's own
/// name; else the resource's name in our words ("Pipeline runs").
fn title(
    given: Option<String>,
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    hints: &Hints,
    noun: &Noun,
) -> Text {
    given
        .map(Text::Given)
        .or_else(|| detail_record.and_then(|record| record_title(record, hints, noun)))
        .unwrap_or_else(|| {
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: arrangement == Arrangement::List,
            })
        })
}

/// A record's name for its title: the hinted title key's value, else its `name`, `uuid` or `id`
/// (a number as "Pipeline 7"); never a sensitive key's value.
fn record_title(record: &Map<String, Value>, hints: &Hints, noun: &Noun) -> Option<Text> {
    let keys = hints
        .title_key
        .iter()
        .map(String::as_str)
        .chain(["name", "uuid", "id"]);
    keys.filter_map(|k| match record.get(k)? {
        Value::String(s) if !s.trim().is_empty() && !crate::redact::is_sensitive_key(k) => {
            Some(Text::Given(truncate_chars(&bounded_text(s), 200)))
        }
        Value::Number(n) => Some(Text::Given(format!("{} {n}", singular(noun)))),
        _ => None,
    })
    .next()
}

/// The resource's name for one record, in English ("Pipeline run").
fn singular(noun: &Noun) -> String {
    crate::words::english(&Msg::Title {
        noun: noun.clone(),
        plural: false,
    })
}

/// The subtitle: the one given; for a detail whose title does not already say what kind of
/// record it is, that kind ("Pipeline run").
fn subtitle(
    given: Option<String>,
    arrangement: Arrangement,
    title: &Text,
    noun: &Noun,
) -> Option<Text> {
    let names_the_kind = match title {
        Text::Own(_) => true,
        Text::Given(t) => t.to_lowercase().starts_with(&singular(noun).to_lowercase()),
    };
    given.map(Text::Given).or_else(|| {
        (arrangement == Arrangement::Detail && !names_the_kind).then(|| {
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: false,
            })
        })
    })
}

/// Counts by status: the summary's, else a list's own statuses counted, when its rows are built
/// (a long list's are built only when drawn, so it shows none rather than walk every record).
fn status_counts(
    summarised: Vec<StatusCount>,
    table: &Table,
    arrangement: Arrangement,
) -> Vec<StatusCount> {
    if !summarised.is_empty() {
        return summarised;
    }
    if arrangement != Arrangement::List || table.rows.is_lazy() {
        return Vec::new();
    }
    let status_column = table
        .columns
        .iter()
        .position(|c| c.kind == ColumnKind::Status);
    status_column.map_or_else(Vec::new, |i| {
        count_statuses(table.rows.iter().filter_map(|r| match &r.cells[i] {
            Cell::Status(s) => Some(s),
            _ => None,
        }))
    })
}

/// A list's total: "134 in all" when the summary says so, else the number of rows; none for a
/// detail.
fn total(summarised: Option<u64>, table: &Table, arrangement: Arrangement) -> Option<Msg> {
    match (arrangement, summarised) {
        (Arrangement::List, Some(total)) => Some(Msg::InAll { total }),
        (Arrangement::List, None) => Some(Msg::RecordCount {
            count: count(table.rows.len()),
        }),
        (Arrangement::Detail, _) => None,
    }
}

fn state(
    sc: &Map<String, Value>,
    table: &Table,
    mutation: Option<&crate::model::Mutation>,
    summary_message: &Option<String>,
    report: &mut Report,
) -> (State, Option<crate::model::ErrorInfo>) {
    let has_content = !table.rows.is_empty() || mutation.is_some();
    let declared = sc.get("state").and_then(Value::as_str).unwrap_or("ok");
    match declared {
        "loading" => (State::Loading, None),
        "error" => {
            let info = sc
                .get("error")
                .and_then(|e| {
                    let envelope = serde_json::json!({ "status": "error", "error": e });
                    error::from_envelope(&envelope)
                })
                .unwrap_or_else(|| error::info(None, summary_message.clone()));
            (State::Error, Some(info))
        }
        "empty" if has_content => {
            report.diagnostic("state is empty but records are present; the records are shown");
            (State::Ok, None)
        }
        "empty" => (State::Empty, None),
        "ok" if has_content => (State::Ok, None),
        "ok" => (State::Empty, None),
        other if has_content => {
            report.diagnostic(format!("state {} is unknown; read as ok", quoted(other)));
            (State::Ok, None)
        }
        other => (
            State::Error,
            Some(crate::model::ErrorInfo {
                code: None,
                message: Text::Own(Msg::UnknownState {
                    state: short_line(other),
                }),
                remedy: None,
                detail: None,
            }),
        ),
    }
}

/// For each node of a drawable graph, the record of its block when the result carries it: a
/// record (or an item of a record's `blocks`) whose `uuid` or `id` is the node's id.
fn node_details(graph: &GraphOutcome, records: &[&Map<String, Value>]) -> Vec<NodeDetail> {
    let GraphOutcome::Drawable(graph) = graph else {
        return Vec::new();
    };
    let node_ids = graph.nodes.iter().map(|n| n.id.as_str());
    let mut by_id: std::collections::HashMap<&str, &Map<String, Value>> =
        std::collections::HashMap::new();
    let nested = records
        .iter()
        .filter_map(|r| r.get("blocks")?.as_array())
        .flatten()
        .filter_map(Value::as_object);
    for candidate in records.iter().copied().chain(nested) {
        for key in ["uuid", "id"] {
            if let Some(id) = candidate.get(key).and_then(Value::as_str) {
                by_id.entry(id).or_insert(candidate);
            }
        }
    }
    node_ids
        .filter_map(|id| {
            let record = by_id.get(id)?;
            let ctx = CellContext {
                language: record.get("language").and_then(Value::as_str),
            };
            let fields = record
                .iter()
                .map(|(key, value)| {
                    let kind = ColumnKind::infer(key, &KeyHints::default());
                    Field {
                        key: key.clone(),
                        label: humanize_key(key),
                        cell: Cell::from_value(key, value, kind, &ctx, &mut Degraded::default()),
                    }
                })
                .collect();
            Some(NodeDetail {
                node_id: id.to_owned(),
                fields,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::Status;
    use serde_json::json;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().expect("an object")
    }

    fn objects(values: &[Value]) -> Vec<Map<String, Value>> {
        values.iter().cloned().map(object).collect()
    }

    fn about_resource(resource: &str, action: &str) -> About {
        let sc = object(json!({ "resource": resource, "action": action }));
        about(&sc, None, &mut Report::default(), &mut Vec::new())
    }

    /// A list's table of `records`, its columns inferred.
    fn list_table(records: &[Map<String, Value>]) -> Table {
        let shown: Vec<&Map<String, Value>> = records.iter().collect();
        let about = about_resource("pipeline_runs", "list");
        let sc = Map::new();
        let received = (None, records.len());
        let mut report = Report::default();
        records_table(
            &sc,
            &shown,
            received,
            Arrangement::List,
            &about,
            &mut report,
        )
        .expect("a table")
        .0
    }

    #[test]
    fn only_the_widgets_kind_is_drawn() {
        assert_eq!(check_kind(Some(&json!(WIDGET_KIND))), Ok(()));
        assert_eq!(
            check_kind(Some(&json!("other_widget"))),
            Err(Msg::OtherKind {
                kind: "other_widget".into()
            })
        );
        assert_eq!(check_kind(None), Err(Msg::NoKind));
        assert_eq!(check_kind(Some(&json!(7))), Err(Msg::NoKind));
    }

    #[test]
    fn what_a_result_is_about_reports_what_it_ignores() {
        let mut fields =
            json!({ "kind": WIDGET_KIND, "schema_version": 1, "resource": 7, "action": " get " });
        for i in 0..7 {
            fields[format!("extra_{i}")] = json!(i);
        }
        let mut report = Report::default();
        let about = about(&object(fields), None, &mut report, &mut Vec::new());
        assert_eq!(
            (about.resource.as_str(), about.action.as_str()),
            ("", "get")
        );
        let unknown = report
            .diagnostics
            .iter()
            .filter(|d| d.starts_with("unknown field"));
        assert_eq!(unknown.count(), 5, "at most five named");
        assert!(report
            .diagnostics
            .contains(&"resource is not a string; ignored".to_owned()));
    }

    #[test]
    fn records_received_count_what_they_hold_and_report_what_is_not_a_record() {
        let mut report = Report::default();
        let values = RecordsIn::Values(Some(json!([{ "id": 1 }, 2, { "id": 3 }])));
        let received = received_records(values, &mut report);
        assert_eq!((received.sample.len(), received.total), (2, 2));
        assert!(received.lazy.is_none());
        assert_eq!(report.notices, [Msg::RecordsNotObjects { count: 1 }]);

        let mut report = Report::default();
        let text = r#"[{"id":1},{"id":2},{"id":3}]"#;
        let lazy = RecordsIn::Lazy {
            text,
            spans: vec![(1, 9), (10, 18), (19, 27)],
            skipped: 0,
            sample: objects(&[json!({ "id": 1 })]),
        };
        let received = received_records(lazy, &mut report);
        assert_eq!((received.sample.len(), received.total), (1, 3));
        assert!(report.notices.is_empty());
    }

    #[test]
    fn a_mutation_must_be_an_object_and_its_record_one_too() {
        let mut report = Report::default();
        let value = json!({ "operation": "update", "record": { "id": 1 } });
        let (mutation, record) = mutation_object(Some(&value), &mut report);
        assert!(mutation.is_some());
        assert_eq!(record.and_then(|r| r.get("id")), Some(&json!(1)));
        let updated = json!("updated");
        let (mutation, record) = mutation_object(Some(&updated), &mut report);
        assert!(mutation.is_none() && record.is_none());
        assert_eq!(report.diagnostics, ["mutation is not an object; ignored"]);
    }

    #[test]
    fn one_record_of_any_action_but_list_is_a_detail_and_a_mutations_record_always_is() {
        let owned = objects(&[json!({ "id": 1 }), json!({ "id": 2 })]);
        let one = [&owned[0]];
        let two = [&owned[0], &owned[1]];
        let changed = object(json!({ "id": 9 }));
        assert_eq!(detail_record(None, &one, 1, "get"), Some(&owned[0]));
        assert_eq!(detail_record(None, &one, 1, "list"), None);
        assert_eq!(detail_record(None, &two, 2, "get"), None);
        assert_eq!(
            detail_record(None, &one, 2, "get"),
            None,
            "a long list's sample"
        );
        assert_eq!(
            detail_record(Some(&changed), &two, 2, "list"),
            Some(&changed)
        );
        assert_eq!(
            shown_records(Arrangement::Detail, Some(&changed), &two),
            [&changed]
        );
        assert_eq!(shown_records(Arrangement::List, None, &two), two);
    }

    #[test]
    fn a_list_past_the_record_limit_says_how_many_it_left_out() {
        let owned = objects(&[json!({ "id": 1 })]);
        let shown: Vec<&Map<String, Value>> = owned.iter().collect();
        let about = about_resource("pipeline_runs", "list");
        let mut report = Report::default();
        let received = (None, MAX_RECORDS + 5);
        let sc = Map::new();
        let (table, _) = records_table(
            &sc,
            &shown,
            received,
            Arrangement::List,
            &about,
            &mut report,
        )
        .expect("a table");
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

    #[test]
    fn a_pipelines_detail_without_a_graph_says_so_and_a_list_does_not() {
        let (graph, _) = result_graph(
            None,
            Arrangement::Detail,
            &about_resource("pipelines", "get"),
        );
        assert_eq!(graph, GraphOutcome::Fallback(GraphProblem::Missing));
        let (graph, _) = result_graph(
            None,
            Arrangement::List,
            &about_resource("pipelines", "list"),
        );
        assert_eq!(graph, GraphOutcome::Absent);
        let (graph, _) = result_graph(None, Arrangement::Detail, &about_resource("blocks", "get"));
        assert_eq!(graph, GraphOutcome::Absent);
    }

    #[test]
    fn problems_and_redactions_are_reported_once_each() {
        let mut report = Report::default();
        report_problems(vec!["hint x ignored".into()], 1, &mut report);
        report_problems(Vec::new(), 2, &mut report);
        report_problems(Vec::new(), 0, &mut report);
        assert_eq!(
            report.diagnostics,
            [
                "hint x ignored",
                "1 sensitive value redacted",
                "2 sensitive values redacted"
            ]
        );
    }

    #[test]
    fn block_runs_are_drawn_in_time_in_a_list_and_in_a_runs_detail() {
        let run = json!({ "block_uuid": "load", "status": "completed", "started_at": "2026-11-20 05:00:00", "completed_at": "2026-11-20 05:01:00" });
        let runs = objects(&[run.clone()]);
        let records: Vec<&Map<String, Value>> = runs.iter().collect();
        assert!(timeline(Arrangement::List, None, "block_runs", &records).is_some());
        assert!(timeline(Arrangement::List, None, "pipeline_runs", &records).is_none());
        let detail = object(json!({ "id": 7, "block_runs": [run] }));
        assert!(timeline(
            Arrangement::Detail,
            Some(&detail),
            "pipeline_runs",
            &[&detail]
        )
        .is_some());
    }

    #[test]
    fn a_detail_is_titled_by_its_record_and_subtitled_by_its_kind() {
        let noun = Noun::of("pipeline_runs");
        let hints = Hints::default();
        let named = object(json!({ "id": 7, "name": "Nightly load" }));
        let numbered = object(json!({ "id": 7 }));
        let secret = object(json!({ "password": "hunter2", "id": 7 }));
        let title = |record: &Map<String, Value>| {
            title(None, Arrangement::Detail, Some(record), &hints, &noun)
        };
        assert_eq!(title(&named), Text::Given("Nightly load".into()));
        assert_eq!(title(&numbered), Text::Given("Pipeline run 7".into()));
        let hinted = Hints {
            title_key: Some("password".into()),
            ..Hints::default()
        };
        assert_eq!(
            record_title(&secret, &hinted, &noun),
            Some(Text::Given("Pipeline run 7".into())),
            "a sensitive key never titles a record"
        );
        let own = Text::Own(Msg::Title {
            noun: noun.clone(),
            plural: false,
        });
        assert_eq!(
            subtitle(None, Arrangement::Detail, &title(&named), &noun),
            Some(own)
        );
        assert_eq!(
            subtitle(None, Arrangement::Detail, &title(&numbered), &noun),
            None,
            "the title names the kind already"
        );
        assert_eq!(
            subtitle(
                Some("given".into()),
                Arrangement::List,
                &title(&named),
                &noun
            ),
            Some(Text::Given("given".into()))
        );
    }

    #[test]
    fn a_list_is_titled_by_what_it_lists_unless_given_a_title() {
        let noun = Noun::of("pipeline_runs");
        let hints = Hints::default();
        assert_eq!(
            title(None, Arrangement::List, None, &hints, &noun),
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: true
            })
        );
        assert_eq!(
            title(
                Some("Runs today".into()),
                Arrangement::List,
                None,
                &hints,
                &noun
            ),
            Text::Given("Runs today".into())
        );
    }

    #[test]
    fn a_list_counts_its_statuses_and_rows_unless_the_summary_does() {
        let table = list_table(&objects(&[
            json!({ "id": 1, "status": "failed" }),
            json!({ "id": 2, "status": "completed" }),
            json!({ "id": 3, "status": "failed" }),
        ]));
        let counted = status_counts(Vec::new(), &table, Arrangement::List);
        let failed = counted.iter().find(|c| c.status.raw == "failed");
        assert_eq!(failed.map(|c| c.count), Some(2));
        assert!(status_counts(Vec::new(), &table, Arrangement::Detail).is_empty());
        let given = count_statuses([Status::new("running")].iter());
        assert_eq!(
            status_counts(given.clone(), &table, Arrangement::List),
            given
        );
        assert_eq!(
            total(None, &table, Arrangement::List),
            Some(Msg::RecordCount { count: 3 })
        );
        assert_eq!(
            total(Some(134), &table, Arrangement::List),
            Some(Msg::InAll { total: 134 })
        );
        assert_eq!(total(Some(134), &table, Arrangement::Detail), None);
    }

    #[test]
    fn the_counts_by_status_are_shown_once() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/block_runs/list-ok.json"
        ))
        .expect("fixture");
        let model = crate::model_from_json_text(&text);
        assert!(!model.header.counts.is_empty(), "the header counts");
        let timeline = model.timeline.expect("a timeline");
        assert!(
            timeline.legend.is_empty(),
            "no second legend of the same counts"
        );
        let run = crate::model_from_json_text(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../fixtures/pipeline_runs/get-running.json"
            ))
            .expect("fixture"),
        );
        assert!(run.header.counts.is_empty());
        assert!(
            !run.timeline.expect("a timeline").legend.is_empty(),
            "the legend when nothing else counts"
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
