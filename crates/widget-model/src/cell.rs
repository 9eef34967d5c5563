//! One value of a record, classified for display. An unexpected type degrades this one cell to a
//! generic rendering; it never fails the record or the result.

use serde_json::Value;

use crate::limits::{MAX_CELL_DEPTH, MAX_NESTED_ITEMS};
use crate::redact::is_hidden_under;
use crate::status::Status;
use crate::text::{bounded_text, decimal_value, humanize_key, number_text};
use crate::time::{duration_text, parse_timestamp, Timestamp};
use crate::words::Msg;

/// How a column's values are meant to be read. Declared by the producer (`columns[].type`) or
/// inferred from the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// Decide per value.
    Auto,
    Text,
    Id,
    Status,
    Datetime,
    Number,
    Boolean,
    /// Seconds, or milliseconds when the key ends in `_ms`.
    Duration {
        millis: bool,
    },
    Code,
    Json,
    Tags,
    /// A size in bytes, read as KB or MB.
    Bytes,
    /// A run's progress, from its `completed_block_runs_count` and `block_runs_count`.
    Progress,
    /// A run's duration, from its `started_at` to its `completed_at`.
    Elapsed,
}

impl ColumnKind {
    /// The contract's `columns[].type` value, if it is one.
    pub fn from_declared(name: &str, key: &str) -> Option<ColumnKind> {
        use widget_result::ColumnType;
        Some(match ColumnType::parse(name)? {
            ColumnType::Text => ColumnKind::Text,
            ColumnType::Id => ColumnKind::Id,
            ColumnType::Status => ColumnKind::Status,
            ColumnType::Datetime => ColumnKind::Datetime,
            ColumnType::Number => ColumnKind::Number,
            ColumnType::Boolean => ColumnKind::Boolean,
            ColumnType::Duration => ColumnKind::Duration {
                millis: key.ends_with("_ms"),
            },
            ColumnType::Code => ColumnKind::Code,
            ColumnType::Json => ColumnKind::Json,
            ColumnType::Tags => ColumnKind::Tags,
        })
    }

    /// The kind a key suggests when the producer declared none.
    pub fn infer(key: &str, hints: &KeyHints) -> ColumnKind {
        let k = key.to_ascii_lowercase();
        if hints.primary_key.as_deref() == Some(key)
            || k == "id"
            || k == "uuid"
            || k.ends_with("_id")
            || k.ends_with("_uuid")
        {
            ColumnKind::Id
        } else if hints.status_key.as_deref() == Some(key)
            || k == "status"
            || k.ends_with("_status")
        {
            ColumnKind::Status
        } else if k == "content" || k == "source" || k == "code" || k == "sql" {
            ColumnKind::Code
        } else if k.contains("duration") || k.ends_with("_seconds") || k.ends_with("_secs") {
            ColumnKind::Duration { millis: false }
        } else if k.ends_with("_ms") {
            ColumnKind::Duration { millis: true }
        } else if k == "timestamp" || k.ends_with("_at") || k.ends_with("_timestamp") {
            // Strings in any accepted form, and epoch seconds (or milliseconds).
            ColumnKind::Datetime
        } else if k == "size" || k == "bytes" || k.ends_with("_size") || k.ends_with("_bytes") {
            ColumnKind::Bytes
        } else {
            ColumnKind::Auto
        }
    }

    /// Whether values of this kind read best right-aligned.
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            ColumnKind::Number
                | ColumnKind::Duration { .. }
                | ColumnKind::Bytes
                | ColumnKind::Elapsed
        )
    }
}

/// Keys the producer's hints single out.
#[derive(Clone, Debug, Default)]
pub struct KeyHints {
    pub primary_key: Option<String>,
    pub status_key: Option<String>,
}

/// One field of a nested object.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub key: String,
    pub label: String,
    pub cell: Cell,
}

/// A value ready to draw. Strings here are plain text: the views put them in text nodes only.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Null or absent.
    Missing,
    /// The value sat under a sensitive key; it is not in the model.
    Redacted,
    Text(String),
    /// An identifier: monospace, copyable.
    Id(String),
    Status(Status),
    Time(Timestamp),
    Number {
        value: f64,
        text: String,
    },
    Bool(bool),
    Duration {
        seconds: f64,
        text: String,
    },
    /// A size in bytes.
    Bytes(u64),
    /// Blocks done of all blocks in a run.
    Progress {
        done: u64,
        total: u64,
    },
    /// An `http:` or `https:` URL; nothing else becomes a link.
    Link {
        href: String,
    },
    Code {
        text: String,
        language: Option<String>,
    },
    Tags(Vec<String>),
    /// An array; `total` counts every item, `items` holds at most [`MAX_NESTED_ITEMS`].
    List {
        items: Vec<Cell>,
        total: usize,
    },
    /// An object; `total` counts every field.
    Record {
        fields: Vec<Field>,
        total: usize,
    },
    /// Nesting too deep to show; a short description stands in.
    Elided(String),
    /// A value of a data table (a block output's sample), as its DataFrame prints it
    /// (the `dataframe` module): data, never rounded or made relative as metadata is.
    Datum(Datum),
}

/// A DataFrame's value ([`Cell::Datum`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Datum {
    /// A number in its column's one format: `13.894593`, `1.234568e+06`, `1201`.
    Number { value: f64, text: String },
    /// A date (midnight UTC, shown as a date) or an instant (shown in the host's zone).
    Time { epoch_ms: i64, date_only: bool },
    /// A missing value as the DataFrame names it: `NaN`, `NaT`, `None`.
    Null(&'static str),
}

impl Datum {
    /// The value as pandas prints it, which is what the user compares it with: numbers as
    /// printed, dates as `2040-10-15`, datetimes as `2040-10-15 06:00:00` (in UTC).
    pub fn plain_text(&self) -> String {
        match self {
            Datum::Number { text, .. } => text.clone(),
            Datum::Time {
                epoch_ms,
                date_only,
            } => {
                let end = if *date_only { 10 } else { 19 };
                crate::time::utc_text(*epoch_ms)
                    .get(..end)
                    .unwrap_or_default()
                    .to_owned()
            }
            Datum::Null(mark) => (*mark).to_owned(),
        }
    }
}

/// What building a cell needs besides the value.
pub struct CellContext<'a> {
    /// The record's `language`, for its code cells.
    pub language: Option<&'a str>,
}

/// Counts values that did not match their column's declared kind.
#[derive(Default)]
pub struct Degraded {
    pub count: usize,
}

impl Cell {
    /// A run's progress from its record, when it carries both counts.
    pub fn progress_of(record: &serde_json::Map<String, Value>) -> Cell {
        match (
            record
                .get("completed_block_runs_count")
                .and_then(Value::as_u64),
            record.get("block_runs_count").and_then(Value::as_u64),
        ) {
            (Some(done), Some(total)) => Cell::Progress {
                done: done.min(total),
                total,
            },
            _ => Cell::Missing,
        }
    }

    /// A run's duration from its record's `started_at` to its `completed_at`, when it has both.
    pub fn elapsed_of(record: &serde_json::Map<String, Value>) -> Cell {
        let instant = |key: &str| match record.get(key)? {
            Value::String(s) => parse_timestamp(s).map(|t| t.epoch_ms),
            Value::Number(n) => n
                .as_f64()
                .and_then(crate::time::epoch_timestamp)
                .map(|t| t.epoch_ms),
            _ => None,
        };
        let seconds = match (instant("started_at"), instant("completed_at")) {
            (Some(start), Some(end)) if end >= start => (end - start) as f64 / 1000.0,
            _ => return Cell::Missing,
        };
        duration_text(seconds).map_or(Cell::Missing, |text| Cell::Duration { seconds, text })
    }

    /// Classifies `value`, read under `key` in a column of `kind`.
    pub fn from_value(
        key: &str,
        value: &Value,
        kind: ColumnKind,
        ctx: &CellContext<'_>,
        degraded: &mut Degraded,
    ) -> Cell {
        // A flag or a count under a secret's name (`requires_password: true`, `max_tokens: 4096`)
        // is shown as what it is.
        if is_hidden_under(key, value) {
            return Cell::Redacted;
        }
        if value.is_null() {
            return Cell::Missing;
        }
        if let Some(cell) = Self::as_kind(value, kind, ctx) {
            return cell;
        }
        if !matches!(kind, ColumnKind::Auto | ColumnKind::Text | ColumnKind::Json) {
            degraded.count += 1;
        }
        generic(value, 0)
    }

    /// The cell for `value` read strictly as `kind`, or `None` when it does not fit.
    fn as_kind(value: &Value, kind: ColumnKind, ctx: &CellContext<'_>) -> Option<Cell> {
        match (kind, value) {
            (ColumnKind::Id, Value::String(s)) => Some(Cell::Id(bounded_text(s))),
            (ColumnKind::Id, Value::Number(n)) => Some(Cell::Id(n.to_string())),
            (ColumnKind::Status, Value::String(s)) => Some(Cell::Status(Status::new(s))),
            (ColumnKind::Datetime, Value::String(s)) => parse_timestamp(s).map(Cell::Time),
            (ColumnKind::Datetime, Value::Number(n)) => n
                .as_f64()
                .and_then(crate::time::epoch_timestamp)
                .map(Cell::Time),
            (ColumnKind::Bytes, Value::Number(n)) => n.as_u64().map(Cell::Bytes),
            (ColumnKind::Number, Value::Number(n)) => n.as_f64().map(number_cell),
            (ColumnKind::Number, Value::String(s)) => decimal_value(s).map(number_cell),
            (ColumnKind::Boolean, Value::Bool(b)) => Some(Cell::Bool(*b)),
            (ColumnKind::Boolean, Value::String(s)) => match s.as_str() {
                "true" | "True" => Some(Cell::Bool(true)),
                "false" | "False" => Some(Cell::Bool(false)),
                _ => None,
            },
            (ColumnKind::Duration { millis }, Value::Number(n)) => {
                let raw = n.as_f64()?;
                let seconds = if millis { raw / 1000.0 } else { raw };
                duration_text(seconds).map(|text| Cell::Duration { seconds, text })
            }
            (ColumnKind::Code, Value::String(s)) => Some(Cell::Code {
                text: bounded_text(s),
                language: ctx.language.map(|l| crate::text::truncate_chars(l, 32)),
            }),
            (ColumnKind::Tags, Value::Array(items)) => tags(items),
            _ => None,
        }
    }

    /// The full value as one line of plain text: for tooltips, the clipboard and sorting of text.
    pub fn plain_text(&self) -> String {
        match self {
            Cell::Missing => String::new(),
            Cell::Redacted => "redacted".to_owned(),
            Cell::Text(s) | Cell::Id(s) | Cell::Elided(s) => s.clone(),
            Cell::Status(s) => s.raw.clone(),
            Cell::Time(t) => t.absolute.clone(),
            Cell::Number { text, .. } | Cell::Duration { text, .. } => text.clone(),
            Cell::Bytes(n) => crate::text::bytes_text(*n),
            Cell::Progress { done, total } => format!("{done}/{total}"),
            Cell::Bool(b) => if *b { "true" } else { "false" }.to_owned(),
            Cell::Link { href } => href.clone(),
            Cell::Code { text, .. } => text.clone(),
            Cell::Tags(tags) => tags.join(", "),
            Cell::Datum(datum) => datum.plain_text(),
            Cell::List { .. } | Cell::Record { .. } => self
                .summary()
                .map(|m| crate::words::english(&m))
                .unwrap_or_default(),
        }
    }

    /// A few words for a nested value in a table cell: "5 items", "3 fields", or a record's own
    /// name when it has one ("load_orders (15 fields)"). `None` for values that are not nested.
    pub fn summary(&self) -> Option<Msg> {
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        match self {
            Cell::List { total, .. } => Some(Msg::Items {
                count: count(*total),
            }),
            Cell::Record { fields, total } => {
                let name = ["name", "uuid", "id", "title", "key", "path"]
                    .iter()
                    .find_map(|k| {
                        fields
                            .iter()
                            .find(|f| f.key == *k)
                            .and_then(|f| match &f.cell {
                                Cell::Text(s) | Cell::Id(s) => {
                                    Some(crate::text::truncate_chars(s, 40))
                                }
                                _ => None,
                            })
                    });
                Some(match name {
                    Some(name) => Msg::NamedFields {
                        name,
                        count: count(*total),
                    },
                    None => Msg::Fields {
                        count: count(*total),
                    },
                })
            }
            _ => None,
        }
    }

    /// An object or array with nothing in it.
    pub fn is_empty_nested(&self) -> bool {
        matches!(
            self,
            Cell::List { total: 0, .. } | Cell::Record { total: 0, .. }
        )
    }

    /// The key this cell sorts by.
    pub fn sort_key(&self) -> SortKey {
        match self {
            Cell::Missing => SortKey::Missing,
            Cell::Bool(b) => SortKey::Bool(*b),
            Cell::Number { value, .. } => SortKey::Number(*value),
            Cell::Duration { seconds, .. } => SortKey::Number(*seconds),
            Cell::Bytes(n) => SortKey::Number(*n as f64),
            Cell::Progress { done, total } => SortKey::Number(if *total == 0 {
                0.0
            } else {
                *done as f64 / *total as f64
            }),
            Cell::Time(t) => SortKey::Time(t.epoch_ms),
            Cell::Datum(Datum::Number { value, .. }) => SortKey::Number(*value),
            Cell::Datum(Datum::Time { epoch_ms, .. }) => SortKey::Time(*epoch_ms),
            Cell::Datum(Datum::Null(_)) => SortKey::Missing,
            Cell::Id(s) => match decimal_value(s) {
                Some(v) => SortKey::Number(v),
                None => SortKey::Text(s.to_lowercase()),
            },
            Cell::List { total, .. } | Cell::Record { total, .. } => SortKey::Number(*total as f64),
            other => SortKey::Text(other.plain_text().to_lowercase()),
        }
    }
}

fn number_cell(value: f64) -> Cell {
    Cell::Number {
        value,
        text: number_text(value),
    }
}

fn tags(items: &[Value]) -> Option<Cell> {
    if items.iter().any(|v| !(v.is_string() || v.is_number())) {
        return None;
    }
    Some(Cell::Tags(
        items
            .iter()
            .take(MAX_NESTED_ITEMS)
            .map(|v| match v {
                Value::String(s) => bounded_text(s),
                other => other.to_string(),
            })
            .collect(),
    ))
}

/// The cell for a value of no declared kind, decided by its JSON type and shape.
fn generic(value: &Value, depth: usize) -> Cell {
    match value {
        Value::Null => Cell::Missing,
        Value::Bool(b) => Cell::Bool(*b),
        Value::Number(n) => n
            .as_f64()
            .map_or_else(|| Cell::Text(n.to_string()), number_cell),
        Value::String(s) => string_cell(s),
        Value::Array(items) => {
            if depth >= MAX_CELL_DEPTH {
                return Cell::Elided(crate::text::plural(items.len(), "item", "items"));
            }
            if !items.is_empty() && items.iter().all(Value::is_string) {
                if let Some(tags) = tags(items) {
                    return tags;
                }
            }
            Cell::List {
                items: items
                    .iter()
                    .take(MAX_NESTED_ITEMS)
                    .map(|v| generic(v, depth + 1))
                    .collect(),
                total: items.len(),
            }
        }
        Value::Object(map) => {
            if depth >= MAX_CELL_DEPTH {
                return Cell::Elided(crate::text::plural(map.len(), "field", "fields"));
            }
            let language = map.get("language").and_then(Value::as_str);
            let ctx = CellContext { language };
            let hints = KeyHints::default();
            let fields = map
                .iter()
                .take(MAX_NESTED_ITEMS)
                .map(|(key, v)| {
                    let cell = if is_hidden_under(key, v) {
                        Cell::Redacted
                    } else {
                        Cell::as_kind(v, ColumnKind::infer(key, &hints), &ctx)
                            .unwrap_or_else(|| generic(v, depth + 1))
                    };
                    Field {
                        key: key.clone(),
                        label: humanize_key(key),
                        cell,
                    }
                })
                .collect();
            Cell::Record {
                fields,
                total: map.len(),
            }
        }
    }
}

/// A string is a timestamp when it parses as one, a link when it is an http(s) URL, else text.
fn string_cell(s: &str) -> Cell {
    if let Some(t) = parse_timestamp(s) {
        return Cell::Time(t);
    }
    if is_web_url(s) {
        return Cell::Link {
            href: s.trim().to_owned(),
        };
    }
    Cell::Text(bounded_text(s))
}

/// Only `http:` and `https:` URLs with a host, without whitespace or control characters.
pub fn is_web_url(s: &str) -> bool {
    let s = s.trim();
    let after_scheme = |scheme: &str| {
        s.get(..scheme.len())
            .filter(|prefix| prefix.eq_ignore_ascii_case(scheme))
            .map(|_| &s[scheme.len()..])
    };
    let Some(rest) = after_scheme("https://").or_else(|| after_scheme("http://")) else {
        return false;
    };
    s.len() <= 2048
        && !rest.is_empty()
        && !rest.starts_with('/')
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>')
}

/// What a cell sorts by. Missing values sort last in either direction.
#[derive(Clone, Debug, PartialEq)]
pub enum SortKey {
    Missing,
    Bool(bool),
    Number(f64),
    Time(i64),
    Text(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cell(key: &str, value: Value, kind: ColumnKind) -> (Cell, usize) {
        let mut degraded = Degraded::default();
        let c = Cell::from_value(
            key,
            &value,
            kind,
            &CellContext {
                language: Some("sql"),
            },
            &mut degraded,
        );
        (c, degraded.count)
    }

    #[test]
    fn declared_kinds_are_honoured() {
        assert_eq!(cell("id", json!(7), ColumnKind::Id).0, Cell::Id("7".into()));
        assert!(matches!(
            cell("status", json!("failed"), ColumnKind::Status).0,
            Cell::Status(_)
        ));
        assert!(matches!(
            cell("x", json!("2026-11-20 06:00:00"), ColumnKind::Datetime).0,
            Cell::Time(_)
        ));
        assert_eq!(
            cell("n", json!("12.5"), ColumnKind::Number).0,
            Cell::Number {
                value: 12.5,
                text: "12.5".into()
            }
        );
        assert_eq!(
            cell("b", json!("True"), ColumnKind::Boolean).0,
            Cell::Bool(true)
        );
        assert_eq!(
            cell(
                "runtime_ms",
                json!(1500),
                ColumnKind::Duration { millis: true }
            )
            .0,
            Cell::Duration {
                seconds: 1.5,
                text: "1.5 s".into()
            }
        );
        assert_eq!(
            cell("content", json!("select 1"), ColumnKind::Code).0,
            Cell::Code {
                text: "select 1".into(),
                language: Some("sql".into())
            }
        );
    }

    #[test]
    fn epoch_seconds_in_time_named_fields_are_times_and_sizes_are_bytes() {
        let (c, _) = cell(
            "modified_timestamp",
            json!(1795451630.121),
            ColumnKind::infer("modified_timestamp", &KeyHints::default()),
        );
        assert!(
            matches!(c, Cell::Time(ref t) if t.epoch_ms == 1_795_451_630_121),
            "{c:?}"
        );
        let (c, _) = cell("created_at", json!(1795451630000u64), ColumnKind::Datetime);
        assert!(
            matches!(c, Cell::Time(ref t) if t.epoch_ms == 1_795_451_630_000),
            "milliseconds too: {c:?}"
        );
        let (c, _) = cell("retries_at", json!(3), ColumnKind::Datetime);
        assert_eq!(
            c,
            Cell::Number {
                value: 3.0,
                text: "3".into()
            },
            "a small number is not a time"
        );
        let (c, _) = cell("size", json!(26492), ColumnKind::Bytes);
        assert_eq!(c, Cell::Bytes(26492));
        assert_eq!(c.plain_text(), "25.9 KB");
    }

    #[test]
    fn a_run_s_duration_is_its_start_to_its_end() {
        let record = |v: Value| v.as_object().cloned().unwrap_or_default();
        assert_eq!(
            Cell::elapsed_of(&record(json!({
                "started_at": "2026-11-23 16:33:30.123456+00:00",
                "completed_at": "2026-11-23 16:34:35.123456+00:00"
            }))),
            Cell::Duration {
                seconds: 65.0,
                text: "1 min 5 s".into()
            }
        );
        for unfinished in [
            json!({ "started_at": "2026-11-23 16:33:30", "completed_at": null }),
            json!({ "started_at": "2026-11-23 16:33:30", "completed_at": "2026-11-23 16:33:00" }),
            json!({ "completed_at": "2026-11-23 16:33:30" }),
        ] {
            assert_eq!(Cell::elapsed_of(&record(unfinished)), Cell::Missing);
        }
    }

    #[test]
    fn a_value_of_the_wrong_type_degrades_only_its_cell() {
        let (c, degraded) = cell(
            "execution_date",
            json!({"weird": true}),
            ColumnKind::Datetime,
        );
        assert!(matches!(c, Cell::Record { total: 1, .. }));
        assert_eq!(degraded, 1);
        let (c, degraded) = cell("execution_date", json!("not a date"), ColumnKind::Datetime);
        assert_eq!(c, Cell::Text("not a date".into()));
        assert_eq!(degraded, 1);
    }

    #[test]
    fn generic_values_are_read_by_shape() {
        assert!(matches!(
            cell("x", json!("2026-11-20T06:00:00Z"), ColumnKind::Auto).0,
            Cell::Time(_)
        ));
        assert_eq!(
            cell("x", json!("https://svc.example/a"), ColumnKind::Auto).0,
            Cell::Link {
                href: "https://svc.example/a".into()
            }
        );
        assert_eq!(
            cell("x", json!(["a", "b"]), ColumnKind::Auto).0,
            Cell::Tags(vec!["a".into(), "b".into()])
        );
        assert_eq!(cell("x", Value::Null, ColumnKind::Id).0, Cell::Missing);
    }

    #[test]
    fn only_http_and_https_become_links() {
        for bad in [
            "javascript:alert(1)",
            "JAVASCRIPT:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox",
            "file:///etc/passwd",
            "https://",
            "http:///x",
            "https://a b",
            "//evil.example",
        ] {
            assert!(!is_web_url(bad), "{bad}");
            assert!(!matches!(string_cell(bad), Cell::Link { .. }), "{bad}");
        }
        assert!(is_web_url("HTTPS://svc.example/x?y=1"));
        assert!(
            !is_web_url("خط الأنابيب"),
            "multi-byte text near the scheme length"
        );
    }

    #[test]
    fn sensitive_keys_become_redacted_cells_even_nested() {
        assert_eq!(
            cell("api_key", json!("[redacted]"), ColumnKind::Auto).0,
            Cell::Redacted
        );
        let (c, _) = cell(
            "settings",
            json!({"token": "[redacted]", "a": 1}),
            ColumnKind::Auto,
        );
        let Cell::Record { fields, .. } = c else {
            panic!("record expected")
        };
        assert_eq!(fields[0].cell, Cell::Redacted);
    }

    #[test]
    fn flags_and_counts_under_a_secrets_name_are_shown_as_what_they_are() {
        assert_eq!(
            cell("requires_password", json!(true), ColumnKind::Auto).0,
            Cell::Bool(true)
        );
        assert!(matches!(
            cell("max_tokens", json!(4096), ColumnKind::Auto).0,
            Cell::Number { value, .. } if value == 4096.0
        ));
        assert_eq!(
            cell("password", json!(1234), ColumnKind::Auto).0,
            Cell::Redacted,
            "a number under one secret's name may be the secret"
        );
        assert_eq!(
            cell("tokens", json!(["[redacted]"]), ColumnKind::Auto).0,
            Cell::Redacted
        );
        let (c, _) = cell(
            "settings",
            json!({"has_api_key": false, "secrets": "[redacted]"}),
            ColumnKind::Auto,
        );
        let Cell::Record { fields, .. } = c else {
            panic!("record expected")
        };
        assert_eq!(fields[0].cell, Cell::Bool(false));
        assert_eq!(fields[1].cell, Cell::Redacted);
    }

    #[test]
    fn deep_nesting_is_elided() {
        let mut v = json!(1);
        for _ in 0..20 {
            v = json!({ "k": v });
        }
        let (mut c, _) = cell("x", v, ColumnKind::Auto);
        let mut depth = 0;
        while let Cell::Record { mut fields, .. } = c {
            c = fields.remove(0).cell;
            depth += 1;
        }
        assert_eq!(depth, MAX_CELL_DEPTH);
        assert!(matches!(c, Cell::Elided(_)));
    }

    #[test]
    fn nested_records_are_summarised_by_their_name() {
        let (c, _) = cell(
            "x",
            json!({ "uuid": "load_orders", "type": "data_loader" }),
            ColumnKind::Auto,
        );
        assert_eq!(c.plain_text(), "load_orders (2 fields)");
        let (c, _) = cell("x", json!({ "a": 1 }), ColumnKind::Auto);
        assert_eq!(c.plain_text(), "1 field");
        let (c, _) = cell("x", json!({}), ColumnKind::Auto);
        assert!(c.is_empty_nested());
    }

    #[test]
    fn inferred_kinds_follow_key_names_and_hints() {
        let hints = KeyHints {
            primary_key: Some("name".into()),
            status_key: Some("state".into()),
        };
        assert_eq!(
            ColumnKind::infer("pipeline_schedule_id", &hints),
            ColumnKind::Id
        );
        assert_eq!(ColumnKind::infer("name", &hints), ColumnKind::Id);
        assert_eq!(ColumnKind::infer("state", &hints), ColumnKind::Status);
        assert_eq!(ColumnKind::infer("content", &hints), ColumnKind::Code);
        assert_eq!(
            ColumnKind::infer("duration", &hints),
            ColumnKind::Duration { millis: false }
        );
        assert_eq!(
            ColumnKind::infer("created_at", &hints),
            ColumnKind::Datetime
        );
        assert_eq!(
            ColumnKind::infer("modified_timestamp", &hints),
            ColumnKind::Datetime
        );
        assert_eq!(ColumnKind::infer("size", &hints), ColumnKind::Bytes);
        assert_eq!(ColumnKind::infer("label", &hints), ColumnKind::Auto);
    }
}
