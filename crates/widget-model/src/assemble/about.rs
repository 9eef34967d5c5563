//! What a result is about: its `kind` (the one this renderer draws), its schema version, its
//! resource and action, in whose words it is told, and its hints.

use serde_json::{Map, Value};

use super::report::Report;
use crate::hints::{parse_hints, Hints};
use crate::text::{quoted, short_line, truncate_chars};
use crate::words::{Msg, Noun};

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

/// Whether this renderer draws the result: its `kind` must be [`WIDGET_KIND`].
pub(super) fn check_kind(kind: Option<&Value>) -> Result<(), Msg> {
    match kind {
        Some(Value::String(k)) if k == WIDGET_KIND => Ok(()),
        Some(Value::String(k)) => Err(Msg::OtherKind {
            kind: short_line(k),
        }),
        _ => Err(Msg::NoKind),
    }
}

/// What a result is about: its resource and action, in whose words it is told, and its hints.
pub(super) struct About {
    pub(super) resource: String,
    pub(super) action: String,
    pub(super) noun: Noun,
    pub(super) hints: Hints,
}

/// Reads what `sc` is about, reporting a schema version this widget does not know and fields it
/// ignores.
pub(super) fn about(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::object;
    use serde_json::json;

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
}
