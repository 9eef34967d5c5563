//! What the widget can say: the messages ([`Msg`]) with their values, the languages, and the
//! formats numbers and times are written in. The catalogs (one module per language) say each
//! message; this module knows none of them.

/// A language the catalog speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Es,
    Ja,
}

impl Lang {
    /// The language of a BCP 47 tag (`de-DE`, `fr`, `ja-JP`): its primary subtag when the catalog
    /// has it, English otherwise.
    pub fn from_locale(tag: &str) -> Lang {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "de" => Lang::De,
            "fr" => Lang::Fr,
            "es" => Lang::Es,
            "ja" => Lang::Ja,
            _ => Lang::En,
        }
    }

    /// The tag for `lang` attributes.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ja => "ja",
        }
    }
}

/// How numbers, times and durations are written inside the widget. The widget implements it with
/// the platform's `Intl` in the host's locale and time zone; [`PlainFormats`] is the fallback.
pub trait Formats {
    /// A count: "1,234" (en), "1.234" (de).
    fn integer(&self, n: u64) -> String;
    /// A measured value with at most `max_fraction` decimals.
    fn decimal(&self, value: f64, max_fraction: u8) -> String;
    /// The distance from `now_ms` to `epoch_ms` in words: "3 days ago", "vor 3 Tagen".
    fn relative(&self, epoch_ms: i64, now_ms: i64) -> String;
    /// An instant with its date, time and zone: "20 Nov 2026, 07:00:00 CET".
    fn absolute(&self, epoch_ms: i64) -> String;
    /// A duration in one or two units: "1 min 5 s".
    fn duration(&self, seconds: f64) -> String;
    /// A size in bytes: "25.9 KB", "1,5 MB".
    fn bytes(&self, bytes: u64) -> String;
    /// The time of day of an instant, to the second: "16:33:49".
    fn clock(&self, epoch_ms: i64) -> String;
    /// An instant's date and time to the second in the zone, without the zone's name:
    /// "Nov 19, 2026, 10:34:32 AM".
    fn date_time(&self, epoch_ms: i64) -> String;
    /// Whether two instants fall on the same calendar day in the zone.
    fn same_day(&self, a_ms: i64, b_ms: i64) -> bool;
    /// The time of day of an instant that falls on `now_ms`'s day, else its date and time: a time
    /// of another day always shows its date.
    fn clock_or_date_time(&self, epoch_ms: i64, now_ms: i64) -> String {
        if self.same_day(epoch_ms, now_ms) {
            self.clock(epoch_ms)
        } else {
            self.date_time(epoch_ms)
        }
    }
}

/// Plain formatting without `Intl`: digits as Rust writes them, times in UTC, English units.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainFormats;

impl Formats for PlainFormats {
    fn integer(&self, n: u64) -> String {
        n.to_string()
    }
    fn decimal(&self, value: f64, max_fraction: u8) -> String {
        crate::text::number_text_with(value, max_fraction)
    }
    fn relative(&self, epoch_ms: i64, now_ms: i64) -> String {
        crate::time::relative_text(epoch_ms, now_ms)
    }
    fn absolute(&self, epoch_ms: i64) -> String {
        crate::time::utc_text(epoch_ms)
    }
    fn duration(&self, seconds: f64) -> String {
        crate::time::duration_text(seconds).unwrap_or_default()
    }
    fn bytes(&self, bytes: u64) -> String {
        crate::text::bytes_text(bytes)
    }
    fn clock(&self, epoch_ms: i64) -> String {
        crate::time::utc_text(epoch_ms)
            .get(11..19)
            .unwrap_or_default()
            .to_owned()
    }
    fn date_time(&self, epoch_ms: i64) -> String {
        crate::time::utc_text(epoch_ms)
    }
    fn same_day(&self, a_ms: i64, b_ms: i64) -> bool {
        a_ms.div_euclid(86_400_000) == b_ms.div_euclid(86_400_000)
    }
}

/// What a record is called, in every language: the resources of the tool interface, or the
/// producer's own word for anything else (shown as sent, in English form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Noun {
    Pipeline,
    Block,
    PipelineRun,
    BlockRun,
    BlockOutput,
    PipelineSchedule,
    PipelineTrigger,
    BlockTemplate,
    Backfill,
    Sync,
    LogFile,
    /// A resource the widget does not know: its words come from the resource name.
    Other {
        singular: String,
        plural: String,
    },
}

/// What a mutating tool did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    Create,
    Update,
    Delete,
    /// `run`, `trigger`: a run started.
    Run,
    /// `sync`: files synchronised.
    Sync,
    /// Any other word the producer used, kept as written.
    Other(String),
}

/// A tool error code of the tool interface.
pub use widget_result::ErrorCode;

/// Which end of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeEnd {
    Source,
    Target,
}

/// Why a graph is not drawn; the view says "Graph not drawn: <reason>." Ids are quoted data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphProblem {
    /// A pipeline's detail without any graph.
    Missing,
    NotAnObject,
    NodesNotAList,
    EdgesNotAList,
    Truncated {
        sent: u64,
        total: Option<u64>,
    },
    TotalMismatch {
        said: u64,
        carried: u64,
    },
    TotalNotWhole,
    TooManyNodes {
        count: u64,
        limit: u64,
    },
    TooManyEdges {
        count: u64,
        limit: u64,
    },
    /// Laying it out would take more edge segments (edges plus the layers they cross) than allowed.
    TooMuchLayout {
        segments: u64,
        limit: u64,
    },
    NodeNotObject {
        index: u64,
    },
    NodeWithoutId {
        index: u64,
    },
    DuplicateId {
        id: String,
    },
    EdgeNotObject {
        index: u64,
    },
    EdgeWithoutEnd {
        index: u64,
        end: EdgeEnd,
    },
    UnknownBlock {
        id: String,
    },
    Cycle {
        id: String,
    },
}

/// A list's position in the producer's pages: "1–20 of 134".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pagination {
    /// First and last record shown (1-based), when known.
    pub range: Option<(u64, u64)>,
    pub total: Option<u64>,
    pub more: bool,
    pub page: Option<u64>,
}

/// One sentence or label of the widget's own, with its values.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    // States.
    Loading,
    Cancelled,
    SomethingWentWrong,
    /// The widget itself stopped (a panic); shown by the boot script's last resort.
    WidgetStopped,
    Restored,
    // The widget's own errors about a result.
    TooLarge {
        bytes: u64,
        limit_bytes: u64,
    },
    TooLargeRemedy,
    TooDeep {
        limit: u64,
    },
    InvalidJson {
        line: u64,
        column: u64,
    },
    NotJsonObject,
    StructuredNotObject,
    NeitherResultNorWidget,
    NoWidgetData,
    OtherKind {
        kind: String,
    },
    NoKind,
    ToolReportedError,
    UnknownState {
        state: String,
    },
    CodeMeaning(ErrorCode),
    CodeRemedy(ErrorCode),
    ErrorCodeLabel,
    // Notices.
    NewerSchema {
        version: u64,
        known: u64,
    },
    RecordsNotObjects {
        count: u64,
    },
    RecordsNotAList,
    FirstRecords {
        shown: u64,
        total: u64,
    },
    FieldsNotColumns {
        count: u64,
    },
    ColumnsShown {
        shown: u64,
        total: u64,
    },
    MoreRecordsNotShown {
        count: u64,
    },
    // Header.
    Title {
        noun: Noun,
        plural: bool,
    },
    InAll {
        total: u64,
    },
    RecordCount {
        count: u64,
    },
    Pagination(Pagination),
    /// The record every row of a list belongs to, said once above it: "Pipeline: etl_daily".
    SharedValue {
        noun: Noun,
        value: String,
    },
    CountsByStatus,
    Filters,
    EmptyList(Noun),
    // Mutations.
    MutationBanner {
        operation: Operation,
        noun: Noun,
        id: Option<String>,
    },
    MutationFooter {
        operation: Operation,
        noun: Noun,
        id: Option<String>,
    },
    ChangedFields,
    Field,
    Before,
    After,
    /// A change of code the widget could not read as a diff (`line`: where it broke).
    DiffUnreadable {
        field: String,
        line: Option<u64>,
    },
    /// A `changes` value that is neither an object nor a list.
    ChangesUnreadable,
    /// A diff's heading: the field and the lines it adds and removes.
    DiffSummary {
        field: String,
        added: u64,
        removed: u64,
    },
    /// A diff cut to its first hunks.
    DiffCut {
        shown: u64,
        total: u64,
    },
    /// A hunk's counts, beside its header: "+2 −1".
    HunkCounts {
        added: u64,
        removed: u64,
    },
    /// What a line of a diff is, for screen readers (the mark `+`/`−` is hidden from them).
    LineAdded,
    LineRemoved,
    // Graph.
    GraphNotDrawn(GraphProblem),
    Graph,
    GraphCount {
        blocks: u64,
        edges: u64,
    },
    GraphLayers {
        blocks: u64,
    },
    /// The same, layers running left to right.
    GraphLayersAcross {
        blocks: u64,
    },
    /// A drawing too large to read in this frame: the table of its blocks stands in.
    GraphTooLarge {
        blocks: u64,
    },
    /// Draws a graph that is too large to read anyway.
    DrawGraph,
    Zoom,
    ZoomIn,
    ZoomOut,
    Fit,
    BlockWord,
    BlockTitled {
        title: String,
    },
    NoRecordForBlock,
    // Cells.
    Missing,
    Redacted,
    Yes,
    No,
    Items {
        count: u64,
    },
    Fields {
        count: u64,
    },
    NamedFields {
        name: String,
        count: u64,
    },
    AndMore {
        count: u64,
    },
    // The widget's own tool calls (drill-down, back, refresh).
    Back,
    Refresh,
    FullScreen,
    /// "Ask about this": a failed run or block, to the assistant.
    AskAboutThis,
    /// The question it sends, as the user's own message.
    WhyFailed {
        noun: Noun,
        id: String,
    },
    /// Export a list: through the host's download, or to the clipboard.
    DownloadCsv,
    CopyCsv,
    Refreshing,
    /// When the shown data arrived: "Updated 16:33:49".
    UpdatedAt {
        epoch_ms: i64,
    },
    /// A row's control that opens its record.
    Open,
    /// That control's accessible name.
    OpenRecord {
        name: String,
    },
    Opening,
    /// Loads a graph node's block when the result lacks its record.
    LoadBlock,
    CallTimedOut {
        tool: String,
    },
    CallRefused {
        tool: String,
        message: String,
    },
    /// A refresh answered with a tool error; the error itself follows.
    CallFailed {
        tool: String,
    },
    /// A run followed as it goes: "Live · updated 16:33:49".
    Live {
        epoch_ms: i64,
    },
    /// Following stopped after its time bound.
    FollowPaused {
        minutes: u64,
    },
    /// Following stopped on a failed call; the failure follows, then Retry.
    FollowStopped,
    Retry,
    /// A run still going, in a host that takes no tool calls from the widget.
    FollowUnavailable,
    /// A row's control that shows the fields not in the table, and its accessible name.
    RowDetails,
    RowDetailsOf {
        name: String,
    },
    /// The header of the column of row controls (read by screen readers only).
    Actions,
    Copy,
    CopyValue {
        value: String,
    },
    Copied,
    CopyFailed,
    Code,
    // Tables.
    Find,
    FindPlaceholder,
    Rows {
        count: u64,
    },
    RowsMatch {
        shown: u64,
        total: u64,
    },
    TableOf {
        title: String,
    },
    /// The control that shows the columns ranked last (empty or the same in every record).
    MoreColumns {
        count: u64,
    },
    FewerColumns,
    /// The same for a detail view's empty fields.
    MoreFields {
        count: u64,
    },
    // Runs, outputs and logs.
    ProgressColumn,
    /// The column the widget adds to runs: how long each took.
    DurationColumn,
    BlocksDone {
        done: u64,
        total: u64,
    },
    RunTimeline,
    StillRunning,
    NotStarted,
    /// A whole output's size: "838 rows × 13 columns".
    Shape {
        rows: u64,
        columns: u64,
    },
    /// The rows a table shows of a larger output.
    SampleOf {
        count: u64,
    },
    CopyTsv,
    NoOutputData,
    LogLines {
        count: u64,
    },
    EmptyLog,
    FirstError,
    ShowInLog,
    LineDetails,
}
