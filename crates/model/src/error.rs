//! Tool errors. Every tool error is an envelope `{status: "error", error: {code, message}}`; the
//! codes are the tool interface's. A code the widget does not know is shown as written.

use serde_json::{Map, Value};

use crate::model::ErrorInfo;
use crate::text::{bounded_text, truncate_chars};

/// What each known code means and what the user can do, from the tool interface's error table.
fn known_code(code: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match code {
        "CONFIG_INVALID" => (
            "The agent's configuration file is missing or malformed.",
            Some("Check config.json in the agent's working directory, then try again."),
        ),
        "AUTH_REQUIRED" => (
            "No credentials were found.",
            Some("Sign in with the agent's login command, then try again."),
        ),
        "AUTH_EXPIRED" => (
            "The cluster refused the credentials (401 or 403).",
            Some("Run the agent's login command again, then retry."),
        ),
        "API_ERROR" => ("The cluster's API returned an error.", None),
        "TOOL_NOT_FOUND" => ("The requested tool is not registered.", None),
        "INTERNAL_ERROR" => ("The agent hit an unexpected internal failure.", None),
        _ => return None,
    })
}

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

/// Error info from a code and message, filling in what the code implies.
pub fn info(code: Option<String>, message: Option<String>) -> ErrorInfo {
    let known = code.as_deref().and_then(known_code);
    let message = message
        .filter(|m| !m.trim().is_empty())
        .or_else(|| known.map(|(meaning, _)| meaning.to_owned()))
        .unwrap_or_else(|| "The tool reported an error.".to_owned());
    let remedy = known.and_then(|(_, remedy)| remedy).map(str::to_owned);
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
            assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn auth_expired_carries_the_login_remedy() {
        let e = from_envelope(&json!({
            "status": "error", "error": { "code": "AUTH_EXPIRED", "message": "401 from cluster" }
        }))
        .expect("envelope");
        assert_eq!(e.message, "401 from cluster");
        assert!(e
            .remedy
            .as_deref()
            .is_some_and(|r| r.contains("login command again")));
    }

    #[test]
    fn unknown_codes_and_odd_shapes_still_make_an_error() {
        let e = from_envelope(
            &json!({ "status": "error", "error": { "code": "TEAPOT", "message": 5 } }),
        )
        .expect("envelope");
        assert_eq!(e.code.as_deref(), Some("TEAPOT"));
        assert_eq!(e.message, "The tool reported an error.");
        assert_eq!(e.remedy, None);
        let e = from_envelope(&json!({ "status": "error", "error": "boom" })).expect("envelope");
        assert_eq!(e.message, "boom");
        assert_eq!(from_envelope(&json!({ "status": "ok" })), None);
    }
}
