//! Ranking inferred columns, as the contract says: when the producer gives no columns, real
//! services return fields in their serializer's order (Mage: alphabetical, so
//! `cache_block_output_in_memory` comes before `name`). The rank puts the title first, then the
//! identity, the status, the type, the telling times, other scalars, and nested values; columns
//! that are empty in every record, or hold one value in every record, go last as secondary (shown
//! behind a "N more columns" control, never dropped). Ties keep the order of first appearance.
//! A detail view orders its fields the same way, with its empty fields secondary.
//!
//! Each resource of the tool interface also has a profile ([`Profile::of`]), set once: the fields
//! a person asks of that kind of record first, in that order (a trigger's pipeline, interval and
//! next run; a block run's block, status and duration), and the ones that go last however telling
//! they look (when a trigger or a run record was created or updated). The profile leads; the
//! generic rank orders the rest.

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

/// What a person asks of one resource's records: the keys that lead, in order, and the keys
/// that go last. Keys a record lacks are skipped. `duration` and `progress` are the columns the
/// widget adds to runs (in `assemble::columns`), placed by [`Profile::place_of`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub lead: &'static [&'static str],
    pub last: &'static [&'static str],
    /// What a person scans a list of these records for first, as its columns; the other fields
    /// go into each row's detail, but for the ones the producer names when it names no more than
    /// [`Profile::row_columns`]. Empty: every column is a column. A key whose value is the same
    /// in every row is replaced by the record's id (a list of one pipeline's runs: the pipeline
    /// is said above the table); `a|b` takes `a`, else `b`.
    pub scan: &'static [&'static str],
    /// The scanned times read relative whatever their spread ("3 h ago"): when a run was
    /// executed, when a trigger runs next. A run's block runs keep their clock times, which tell
    /// the blocks apart.
    pub relative: bool,
}

/// When a record was written down says least about it.
const RECORD_KEEPING: &[&str] = &["updated_at", "created_at"];

impl Profile {
    /// The profile of `resource` (`pipeline_schedules`, `block_runs`, …); none for others.
    pub fn of(resource: &str) -> Profile {
        match resource {
            "pipelines" | "pipeline" => PIPELINES,
            "blocks" | "block" => BLOCKS,
            "pipeline_runs" | "pipeline_run" => PIPELINE_RUNS,
            "block_runs" | "block_run" => BLOCK_RUNS,
            "pipeline_schedules" | "pipeline_schedule" | "pipeline_triggers"
            | "pipeline_trigger" => TRIGGERS,
            "backfills" | "backfill" => BACKFILLS,
            "block_templates" | "block_template" => BLOCK_TEMPLATES,
            "block_outputs" | "block_output" => BLOCK_OUTPUTS,
            "logs" | "log" | "log_files" => LOG_FILES,
            _ => Profile::default(),
        }
    }
}

/// A pipeline: what it is called, what kind it is, whether it is active, then its blocks.
const PIPELINES: Profile = Profile {
    relative: false,
    lead: &[
        "name",
        "uuid",
        "type",
        "status",
        "description",
        "tags",
        "blocks",
    ],
    last: &[],
    scan: &[],
};

/// A block: its name and kind, then where it sits among its neighbours.
const BLOCKS: Profile = Profile {
    relative: false,
    lead: &[
        "name",
        "uuid",
        "type",
        "language",
        "status",
        "upstream_blocks",
        "downstream_blocks",
    ],
    last: &[],
    scan: &[],
};

/// A pipeline run: which pipeline, how it went, when and for how long, what started it.
const PIPELINE_RUNS: Profile = Profile {
    relative: true,
    scan: &[
        "pipeline_uuid",
        "status",
        "execution_date|started_at",
        "duration",
    ],
    lead: &[
        "pipeline_uuid",
        "status",
        "execution_date",
        "duration",
        "progress",
        "pipeline_schedule_name",
        "id",
        "started_at",
        "completed_at",
    ],
    last: RECORD_KEEPING,
};

/// A block run: which block, how it went, for how long.
const BLOCK_RUNS: Profile = Profile {
    relative: false,
    scan: &["block_uuid", "status", "duration", "started_at"],
    lead: &[
        "block_uuid",
        "status",
        "duration",
        "started_at",
        "completed_at",
        "id",
    ],
    last: RECORD_KEEPING,
};

/// A trigger (pipeline schedule): which pipeline, how often, whether it is on, when it runs next.
const TRIGGERS: Profile = Profile {
    relative: true,
    scan: &[
        "name",
        "pipeline_uuid",
        "status",
        "schedule_interval",
        "next_pipeline_run_date",
    ],
    lead: &[
        "name",
        "pipeline_uuid",
        "schedule_type",
        "schedule_interval",
        "status",
        "next_pipeline_run_date",
        "last_pipeline_run_status",
        "pipeline_runs_count",
        "start_time",
        "id",
    ],
    last: RECORD_KEEPING,
};

/// A backfill: which pipeline, over which dates, in which steps.
const BACKFILLS: Profile = Profile {
    relative: false,
    lead: &[
        "name",
        "pipeline_uuid",
        "status",
        "start_datetime",
        "end_datetime",
        "interval_type",
        "interval_units",
        "duration",
        "started_at",
        "completed_at",
        "id",
    ],
    last: RECORD_KEEPING,
    scan: &[],
};

const BLOCK_TEMPLATES: Profile = Profile {
    relative: false,
    lead: &["name", "block_type", "language", "description", "path"],
    last: &[],
    scan: &[],
};

const BLOCK_OUTPUTS: Profile = Profile {
    relative: false,
    lead: &["variable_uuid", "type", "shape"],
    last: &[],
    scan: &[],
};

const LOG_FILES: Profile = Profile {
    relative: false,
    lead: &["name", "modified_timestamp", "size", "path"],
    last: &[],
    scan: &[],
};

impl Profile {
    /// How many columns a scanned row shows: the scanned keys and the record's id. A producer
    /// that names no more columns than this has each of them drawn as a column.
    pub fn row_columns(&self) -> usize {
        self.scan.len() + 1
    }

    /// Where a column the widget adds (`key`, not in the records) goes among `ranked` keys: after
    /// the last of them that the profile leads with before `key`; `None` when the profile does
    /// not name `key`.
    pub fn place_of(&self, key: &str, ranked: &[&str]) -> Option<usize> {
        let at = self.lead.iter().position(|k| *k == key)?;
        let before = &self.lead[..at];
        Some(
            ranked
                .iter()
                .rposition(|k| before.contains(k))
                .map_or(0, |i| i + 1),
        )
    }
}

/// A column's place in the rank: its group, then a position inside the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    /// A key the resource's profile leads with, at its place in the profile.
    Lead(usize),
    Title,
    Identity,
    Status,
    Type,
    Time(usize),
    Scalar,
    Nested,
    /// A key the resource's profile puts last.
    Last(usize),
    Secondary,
}

/// `keys` (in first-appearance order) ranked for `records`: each key with whether it is
/// secondary. Deterministic: the same keys and records always give the same order.
pub fn rank_keys<'k>(
    keys: &[&'k str],
    records: &[&Map<String, Value>],
    hints: RankHints<'_>,
    profile: Profile,
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
            let says_nothing = || {
                values().all(is_empty) || (!detail && records.len() > 1 && is_constant(values()))
            };
            let lead = profile.lead.iter().position(|k| *k == key);
            let last = profile.last.iter().position(|k| *k == key);
            let group = if let Some(at) = lead.filter(|_| {
                // The status and the record's name lead even when every record shares them.
                Some(key) == status || Some(key) == title || !says_nothing()
            }) {
                Group::Lead(at)
            } else if Some(key) == title {
                Group::Title
            } else if Some(key) == identity {
                Group::Identity
            } else if Some(key) == status {
                Group::Status
            } else if says_nothing() {
                Group::Secondary
            } else if let Some(at) = last {
                Group::Last(at)
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
        rank_keys(keys, &refs, hints, Profile::default(), detail)
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
    fn a_resource_and_its_singular_share_a_profile_and_others_have_none() {
        let pairs = [
            ("pipelines", "pipeline"),
            ("blocks", "block"),
            ("pipeline_runs", "pipeline_run"),
            ("block_runs", "block_run"),
            ("pipeline_schedules", "pipeline_trigger"),
            ("backfills", "backfill"),
            ("block_templates", "block_template"),
            ("block_outputs", "block_output"),
            ("logs", "log_files"),
        ];
        for (plural, singular) in pairs {
            assert_eq!(Profile::of(plural), Profile::of(singular), "{plural}");
            assert!(
                !Profile::of(plural).lead.is_empty(),
                "{plural} has a profile"
            );
        }
        assert_eq!(Profile::of("workspaces"), Profile::default());
    }

    fn profiled(resource: &str, keys: &[&str], values: &[Value]) -> Vec<String> {
        let owned = records(values);
        let refs: Vec<&Map<String, Value>> = owned.iter().collect();
        rank_keys(
            keys,
            &refs,
            RankHints::default(),
            Profile::of(resource),
            false,
        )
        .into_iter()
        .filter(|(_, secondary)| !secondary)
        .map(|(k, _)| k.to_owned())
        .collect()
    }

    #[test]
    fn triggers_lead_with_what_a_person_asks_and_end_with_record_keeping() {
        // Mage's schedule fields, in the order served.
        let keys = [
            "created_at",
            "description",
            "id",
            "name",
            "pipeline_uuid",
            "schedule_interval",
            "schedule_type",
            "settings",
            "start_time",
            "status",
            "updated_at",
            "last_pipeline_run_status",
            "next_pipeline_run_date",
            "pipeline_runs_count",
        ];
        let values = [
            json!({ "created_at": "2026-11-23 16:33:23", "description": null, "id": 1, "name": "Basic ETL API trigger", "pipeline_uuid": "basic_etl_from_s3", "schedule_interval": null, "schedule_type": "api", "settings": {"a": 1}, "start_time": null, "status": "active", "updated_at": "2026-11-23 16:33:23", "last_pipeline_run_status": "completed", "next_pipeline_run_date": null, "pipeline_runs_count": 2 }),
            json!({ "created_at": "2026-11-23 16:33:24", "description": null, "id": 2, "name": "Daily at 06:00 UTC", "pipeline_uuid": "basic_etl_from_s3", "schedule_interval": "@daily", "schedule_type": "time", "settings": {}, "start_time": "2026-01-01 06:00:00", "status": "inactive", "updated_at": "2026-11-23 16:33:25", "last_pipeline_run_status": null, "next_pipeline_run_date": "2026-11-24 00:00:00+00:00", "pipeline_runs_count": 0 }),
        ];
        assert_eq!(
            profiled("pipeline_schedules", &keys, &values),
            [
                "name",
                "schedule_type",
                "schedule_interval",
                "status",
                "next_pipeline_run_date",
                "last_pipeline_run_status",
                "pipeline_runs_count",
                "start_time",
                "id",
                "settings",
                "updated_at",
                "created_at"
            ],
            "the pipeline is the same in both: behind more columns"
        );
    }

    #[test]
    fn block_runs_lead_with_the_block_and_its_status() {
        let keys = [
            "block_uuid",
            "completed_at",
            "created_at",
            "id",
            "pipeline_run_id",
            "started_at",
            "status",
            "updated_at",
        ];
        let values = [
            json!({ "block_uuid": "load_orders", "completed_at": "2026-11-23 16:34:00", "created_at": "2026-11-23 16:33:00", "id": 1, "pipeline_run_id": 7, "started_at": "2026-11-23 16:33:10", "status": "completed", "updated_at": "2026-11-23 16:34:00" }),
            json!({ "block_uuid": "ledger_checksum_reconciliation", "completed_at": null, "created_at": "2026-11-23 16:33:01", "id": 2, "pipeline_run_id": 7, "started_at": "2026-11-23 16:34:01", "status": "failed", "updated_at": "2026-11-23 16:34:09" }),
        ];
        assert_eq!(
            profiled("block_runs", &keys, &values),
            [
                "block_uuid",
                "status",
                "started_at",
                "completed_at",
                "id",
                "updated_at",
                "created_at"
            ]
        );
        let ranked = ["block_uuid", "status", "started_at"];
        assert_eq!(
            Profile::of("block_runs").place_of("duration", &ranked),
            Some(2)
        );
        assert_eq!(Profile::of("pipelines").place_of("duration", &ranked), None);
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
