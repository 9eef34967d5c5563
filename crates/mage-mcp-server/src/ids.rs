//! Ids that travel into the cluster's URL paths (`/api/pipelines/<uuid>/blocks/<uuid>`), checked
//! before any request by one allow-list, in both backends. An id names a record; it is never a
//! path. Mage joins a decoded pipeline id onto its project folder (`os.path.join`), and a join
//! with an absolute path drops the folder: `/srv/other/pipelines/x` would read, or delete,
//! another folder. URL parsers also resolve `.` and `..` segments, even percent-encoded. So an id
//! is made of letters, digits, `_`, `-`, `.` and inner spaces, in segments joined by single `/`
//! (a dbt block's `dbt/models/orders`); it never starts with `/`, and no segment is `.` or `..`.
//! A drive letter (`C:`), a leading `\` or `~`, `%`, control characters and every other
//! character fall outside the list. Every accepted id is then percent-encoded (`/` included), so
//! it stays one path segment.

use crate::widget_result::ToolError;

/// The longest id accepted, in characters (a file name's bound on most systems).
pub const MAX_ID_CHARS: usize = 255;

/// Why `value` cannot be an id, or `None` when it can.
pub fn refusal(value: &str) -> Option<&'static str> {
    if value.is_empty() {
        return Some("it is empty");
    }
    if value.chars().count() > MAX_ID_CHARS {
        return Some("it is longer than 255 characters");
    }
    if value.chars().any(char::is_control) {
        return Some("it holds a control character");
    }
    if value.starts_with('/') {
        return Some("it is an absolute path (joined onto a folder, it leaves the folder)");
    }
    if let Some(c) = value
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' ' | '/')))
    {
        return Some(match c {
            ':' => "it holds ':' (a drive letter or a scheme)",
            '\\' => "it holds '\\' (a path separator)",
            '~' => "it holds '~' (a home folder)",
            _ => "it holds a character no id has (only letters, digits, '_', '-', '.', spaces and '/' between parts)",
        });
    }
    if value.starts_with(' ') || value.ends_with(' ') {
        return Some("it starts or ends with a space");
    }
    if value
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return Some("it has an empty, '.' or '..' part (a URL or a path resolves them elsewhere)");
    }
    None
}

/// `value` as the id in argument `field`, or the tool error that names the field. Nothing is sent
/// to the cluster for a refused id.
pub fn check(field: &str, value: &str) -> Result<(), ToolError> {
    match refusal(value) {
        None => Ok(()),
        Some(reason) => Err(ToolError::api(format!(
            "{field} {:?} is not a valid id (an id names a record, never a place): {reason}; nothing was sent to the cluster (400).",
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
    fn ids_outside_the_allow_list_are_refused_naming_the_field() {
        for bad in [
            "",
            ".",
            "..",
            "a/../b",
            "../x",
            "x/..",
            "./x",
            "a//b",
            "a/",
            "a\\..\\b",
            "a\nb",
            "a\u{0}b",
            "\u{7f}",
            "/srv/other/pipelines/x",
            "/etc",
            "C:\\Users\\x",
            "C:",
            "c:/x",
            "\\\\server\\share",
            "\\x",
            "~",
            "~/x",
            "~root",
            "%2Fetc",
            "%2e%2e",
            "x?y",
            "x#y",
            " leading",
            "trailing ",
        ] {
            let error = check("pipeline_uuid", bad).expect_err(bad);
            assert_eq!(error.code, ErrorCode::ApiError);
            assert!(
                error.message.starts_with("pipeline_uuid "),
                "{}",
                error.message
            );
            assert!(
                error.message.contains("nothing was sent"),
                "{}",
                error.message
            );
            assert!(path_segment(bad).is_err(), "{bad:?}");
        }
        let long = "a".repeat(MAX_ID_CHARS + 1);
        assert!(check("uuid", &long).is_err());
        assert!(check("uuid", &"a".repeat(MAX_ID_CHARS)).is_ok());
        for good in [
            "etl_daily",
            "a.b",
            "...",
            "..a",
            "dbt/models/x",
            "é",
            "a b",
            "load-orders_v2",
            "42",
            "日本語",
        ] {
            assert!(check("uuid", good).is_ok(), "{good}");
        }
    }

    #[test]
    fn a_segment_keeps_unreserved_characters_and_encodes_the_rest() {
        assert_eq!(path_segment("etl_daily").as_deref().ok(), Some("etl_daily"));
        assert_eq!(
            path_segment("dbt/models/x").as_deref().ok(),
            Some("dbt%2Fmodels%2Fx")
        );
        assert_eq!(path_segment("a b").as_deref().ok(), Some("a%20b"));
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
