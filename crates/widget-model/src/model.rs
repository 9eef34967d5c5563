//! The view model: everything the views draw, already parsed, checked and redacted. The views read
//! it and nothing else.

use crate::cell::{Cell, Field};
use crate::graph::GraphOutcome;
use crate::hints::Density;
use crate::status::StatusCount;
use crate::table::Table;
use crate::words::{Msg, Operation, Pagination, Text};

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
pub enum Arrangement {
    List,
    Detail,
}

/// The header above a list or a record.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The producer's title, the record's name, or the resource's name in our words.
    pub title: Text,
    pub subtitle: Option<Text>,
    /// The summary's message (or a string summary): the producer's words.
    pub message: Option<String>,
    pub counts: Vec<StatusCount>,
    /// "134 in all", or the record count.
    pub total: Option<Msg>,
    /// What every row of a list shares, said once above its table ("Pipeline: etl_daily"):
    /// [`Msg::SharedValue`]s.
    pub shared: Vec<Msg>,
}

impl Default for Header {
    fn default() -> Header {
        Header {
            title: Text::Given(String::new()),
            subtitle: None,
            message: None,
            counts: Vec::new(),
            total: None,
            shared: Vec::new(),
        }
    }
}

/// One read-only filter chip: "status: running, failed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    pub label: String,
    pub value: String,
}

/// A field a mutation changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub field: String,
    pub before: Option<Cell>,
    pub after: Cell,
    /// A change of code as a line diff, when the producer sent one the widget could read.
    pub diff: Option<crate::diff::CodeDiff>,
}

/// The banner, footer and compact success text of a mutation.
#[derive(Clone, Debug, PartialEq)]
pub struct Mutation {
    pub operation: Operation,
    /// "Pipeline etl_daily created"
    pub banner: Msg,
    /// "Created pipeline · etl_daily"
    pub footer: Msg,
    /// The producer's own message, if any.
    pub message: Option<String>,
    pub changes: Vec<Change>,
    /// A delete that returned no record renders as the compact success state.
    pub compact: bool,
}

/// The error state's content.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorInfo {
    /// CONFIG_INVALID, AUTH_EXPIRED… when the producer gave one.
    pub code: Option<String>,
    pub message: Text,
    /// What the user can do about it.
    pub remedy: Option<Text>,
    /// Text the tool returned instead of widget data, shown as is (already redacted and bounded).
    pub detail: Option<String>,
}

/// A block's record, shown when its node is selected.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeDetail {
    pub node_id: String,
    pub fields: Vec<Field>,
}

/// Records the widget shows in a form of their own rather than as a table.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Content {
    /// A table (a list) or one record's fields (a detail).
    #[default]
    Records,
    /// Block outputs: a data grid per table output, text as sent.
    Outputs(Vec<crate::outputs::Output>),
    /// Log files: a log viewer.
    Logs(Vec<crate::logs::LogFile>),
}

/// Everything the widget draws for one tool result.
#[derive(Clone, Debug, PartialEq)]
pub struct WidgetModel {
    pub state: State,
    pub resource: String,
    pub action: String,
    pub arrangement: Arrangement,
    pub header: Header,
    pub table: Table,
    pub filters: Vec<Chip>,
    /// "1–20 of 134"
    pub pagination: Option<Pagination>,
    pub mutation: Option<Mutation>,
    pub graph: GraphOutcome,
    /// How the records are shown: as a table or detail, or as outputs or logs.
    pub content: Content,
    /// A run's block runs on a time axis, when the run embeds them.
    pub timeline: Option<crate::timeline::Timeline>,
    /// A list of runs over time, when the list is of runs with times.
    pub history: Option<crate::history::RunHistory>,
    /// Records of the graph's blocks, by node, when the result carries them.
    pub node_details: Vec<NodeDetail>,
    pub error: Option<ErrorInfo>,
    pub empty_message: Text,
    pub density: Density,
    /// IANA zone for absolute times, from the hints.
    pub time_zone: Option<String>,
    /// Each record's page in the service's UI, from the hints: a row's or the detail's address
    /// is filled from its ids when drawn ([`WidgetModel::detail_page`], `RecordPages::address`).
    pub record_pages: Option<crate::record_page::RecordPages>,
    /// What the reader should know about the input: a newer schema, records left out.
    pub notices: Vec<Msg>,
    /// What tooling (the preview, the report example) should know: ignored keys, degraded cells.
    pub diagnostics: Vec<String>,
    /// How many sensitive values were redacted.
    pub redacted: usize,
}

impl WidgetModel {
    /// The page in the service's UI of the record a detail shows (a record's fields, not its
    /// outputs or logs), when the producer gave the records' pages and the record fills them.
    pub fn detail_page(&self) -> Option<String> {
        let pages = self.record_pages.as_ref()?;
        let shows_a_record = self.state == State::Ok
            && self.arrangement == Arrangement::Detail
            && self.content == Content::Records;
        shows_a_record
            .then(|| pages.address(&self.table.rows.first()?.ids))
            .flatten()
    }

    /// An error state with no data, in the widget's own words.
    pub fn error(message: Msg) -> WidgetModel {
        WidgetModel::error_info(ErrorInfo {
            code: None,
            message: Text::Own(message),
            remedy: None,
            detail: None,
        })
    }

    /// An error state with no data.
    pub fn error_info(info: ErrorInfo) -> WidgetModel {
        WidgetModel {
            state: State::Error,
            error: Some(info),
            ..WidgetModel::empty()
        }
    }

    /// A model with nothing in it, for the builder to fill.
    pub(crate) fn empty() -> WidgetModel {
        WidgetModel {
            state: State::Ok,
            resource: String::new(),
            action: String::new(),
            arrangement: Arrangement::List,
            header: Header::default(),
            table: Table::default(),
            filters: Vec::new(),
            pagination: None,
            mutation: None,
            graph: GraphOutcome::Absent,
            content: Content::Records,
            timeline: None,
            history: None,
            node_details: Vec::new(),
            error: None,
            empty_message: Text::Given(String::new()),
            density: Density::Compact,
            time_zone: None,
            record_pages: None,
            notices: Vec::new(),
            diagnostics: Vec::new(),
            redacted: 0,
        }
    }
}
