//! The widget result (structuredContent, as schema/widget-result.schema.json describes it) and the tool error envelope, and how each
//! becomes a `CallToolResult`: structuredContent, the same JSON as `content[0].text` (rule 1) and
//! the rendering hints in `_meta["host/widgetData"]` (rule 2). Everything passes through the
//! redactor on its way in, so nothing unredacted can reach a result.

use rmcp::model::{CallToolResult, MetaObject};
use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::redact::Redactor;

// The result's vocabulary, defined once for this server and the widget's model.
pub use ::widget_result::{
    ColumnType, ErrorCode, DEFAULT_MAX_GRAPH_NODES as MAX_GRAPH_NODES, KIND, SCHEMA_VERSION,
};

/// The longest error message a result carries, in characters: messages quote arguments (an id
/// that names no record, an unknown tool), and an argument can be megabytes long; the answer, and
/// rmcp's copy of it kept for a client that resumes the stream, stay small. The message is cut
/// once redacted (a cut can separate a credential from what names it).
pub const MAX_ERROR_MESSAGE_CHARS: usize = 4096;

/// A tool error: the envelope `{status: "error", error: {code, message}}`.
#[derive(Debug, Clone)]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
}

impl ToolError {
    /// The error; its message is cut to [`MAX_ERROR_MESSAGE_CHARS`] when it becomes a result.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// The cluster refused the request (400): bad arguments, a refused change.
    pub fn api(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::ApiError, message)
    }

    /// The cluster knows no such record (404).
    pub fn not_found(what: &str, id: impl std::fmt::Display) -> Self {
        Self::api(format!("{what} '{id}' not found (404)."))
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InternalError, message)
    }

    /// This error, met by a change made in several requests after some of them took effect: the
    /// message says which parts were applied and which were not, then why it stopped; the code
    /// stays. With nothing applied the error is returned as it is.
    pub fn after_partial_change(self, what: &str, applied: &[&str], not_applied: &[&str]) -> Self {
        if applied.is_empty() {
            return self;
        }
        let not_applied = if not_applied.is_empty() {
            String::new()
        } else {
            format!("; not applied: {}", not_applied.join(", "))
        };
        Self::new(
            self.code,
            format!(
                "{what} was changed only in part. Applied: {}{not_applied}. {}",
                applied.join(", "),
                self.message
            ),
        )
    }

    pub fn envelope(&self) -> Value {
        json!({ "status": "error", "error": { "code": self.code.as_str(), "message": self.message } })
    }

    /// The error as a tool result: the envelope as structuredContent and as text, `isError: true`;
    /// redacted, then its message cut to [`MAX_ERROR_MESSAGE_CHARS`].
    pub fn into_call_tool_result(self, redactor: &Redactor) -> CallToolResult {
        let mut envelope = self.envelope();
        redactor.redact(&mut envelope);
        if let Some(Value::String(message)) = envelope.pointer_mut("/error/message") {
            *message = cut_message(std::mem::take(message));
        }
        CallToolResult::structured_error(envelope)
    }
}

/// `message` cut to [`MAX_ERROR_MESSAGE_CHARS`] characters, saying how many were left out.
fn cut_message(mut message: String) -> String {
    if let Some((end, _)) = message.char_indices().nth(MAX_ERROR_MESSAGE_CHARS) {
        let cut = message[end..].chars().count();
        message.truncate(end);
        message.push_str(&format!("… ({cut} more characters)"));
    }
    message
}

/// A column of a list: `{key, label?, type?}`.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    key: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    column_type: Option<ColumnType>,
}

/// A column with a label and a type.
pub fn column(key: &'static str, label: &'static str, column_type: ColumnType) -> Column {
    Column {
        key,
        label: Some(label),
        column_type: Some(column_type),
    }
}

/// A column whose type the widget infers from the values (epoch times, mixed shapes).
pub fn untyped_column(key: &'static str, label: &'static str) -> Column {
    Column {
        key,
        label: Some(label),
        column_type: None,
    }
}

/// A column whose label the widget derives from the key.
pub fn plain_column(key: &'static str, column_type: ColumnType) -> Column {
    Column {
        key,
        label: None,
        column_type: Some(column_type),
    }
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Map<String, Value>>,
}

impl Summary {
    pub fn titled(title: impl Into<String>) -> Self {
        Self {
            title: Some(title.into()),
            ..Self::default()
        }
    }

    pub fn subtitle(mut self, subtitle: impl Into<String>) -> Self {
        self.subtitle = Some(subtitle.into());
        self
    }

    pub fn total(mut self, total: usize) -> Self {
        self.total = Some(total as u64);
        self
    }

    /// Counts of each value of `status` among `statuses`, in order of first appearance.
    pub fn counts<'a>(mut self, statuses: impl IntoIterator<Item = &'a str>) -> Self {
        let mut counts = Map::new();
        for status in statuses {
            let next = counts.get(status).and_then(Value::as_u64).unwrap_or(0) + 1;
            counts.insert(status.to_owned(), Value::from(next));
        }
        self.counts = Some(counts);
        self
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Pagination {
    pub page: u64,
    pub per_page: u64,
    pub total: u64,
    pub has_more: bool,
}

/// What a mutating tool did: rendered as a banner and a footer naming the operation.
#[derive(Debug, Clone, Serialize)]
pub struct Mutation {
    pub operation: &'static str,
    pub resource: &'static str,
    pub id: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Map<String, Value>>,
}

impl Mutation {
    pub fn new(operation: &'static str, resource: &'static str, id: impl Into<Value>) -> Self {
        Self {
            operation,
            resource,
            id: id.into(),
            message: None,
            record: None,
            changes: None,
        }
    }

    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }

    pub fn record(mut self, record: Value) -> Self {
        self.record = Some(record);
        self
    }

    /// Changed fields as `{field: {from, to}}`.
    pub fn changes(mut self, changes: Map<String, Value>) -> Self {
        self.changes = Some(changes);
        self
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct GraphNode {
    pub id: String,
    pub label: String,
    #[serde(rename = "type")]
    pub node_type: String,
    pub status: String,
    pub selected: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct GraphEdge {
    pub source: String,
    pub target: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Graph {
    pub nodes: Vec<GraphNode>,
    pub edges: Vec<GraphEdge>,
    pub total_nodes: usize,
    pub truncated: bool,
}

/// `_meta["host/widgetData"]`: rendering hints only.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hints {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primary_key: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_key: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_key: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_columns: Option<Vec<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empty_message: Option<String>,
    /// Where each record has its page in the service's UI (`widget_result::record_url`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_url: Option<String>,
}

impl Hints {
    /// Hints for records identified by `primary_key`, titled by `title_key`, with a `status`.
    pub fn keys(
        title: impl Into<String>,
        primary_key: &'static str,
        title_key: Option<&'static str>,
        status_key: Option<&'static str>,
    ) -> Self {
        Self {
            title: Some(title.into()),
            primary_key: Some(primary_key),
            title_key,
            status_key,
            ..Self::default()
        }
    }

    pub fn empty_message(mut self, message: impl Into<String>) -> Self {
        self.empty_message = Some(message.into());
        self
    }

    pub fn hidden_columns(mut self, keys: Vec<&'static str>) -> Self {
        self.hidden_columns = Some(keys);
        self
    }

    /// The records' pages in the service's UI, when it has one (a template each record fills).
    pub fn record_url(mut self, template: Option<String>) -> Self {
        self.record_url = template;
        self
    }
}

/// A widget result under construction.
#[derive(Debug, Clone)]
pub struct WidgetResult {
    resource: &'static str,
    action: &'static str,
    records: Vec<Value>,
    summary: Option<Summary>,
    columns: Vec<Column>,
    filters: Map<String, Value>,
    pagination: Option<Pagination>,
    mutation: Option<Mutation>,
    graph: Option<Graph>,
    hints: Hints,
}

impl WidgetResult {
    pub fn new(resource: &'static str, action: &'static str) -> Self {
        Self {
            resource,
            action,
            records: Vec::new(),
            summary: None,
            columns: Vec::new(),
            filters: Map::new(),
            pagination: None,
            mutation: None,
            graph: None,
            hints: Hints::default(),
        }
    }

    pub fn records(mut self, records: Vec<Value>) -> Self {
        self.records = records;
        self
    }

    pub fn summary(mut self, summary: Summary) -> Self {
        self.summary = Some(summary);
        self
    }

    pub fn columns(mut self, columns: Vec<Column>) -> Self {
        self.columns = columns;
        self
    }

    /// A filter chip; `None` values are left out.
    pub fn filter(mut self, key: &str, value: Option<impl Into<Value>>) -> Self {
        if let Some(value) = value {
            self.filters.insert(key.to_owned(), value.into());
        }
        self
    }

    pub fn pagination(mut self, pagination: Pagination) -> Self {
        self.pagination = Some(pagination);
        self
    }

    pub fn mutation(mut self, mutation: Mutation) -> Self {
        self.mutation = Some(mutation);
        self
    }

    pub fn graph(mut self, graph: Graph) -> Self {
        self.graph = Some(graph);
        self
    }

    pub fn hints(mut self, hints: Hints) -> Self {
        self.hints = hints;
        self
    }

    /// Marks a list that stopped at a bound (`bound` says it: "5000 records", "32 MB") before the
    /// service's end: the summary says so and gives the service's `total` when known, and the
    /// pagination says there is more. What was read is kept.
    pub fn cut_at(mut self, bound: &str, total: Option<u64>) -> Self {
        let shown = self.records.len() as u64;
        let mut summary = self.summary.take().unwrap_or_default();
        let total_known = total.filter(|t| *t >= shown);
        summary.total = Some(total_known.unwrap_or(shown));
        summary.message = Some(match total_known {
            Some(total) => format!(
                "Truncated: the first {shown} of {total} records (a list is read up to {bound})."
            ),
            None => format!(
                "Truncated: the first {shown} records; the service holds more (a list is read up to {bound})."
            ),
        });
        self.summary = Some(summary);
        self.pagination = Some(Pagination {
            page: 1,
            per_page: shown.max(1),
            total: total_known.unwrap_or(shown),
            has_more: true,
        });
        self
    }

    /// `ok` with records or a mutation to show, `empty` otherwise.
    fn state(&self) -> &'static str {
        if self.records.is_empty() && self.mutation.is_none() {
            "empty"
        } else {
            "ok"
        }
    }

    /// structuredContent, before redaction.
    pub fn structured(&self) -> Value {
        json!({
            "kind": KIND,
            "schema_version": SCHEMA_VERSION,
            "resource": self.resource,
            "action": self.action,
            "state": self.state(),
            "records": self.records,
            "summary": self.summary.as_ref().map_or(Value::Null, to_json),
            "columns": self.columns.iter().map(to_json).collect::<Vec<_>>(),
            "filters": if self.filters.is_empty() { Value::Null } else { Value::Object(self.filters.clone()) },
            "pagination": self.pagination.as_ref().map_or(Value::Null, to_json),
            "mutation": self.mutation.as_ref().map_or(Value::Null, to_json),
            "graph": self.graph.as_ref().map_or(Value::Null, to_json),
        })
    }

    /// The tool result: redacted structuredContent, the same JSON as text, the hints as `_meta`.
    pub fn into_call_tool_result(self, redactor: &Redactor) -> CallToolResult {
        let mut structured = self.structured();
        redactor.redact(&mut structured);
        let mut hints = to_json(&self.hints);
        redactor.redact(&mut hints);
        let mut meta = Map::new();
        meta.insert("host/widgetData".to_owned(), hints);
        CallToolResult::structured(structured).with_meta(Some(MetaObject(meta)))
    }
}

/// A record or a part of the result as JSON. They are plain data, so this cannot fail; if it
/// ever did, the value would become `null` rather than a panic.
pub fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message of an error's result.
    fn shown_message(error: ToolError) -> String {
        let result = error.into_call_tool_result(&Redactor::default());
        let envelope = result.structured_content.unwrap_or_default();
        envelope["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    #[test]
    fn an_error_message_quoting_a_megabyte_argument_is_cut() {
        let message = shown_message(ToolError::not_found("Pipeline", "é".repeat(1 << 20)));
        assert!(message.starts_with("Pipeline 'éé"));
        assert!(
            message.ends_with(&format!(
                "… ({} more characters)",
                (1 << 20) + "' not found (404).".len() + "Pipeline '".len()
                    - MAX_ERROR_MESSAGE_CHARS
            )),
            "{}",
            &message[message.len() - 60..]
        );
        assert_eq!(shown_message(ToolError::api("short")), "short");
    }

    #[test]
    fn a_url_cut_after_its_scheme_in_a_long_message_shows_no_user_information() {
        // The cut falls inside the password: what is kept has `://` but no `@`.
        let lead = "Pipeline '";
        let kept_of_url = " postgresql://admin:hun";
        let padding = "x".repeat(MAX_ERROR_MESSAGE_CHARS - lead.len() - kept_of_url.len());
        let quoted = format!("{padding} postgresql://admin:hunter2@db.internal:5432/warehouse");
        let message = shown_message(ToolError::not_found("Pipeline", quoted));
        assert!(
            !message.contains("admin:hun"),
            "{}",
            &message[message.len() - 80..]
        );
        assert!(message.contains("postgresql://"));
    }

    #[test]
    fn a_private_key_whose_begin_line_is_kept_is_hidden_to_the_cut() {
        let lead = "Pipeline '";
        let key = format!(
            "-----BEGIN RSA PRIVATE KEY-----\n{}-----END RSA PRIVATE KEY-----",
            "MIIEowIBAAKCAQEAkeyBODYsecretLINE\n".repeat(200)
        );
        let padding = "x".repeat(MAX_ERROR_MESSAGE_CHARS - lead.len() - 100);
        let message = shown_message(ToolError::not_found("Pipeline", format!("{padding} {key}")));
        assert!(
            !message.contains("keyBODY"),
            "{}",
            &message[message.len() - 200..]
        );
    }

    #[test]
    fn a_result_carries_its_json_as_text_and_its_hints_as_meta() {
        let result = WidgetResult::new("pipelines", "list")
            .records(vec![
                json!({"uuid": "a", "token": "0123456789abcdef0123456789abcdef"}),
            ])
            .hints(Hints::keys("Pipelines", "uuid", Some("name"), None))
            .into_call_tool_result(&Redactor::default());
        let structured = result.structured_content.clone().expect("structured");
        assert_eq!(structured["records"][0]["token"], crate::redact::REDACTED);
        let text = result.content[0]
            .as_text()
            .map(|t| t.text.clone())
            .expect("text");
        assert_eq!(
            serde_json::from_str::<Value>(&text).expect("json"),
            structured
        );
        let meta = result.meta.expect("meta");
        assert_eq!(meta.0["host/widgetData"]["primaryKey"], "uuid");
        assert_eq!(result.is_error, Some(false));
    }

    #[test]
    fn a_cut_list_says_so_with_the_total_and_keeps_its_records() {
        let cut = WidgetResult::new("backfills", "list")
            .records(vec![json!({"id": 1}), json!({"id": 2})])
            .summary(Summary::titled("Backfills").total(2))
            .cut_at("2 records", Some(9))
            .structured();
        assert_eq!(cut["records"].as_array().map(Vec::len), Some(2));
        assert_eq!(cut["summary"]["total"], 9);
        assert_eq!(cut["summary"]["title"], "Backfills");
        assert!(cut["summary"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Truncated: the first 2 of 9")));
        assert_eq!(
            cut["pagination"],
            json!({"page": 1, "per_page": 2, "total": 9, "has_more": true})
        );
        let unknown = WidgetResult::new("backfills", "list")
            .records(vec![json!({"id": 1})])
            .cut_at("1 MB", None)
            .structured();
        assert_eq!(unknown["summary"]["total"], 1);
        assert!(unknown["summary"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("holds more")));
    }

    #[test]
    fn no_records_and_no_mutation_is_the_empty_state() {
        assert_eq!(
            WidgetResult::new("blocks", "list").structured()["state"],
            "empty"
        );
        let deleted = WidgetResult::new("pipeline", "delete")
            .mutation(Mutation::new("delete", "pipeline", "x"));
        assert_eq!(deleted.structured()["state"], "ok");
    }

    #[test]
    fn a_part_applied_change_names_what_took_effect_and_what_did_not() {
        let error = ToolError::new(ErrorCode::AuthExpired, "The cluster answered 401.");
        let partial = error.clone().after_partial_change(
            "Block 'p/b'",
            &["code"],
            &["name", "upstream blocks"],
        );
        assert_eq!(partial.code, ErrorCode::AuthExpired, "the code stays");
        assert_eq!(
            partial.message,
            "Block 'p/b' was changed only in part. Applied: code; not applied: name, upstream blocks. The cluster answered 401."
        );
        let untouched = error.clone().after_partial_change("x", &[], &["name"]);
        assert_eq!(untouched.message, error.message);
    }

    #[test]
    fn an_error_is_the_envelope_as_structured_content_and_text() {
        let result = ToolError::new(ErrorCode::AuthRequired, "No credentials found.")
            .into_call_tool_result(&Redactor::default());
        assert_eq!(result.is_error, Some(true));
        let structured = result.structured_content.expect("structured");
        assert_eq!(
            structured,
            json!({"status": "error", "error": {"code": "AUTH_REQUIRED", "message": "No credentials found."}})
        );
    }
}
