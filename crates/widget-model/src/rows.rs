//! A table's rows. Short lists are built when the result arrives. Long lists (over
//! [`LAZY_AFTER`] records, given as JSON text) stay as text: each record is a span of a copy of
//! the received text in which every sensitive value has been redacted
//! ([`crate::redact::redact_json_text_in_place`]), and a row is built (parsed, redacted, turned
//! into cells) the first time it is asked for. So the cost of a result follows what is drawn, not
//! what was sent, and no raw secret is kept.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde_json::{Map, Value};

use crate::cell::{Cell, CellContext, ColumnKind, Degraded};
use crate::redact::{redact_in_place, redact_json_text_in_place, JsonTextRedaction};

/// One record, one cell per column.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Stable identity for keyed rendering: the record's id when it has one, else its position.
    pub key: String,
    pub cells: Vec<Cell>,
    /// The record's identifying fields, whichever columns are shown (a drill-down names them).
    pub ids: RecordIds,
}

impl Row {
    /// The row's cells as Find reads them: each cell's plain text, separated by a character no
    /// query contains (so a query never matches across two cells). Find lowers it
    /// (`widget_app::find::searchable`), as it does every text it searches.
    pub fn find_text(&self) -> String {
        self.cells
            .iter()
            .map(|c| c.plain_text())
            .collect::<Vec<_>>()
            .join("\u{1f}")
    }
}

/// The identifying fields of one record, as sent (after redaction): `uuid`, `id` and
/// `pipeline_uuid`, each a string or a whole number, at most [`MAX_ID_CHARS`] characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordIds {
    pub uuid: Option<String>,
    pub id: Option<String>,
    pub pipeline_uuid: Option<String>,
}

/// Longer values are not identifiers the widget can trust whole.
pub const MAX_ID_CHARS: usize = 256;

impl RecordIds {
    pub fn of(record: &Map<String, Value>) -> RecordIds {
        let read = |key: &str| match record.get(key)? {
            Value::String(s) if s.chars().count() <= MAX_ID_CHARS => Some(s.clone()),
            Value::Number(n) if n.is_u64() || n.is_i64() => Some(n.to_string()),
            _ => None,
        };
        RecordIds {
            uuid: read("uuid"),
            id: read("id"),
            pipeline_uuid: read("pipeline_uuid"),
        }
    }
}

/// Lists longer than this, given as text, build their rows on demand.
pub const LAZY_AFTER: usize = 200;

/// What a row's cells are built from: each column's key and kind.
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    pub key: String,
    pub kind: ColumnKind,
}

/// The cells of one record, one per column.
pub fn cells_of(
    record: &Map<String, Value>,
    specs: &[CellSpec],
    degraded: &mut [Degraded],
) -> Vec<Cell> {
    let ctx = CellContext {
        language: record.get("language").and_then(Value::as_str),
    };
    specs
        .iter()
        .zip(degraded.iter_mut())
        .map(|(spec, d)| match spec.kind {
            // A column the widget adds: read from two fields of the record.
            ColumnKind::Progress => Cell::progress_of(record),
            ColumnKind::Elapsed => Cell::elapsed_of(record),
            _ => Cell::from_value(
                &spec.key,
                record.get(&spec.key).unwrap_or(&Value::Null),
                spec.kind,
                &ctx,
                d,
            ),
        })
        .collect()
}

/// Records held as text until drawn.
struct LazyRows {
    /// The received text with sensitive values redacted. Kept as bytes: a span is read as UTF-8
    /// when its row is built, so the whole text is not validated again before the first paint.
    text: Box<[u8]>,
    /// Each record's byte range in `text`.
    spans: Vec<(usize, usize)>,
    specs: Vec<CellSpec>,
    built: Vec<OnceLock<Row>>,
}

impl LazyRows {
    fn row(&self, index: usize) -> Option<&Row> {
        let cell = self.built.get(index)?;
        Some(cell.get_or_init(|| self.build(index)))
    }

    /// Row `index` built from its span (a span the text lacks reads as a record of nothing).
    fn build(&self, index: usize) -> Row {
        let (start, end) = self.spans.get(index).copied().unwrap_or_default();
        let mut value = self
            .text
            .get(start..end)
            .and_then(|span| std::str::from_utf8(span).ok())
            .and_then(|span| serde_json::from_str::<Value>(span).ok())
            .unwrap_or(Value::Null);
        redact_in_place(&mut value);
        let mut degraded: Vec<Degraded> = self.specs.iter().map(|_| Degraded::default()).collect();
        let (cells, ids) = match value.as_object() {
            Some(record) => (
                cells_of(record, &self.specs, &mut degraded),
                RecordIds::of(record),
            ),
            None => (
                self.specs.iter().map(|_| Cell::Missing).collect(),
                RecordIds::default(),
            ),
        };
        Row {
            key: index.to_string(),
            cells,
            ids,
        }
    }
}

#[derive(Clone)]
enum Store {
    Built(Vec<Row>),
    Lazy(Arc<LazyRows>),
}

/// The rows of a table, built or built on demand.
#[derive(Clone)]
pub struct Rows {
    store: Store,
}

impl Default for Rows {
    fn default() -> Self {
        Rows {
            store: Store::Built(Vec::new()),
        }
    }
}

impl Rows {
    pub fn built(rows: Vec<Row>) -> Rows {
        Rows {
            store: Store::Built(rows),
        }
    }

    /// Rows for the records at `spans` of `text`; sensitive values in those spans are redacted now.
    /// `first` are the rows of the first records, already built (from the sample the columns were
    /// inferred from): they are kept rather than built again from their spans. Returns the rows and
    /// what redaction found (values redacted, deepest nesting).
    pub fn lazy(
        text: &str,
        spans: Vec<(usize, usize)>,
        specs: Vec<CellSpec>,
        first: Vec<Row>,
    ) -> (Rows, JsonTextRedaction) {
        // Keep only the region the records occupy (not, say, the fallback copy of the result).
        let from = spans.iter().map(|s| s.0).min().unwrap_or(0);
        let to = spans.iter().map(|s| s.1).max().unwrap_or(from);
        let spans: Vec<(usize, usize)> = spans
            .into_iter()
            .map(|(a, b)| (a - from, b - from))
            .collect();
        let mut text = text
            .as_bytes()
            .get(from..to)
            .unwrap_or_default()
            .to_vec()
            .into_boxed_slice();
        let mut redaction = JsonTextRedaction::default();
        for &(start, end) in &spans {
            if let Some(span) = text.get_mut(start..end) {
                let b = redact_json_text_in_place(span);
                redaction.values += b.values;
                redaction.max_depth = redaction.max_depth.max(b.max_depth);
            }
        }
        let mut first = first.into_iter();
        let built = spans
            .iter()
            .map(|_| match first.next() {
                Some(row) => OnceLock::from(row),
                None => OnceLock::new(),
            })
            .collect();
        (
            Rows {
                store: Store::Lazy(Arc::new(LazyRows {
                    text,
                    spans,
                    specs,
                    built,
                })),
            },
            redaction,
        )
    }

    pub fn len(&self) -> usize {
        match &self.store {
            Store::Built(rows) => rows.len(),
            Store::Lazy(lazy) => lazy.spans.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether rows are built on demand.
    pub fn is_lazy(&self) -> bool {
        matches!(self.store, Store::Lazy(_))
    }

    /// Row `index`, built now if it was not yet.
    pub fn get(&self, index: usize) -> Option<&Row> {
        match &self.store {
            Store::Built(rows) => rows.get(index),
            Store::Lazy(lazy) => lazy.row(index),
        }
    }

    pub fn first(&self) -> Option<&Row> {
        self.get(0)
    }

    /// Row `index`'s text for Find ([`Row::find_text`]). A lazy row not yet built is built for it
    /// and kept, as sorting keeps the rows it builds: a row that Find's texts were built from is
    /// then drawn without parsing its record again (that parsing was a quarter of the widget's own
    /// time while scrolling a long list).
    pub fn find_text(&self, index: usize) -> Option<String> {
        self.get(index).map(Row::find_text)
    }

    /// Record `index`'s top-level values under `keys`, redacted, without building its row: what
    /// a reader of a few fields needs of every record of a long list (its other fields are
    /// skipped unread). `None` for built rows, whose records are not kept, and for a span that is
    /// not an object.
    pub fn fields(&self, index: usize, keys: &[&str]) -> Option<Map<String, Value>> {
        let Store::Lazy(lazy) = &self.store else {
            return None;
        };
        let (start, end) = *lazy.spans.get(index)?;
        let span = std::str::from_utf8(lazy.text.get(start..end)?).ok()?;
        let mut deserializer = serde_json::Deserializer::from_str(span);
        let fields =
            serde::de::DeserializeSeed::deserialize(FieldsOf(keys), &mut deserializer).ok()?;
        let mut value = Value::Object(fields);
        redact_in_place(&mut value);
        match value {
            Value::Object(fields) => Some(fields),
            _ => None,
        }
    }

    /// Every row, built as the iteration reaches it.
    pub fn iter(&self) -> RowsIter<'_> {
        RowsIter {
            rows: self,
            next: 0,
        }
    }
}

/// Reads a JSON object's values under the keys it holds, skipping every other value unread.
struct FieldsOf<'k>(&'k [&'k str]);

impl<'de> serde::de::DeserializeSeed<'de> for FieldsOf<'_> {
    type Value = Map<String, Value>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for FieldsOf<'_> {
    type Value = Map<String, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut access: A,
    ) -> Result<Self::Value, A::Error> {
        let mut fields = Map::new();
        while let Some(wanted) = access.next_key_seed(KeyIn(self.0))? {
            match wanted {
                Some(key) => {
                    fields.insert(key.to_owned(), access.next_value::<Value>()?);
                }
                None => {
                    access.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(fields)
    }
}

/// Reads an object's key: which of the keys it is, if any (no copy of a key not wanted).
struct KeyIn<'k>(&'k [&'k str]);

impl<'de, 'k> serde::de::DeserializeSeed<'de> for KeyIn<'k> {
    type Value = Option<&'k str>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, 'k> serde::de::Visitor<'de> for KeyIn<'k> {
    type Value = Option<&'k str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self.0.iter().find(|k| **k == key).copied())
    }
}

/// Iterates over [`Rows`], building lazy rows as it goes.
pub struct RowsIter<'a> {
    rows: &'a Rows,
    next: usize,
}

impl<'a> Iterator for RowsIter<'a> {
    type Item = &'a Row;
    fn next(&mut self) -> Option<&'a Row> {
        let row = self.rows.get(self.next)?;
        self.next += 1;
        Some(row)
    }
}

impl<'a> IntoIterator for &'a Rows {
    type Item = &'a Row;
    type IntoIter = RowsIter<'a>;
    fn into_iter(self) -> RowsIter<'a> {
        self.iter()
    }
}

impl PartialEq for Rows {
    fn eq(&self, other: &Rows) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl fmt::Debug for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<CellSpec> {
        vec![
            CellSpec {
                key: "id".into(),
                kind: ColumnKind::Id,
            },
            CellSpec {
                key: "token".into(),
                kind: ColumnKind::Auto,
            },
        ]
    }

    /// The spans of the records of `text` (a JSON array), as the parser gives them.
    fn spans(text: &str) -> Vec<(usize, usize)> {
        let items: Vec<&serde_json::value::RawValue> = serde_json::from_str(text).expect("array");
        items
            .iter()
            .filter_map(|r| crate::parse::span_in(text, r))
            .collect()
    }

    #[test]
    fn find_text_builds_a_lazy_row_once_and_keeps_it_for_drawing() {
        let text = r#"[{"id":"Run_7","token":"0123456789abcdef0123456789abcdef"}, {"id":2}]"#;
        let (rows, _) = Rows::lazy(text, spans(text), specs(), Vec::new());
        let Store::Lazy(lazy) = &rows.store else {
            panic!("lazy rows expected");
        };
        assert!(lazy.built[0].get().is_none());
        assert_eq!(rows.find_text(0).as_deref(), Some("Run_7\u{1f}redacted"));
        // Kept: drawing it parses nothing again, and the text is the built row's.
        let kept: *const Row = lazy.built[0].get().expect("kept");
        assert!(std::ptr::eq(kept, rows.get(0).expect("row")));
        assert_eq!(rows.find_text(0).as_deref(), Some("Run_7\u{1f}redacted"));
        assert_eq!(rows.find_text(1).as_deref(), Some("2\u{1f}"));
        assert_eq!(rows.find_text(2), None);
    }

    #[test]
    fn lazy_rows_build_on_demand_and_match_built_ones() {
        let text = r#"[{"id":1,"token":"0123456789abcdef0123456789abcdef"}, 7, {"id":"b"}]"#;
        let (rows, redaction) = Rows::lazy(text, spans(text), specs(), Vec::new());
        assert_eq!(redaction.values, 1);
        assert_eq!(rows.len(), 3);
        assert!(rows.is_lazy());
        let cells = |i: usize| rows.get(i).map(|r| r.cells.clone()).unwrap_or_default();
        assert_eq!(cells(0), [Cell::Id("1".into()), Cell::Redacted]);
        assert_eq!(
            cells(1),
            [Cell::Missing, Cell::Missing],
            "a record that is not an object"
        );
        assert_eq!(cells(2), [Cell::Id("b".into()), Cell::Missing]);
        assert!(!format!("{rows:?}").contains("0123456789abcdef"));
    }

    #[test]
    fn a_lazy_rows_fields_are_read_alone_and_redacted() {
        let text = r#"[{"id":1,"nested":{"status":"x"},"status":"failed","password":"hunter2hunter2","note":"token 0123456789abcdef0123456789abcdef"}, 7]"#;
        let (rows, _) = Rows::lazy(text, spans(text), specs(), Vec::new());
        let fields = rows
            .fields(0, &["status", "note", "password", "absent"])
            .expect("an object");
        assert_eq!(
            Value::Object(fields),
            serde_json::json!({ "status": "failed", "note": "token [redacted]", "password": "[redacted]" })
        );
        assert_eq!(rows.fields(1, &["id"]), None, "not an object");
        assert_eq!(rows.fields(2, &["id"]), None, "no such record");
        let Store::Lazy(lazy) = &rows.store else {
            panic!("lazy")
        };
        assert!(lazy.built[0].get().is_none(), "the row itself is not built");
        assert_eq!(
            Rows::built(Vec::new()).fields(0, &["id"]),
            None,
            "built rows keep no record"
        );
    }

    #[test]
    fn no_raw_secret_is_kept_in_the_text() {
        let text = r#"[{"id":1,"password":"hunter2hunter2"}]"#;
        let (rows, _) = Rows::lazy(text, spans(text), specs(), Vec::new());
        let Store::Lazy(lazy) = &rows.store else {
            panic!("lazy")
        };
        assert!(!String::from_utf8_lossy(&lazy.text).contains("hunter2"));
    }
}
