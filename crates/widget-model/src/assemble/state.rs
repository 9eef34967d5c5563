//! The result's state (ok, empty, loading, error) as declared and as its content bears out, and
//! its error.

use serde_json::{Map, Value};

use super::report::Report;
use crate::error;
use crate::model::State;
use crate::table::Table;
use crate::text::{quoted, short_line};
use crate::words::{Msg, Text};

pub(super) fn state(
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
