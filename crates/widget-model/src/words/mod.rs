//! The widget's own words, in the host's language. The model never holds a sentence of ours: it
//! holds a [`Msg`] (what to say, with its values), and the views render it with [`text`] in the
//! language of the host's locale. Data (names, producer messages, status values) is never
//! translated: it is shown as sent.
//!
//! One catalog per language (`en`, `de`, `fr`, `es`, `ja`), each an exhaustive match, so a new
//! message does not compile until every language says it. Numbers, times and durations inside
//! sentences go through [`Formats`]: the browser's `Intl` in the widget, [`PlainFormats`] natively.

mod common;
mod de;
mod en;
mod es;
mod fr;
mod ja;
mod vocabulary;

pub use vocabulary::*;

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

#[cfg(test)]
mod tests {
    use super::*;

    /// One value of every message, so each catalog is exercised whole. One list on purpose: it
    /// is read against the `Msg` enum, a variant at a time.
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
            Msg::DiffUnreadable {
                field: "Content".into(),
                line: Some(3),
            },
            Msg::DiffUnreadable {
                field: "Content".into(),
                line: None,
            },
            Msg::ChangesUnreadable,
            Msg::DiffSummary {
                field: "Content".into(),
                added: 3,
                removed: 1,
            },
            Msg::DiffCut {
                shown: 2,
                total: 12,
            },
            Msg::HunkCounts {
                added: 1,
                removed: 1,
            },
            Msg::LineAdded,
            Msg::LineRemoved,
            Msg::Live {
                epoch_ms: 1_795_154_400_000,
            },
            Msg::FollowPaused { minutes: 30 },
            Msg::FollowStopped,
            Msg::Retry,
            Msg::FollowUnavailable,
            Msg::RowDetails,
            Msg::RowDetailsOf {
                name: "4821".into(),
            },
            Msg::Actions,
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
            Msg::SharedValue {
                noun: Noun::Pipeline,
                value: "etl_daily".into(),
            },
            Msg::SharedValue {
                noun: Noun::PipelineRun,
                value: "4821".into(),
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
