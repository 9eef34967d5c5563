//! Log files as the service returns them: `{name, content, path?, size?, modified_timestamp?}`,
//! where `content` is one string of lines, each `<ISO time> <JSON object>` (keys such as `level`,
//! `message`, `block_uuid`, `timestamp`, `error`) or plain text (tracebacks). A file can exceed a
//! megabyte, so the model keeps its (redacted) text and the span of each line, and parses a line
//! only when it is drawn ([`LogFile::line`]). Finding the first error is one pass over the bytes.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::redact::redact_in_place;
use crate::text::{bounded_text, truncate_chars};
use crate::time::{epoch_timestamp, parse_timestamp, Timestamp};

/// Characters kept of one line's message; the whole line is in its details.
const MAX_MESSAGE_CHARS: usize = 2_000;

/// One log file.
#[derive(Clone, Debug, PartialEq)]
pub struct LogFile {
    pub name: String,
    pub size: Option<u64>,
    pub modified: Option<Timestamp>,
    text: Arc<str>,
    /// Each line's byte range in `text`.
    lines: Arc<[(u32, u32)]>,
    /// The first line that records an error, if any.
    pub first_error: Option<usize>,
}

/// How serious a line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Info,
    Debug,
    Other(String),
}

impl Level {
    fn parse(s: &str) -> Level {
        match s.to_ascii_uppercase().as_str() {
            "ERROR" | "CRITICAL" | "FATAL" | "EXCEPTION" => Level::Error,
            "WARNING" | "WARN" => Level::Warning,
            "INFO" => Level::Info,
            "DEBUG" | "TRACE" => Level::Debug,
            _ => Level::Other(truncate_chars(s, 16)),
        }
    }

    /// The CSS modifier (`log__line--error`).
    pub fn css_name(&self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Info => "info",
            Level::Debug => "debug",
            Level::Other(_) => "other",
        }
    }

    /// The level as a short word, as logs write it.
    pub fn label(&self) -> &str {
        match self {
            Level::Error => "ERROR",
            Level::Warning => "WARNING",
            Level::Info => "INFO",
            Level::Debug => "DEBUG",
            Level::Other(s) => s,
        }
    }
}

/// One line, read.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub time: Option<Timestamp>,
    pub level: Option<Level>,
    pub block: Option<String>,
    pub message: String,
    /// The error or traceback the line carries, whole (bounded).
    pub error: Option<String>,
    /// A plain line of a traceback (`Traceback …`, `  File …`, `ValueError: …`).
    pub traceback: bool,
}

impl LogLine {
    /// Whether the line records an error.
    pub fn is_error(&self) -> bool {
        self.level == Some(Level::Error) || self.error.is_some() || self.traceback
    }

    /// What went wrong in one line: the exception a traceback ends with (`StaleCredentialError: …`),
    /// else the message. Runners wrap the real error in a generic message ("Exception thrown
    /// when attempting to run …"); the exception is what a reader looks for.
    pub fn headline(&self) -> &str {
        self.error
            .as_deref()
            .and_then(|e| {
                e.lines()
                    .rev()
                    .map(str::trim)
                    .find(|l| is_exception_line(l))
            })
            .unwrap_or(&self.message)
    }
}

/// Whether `records` are log files: each has a string `name` and a string `content`.
pub fn are_log_files(records: &[&Map<String, Value>]) -> bool {
    !records.is_empty()
        && records.iter().all(|r| {
            r.get("name").is_some_and(Value::is_string)
                && r.get("content").is_some_and(Value::is_string)
        })
}

/// The log files of `records` (already redacted).
pub fn log_files(records: &[&Map<String, Value>]) -> Vec<LogFile> {
    records
        .iter()
        .filter_map(|r| LogFile::from_record(r))
        .collect()
}

impl LogFile {
    fn from_record(record: &Map<String, Value>) -> Option<LogFile> {
        let name = truncate_chars(&bounded_text(record.get("name")?.as_str()?), 200);
        let text: Arc<str> = Arc::from(record.get("content")?.as_str()?);
        let modified = match record.get("modified_timestamp") {
            Some(Value::Number(n)) => n.as_f64().and_then(epoch_timestamp),
            Some(Value::String(s)) => parse_timestamp(s),
            _ => None,
        };
        let lines = line_spans(&text);
        let first_error = lines
            .iter()
            .position(|&(a, b)| line_has_error(&text[a as usize..b as usize]));
        Some(LogFile {
            name,
            size: record.get("size").and_then(Value::as_u64),
            modified,
            lines: lines.into(),
            text,
            first_error,
        })
    }

    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Line `index`'s text as it is in the file.
    pub fn raw_line(&self, index: usize) -> &str {
        self.lines
            .get(index)
            .and_then(|&(a, b)| self.text.get(a as usize..b as usize))
            .unwrap_or_default()
    }

    /// Line `index`, read: `<time> <JSON>` into its fields, anything else as plain text.
    pub fn line(&self, index: usize) -> LogLine {
        read_line(self.raw_line(index))
    }
}

/// The byte range of each line (without its line break); a file with no text has no lines.
fn line_spans(text: &str) -> Vec<(u32, u32)> {
    let mut spans = Vec::new();
    let mut start = 0usize;
    let bytes = text.as_bytes();
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            let end = if i > start && bytes[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
            spans.push((clamp(start), clamp(end)));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        spans.push((clamp(start), clamp(bytes.len())));
    }
    spans
}

/// A cheap look at a line's bytes for an error: an ERROR level, an `error` field with a value,
/// or the first line of a traceback.
fn line_has_error(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.starts_with("Traceback ")
        || line.contains("\"level\": \"ERROR\"")
        || line.contains("\"level\":\"ERROR\"")
        || (line.contains("\"error\": \"") || line.contains("\"error\":\""))
        || is_exception_line(trimmed)
}

/// `ValueError: …`, `snowflake.connector.errors.ProgrammingError: …`: the last line of a traceback.
fn is_exception_line(line: &str) -> bool {
    let Some((name, _)) = line.split_once(": ") else {
        return false;
    };
    !name.is_empty()
        && name.len() <= 120
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

fn read_line(raw: &str) -> LogLine {
    let plain = |raw: &str| {
        let trimmed = raw.trim_start();
        let traceback = trimmed.starts_with("Traceback ")
            || trimmed.starts_with("File \"")
            || is_exception_line(trimmed);
        LogLine {
            time: None,
            level: None,
            block: None,
            message: truncate_chars(&bounded_text(raw), MAX_MESSAGE_CHARS),
            error: None,
            traceback,
        }
    };
    let Some((head, rest)) = raw.split_once(' ') else {
        return plain(raw);
    };
    let time = parse_timestamp(head);
    let json = if time.is_some() {
        rest.trim_start()
    } else {
        raw
    };
    if !json.starts_with('{') {
        return match time {
            Some(time) => LogLine {
                time: Some(time),
                ..plain(rest)
            },
            None => plain(raw),
        };
    }
    let Ok(mut value) = serde_json::from_str::<Value>(json) else {
        let text = if time.is_some() { rest } else { raw };
        return LogLine {
            time,
            ..plain(text)
        };
    };
    redact_in_place(&mut value);
    let field = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let time = time.or_else(|| match value.get("timestamp") {
        Some(Value::Number(n)) => n.as_f64().and_then(epoch_timestamp),
        Some(Value::String(s)) => parse_timestamp(s),
        _ => None,
    });
    let error = field("error")
        .or_else(|| field("error_stack"))
        .map(bounded_text);
    LogLine {
        time,
        level: field("level").map(Level::parse),
        block: field("block_uuid").map(|b| truncate_chars(b, 120)),
        message: truncate_chars(
            &bounded_text(field("message").unwrap_or(json)),
            MAX_MESSAGE_CHARS,
        ),
        error,
        traceback: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn file(content: &str) -> LogFile {
        let record = json!({ "name": "check.log", "content": content, "size": content.len(), "modified_timestamp": 1795451630.12 });
        log_files(&[record.as_object().expect("object")]).remove(0)
    }

    #[test]
    fn lines_of_json_are_read_into_their_fields() {
        let f = file("2026-11-23T16:33:49 {\"block_uuid\": \"check\", \"level\": \"INFO\", \"message\": \"Start\", \"timestamp\": 1795451629.4}\n2026-11-23T16:33:50 {\"level\": \"ERROR\", \"message\": \"Failed\", \"error\": \"Traceback (most recent call last):\\n  File x\\nValueError: bad\", \"token\": \"s3cret\"}\nplain words\n");
        assert_eq!(f.line_count(), 3);
        assert_eq!(f.first_error, Some(1));
        let first = f.line(0);
        assert_eq!(
            (
                first.level.clone(),
                first.block.as_deref(),
                first.message.as_str()
            ),
            (Some(Level::Info), Some("check"), "Start")
        );
        assert!(first.time.is_some());
        let second = f.line(1);
        assert!(second.is_error());
        assert!(second
            .error
            .as_deref()
            .is_some_and(|e| e.contains("ValueError: bad")));
        assert_eq!(
            second.headline(),
            "ValueError: bad",
            "the exception, not the wrapper's message"
        );
        assert_eq!(first.headline(), "Start");
        assert_eq!(f.line(2).message, "plain words");
        assert!(f.modified.is_some());
    }

    #[test]
    fn tracebacks_in_plain_text_are_marked_and_found() {
        let f = file(
            "start\nTraceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'x'\n",
        );
        assert_eq!(f.first_error, Some(1));
        assert!(f.line(2).traceback && f.line(3).traceback && !f.line(0).traceback);
    }

    #[test]
    fn an_empty_file_has_no_lines_and_odd_lines_stay_text() {
        assert_eq!(file("").line_count(), 0);
        let f = file("2026-11-23T16:33:49 {not json\r\n{\"a\":1}");
        assert_eq!(f.line_count(), 2);
        assert_eq!(f.line(0).message, "{not json");
        assert!(f.line(0).time.is_some());
        assert_eq!(
            f.line(1).message,
            "{\"a\":1}",
            "a JSON line without a message shows its text"
        );
        assert!(!are_log_files(&[json!({ "name": "x" })
            .as_object()
            .expect("o")]));
    }

    #[test]
    fn a_large_file_is_split_without_reading_its_lines() {
        let line = "2026-11-23T16:33:49 {\"level\": \"INFO\", \"message\": \"row\"}\n";
        let f = file(&line.repeat(30_000));
        assert_eq!(f.line_count(), 30_000);
        assert_eq!(f.first_error, None);
        assert_eq!(f.line(29_999).message, "row");
    }
}
