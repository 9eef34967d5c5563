//! The widget's own words, in the host's language. The model never holds a sentence of ours: it
//! holds a [`Msg`] (what to say, with its values), and the views render it with [`text`] in the
//! language of the host's locale. Data (names, producer messages, status values) is never
//! translated: it is shown as sent.
//!
//! One catalog per language (`en`, `de`, `fr`, `es`, `ja`), each an exhaustive match, so a new
//! message does not compile until every language says it. Numbers, times and durations inside
//! sentences go through [`Formats`]: the browser's `Intl` in the widget, [`PlainFormats`] natively.

mod de;
mod en;
mod es;
mod fr;
mod ja;

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
    /// A calendar date, the UTC day of `epoch_ms` (a data frame's date): "Oct 15, 2040".
    fn date(&self, epoch_ms: i64) -> String;
    /// An instant's date and time to the second in the zone, without the zone's name (a data
    /// frame's datetime): "Nov 19, 2026, 10:34:32 AM".
    fn date_time(&self, epoch_ms: i64) -> String;
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
    fn date(&self, epoch_ms: i64) -> String {
        crate::time::utc_text(epoch_ms)
            .get(..10)
            .unwrap_or_default()
            .to_owned()
    }
    fn date_time(&self, epoch_ms: i64) -> String {
        crate::time::utc_text(epoch_ms)
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    ConfigInvalid,
    AuthRequired,
    AuthExpired,
    ApiError,
    ToolNotFound,
    InternalError,
}

impl ErrorCode {
    pub fn parse(code: &str) -> Option<ErrorCode> {
        Some(match code {
            "CONFIG_INVALID" => ErrorCode::ConfigInvalid,
            "AUTH_REQUIRED" => ErrorCode::AuthRequired,
            "AUTH_EXPIRED" => ErrorCode::AuthExpired,
            "API_ERROR" => ErrorCode::ApiError,
            "TOOL_NOT_FOUND" => ErrorCode::ToolNotFound,
            "INTERNAL_ERROR" => ErrorCode::InternalError,
            _ => return None,
        })
    }
}

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

/// `msg` in `lang`, with numbers written by `formats`.
pub fn text(lang: Lang, msg: &Msg, formats: &dyn Formats) -> String {
    // Through a table, so that each catalog stays a function of its own: a JavaScript engine
    // compiles a function when it is first called, and one catalog is a fifth of all five.
    static CATALOGS: [fn(&Msg, &dyn Formats) -> String; 5] =
        [en::text, de::text, fr::text, es::text, ja::text];
    let index = match lang {
        Lang::En => 0,
        Lang::De => 1,
        Lang::Fr => 2,
        Lang::Es => 3,
        Lang::Ja => 4,
    };
    CATALOGS[index](msg, formats)
}

/// `msg` in plain English, for tests, tooling and searching.
pub fn english(msg: &Msg) -> String {
    text(Lang::En, msg, &PlainFormats)
}

/// Text shown by the widget: the producer's words as sent, or ours, to be rendered in the host's
/// language.
#[derive(Clone, Debug, PartialEq)]
pub enum Text {
    Given(String),
    Own(Msg),
}

impl Text {
    /// The text in `lang`.
    pub fn render(&self, lang: Lang, formats: &dyn Formats) -> String {
        match self {
            Text::Given(s) => s.clone(),
            Text::Own(msg) => text(lang, msg, formats),
        }
    }

    /// The text in plain English.
    pub fn english(&self) -> String {
        self.render(Lang::En, &PlainFormats)
    }
}

impl From<Msg> for Text {
    fn from(msg: Msg) -> Text {
        Text::Own(msg)
    }
}

/// Helpers the catalogs share.
pub(crate) mod common {
    use super::{Formats, Pagination};

    /// "a–b", or "a" when both are the same, written by `f`.
    pub fn range(f: &dyn Formats, (first, last): (u64, u64)) -> String {
        if first == last {
            f.integer(first)
        } else {
            format!("{}–{}", f.integer(first), f.integer(last))
        }
    }

    /// The range of a pagination, if it has one.
    pub fn pagination_range(f: &dyn Formats, p: &Pagination) -> Option<String> {
        p.range.map(|r| range(f, r))
    }

    /// `'value'`, already bounded by the model.
    pub fn quote(s: &str) -> String {
        format!("'{s}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One value of every message, so each catalog is exercised whole.
    pub(crate) fn every_message() -> Vec<Msg> {
        use GraphProblem as G;
        let p = |range, total, more, page| {
            Msg::Pagination(Pagination {
                range,
                total,
                more,
                page,
            })
        };
        let other = Noun::Other {
            singular: "cloud user".into(),
            plural: "cloud users".into(),
        };
        let mut all = vec![
            Msg::Loading,
            Msg::Cancelled,
            Msg::SomethingWentWrong,
            Msg::WidgetStopped,
            Msg::Restored,
            Msg::TooLarge {
                bytes: 9_437_184,
                limit_bytes: 8_388_608,
            },
            Msg::TooLargeRemedy,
            Msg::TooDeep { limit: 128 },
            Msg::InvalidJson { line: 1, column: 7 },
            Msg::NotJsonObject,
            Msg::StructuredNotObject,
            Msg::NeitherResultNorWidget,
            Msg::NoWidgetData,
            Msg::OtherKind {
                kind: "'weather'".into(),
            },
            Msg::NoKind,
            Msg::ToolReportedError,
            Msg::UnknownState {
                state: "'odd'".into(),
            },
            Msg::ErrorCodeLabel,
            Msg::NewerSchema {
                version: 2,
                known: 1,
            },
            Msg::RecordsNotObjects { count: 1 },
            Msg::RecordsNotObjects { count: 2 },
            Msg::RecordsNotAList,
            Msg::FirstRecords {
                shown: 100_000,
                total: 120_000,
            },
            Msg::FieldsNotColumns { count: 3 },
            Msg::ColumnsShown {
                shown: 64,
                total: 70,
            },
            Msg::MoreRecordsNotShown { count: 5 },
            Msg::InAll { total: 134 },
            Msg::RecordCount { count: 1 },
            Msg::RecordCount { count: 20 },
            p(Some((1, 20)), Some(134), true, Some(1)),
            p(Some((21, 40)), None, true, Some(2)),
            p(Some((1, 1)), None, false, Some(3)),
            p(None, Some(134), false, Some(9)),
            Msg::CountsByStatus,
            Msg::Filters,
            Msg::ChangedFields,
            Msg::Field,
            Msg::Before,
            Msg::After,
            Msg::Graph,
            Msg::GraphCount {
                blocks: 8,
                edges: 7,
            },
            Msg::GraphCount {
                blocks: 1,
                edges: 1,
            },
            Msg::GraphLayers { blocks: 8 },
            Msg::GraphLayersAcross { blocks: 8 },
            Msg::GraphTooLarge { blocks: 240 },
            Msg::DrawGraph,
            Msg::Zoom,
            Msg::ZoomIn,
            Msg::ZoomOut,
            Msg::Fit,
            Msg::BlockWord,
            Msg::BlockTitled {
                title: "load".into(),
            },
            Msg::NoRecordForBlock,
            Msg::Missing,
            Msg::Redacted,
            Msg::Yes,
            Msg::No,
            Msg::Items { count: 1 },
            Msg::Items { count: 5 },
            Msg::Fields { count: 3 },
            Msg::NamedFields {
                name: "load_orders".into(),
                count: 15,
            },
            Msg::AndMore { count: 4 },
            Msg::Back,
            Msg::Refresh,
            Msg::Refreshing,
            Msg::UpdatedAt {
                epoch_ms: 1_795_154_400_000,
            },
            Msg::Open,
            Msg::OpenRecord {
                name: "etl_daily".into(),
            },
            Msg::Opening,
            Msg::LoadBlock,
            Msg::CallTimedOut {
                tool: "pipeline_get".into(),
            },
            Msg::CallRefused {
                tool: "pipeline_get".into(),
                message: "denied".into(),
            },
            Msg::CallFailed {
                tool: "pipeline_list".into(),
            },
            Msg::FullScreen,
            Msg::DownloadCsv,
            Msg::CopyCsv,
            Msg::AskAboutThis,
            Msg::WhyFailed {
                noun: Noun::PipelineRun,
                id: "4821".into(),
            },
            Msg::Copy,
            Msg::CopyValue {
                value: "etl".into(),
            },
            Msg::Copied,
            Msg::CopyFailed,
            Msg::Code,
            Msg::Find,
            Msg::FindPlaceholder,
            Msg::Rows { count: 10_000 },
            Msg::RowsMatch {
                shown: 3,
                total: 10_000,
            },
            Msg::TableOf {
                title: "Runs".into(),
            },
            Msg::MoreColumns { count: 1 },
            Msg::MoreColumns { count: 12 },
            Msg::FewerColumns,
            Msg::MoreFields { count: 1 },
            Msg::MoreFields { count: 4 },
            Msg::ProgressColumn,
            Msg::DurationColumn,
            Msg::BlocksDone {
                done: 38,
                total: 40,
            },
            Msg::BlocksDone { done: 1, total: 1 },
            Msg::RunTimeline,
            Msg::StillRunning,
            Msg::NotStarted,
            Msg::Shape {
                rows: 838,
                columns: 13,
            },
            Msg::Shape {
                rows: 1,
                columns: 1,
            },
            Msg::SampleOf { count: 300 },
            Msg::CopyTsv,
            Msg::NoOutputData,
            Msg::LogLines { count: 3_700 },
            Msg::LogLines { count: 1 },
            Msg::EmptyLog,
            Msg::FirstError,
            Msg::ShowInLog,
            Msg::LineDetails,
        ];
        for code in [
            ErrorCode::ConfigInvalid,
            ErrorCode::AuthRequired,
            ErrorCode::AuthExpired,
            ErrorCode::ApiError,
            ErrorCode::ToolNotFound,
            ErrorCode::InternalError,
        ] {
            all.push(Msg::CodeMeaning(code));
            all.push(Msg::CodeRemedy(code));
        }
        let nouns = [
            Noun::Pipeline,
            Noun::Block,
            Noun::PipelineRun,
            Noun::BlockRun,
            Noun::BlockOutput,
            Noun::PipelineSchedule,
            Noun::PipelineTrigger,
            Noun::BlockTemplate,
            Noun::Backfill,
            Noun::Sync,
            Noun::LogFile,
            other,
        ];
        let operations = [
            Operation::Create,
            Operation::Update,
            Operation::Delete,
            Operation::Run,
            Operation::Sync,
            Operation::Other("pushed".into()),
        ];
        for noun in nouns {
            all.push(Msg::Title {
                noun: noun.clone(),
                plural: true,
            });
            all.push(Msg::Title {
                noun: noun.clone(),
                plural: false,
            });
            all.push(Msg::EmptyList(noun.clone()));
            for operation in &operations {
                for id in [None, Some("etl_daily".to_owned())] {
                    all.push(Msg::MutationBanner {
                        operation: operation.clone(),
                        noun: noun.clone(),
                        id: id.clone(),
                    });
                    all.push(Msg::MutationFooter {
                        operation: operation.clone(),
                        noun: noun.clone(),
                        id,
                    });
                }
            }
        }
        for problem in [
            G::Missing,
            G::NotAnObject,
            G::NodesNotAList,
            G::EdgesNotAList,
            G::Truncated {
                sent: 4,
                total: Some(1200),
            },
            G::Truncated {
                sent: 4,
                total: None,
            },
            G::TotalMismatch {
                said: 9,
                carried: 4,
            },
            G::TotalNotWhole,
            G::TooManyNodes {
                count: 501,
                limit: 500,
            },
            G::TooManyEdges {
                count: 34_000,
                limit: 2_000,
            },
            G::TooMuchLayout {
                segments: 90_000,
                limit: 20_000,
            },
            G::NodeNotObject { index: 1 },
            G::NodeWithoutId { index: 1 },
            G::DuplicateId { id: "'a'".into() },
            G::EdgeNotObject { index: 2 },
            G::EdgeWithoutEnd {
                index: 1,
                end: EdgeEnd::Source,
            },
            G::EdgeWithoutEnd {
                index: 1,
                end: EdgeEnd::Target,
            },
            G::UnknownBlock { id: "'x'".into() },
            G::Cycle { id: "'b'".into() },
        ] {
            all.push(Msg::GraphNotDrawn(problem));
        }
        all
    }

    #[test]
    fn every_language_says_every_message_in_one_line() {
        for lang in [Lang::En, Lang::De, Lang::Fr, Lang::Es, Lang::Ja] {
            for msg in every_message() {
                let t = text(lang, &msg, &PlainFormats);
                assert!(!t.trim().is_empty(), "{lang:?} says nothing for {msg:?}");
                assert!(!t.contains('\n'), "{lang:?}: {t:?}");
            }
        }
    }

    #[test]
    fn other_languages_are_not_english() {
        // Most sentences differ from English in every other language (ids and numbers aside).
        for lang in [Lang::De, Lang::Fr, Lang::Es, Lang::Ja] {
            let messages = every_message();
            let same: Vec<String> = messages
                .iter()
                .filter(|m| text(lang, m, &PlainFormats) == english(m))
                .map(english)
                .collect();
            assert!(
                same.len() * 10 < messages.len(),
                "{lang:?} repeats English for {same:?}"
            );
        }
    }

    #[test]
    fn locales_pick_their_language() {
        assert_eq!(Lang::from_locale("de-DE"), Lang::De);
        assert_eq!(Lang::from_locale("fr_CA"), Lang::Fr);
        assert_eq!(Lang::from_locale("es-419"), Lang::Es);
        assert_eq!(Lang::from_locale("ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_locale("pt-BR"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
    }

    #[test]
    fn english_keeps_the_words_the_fixtures_expect() {
        let p = |range, total, more, page| {
            english(&Msg::Pagination(Pagination {
                range,
                total,
                more,
                page,
            }))
        };
        assert_eq!(p(Some((1, 20)), Some(134), true, Some(1)), "1–20 of 134");
        assert_eq!(
            p(Some((21, 40)), None, true, Some(2)),
            "21–40, more available"
        );
        assert_eq!(p(Some((1, 3)), None, false, Some(3)), "1–3 (page 3)");
        assert_eq!(
            p(None, Some(134), false, Some(9)),
            "none of 134 on this page"
        );
        let banner = Msg::MutationBanner {
            operation: Operation::Create,
            noun: Noun::Pipeline,
            id: Some("orders_hourly".into()),
        };
        assert_eq!(english(&banner), "Pipeline orders_hourly created");
        let footer = Msg::MutationFooter {
            operation: Operation::Create,
            noun: Noun::Pipeline,
            id: Some("orders_hourly".into()),
        };
        assert_eq!(english(&footer), "Created pipeline · orders_hourly");
        assert_eq!(
            english(&Msg::GraphNotDrawn(GraphProblem::Truncated {
                sent: 4,
                total: Some(1200)
            })),
            "Graph not drawn: the producer truncated it (4 of 1200 blocks sent)."
        );
    }
}
