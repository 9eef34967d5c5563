//! `_meta["host/widgetData"]`: rendering hints from the producer. All optional; unknown keys and
//! values of the wrong type are ignored (and reported). Hints never change which data is shown
//! beyond ordering and hiding columns.

use serde_json::{Map, Value};

use crate::limits::DEFAULT_MAX_GRAPH_NODES;
use crate::record_page::RecordPages;
use crate::text::{bounded_text, quoted, truncate_chars};

/// How tightly rows are packed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Density {
    #[default]
    Compact,
    Comfortable,
}

/// The hints the renderer understands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hints {
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub primary_key: Option<String>,
    pub title_key: Option<String>,
    pub status_key: Option<String>,
    pub column_order: Vec<String>,
    pub hidden_columns: Vec<String>,
    /// Already clamped to the default limit: a hint may lower the limit, never raise it.
    pub max_graph_nodes: Option<usize>,
    pub density: Density,
    pub empty_message: Option<String>,
    pub time_zone: Option<String>,
    /// Each record's page in the service's UI (`recordUrl`), already checked.
    pub record_pages: Option<RecordPages>,
}

impl Hints {
    /// The node limit in force.
    pub fn graph_node_limit(&self) -> usize {
        self.max_graph_nodes.unwrap_or(DEFAULT_MAX_GRAPH_NODES)
    }
}

const KNOWN: &[&str] = &[
    "title",
    "subtitle",
    "primaryKey",
    "titleKey",
    "statusKey",
    "columnOrder",
    "hiddenColumns",
    "maxGraphNodes",
    "density",
    "emptyMessage",
    "timeZone",
    widget_result::record_url::HINT,
];

/// Reads the hints object; `problems` receives one line per ignored key or value.
pub fn parse_hints(value: Option<&Value>, problems: &mut Vec<String>) -> Hints {
    let mut hints = Hints::default();
    let map = match value {
        None | Some(Value::Null) => return hints,
        Some(Value::Object(map)) => map,
        Some(_) => {
            problems.push("host/widgetData is not an object; hints ignored".to_owned());
            return hints;
        }
    };
    let text = |key: &str, problems: &mut Vec<String>| -> Option<String> {
        match map.get(key)? {
            Value::String(s) => Some(bounded_text(s)),
            Value::Null => None,
            _ => {
                problems.push(format!("hint {key} is not a string; ignored"));
                None
            }
        }
    };
    hints.title = text("title", problems).map(|s| truncate_chars(&s, 200));
    hints.subtitle = text("subtitle", problems).map(|s| truncate_chars(&s, 300));
    hints.primary_key = text("primaryKey", problems);
    hints.title_key = text("titleKey", problems);
    hints.status_key = text("statusKey", problems);
    hints.empty_message = text("emptyMessage", problems).map(|s| truncate_chars(&s, 300));
    hints.time_zone = text("timeZone", problems).filter(|tz| is_plausible_time_zone(tz));
    hints.density = match text("density", problems).as_deref() {
        Some("comfortable") => Density::Comfortable,
        Some("compact") | None => Density::Compact,
        Some(other) => {
            problems.push(format!(
                "hint density {} is unknown; compact used",
                quoted(other)
            ));
            Density::Compact
        }
    };
    hints.record_pages = record_pages(map, problems);
    hints.column_order = key_list(map, "columnOrder", problems);
    hints.hidden_columns = key_list(map, "hiddenColumns", problems);
    hints.max_graph_nodes = match map.get("maxGraphNodes") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => match n.as_u64() {
            // Clamped in u64 first: on wasm32 `2^32 as usize` would be 0.
            Some(limit) => Some(
                usize::try_from(limit.min(DEFAULT_MAX_GRAPH_NODES as u64))
                    .unwrap_or(DEFAULT_MAX_GRAPH_NODES),
            ),
            None => {
                problems.push("hint maxGraphNodes is not a whole number; ignored".to_owned());
                None
            }
        },
        Some(_) => {
            problems.push("hint maxGraphNodes is not a number; ignored".to_owned());
            None
        }
    };
    for key in map.keys().filter(|k| !KNOWN.contains(&k.as_str())).take(5) {
        problems.push(format!("unknown hint {} ignored", quoted(key)));
    }
    hints
}

/// The `recordUrl` template, when it is one the widget opens (`crate::record_page`).
fn record_pages(map: &Map<String, Value>, problems: &mut Vec<String>) -> Option<RecordPages> {
    let key = widget_result::record_url::HINT;
    match map.get(key)? {
        Value::String(template) => {
            let pages = RecordPages::of(template);
            if pages.is_none() {
                problems.push(format!(
                    "hint {key} is not an http(s) address of a record's ids; ignored"
                ));
            }
            pages
        }
        Value::Null => None,
        _ => {
            problems.push(format!("hint {key} is not a string; ignored"));
            None
        }
    }
}

fn key_list(map: &Map<String, Value>, key: &str, problems: &mut Vec<String>) -> Vec<String> {
    match map.get(key) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let keys: Vec<String> = items
                .iter()
                .filter_map(Value::as_str)
                .take(256)
                .map(str::to_owned)
                .collect();
            if keys.len() != items.len() {
                problems.push(format!(
                    "hint {key} has entries that are not strings; they are ignored"
                ));
            }
            keys
        }
        Some(_) => {
            problems.push(format!("hint {key} is not a list; ignored"));
            Vec::new()
        }
    }
}

/// "Europe/Paris", "UTC", "America/Argentina/Buenos_Aires": letters, digits, `/`, `_`, `+`, `-`.
fn is_plausible_time_zone(tz: &str) -> bool {
    !tz.is_empty()
        && tz.len() <= 64
        && tz
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '+' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_every_known_hint() {
        let mut problems = Vec::new();
        let hints = parse_hints(
            Some(&json!({
                "title": "Runs", "subtitle": "today", "primaryKey": "id", "titleKey": "name",
                "statusKey": "status", "columnOrder": ["status", "id"], "hiddenColumns": ["variables"],
                "maxGraphNodes": 50, "density": "comfortable", "emptyMessage": "Nothing ran",
                "timeZone": "Europe/Paris", "recordUrl": "http://127.0.0.1:6789/pipelines/{uuid}"
            })),
            &mut problems,
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(hints.title.as_deref(), Some("Runs"));
        assert_eq!(hints.column_order, ["status", "id"]);
        assert_eq!(hints.hidden_columns, ["variables"]);
        assert_eq!(hints.graph_node_limit(), 50);
        assert_eq!(hints.density, Density::Comfortable);
        assert_eq!(hints.time_zone.as_deref(), Some("Europe/Paris"));
        assert_eq!(
            hints.record_pages,
            RecordPages::of("http://127.0.0.1:6789/pipelines/{uuid}")
        );
        assert!(hints.record_pages.is_some());
    }

    #[test]
    fn a_record_page_that_is_not_an_http_template_is_dropped_and_reported() {
        for (value, says) in [
            (
                json!("javascript:alert(1)//{uuid}"),
                "not an http(s) address",
            ),
            (json!("data:text/html,x"), "not an http(s) address"),
            (
                json!(format!("https://h/{}", "a".repeat(5000))),
                "not an http(s) address",
            ),
            (json!(["http://h/{uuid}"]), "not a string"),
            (json!({"url": "http://h/{uuid}"}), "not a string"),
            (json!(7), "not a string"),
        ] {
            let mut problems = Vec::new();
            let hints = parse_hints(Some(&json!({ "recordUrl": value })), &mut problems);
            assert_eq!(hints.record_pages, None, "{value}");
            assert!(
                problems.len() == 1 && problems[0].contains(says),
                "{value}: {problems:?}"
            );
        }
    }

    #[test]
    fn a_hint_cannot_raise_the_graph_limit() {
        let hints = parse_hints(Some(&json!({ "maxGraphNodes": 100000 })), &mut Vec::new());
        assert_eq!(hints.graph_node_limit(), DEFAULT_MAX_GRAPH_NODES);
        let hints = parse_hints(
            Some(&json!({ "maxGraphNodes": 4_294_967_296u64 })),
            &mut Vec::new(),
        );
        assert_eq!(
            hints.graph_node_limit(),
            DEFAULT_MAX_GRAPH_NODES,
            "2^32 is not 0"
        );
    }

    #[test]
    fn wrong_types_and_unknown_keys_are_ignored_and_reported() {
        let mut problems = Vec::new();
        let hints = parse_hints(
            Some(&json!({
                "title": 5, "columnOrder": "id", "maxGraphNodes": -3, "density": "huge",
                "timeZone": "<script>", "future": true
            })),
            &mut problems,
        );
        assert_eq!(hints, Hints::default());
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("'future'")));
    }

    #[test]
    fn missing_or_malformed_hints_are_defaults() {
        assert_eq!(parse_hints(None, &mut Vec::new()), Hints::default());
        let mut problems = Vec::new();
        assert_eq!(
            parse_hints(Some(&json!([1])), &mut problems),
            Hints::default()
        );
        assert_eq!(problems.len(), 1);
    }
}
