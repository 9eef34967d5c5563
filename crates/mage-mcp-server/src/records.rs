//! Reading records in the service's shape (JSON objects as its HTTP API serves them), whichever
//! backend produced them: fields, lists, timestamps in every form the service writes.

use serde_json::{json, Value};

use crate::widget_result::ToolError;

/// The string under `key`, if it is one.
pub fn str_of<'a>(record: &'a Value, key: &str) -> Option<&'a str> {
    record.get(key).and_then(Value::as_str)
}

/// The string under `key`, or `""`.
pub fn text_of<'a>(record: &'a Value, key: &str) -> &'a str {
    str_of(record, key).unwrap_or_default()
}

/// The records under `key` (`{"pipelines": [...], "metadata": {...}}`), none when absent.
pub fn records(body: &Value, key: &str) -> Vec<Value> {
    body.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// The record under `key` (`{"pipeline": {...}}`), or an API error when the answer holds none.
pub fn record(body: &Value, key: &str, what: &str) -> Result<Value, ToolError> {
    match body.get(key) {
        Some(value @ Value::Object(_)) => Ok(value.clone()),
        _ => Err(ToolError::api(format!(
            "{what}: the cluster's answer holds no {key}."
        ))),
    }
}

/// The strings of the list under `key` (a block's `upstream_blocks`).
pub fn string_list(record: &Value, key: &str) -> Vec<String> {
    record
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

/// How many items the list under `key` holds (0 when absent).
pub fn count_of(record: &Value, key: &str) -> usize {
    record
        .get(key)
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The string values under `key` in `records`, for counts by status.
pub fn strings<'a>(records: &'a [Value], key: &str) -> Vec<&'a str> {
    records.iter().filter_map(|r| str_of(r, key)).collect()
}

/// A timestamp in any of the forms the service writes (space or `T`, with or without fraction,
/// offset or `Z`).
pub fn parse_time(text: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    let text = text.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(text) {
        return Some(t.with_timezone(&chrono::Utc));
    }
    let spaced = text.replacen('T', " ", 1);
    if let Ok(t) = chrono::DateTime::parse_from_str(&spaced, "%Y-%m-%d %H:%M:%S%.f%:z") {
        return Some(t.with_timezone(&chrono::Utc));
    }
    let naive = spaced.trim_end_matches('Z');
    chrono::NaiveDateTime::parse_from_str(naive, "%Y-%m-%d %H:%M:%S%.f")
        .ok()
        .map(|t| t.and_utc())
}

/// Seconds from `started_at` to `completed_at` of a record, when both parse; `null` otherwise.
pub fn duration_seconds(record: &Value) -> Value {
    let start = str_of(record, "started_at").and_then(parse_time);
    let end = str_of(record, "completed_at").and_then(parse_time);
    match (start, end) {
        (Some(start), Some(end)) => {
            json!(end.signed_duration_since(start).num_milliseconds() as f64 / 1000.0)
        }
        _ => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_timestamp_form_the_service_writes_parses() {
        for form in [
            "2026-11-23 16:28:40",
            "2026-11-23 16:29:04.156820",
            "2026-11-24 00:00:00+00:00",
            "2026-11-23 16:28:44.026050+00:00",
            "2026-11-03T00:00:00",
            "2026-11-23T16:30:09.008076",
            "2026-11-23T16:28:44.546086+00:00",
            "2026-11-19T09:34:32.000Z",
        ] {
            assert!(parse_time(form).is_some(), "{form}");
        }
        assert_eq!(parse_time("yesterday"), None);
    }

    #[test]
    fn a_duration_needs_both_ends() {
        let run = json!({"started_at": "2026-11-23T16:30:09.000000", "completed_at": "2026-11-23 16:30:10.500000"});
        assert_eq!(duration_seconds(&run), json!(1.5));
        let demo = json!({"started_at": "2026-11-20 06:00:00.000000+00:00", "completed_at": "2026-11-20 06:01:30.500000+00:00"});
        assert_eq!(duration_seconds(&demo), json!(90.5));
        assert_eq!(
            duration_seconds(&json!({"started_at": "2026-11-20 06:00:00"})),
            Value::Null
        );
    }

    #[test]
    fn a_missing_record_is_an_api_error_naming_what_was_asked() {
        let error = record(&json!({"error": null}), "pipeline", "Pipeline 'p'").expect_err("none");
        assert!(
            error.message.starts_with("Pipeline 'p'"),
            "{}",
            error.message
        );
        assert_eq!(records(&json!({}), "blocks"), Vec::<Value>::new());
    }
}
