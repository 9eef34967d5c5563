//! Tool errors. Every tool error is an envelope `{status: "error", error: {code, message}}`; the
//! codes are the tool interface's. A code the widget does not know is shown as written.

use serde_json::{Map, Value};

use crate::model::ErrorInfo;
use crate::text::{bounded_text, truncate_chars};
use crate::words::{ErrorCode, Msg, Text};

/// The error info of a tool error envelope, or `None` when `value` is not one.
pub fn from_envelope(value: &Value) -> Option<ErrorInfo> {
    from_envelope_map(value.as_object()?)
}

/// [`from_envelope`] for an object already in hand.
pub fn from_envelope_map(obj: &Map<String, Value>) -> Option<ErrorInfo> {
    if obj.get("status").and_then(Value::as_str) != Some("error") {
        return None;
    }
    let error = obj.get("error");
    let code = error
        .and_then(|e| e.get("code"))
        .and_then(Value::as_str)
        .map(|c| truncate_chars(c.trim(), 64))
        .filter(|c| !c.is_empty());
    let message = error
        .and_then(|e| e.get("message"))
        .and_then(Value::as_str)
        .or_else(|| error.and_then(Value::as_str))
        .map(bounded_text);
    Some(info(code, message))
}

/// Error info from a code and message, filling in what the code implies: its meaning when the
/// producer gave no message, and what the user can do for the codes that have a remedy.
pub fn info(code: Option<String>, message: Option<String>) -> ErrorInfo {
    let known = code.as_deref().and_then(ErrorCode::parse);
    let message = match message.filter(|m| !m.trim().is_empty()) {
        Some(m) => Text::Given(m),
        None => Text::Own(known.map_or(Msg::ToolReportedError, Msg::CodeMeaning)),
    };
    let remedy = known
        .filter(|k| {
            matches!(
                k,
                ErrorCode::ConfigInvalid | ErrorCode::AuthRequired | ErrorCode::AuthExpired
            )
        })
        .map(|k| Text::Own(Msg::CodeRemedy(k)));
    ErrorInfo {
        code,
        message,
        remedy,
        detail: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_code_of_the_tool_interface_reads_well() {
        for code in [
            "CONFIG_INVALID",
            "AUTH_REQUIRED",
            "AUTH_EXPIRED",
            "API_ERROR",
            "TOOL_NOT_FOUND",
            "INTERNAL_ERROR",
        ] {
            let e = from_envelope(&json!({ "status": "error", "error": { "code": code } }))
                .expect(code);
            assert_eq!(e.code.as_deref(), Some(code));
            assert!(!e.message.english().is_empty());
        }
    }

    #[test]
    fn auth_expired_carries_the_login_remedy() {
        let e = from_envelope(&json!({
            "status": "error", "error": { "code": "AUTH_EXPIRED", "message": "401 from cluster" }
        }))
        .expect("envelope");
        assert_eq!(e.message, Text::Given("401 from cluster".into()));
        assert!(e
            .remedy
            .is_some_and(|r| r.english().contains("login command again")));
    }

    #[test]
    fn unknown_codes_and_odd_shapes_still_make_an_error() {
        let e = from_envelope(
            &json!({ "status": "error", "error": { "code": "TEAPOT", "message": 5 } }),
        )
        .expect("envelope");
        assert_eq!(e.code.as_deref(), Some("TEAPOT"));
        assert_eq!(e.message, Text::Own(Msg::ToolReportedError));
        assert_eq!(e.remedy, None);
        let e = from_envelope(&json!({ "status": "error", "error": "boom" })).expect("envelope");
        assert_eq!(e.message, Text::Given("boom".into()));
        assert_eq!(from_envelope(&json!({ "status": "ok" })), None);
    }
}
