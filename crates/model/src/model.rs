//! The view model: everything the views draw, already parsed, checked and redacted. The views read
//! it and nothing else.

use crate::cell::{Cell, ColumnKind, Field};
use crate::graph::GraphOutcome;
use crate::hints::Density;
use crate::status::Status;

/// The widget's state, as its root element's `data-state` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Ok,
    Empty,
    Loading,
    Error,
}

impl State {
    /// The `data-state` value hosts' tests key on.
    pub fn as_str(self) -> &'static str {
        match self {
            State::Ok => "ok",
            State::Empty => "empty",
            State::Loading => "loading",
            State::Error => "error",
        }
    }
}

/// Whether records are shown as a table or as one record's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    List,
    Detail,
}

/// A column of the table, in display order.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub key: String,
    pub label: String,
    pub kind: ColumnKind,
    /// Right-aligned (numbers, durations).
    pub numeric: bool,
}

/// One record, one cell per column.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Stable identity for keyed rendering: the record's id when it has one, else its position.
    pub key: String,
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    /// One per record, possibly built on demand ([`crate::rows`]).
    pub rows: crate::rows::Rows,
    /// Records past the row limit, counted but not kept.
    pub omitted_rows: usize,
}

/// How many records are in one status.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusCount {
    pub status: Status,
    pub count: u64,
}

/// The header above a list or a record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    pub title: String,
    pub subtitle: Option<String>,
    /// The summary's message (or a string summary).
    pub message: Option<String>,
    pub counts: Vec<StatusCount>,
    /// "20 of 134", or the record count.
    pub total_text: Option<String>,
}

/// One read-only filter chip: "status: running, failed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    pub label: String,
    pub value: String,
}

/// What a mutating tool did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    Create,
    Update,
    Delete,
    /// `run`, `trigger`, `sync`, or any other word the producer used.
    Other(String),
}

/// A field a mutation changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub field: String,
    pub before: Option<Cell>,
    pub after: Cell,
}

/// The banner, footer and compact success text of a mutation.
#[derive(Clone, Debug, PartialEq)]
pub struct Mutation {
    pub operation: Operation,
    /// "created", "updated", "deleted", "triggered"…
    pub verb: String,
    /// "Pipeline etl_daily created"
    pub banner: String,
    /// "Created pipeline · id etl_daily"
    pub footer: String,
    /// The producer's own message, if any.
    pub message: Option<String>,
    pub changes: Vec<Change>,
    /// A delete that returned no record renders as the compact success state.
    pub compact: bool,
}

/// A note about the input: what was ignored, degraded or not drawn, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub level: NoticeLevel,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeLevel {
    /// Shown in the widget (a newer schema, a graph not drawn).
    Visible,
    /// Reported to tooling (the preview) only: ignored keys, degraded cells.
    Diagnostic,
}

/// The error state's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorInfo {
    /// CONFIG_INVALID, AUTH_EXPIRED… when the producer gave one.
    pub code: Option<String>,
    pub message: String,
    /// What the user can do about it.
    pub remedy: Option<String>,
    /// Text the tool returned instead of widget data, shown as is (already scrubbed and bounded).
    pub detail: Option<String>,
}

/// A block's record, shown when its node is selected.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeDetail {
    pub node_id: String,
    pub fields: Vec<Field>,
}

/// Everything the widget draws for one tool result.
#[derive(Clone, Debug, PartialEq)]
pub struct WidgetModel {
    pub state: State,
    pub resource: String,
    pub action: String,
    pub layout: Layout,
    pub header: Header,
    pub table: Table,
    pub filters: Vec<Chip>,
    /// "1–20 of 134"
    pub pagination: Option<String>,
    pub mutation: Option<Mutation>,
    pub graph: GraphOutcome,
    /// Records of the graph's blocks, by node, when the result carries them.
    pub node_details: Vec<NodeDetail>,
    pub error: Option<ErrorInfo>,
    pub empty_message: String,
    pub density: Density,
    /// IANA zone for absolute times, from the hints.
    pub time_zone: Option<String>,
    pub notices: Vec<Notice>,
    /// How many sensitive values were redacted.
    pub redacted: usize,
}

impl WidgetModel {
    /// An error state with no data.
    pub fn error(
        code: Option<&str>,
        message: impl Into<String>,
        remedy: Option<String>,
    ) -> WidgetModel {
        WidgetModel {
            state: State::Error,
            error: Some(ErrorInfo {
                code: code.map(str::to_owned),
                message: message.into(),
                remedy,
                detail: None,
            }),
            ..WidgetModel::blank()
        }
    }

    /// A model with nothing in it, for the builder to fill.
    pub(crate) fn blank() -> WidgetModel {
        WidgetModel {
            state: State::Ok,
            resource: String::new(),
            action: String::new(),
            layout: Layout::List,
            header: Header::default(),
            table: Table::default(),
            filters: Vec::new(),
            pagination: None,
            mutation: None,
            graph: GraphOutcome::Absent,
            node_details: Vec::new(),
            error: None,
            empty_message: String::new(),
            density: Density::Compact,
            time_zone: None,
            notices: Vec::new(),
            redacted: 0,
        }
    }

    /// The notices meant for the widget itself.
    pub fn visible_notices(&self) -> impl Iterator<Item = &Notice> {
        self.notices
            .iter()
            .filter(|n| n.level == NoticeLevel::Visible)
    }
}
