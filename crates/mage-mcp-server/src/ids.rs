//! Ids that travel into the cluster's URL paths (`/api/pipelines/<uuid>/blocks/<uuid>`), checked
//! before any request. Percent-encoding is not enough: URL parsers resolve `.` and `..` path
//! segments (and their encoded forms `%2e`, `.%2e`, …), so a pipeline uuid of `..` would turn
//! `/api/pipelines/../blocks/x` into `/api/blocks/x`, another route of the service, called with the
//! user's credentials. Such ids are refused outright; every other character is percent-encoded
//! (`/` included), so an id stays one path segment.

use crate::widget_result::ToolError;

/// Why `value` cannot be an id, or `None` when it can.
pub fn refusal(value: &str) -> Option<&'static str> {
    if value.is_empty() {
        return Some("it is empty");
    }
    if value.chars().any(char::is_control) {
        return Some("it holds a control character");
    }
    // `a/../b` is one encoded segment here, but a server that decodes `%2F` before it resolves
    // paths would climb out of it; no uuid the service makes has such a part.
    if value
        .split(['/', '\\'])
        .any(|part| part == "." || part == "..")
    {
        return Some("'.' and '..' name no record (a URL resolves them to another path)");
    }
    None
}

/// `value` as the id in argument `field`, or the tool error that names the field. Nothing is sent
/// to the cluster for a refused id.
pub fn check(field: &str, value: &str) -> Result<(), ToolError> {
    match refusal(value) {
        None => Ok(()),
        Some(reason) => Err(ToolError::api(format!(
            "{field} {:?} is not a valid id: {reason}; nothing was sent to the cluster (400).",
            value
        ))),
    }
}

/// Checks every id argument of a tool call, named by field; `None` values are absent optional
/// arguments.
pub fn check_all<'a>(
    fields: impl IntoIterator<Item = (&'static str, Option<&'a str>)>,
) -> Result<(), ToolError> {
    fields
        .into_iter()
        .filter_map(|(field, value)| value.map(|v| (field, v)))
        .try_for_each(|(field, value)| check(field, value))
}

/// The id arguments of a tool's arguments, named by field, for [`check_all`].
pub trait IdArguments {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)>;

    /// Every id argument checked.
    fn check_ids(&self) -> Result<(), ToolError> {
        check_all(self.ids())
    }
}

/// One URL path segment: the id checked, then percent-encoded (unreserved characters kept), so
/// whatever it holds it stays one segment that names no other route. Values from the cluster's own
/// answers (a run's pipeline uuid, a new block's uuid) pass through here too.
pub fn path_segment(value: &str) -> Result<String, ToolError> {
    if let Some(reason) = refusal(value) {
        return Err(ToolError::api(format!(
            "An id in the request path was refused ({reason}); nothing was sent to the cluster."
        )));
    }
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widget_result::ErrorCode;

    #[test]
    fn dots_empty_and_control_characters_are_refused_naming_the_field() {
        for bad in [
            "", ".", "..", "a/../b", "../x", "x/..", "./x", "a\\..\\b", "a\nb", "a\u{0}b", "\u{7f}",
        ] {
            let error = check("pipeline_uuid", bad).expect_err(bad);
            assert_eq!(error.code, ErrorCode::ApiError);
            assert!(
                error.message.starts_with("pipeline_uuid "),
                "{}",
                error.message
            );
            assert!(path_segment(bad).is_err(), "{bad:?}");
        }
        for good in ["etl_daily", "a.b", "...", "..a", "dbt/models/x", "é", "a b"] {
            assert!(check("uuid", good).is_ok(), "{good}");
        }
    }

    #[test]
    fn a_segment_keeps_unreserved_characters_and_encodes_the_rest() {
        assert_eq!(path_segment("etl_daily").as_deref().ok(), Some("etl_daily"));
        assert_eq!(path_segment("a/b?c").as_deref().ok(), Some("a%2Fb%3Fc"));
        assert_eq!(path_segment("%2e%2e").as_deref().ok(), Some("%252e%252e"));
        assert_eq!(path_segment("é").as_deref().ok(), Some("%C3%A9"));
    }

    #[test]
    fn absent_optional_ids_pass_and_the_first_bad_one_is_named() {
        assert!(check_all([("pipeline_uuid", None), ("uuid", Some("x"))]).is_ok());
        let error = check_all([("pipeline_uuid", Some("p")), ("block_uuid", Some(".."))])
            .expect_err("refused");
        assert!(
            error.message.starts_with("block_uuid "),
            "{}",
            error.message
        );
    }
}
