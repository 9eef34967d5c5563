//! The Mage backend: the same tools over a real Mage server's HTTP API (mage-ai 0.9.80, see
//! docs/mage.md), one module per resource. Each function takes the call's [`Mage`] client and
//! returns the same widget result the demo tools return; records are Mage's own, shaped as
//! fixtures/mage.mjs shapes them (outputs with `sample_data`, logs as files, runs with their block
//! runs embedded). Redaction happens on the way out, with a redactor that has seen every response.

pub mod blocks;
pub mod client;
pub mod logs;
pub mod outputs;
pub mod pipelines;
pub mod runs;
pub mod schedules;
pub mod templates;

#[cfg(test)]
mod stub_tests;

pub use client::{seg, Mage, MageSettings, Method};

use serde_json::{json, Value};

use crate::backend::{Listing, Truncation};
use crate::widget_result::ToolError;

/// Records per request when a tool reads every page of a list.
pub const PAGE_SIZE: usize = 100;
/// At most this many pages are read (a bound, not an expectation).
pub const MAX_PAGES: usize = 50;

/// The records under `key` of a Mage answer (`{"pipelines": [...], "metadata": {...}}`).
pub fn records(body: &Value, key: &str) -> Vec<Value> {
    body.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// The record under `key` (`{"pipeline": {...}}`), or an API error when Mage sent none.
pub fn record(body: &Value, key: &str, what: &str) -> Result<Value, ToolError> {
    match body.get(key) {
        Some(value @ Value::Object(_)) => Ok(value.clone()),
        _ => Err(ToolError::api(format!(
            "{what}: the cluster's answer holds no {key}."
        ))),
    }
}

/// `metadata.count` of a list answer.
pub fn total_count(body: &Value) -> Option<u64> {
    body.pointer("/metadata/count").and_then(Value::as_u64)
}

/// `metadata.next` of a list answer (a boolean in Mage 0.9.80; a URL or null elsewhere).
pub fn has_next(body: &Value) -> bool {
    match body.pointer("/metadata/next") {
        Some(Value::Bool(next)) => *next,
        Some(Value::Null) | None => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// Every record of a paged list (`_limit`/`_offset`), at most [`MAX_PAGES`] pages: past them the
/// listing returns what it has, marked truncated with the total Mage gives.
pub async fn all_pages(
    mage: &Mage,
    path: &str,
    query: &[(&str, String)],
    key: &str,
    what: &str,
) -> Result<Listing, ToolError> {
    let mut all = Vec::new();
    let mut more = true;
    let mut known_total = None;
    for _ in 0..MAX_PAGES {
        let mut q: Vec<(&str, String)> = query.to_vec();
        // The offset is what has come so far: a server that pages by fewer than asked still
        // gets every record once.
        q.push(("_limit", PAGE_SIZE.to_string()));
        q.push(("_offset", all.len().to_string()));
        let body = mage.get(path, &q, what).await?;
        let batch = records(&body, key);
        let got = batch.len();
        all.extend(batch);
        known_total = total_count(&body);
        more = has_next(&body) && got > 0 && known_total.is_none_or(|t| (all.len() as u64) < t);
        if !more {
            break;
        }
    }
    let truncated = more.then_some(Truncation {
        total: known_total,
        limit: MAX_PAGES.saturating_mul(PAGE_SIZE),
    });
    Ok(Listing {
        records: all,
        truncated,
    })
}

/// A Mage timestamp in any of the forms it serves (space or `T`, with or without fraction,
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

/// Seconds between two Mage timestamps, when both parse.
pub fn duration_seconds(started_at: Option<&Value>, completed_at: Option<&Value>) -> Value {
    let start = started_at.and_then(Value::as_str).and_then(parse_time);
    let end = completed_at.and_then(Value::as_str).and_then(parse_time);
    match (start, end) {
        (Some(start), Some(end)) => {
            json!(end.signed_duration_since(start).num_milliseconds() as f64 / 1000.0)
        }
        _ => Value::Null,
    }
}

/// The string values under `key` in `records`, for status counts.
pub fn strings<'a>(records: &'a [Value], key: &str) -> Vec<&'a str> {
    records
        .iter()
        .filter_map(|r| r.get(key).and_then(Value::as_str))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_timestamp_form_mage_serves_parses() {
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
        assert_eq!(
            duration_seconds(
                Some(&json!("2026-11-23T16:30:09.000000")),
                Some(&json!("2026-11-23 16:30:10.500000"))
            ),
            json!(1.5)
        );
    }
}
