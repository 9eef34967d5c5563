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
/// `host/widgetData` hints.
pub fn assemble_records(
    sc: Map<String, Value>,
    records_in: RecordsIn<'_>,
    graph: Option<&serde_json::value::RawValue>,
    hints: Option<Value>,
    redacted: usize,
) -> WidgetModel {
    match sc.get("kind") {
        Some(Value::String(k)) if k == WIDGET_KIND => {}
        Some(Value::String(k)) => {
            return WidgetModel::error(Msg::OtherKind {
                kind: short_line(k),
            })
        }
        _ => return WidgetModel::error(Msg::NoKind),
    }

    let mut report = Report::default();
    let mut problems = Vec::new();
    check_schema_version(sc.get("schema_version"), &mut report);
    for key in sc
        .keys()
        .filter(|k| !KNOWN_FIELDS.contains(&k.as_str()))
        .take(5)
    {
        report.diagnostic(format!("unknown field {} ignored", quoted(key)));
    }
    let hints = parse_hints(hints.as_ref(), &mut problems);
    let resource = short_string(sc.get("resource"), "resource", &mut report);
    let action = short_string(sc.get("action"), "action", &mut report);
    let noun = Noun::of(&resource);

    let (owned_records, lazy, total) = match records_in {
        RecordsIn::Values(value) => {
            let owned = records(value, &mut report);
            let total = owned.len();
            (owned, None, total)
        }
        RecordsIn::Lazy {
            text,
            spans,
            skipped,
            sample,
        } => {
            report_skipped(skipped, &mut report);
            let total = spans.len();
            (sample, Some((text, spans)), total)
        }
    };
    let records: Vec<&Map<String, Value>> = owned_records.iter().collect();
    let mutation_obj = match sc.get("mutation") {
        Some(Value::Object(m)) => Some(m),
        None | Some(Value::Null) => None,
        Some(_) => {
            report.diagnostic("mutation is not an object; ignored");
            None
        }
    };
    let mutation_record = mutation_obj
        .and_then(|m| m.get("record"))
        .and_then(Value::as_object);
    let detail_record = mutation_record.or_else(|| {
        (total == 1 && action != "list")
            .then(|| records.first().copied())
            .flatten()
    });
    let mutation = build_mutation(&MutationInput {
        mutation: mutation_obj,
        action: &action,
        resource: &resource,
        record: detail_record.or_else(|| records.first().copied()),
    });

    let arrangement = if detail_record.is_some() {
        Arrangement::Detail
    } else {
        Arrangement::List
    };
    let shown: Vec<&Map<String, Value>> = match (arrangement, mutation_record) {
        (Arrangement::Detail, Some(record)) => vec![record],
        _ => records.iter().take(MAX_RECORDS).copied().collect(),
    };
    let key_hints = KeyHints {
        primary_key: hints.primary_key.clone(),
        status_key: hints.status_key.clone(),
    };
    let columns = columns(
        sc.get("columns"),
        &shown,
        arrangement,
        (&hints, &key_hints),
        Profile::of(&resource),
        &mut report,
    );
    if lazy.is_some() && !matches!(sc.get("columns"), Some(Value::Array(c)) if !c.is_empty()) {
        report.diagnostic(format!(
            "columns inferred from the first {} of {total} records",
            shown.len()
        ));
    }
    let (mut table, blanked) = table(
        columns,
        &shown,
        lazy.filter(|_| arrangement == Arrangement::List),
        &mut report,
    );
    if blanked.max_depth > MAX_JSON_DEPTH {
        return WidgetModel::error(Msg::TooDeep {
            limit: count(MAX_JSON_DEPTH),
        });
    }
    let redacted = redacted + blanked.values;
    if arrangement == Arrangement::List && total > MAX_RECORDS {
        table.omitted_rows = total - MAX_RECORDS;
        report.visible(Msg::FirstRecords {
            shown: count(MAX_RECORDS),
            total: count(total),
        });
    }

    let summary = parse_summary(sc.get("summary"), &mut problems);
    let filters = parse_filters(sc.get("filters"), &mut problems);
    let pagination = match arrangement {
        Arrangement::List => {
            parse_pagination(sc.get("pagination"), table.rows.len(), &mut problems)
        }
        Arrangement::Detail => None,
    };
    let header = header(&table, arrangement, detail_record, &hints, summary, &noun);

    let (mut graph, graph_redacted) = validate_graph(graph, hints.graph_node_limit());
    let redacted = redacted + graph_redacted;
    // A pipeline's detail is where a graph belongs; say so when it is missing.
    if graph == GraphOutcome::Absent
        && arrangement == Arrangement::Detail
        && action == "get"
        && matches!(resource.as_str(), "pipeline" | "pipelines")
    {
        graph = GraphOutcome::Fallback(GraphProblem::Missing);
    }
    let node_details = match &graph {
        GraphOutcome::Drawable(g) => node_details(g.nodes.iter().map(|n| n.id.as_str()), &records),
        _ => Vec::new(),
    };

    for p in problems {
        report.diagnostic(p);
    }
    if redacted > 0 {
        report.diagnostic(format!(
            "{redacted} sensitive value{} redacted",
            if redacted == 1 { "" } else { "s" }
        ));
    }

    let content = content(&resource, &action, &records);
    // A run's blocks in time: a run's detail with its block runs, or a list of block runs.
    let timeline = match arrangement {
        Arrangement::Detail => detail_record.and_then(crate::timeline::timeline),
        Arrangement::List if matches!(resource.as_str(), "block_runs" | "block_run") => {
            crate::timeline::block_runs_timeline(records.iter().copied())
        }
        Arrangement::List => None,
    };
    let (state, error) = state(&sc, &table, mutation.as_ref(), &header.message, &mut report);
    WidgetModel {
        content,
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
            .clone()
            .map_or(Text::Own(Msg::EmptyList(noun)), Text::Given),
        density: hints.density,
        time_zone: hints.time_zone.clone(),
        notices: report.notices,
        diagnostics: report.diagnostics,
        redacted,
        resource,
        action,
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

fn header(
    table: &Table,
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    hints: &Hints,
    summary: crate::summary::Summary,
    noun: &Noun,
) -> Header {
    let record_title = || {
        let record = detail_record?;
        let keys = hints
            .title_key
            .iter()
            .map(String::as_str)
            .chain(["name", "uuid", "id"]);
        keys.filter_map(|k| match record.get(k)? {
            Value::String(s) if !s.trim().is_empty() && !crate::redact::is_sensitive_key(k) => {
                Some(Text::Given(truncate_chars(&bounded_text(s), 200)))
            }
            Value::Number(n) => {
                let word = crate::words::english(&Msg::Title {
                    noun: noun.clone(),
                    plural: false,
                });
                Some(Text::Given(format!("{word} {n}")))
            }
            _ => None,
        })
        .next()
    };
    let given = hints.title.clone().or(summary.title).map(Text::Given);
    let title = given
        .or_else(|| {
            if arrangement == Arrangement::Detail {
                record_title()
            } else {
                None
            }
        })
        .unwrap_or_else(|| {
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: arrangement == Arrangement::List,
            })
        });
    let names_the_kind = |title: &Text| match title {
        Text::Own(_) => true,
        Text::Given(t) => {
            let singular = crate::words::english(&Msg::Title {
                noun: noun.clone(),
                plural: false,
            })
            .to_lowercase();
            t.to_lowercase().starts_with(&singular)
        }
    };
    let subtitle = hints
        .subtitle
        .clone()
        .or(summary.subtitle)
        .map(Text::Given)
        .or_else(|| {
            (arrangement == Arrangement::Detail && !names_the_kind(&title)).then(|| {
                Text::Own(Msg::Title {
                    noun: noun.clone(),
                    plural: false,
                })
            })
        });
    let counts = if !summary.counts.is_empty() {
        summary.counts
    } else if arrangement == Arrangement::List && !table.rows.is_lazy() {
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
    } else {
        Vec::new()
    };
    let total = match (arrangement, summary.total) {
        (Arrangement::List, Some(total)) => Some(Msg::InAll { total }),
        (Arrangement::List, None) => Some(Msg::RecordCount {
            count: count(table.rows.len()),
        }),
        (Arrangement::Detail, _) => None,
    };
    Header {
        title,
        subtitle,
        message: summary.message,
        counts,
        total,
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

/// For each node, the record of its block when the result carries it: a record (or an item of a
/// record's `blocks`) whose `uuid` or `id` is the node's id.
fn node_details<'a>(
    node_ids: impl Iterator<Item = &'a str>,
    records: &[&Map<String, Value>],
) -> Vec<NodeDetail> {
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
