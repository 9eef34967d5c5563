//! A table's columns before their values are seen: declared by the producer, else inferred from
//! the records' keys and ranked, with the columns the widget derives for runs; the hints hide and
//! order them.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::report::{count, Report};
use crate::cell::{ColumnKind, KeyHints};
use crate::hints::Hints;
use crate::limits::MAX_COLUMNS;
use crate::model::Arrangement;
use crate::rank::{rank_keys, Profile, RankHints};
use crate::text::{bounded_text, quoted, truncate_chars};
use crate::words::{Msg, Text};

/// A column as declared or inferred, before its values are seen.
pub(super) struct ColumnSpec {
    pub(super) key: String,
    pub(super) label: Option<Text>,
    pub(super) kind: ColumnKind,
    pub(super) declared_kind: bool,
    pub(super) align_right: Option<bool>,
    /// Ranked last as empty or constant: shown behind "N more columns".
    pub(super) secondary: bool,
    /// Named by the producer (`columns`, or the `columnOrder` hint).
    pub(super) declared: bool,
}

pub(super) fn columns(
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
            spec.declared = true;
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
                declared: true,
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
                    declared: true,
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
            declared: false,
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
            declared: false,
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
            declared: false,
        });
    }
    derived
}
