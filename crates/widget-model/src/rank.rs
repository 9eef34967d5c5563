//! Ranking inferred columns, as the contract says: when the producer gives no columns, real
//! services return fields in their serializer's order (Mage: alphabetical, so
//! `cache_block_output_in_memory` comes before `name`). The rank puts the title first, then the
//! identity, the status, the type, the telling times, other scalars, and nested values; columns
//! that are empty in every record, or hold one value in every record, go last as secondary (shown
//! behind a "N more columns" control, never dropped). Ties keep the order of first appearance.
//! A detail view orders its fields the same way, with its empty fields secondary.

use serde_json::{Map, Value};

/// What the hints say about keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankHints<'a> {
    pub title_key: Option<&'a str>,
    pub primary_key: Option<&'a str>,
    pub status_key: Option<&'a str>,
}

/// Times that tell a record's story, in the order they are shown.
const TELLING_TIMES: [&str; 5] = [
    "execution_date",
    "started_at",
    "completed_at",
    "updated_at",
    "created_at",
];

/// A column's place in the rank: its group, then a position inside the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Title,
    Identity,
    Status,
    Type,
    Time(usize),
    Scalar,
    Nested,
    Secondary,
}

/// `keys` (in first-appearance order) ranked for `records`: each key with whether it is
/// secondary. Deterministic: the same keys and records always give the same order.
pub fn rank_keys<'k>(
    keys: &[&'k str],
    records: &[&Map<String, Value>],
    hints: RankHints<'_>,
    detail: bool,
) -> Vec<(&'k str, bool)> {
    let title = hints
        .title_key
        .or_else(|| ["name", "title"].into_iter().find(|k| keys.contains(k)));
    let identity = hints
        .primary_key
        .or_else(|| ["uuid", "id"].into_iter().find(|k| keys.contains(k)));
    let status = hints
        .status_key
        .or_else(|| keys.contains(&"status").then_some("status"));
    let mut ranked: Vec<(Group, usize, &str)> = keys
        .iter()
        .enumerate()
        .map(|(i, &key)| {
            let values = || records.iter().map(|r| r.get(key).unwrap_or(&Value::Null));
            let group = if Some(key) == title {
                Group::Title
            } else if Some(key) == identity {
                Group::Identity
            } else if Some(key) == status {
                Group::Status
            } else if values().all(is_empty)
                || (!detail && records.len() > 1 && is_constant(values()))
            {
                Group::Secondary
            } else if key == "type" || key.ends_with("_type") {
                Group::Type
            } else if let Some(t) = TELLING_TIMES.iter().position(|t| *t == key) {
                Group::Time(t)
            } else if values().any(|v| v.is_object() || v.is_array()) {
                Group::Nested
            } else {
                Group::Scalar
            };
            (group, i, key)
        })
        .collect();
    widget_sort::sort_by(&mut ranked, Ord::cmp);
    ranked
        .into_iter()
        .map(|(group, _, key)| (key, group == Group::Secondary))
        .collect()
}

/// Null, an empty string, list or object: nothing to read.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

/// The same value in every record (missing counts as null).
fn is_constant<'v>(mut values: impl Iterator<Item = &'v Value>) -> bool {
    match values.next() {
        None => true,
        Some(first) => values.all(|v| v == first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn records(values: &[Value]) -> Vec<Map<String, Value>> {
        values
            .iter()
            .filter_map(|v| v.as_object().cloned())
            .collect()
    }

    fn order(
        keys: &[&str],
        values: &[Value],
        hints: RankHints<'_>,
        detail: bool,
    ) -> Vec<(String, bool)> {
        let owned = records(values);
        let refs: Vec<&Map<String, Value>> = owned.iter().collect();
        rank_keys(keys, &refs, hints, detail)
            .into_iter()
            .map(|(k, s)| (k.to_owned(), s))
            .collect()
    }

    #[test]
    fn an_alphabetical_pipeline_list_reads_title_first() {
        // Mage's fields, alphabetical, as served.
        let keys = [
            "blocks",
            "cache_block_output_in_memory",
            "concurrency_config",
            "created_at",
            "data_integration",
            "description",
            "name",
            "tags",
            "type",
            "updated_at",
            "uuid",
        ];
        let values = [
            json!({ "blocks": [1], "cache_block_output_in_memory": false, "concurrency_config": {}, "created_at": "2026-11-01 10:00:00", "data_integration": null, "description": "a", "name": "Basic ETL", "tags": ["x"], "type": "python", "updated_at": "2026-11-02 10:00:00", "uuid": "basic_etl" }),
            json!({ "blocks": [1, 2], "cache_block_output_in_memory": false, "concurrency_config": {}, "created_at": "2026-11-03 10:00:00", "data_integration": null, "description": "b", "name": "Orders", "tags": [], "type": "streaming", "updated_at": "2026-11-04 10:00:00", "uuid": "orders" }),
        ];
        let ranked = order(&keys, &values, RankHints::default(), false);
        let names: Vec<&str> = ranked.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            [
                "name",
                "uuid",
                "type",
                "updated_at",
                "created_at",
                "description",
                "blocks",
                "tags",
                "cache_block_output_in_memory",
                "concurrency_config",
                "data_integration"
            ]
        );
        let secondary: Vec<&str> = ranked
            .iter()
            .filter(|(_, s)| *s)
            .map(|(k, _)| k.as_str())
            .collect();
        assert_eq!(
            secondary,
            [
                "cache_block_output_in_memory",
                "concurrency_config",
                "data_integration"
            ],
            "all No, all empty, all null"
        );
    }

    #[test]
    fn hints_name_the_title_identity_and_status() {
        let keys = ["a", "b", "c", "d"];
        let values = [
            json!({ "a": 1, "b": 2, "c": "x", "d": "y" }),
            json!({ "a": 2, "b": 3, "c": "z", "d": "w" }),
        ];
        let hints = RankHints {
            title_key: Some("d"),
            primary_key: Some("c"),
            status_key: Some("b"),
        };
        let names: Vec<String> = order(&keys, &values, hints, false)
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(names, ["d", "c", "b", "a"]);
    }

    #[test]
    fn a_detail_hides_only_its_empty_fields() {
        let keys = ["z", "name", "empty", "nested", "status"];
        let values =
            [json!({ "z": 1, "name": "n", "empty": null, "nested": { "a": 1 }, "status": "ok" })];
        let ranked = order(&keys, &values, RankHints::default(), true);
        assert_eq!(
            ranked,
            [
                ("name".into(), false),
                ("status".into(), false),
                ("z".into(), false),
                ("nested".into(), false),
                ("empty".into(), true)
            ]
        );
    }

    #[test]
    fn one_record_lists_hide_nothing_that_has_a_value() {
        let ranked = order(
            &["a", "b"],
            &[json!({ "a": 1, "b": null })],
            RankHints::default(),
            false,
        );
        assert_eq!(ranked, [("a".into(), false), ("b".into(), true)]);
    }
}
