//! The words around the records: summary, status counts, filter chips and pagination text.

use serde_json::{Map, Value};

use crate::model::Chip;
use crate::status::Status;
use crate::status::StatusCount;
use crate::text::{bounded_text, humanize_key, truncate_chars};
use crate::words::Pagination;

/// What a `summary` value says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub message: Option<String>,
    pub total: Option<u64>,
    pub counts: Vec<StatusCount>,
}

/// Reads `summary`: a string (its message) or an object; other types are ignored and reported.
pub fn parse_summary(value: Option<&Value>, problems: &mut Vec<String>) -> Summary {
    match value {
        None | Some(Value::Null) => Summary::default(),
        Some(Value::String(s)) => Summary {
            message: Some(short(s, 500)),
            ..Summary::default()
        },
        Some(Value::Object(map)) => {
            let text =
                |key: &str, max: usize| map.get(key).and_then(Value::as_str).map(|s| short(s, max));
            Summary {
                title: text("title", 200),
                subtitle: text("subtitle", 300),
                message: text("message", 500),
                total: map.get("total").and_then(Value::as_u64),
                counts: map
                    .get("counts")
                    .map(|c| counts(c, problems))
                    .unwrap_or_default(),
            }
        }
        Some(_) => {
            problems.push("summary is neither text nor an object; ignored".to_owned());
            Summary::default()
        }
    }
}

fn short(s: &str, max: usize) -> String {
    truncate_chars(&bounded_text(s), max)
}

fn counts(value: &Value, problems: &mut Vec<String>) -> Vec<StatusCount> {
    let Some(map) = value.as_object() else {
        problems.push("summary.counts is not an object; ignored".to_owned());
        return Vec::new();
    };
    let counts: Vec<StatusCount> = map
        .iter()
        .filter_map(|(status, n)| {
            Some(StatusCount {
                status: Status::new(status),
                count: n.as_u64()?,
            })
        })
        .take(32)
        .collect();
    if counts.len() < map.len().min(32) {
        problems.push("some summary.counts are not whole numbers; they are ignored".to_owned());
    }
    counts
}

/// Status counts computed from the records' status values, in order of first appearance.
pub fn count_statuses<'a>(statuses: impl Iterator<Item = &'a Status>) -> Vec<StatusCount> {
    let mut counts: Vec<StatusCount> = Vec::new();
    for status in statuses {
        if let Some(c) = counts.iter_mut().find(|c| c.status.raw == status.raw) {
            c.count += 1;
        } else if counts.len() < 32 {
            counts.push(StatusCount {
                status: status.clone(),
                count: 1,
            });
        }
    }
    counts
}

/// Filter chips from `filters`: an object (key → value or list) or a list of `{key, value, label?}`.
pub fn parse_filters(value: Option<&Value>, problems: &mut Vec<String>) -> Vec<Chip> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(map)) => map
            .iter()
            .take(32)
            .map(|(key, v)| Chip {
                label: humanize_key(&truncate_chars(key, 64)),
                value: chip_value(v),
            })
            .collect(),
        Some(Value::Array(items)) => {
            let chips: Vec<Chip> = items
                .iter()
                .take(32)
                .filter_map(|item| array_chip(item.as_object()?))
                .collect();
            if chips.len() < items.len().min(32) {
                problems.push("some filters have no key; they are ignored".to_owned());
            }
            chips
        }
        Some(_) => {
            problems.push("filters are neither an object nor a list; ignored".to_owned());
            Vec::new()
        }
    }
}

fn array_chip(item: &Map<String, Value>) -> Option<Chip> {
    let key = item.get("key").and_then(Value::as_str)?;
    let label = item
        .get("label")
        .and_then(Value::as_str)
        .map_or_else(|| humanize_key(key), |l| l.to_owned());
    Some(Chip {
        label: truncate_chars(&bounded_text(&label), 64),
        value: item.get("value").map(chip_value).unwrap_or_default(),
    })
}

fn chip_value(v: &Value) -> String {
    let text = match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .take(20)
            .map(scalar_text)
            .collect::<Vec<_>>()
            .join(", "),
        other => scalar_text(other),
    };
    truncate_chars(&bounded_text(&text), 120)
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "none".to_owned(),
        other => truncate_chars(&other.to_string(), 60),
    }
}

/// Where the shown records sit among the producer's pages ("1–20 of 134"), from `pagination` and
/// the number of records shown.
pub fn parse_pagination(
    value: Option<&Value>,
    shown: usize,
    problems: &mut Vec<String>,
) -> Option<Pagination> {
    let map = match value {
        None | Some(Value::Null) => return None,
        Some(Value::Object(map)) => map,
        Some(_) => {
            problems.push("pagination is not an object; ignored".to_owned());
            return None;
        }
    };
    let number = |key: &str| map.get(key).and_then(Value::as_u64);
    let (page, per_page, total) = (number("page"), number("per_page"), number("total"));
    let more = map.get("has_more") == Some(&Value::Bool(true))
        || map
            .get("next_cursor")
            .is_some_and(|c| !c.is_null() && c != "");
    let shown = u64::try_from(shown).unwrap_or(u64::MAX);
    let range = match (page, per_page) {
        (Some(page), Some(per_page)) if page >= 1 && per_page >= 1 => {
            let start = (page - 1).saturating_mul(per_page).saturating_add(1);
            let end = if shown > 0 {
                start.saturating_add(shown - 1)
            } else {
                page.saturating_mul(per_page)
            };
            let end = total.map_or(end, |t| end.min(t));
            if shown == 0 && total.is_some_and(|t| start > t) {
                None
            } else {
                Some((start, end))
            }
        }
        _ if shown > 0 => Some((1, shown)),
        _ => None,
    };
    let pagination = Pagination {
        range,
        total,
        more,
        page,
    };
    match (range, total) {
        (None, None) => None,
        (Some(_), None) if !more && page.is_none() => None,
        _ => Some(pagination),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pagination_reads_as_a_range() {
        let p = |v: Value, shown| {
            parse_pagination(Some(&v), shown, &mut Vec::new())
                .map(|p| crate::words::english(&crate::words::Msg::Pagination(p)))
        };
        assert_eq!(
            p(
                json!({ "page": 1, "per_page": 20, "total": 134, "has_more": true }),
                20
            )
            .as_deref(),
            Some("1–20 of 134")
        );
        assert_eq!(
            p(json!({ "page": 7, "per_page": 20, "total": 134 }), 14).as_deref(),
            Some("121–134 of 134")
        );
        assert_eq!(
            p(json!({ "page": 2, "per_page": 20, "has_more": true }), 20).as_deref(),
            Some("21–40, more available")
        );
        assert_eq!(
            p(json!({ "total": 134 }), 20).as_deref(),
            Some("1–20 of 134")
        );
        assert_eq!(
            p(json!({ "next_cursor": "abc" }), 20).as_deref(),
            Some("1–20, more available")
        );
        assert_eq!(
            p(json!({ "page": 9, "per_page": 20, "total": 134 }), 0).as_deref(),
            Some("none of 134 on this page")
        );
        assert_eq!(p(json!({ "page": 3 }), 1).as_deref(), Some("1 (page 3)"));
        assert_eq!(p(json!({}), 0), None);
        assert_eq!(
            p(json!({ "page": u64::MAX, "per_page": u64::MAX }), 3).as_deref(),
            Some("18446744073709551615 (page 18446744073709551615)")
        );
    }

    #[test]
    fn filters_take_both_forms() {
        let object = parse_filters(
            Some(&json!({ "status": ["running", "failed"], "pipeline_uuid": "etl" })),
            &mut Vec::new(),
        );
        assert_eq!(
            object[0],
            Chip {
                label: "Status".into(),
                value: "running, failed".into()
            }
        );
        assert_eq!(object[1].value, "etl");
        let mut problems = Vec::new();
        let array = parse_filters(
            Some(
                &json!([{ "key": "status", "value": "failed", "label": "State" }, { "value": 1 }]),
            ),
            &mut problems,
        );
        assert_eq!(
            array,
            [Chip {
                label: "State".into(),
                value: "failed".into()
            }]
        );
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn summary_takes_a_string_or_an_object() {
        let s = parse_summary(Some(&json!("3 pipelines")), &mut Vec::new());
        assert_eq!(s.message.as_deref(), Some("3 pipelines"));
        let s = parse_summary(
            Some(
                &json!({ "title": "Runs", "total": 134, "counts": { "running": 1, "failed": 3, "odd": "x" } }),
            ),
            &mut Vec::new(),
        );
        assert_eq!(s.title.as_deref(), Some("Runs"));
        assert_eq!(s.total, Some(134));
        assert_eq!(s.counts.len(), 2);
        assert_eq!(s.counts[1].count, 3);
    }

    #[test]
    fn counts_follow_first_appearance() {
        let statuses = ["running", "failed", "running"].map(Status::new);
        let counts = count_statuses(statuses.iter());
        assert_eq!(counts.len(), 2);
        assert_eq!(
            (counts[0].status.raw.as_str(), counts[0].count),
            ("running", 2)
        );
    }
}
