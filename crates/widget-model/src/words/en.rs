//! English.

use super::common::{pagination_range, quote};
use super::vocabulary::{EdgeEnd, ErrorCode, Formats, GraphProblem, Msg, Noun, Operation};

fn plural(f: &dyn Formats, n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", f.integer(n))
    }
}

fn noun(n: &Noun, plural: bool) -> String {
    let (one, many) = match n {
        Noun::Pipeline => ("pipeline", "pipelines"),
        Noun::Block => ("block", "blocks"),
        Noun::PipelineRun => ("pipeline run", "pipeline runs"),
        Noun::BlockRun => ("block run", "block runs"),
        Noun::BlockOutput => ("block output", "block outputs"),
        Noun::PipelineSchedule => ("pipeline schedule", "pipeline schedules"),
        Noun::PipelineTrigger => ("pipeline trigger", "pipeline triggers"),
        Noun::BlockTemplate => ("block template", "block templates"),
        Noun::Backfill => ("backfill", "backfills"),
        Noun::Sync => ("sync", "sync status"),
        Noun::LogFile => ("log file", "logs"),
        Noun::Other {
            singular,
            plural: many,
        } => {
            return if plural {
                many.clone()
            } else {
                singular.clone()
            }
        }
    };
    (if plural { many } else { one }).to_owned()
}

fn capitalized(s: &str) -> String {
    crate::text::capitalize(s)
}

/// The past participle of an operation: "created", "triggered", "synced".
fn participle(op: &Operation) -> String {
    match op {
        Operation::Create => "created".into(),
        Operation::Update => "updated".into(),
        Operation::Delete => "deleted".into(),
        Operation::Run => "triggered".into(),
        Operation::Sync => "synced".into(),
        Operation::Other(word) => match word.as_str() {
            "" => "done".into(),
            w if w.ends_with("ed") => w.into(),
            w if w.ends_with('e') => format!("{w}d"),
            w => format!("{w}ed"),
        },
    }
}

fn graph(f: &dyn Formats, p: &GraphProblem) -> String {
    use GraphProblem as G;
    match p {
        G::Missing => "this result carries no graph".into(),
        G::NotAnObject => "the graph is not an object".into(),
        G::NodesNotAList => "its nodes are not a list".into(),
        G::EdgesNotAList => "its edges are not a list".into(),
        G::Truncated {
            sent,
            total: Some(t),
        } => {
            format!(
                "the producer truncated it ({} of {} blocks sent)",
                f.integer(*sent),
                f.integer(*t)
            )
        }
        G::Truncated { total: None, .. } => "the producer truncated it".into(),
        G::TotalMismatch { said, carried } => {
            format!(
                "it says {} blocks but carries {}",
                f.integer(*said),
                f.integer(*carried)
            )
        }
        G::TotalNotWhole => "its totalNodes is not a whole number".into(),
        G::TooManyNodes { count, limit } => {
            format!(
                "it has {} blocks, more than the {} this view draws",
                f.integer(*count),
                f.integer(*limit)
            )
        }
        G::TooManyEdges { count, limit } => {
            format!(
                "it has {} dependencies, more than the {} this view draws",
                f.integer(*count),
                f.integer(*limit)
            )
        }
        G::TooMuchLayout { segments, limit } => format!(
            "its dependencies cross too many layers to draw legibly ({} edge segments, at most {})",
            f.integer(*segments),
            f.integer(*limit)
        ),
        G::NodeNotObject { index } => format!("node #{index} is not an object"),
        G::NodeWithoutId { index } => format!("node #{index} has no string id"),
        G::DuplicateId { id } => format!("two blocks share the id {}", quote(id)),
        G::EdgeNotObject { index } => format!("edge #{index} is not an object"),
        G::EdgeWithoutEnd { index, end } => format!(
            "edge #{index} has no string {}",
            match end {
                EdgeEnd::Source => "source",
                EdgeEnd::Target => "target",
            }
        ),
        G::UnknownBlock { id } => format!("an edge names the unknown block {}", quote(id)),
        G::Cycle { id } => format!("its edges form a cycle through {}", quote(id)),
    }
}

/// Every message in this language. One exhaustive match on purpose: a new message does not
/// compile until each language says it, and the sentences read side by side.
pub(super) fn text(msg: &Msg, f: &dyn Formats) -> String {
    match msg {
        Msg::Loading => "Loading results…".into(),
        Msg::Cancelled => "The tool call was cancelled.".into(),
        Msg::SomethingWentWrong => "Something went wrong.".into(),
        Msg::WidgetStopped => "The widget stopped on an internal error. Ask for the result again.".into(),
        Msg::Restored => "Restored: the host reloaded this view without resending the result.".into(),
        Msg::TooLarge { bytes, limit_bytes } => format!(
            "This result is {} MB; the widget renders results up to {} MB.",
            f.decimal(*bytes as f64 / 1_048_576.0, 1),
            f.integer(limit_bytes / 1_048_576)
        ),
        Msg::TooLargeRemedy => "Ask for fewer records (a smaller page or a narrower filter).".into(),
        Msg::TooDeep { limit } => format!("This result is nested deeper than {limit} levels, so it is not shown."),
        Msg::InvalidJson { line, column } => format!("This result is not valid JSON (line {line}, column {column})."),
        Msg::NotJsonObject => "The tool result is not a JSON object.".into(),
        Msg::StructuredNotObject => "The structured content is not an object.".into(),
        Msg::NeitherResultNorWidget => "This is neither a tool result nor a resource widget.".into(),
        Msg::NoWidgetData => "The tool's answer carries no widget data.".into(),
        Msg::OtherKind { kind } => format!("This is not a resource widget (kind {}).", quote(kind)),
        Msg::NoKind => "This is not a resource widget (no kind).".into(),
        Msg::ToolReportedError => "The tool reported an error.".into(),
        Msg::UnknownState { state } => format!("The result's state {} is unknown and it has no records.", quote(state)),
        Msg::CodeMeaning(code) => match code {
            ErrorCode::ConfigInvalid => "The agent's configuration file is missing or malformed.",
            ErrorCode::AuthRequired => "No credentials were found.",
            ErrorCode::AuthExpired => "The cluster refused the credentials (401 or 403).",
            ErrorCode::ApiError => "The cluster's API returned an error.",
            ErrorCode::ToolNotFound => "The requested tool is not registered.",
            ErrorCode::InternalError => "The agent hit an unexpected internal failure.",
        }
        .into(),
        Msg::CodeRemedy(code) => match code {
            ErrorCode::ConfigInvalid => "Check config.json in the agent's working directory, then try again.",
            ErrorCode::AuthRequired => "Sign in with the agent's login command, then try again.",
            ErrorCode::AuthExpired => "Run the agent's login command again, then retry.",
            ErrorCode::ApiError | ErrorCode::ToolNotFound | ErrorCode::InternalError => "Try again; if it keeps failing, check the agent's logs.",
        }
        .into(),
        Msg::ErrorCodeLabel => "Error code".into(),
        Msg::NewerSchema { version, known } => format!(
            "This result uses schema version {version}; this widget knows version {known} and shows it as best it can."
        ),
        Msg::RecordsNotObjects { count: 1 } => "1 record is not an object and is not shown.".into(),
        Msg::RecordsNotObjects { count } => format!("{} records are not an object and are not shown.", f.integer(*count)),
        Msg::RecordsNotAList => "The records are not a list, so none are shown.".into(),
        Msg::FirstRecords { shown, total } => {
            format!("Showing the first {} of {} records.", f.integer(*shown), f.integer(*total))
        }
        Msg::FieldsNotColumns { count: 1 } => "1 more field is not shown as a column.".into(),
        Msg::FieldsNotColumns { count } => format!("{} more fields are not shown as columns.", f.integer(*count)),
        Msg::ColumnsShown { shown, total } => format!("Showing {} of {} columns.", f.integer(*shown), f.integer(*total)),
        Msg::MoreRecordsNotShown { count } => format!("{} more records are not shown.", f.integer(*count)),
        Msg::Title { noun: n, plural } => capitalized(&noun(n, *plural)),
        Msg::InAll { total } => format!("{} in all", f.integer(*total)),
        Msg::RecordCount { count } => plural(f, *count, "record", "records"),
        Msg::Pagination(p) => match (pagination_range(f, p), p.total) {
            (Some(range), Some(total)) => format!("{range} of {}", f.integer(total)),
            (Some(range), None) if p.more => format!("{range}, more available"),
            (Some(range), None) => match p.page {
                Some(page) => format!("{range} (page {})", f.integer(page)),
                None => range,
            },
            (None, Some(total)) => format!("none of {} on this page", f.integer(total)),
            (None, None) => String::new(),
        },
        Msg::CountsByStatus => "Counts by status".into(),
        Msg::Filters => "Filters".into(),
        Msg::EmptyList(n) => match n {
            Noun::Pipeline => "No pipelines in this project yet.".into(),
            Noun::Block => "This pipeline has no blocks yet.".into(),
            Noun::PipelineRun => "No runs match. Runs appear here once the pipeline is triggered.".into(),
            Noun::BlockRun => "No block runs for this pipeline run.".into(),
            Noun::BlockOutput => "This block has produced no output yet.".into(),
            Noun::PipelineSchedule => "No triggers are set up for this pipeline.".into(),
            Noun::PipelineTrigger => "No trigger configuration for this pipeline.".into(),
            Noun::BlockTemplate => "No block templates are available.".into(),
            Noun::Sync => "Local and remote files are the same.".into(),
            Noun::LogFile => "This run has no logs yet.".into(),
            other => format!("No {} to show.", noun(other, true)),
        },
        Msg::MutationBanner { operation, noun: n, id } => {
            let subject = capitalized(&noun(n, false));
            match id {
                Some(id) => format!("{subject} {id} {}", participle(operation)),
                None => format!("{subject} {}", participle(operation)),
            }
        }
        Msg::MutationFooter { operation, noun: n, id } => {
            let done = format!("{} {}", capitalized(&participle(operation)), noun(n, false));
            match id {
                Some(id) => format!("{done} · {id}"),
                None => done,
            }
        }
        Msg::ChangedFields => "Changed fields".into(),
        Msg::Field => "Field".into(),
        Msg::Before => "Before".into(),
        Msg::After => "After".into(),
        Msg::GraphNotDrawn(p) => format!("Graph not drawn: {}.", graph(f, p)),
        Msg::Graph => "Block dependency graph".into(),
        Msg::GraphCount { blocks, edges } => format!(
            "{} · {}",
            plural(f, *blocks, "block", "blocks"),
            plural(f, *edges, "dependency", "dependencies")
        ),
        Msg::GraphLayers { blocks } => format!("{} in layers, top to bottom", plural(f, *blocks, "block", "blocks")),
        Msg::GraphLayersAcross { blocks } => format!("{} in layers, left to right", plural(f, *blocks, "block", "blocks")),
        Msg::GraphTooLarge { blocks } => format!("{} are too many to read as a drawing here: they are listed below, with what each reads from and feeds.", plural(f, *blocks, "block", "blocks")),
        Msg::DrawGraph => "Draw the graph".into(),
        Msg::Zoom => "Zoom".into(),
        Msg::ZoomIn => "Zoom in".into(),
        Msg::ZoomOut => "Zoom out".into(),
        Msg::Fit => "Fit".into(),
        Msg::BlockWord => "block".into(),
        Msg::BlockTitled { title } => format!("Block {title}"),
        Msg::NoRecordForBlock => "This result carries no record for this block.".into(),
        Msg::Missing => "none".into(),
        Msg::Redacted => "redacted".into(),
        Msg::Yes => "Yes".into(),
        Msg::No => "No".into(),
        Msg::Items { count } => plural(f, *count, "item", "items"),
        Msg::Fields { count } => plural(f, *count, "field", "fields"),
        Msg::NamedFields { name, count } => format!("{name} ({})", plural(f, *count, "field", "fields")),
        Msg::AndMore { count } => format!("and {} more", f.integer(*count)),
        Msg::DownloadCsv => "Download CSV".into(),
        Msg::CopyCsv => "Copy as CSV".into(),
        Msg::AskAboutThis => "Ask about this".into(),
        Msg::WhyFailed { noun: noun_, id } => format!("Why did {} {id} fail?", noun(noun_, false)),
        Msg::FullScreen => "Full screen".into(),
        Msg::Back => "Back".into(),
        Msg::Refresh => "Refresh".into(),
        Msg::Refreshing => "Refreshing…".into(),
        Msg::UpdatedAt { epoch_ms } => format!("Updated {}", f.clock(*epoch_ms)),
        Msg::Open => "Open".into(),
        Msg::OpenRecord { name } => format!("Open {name}"),
        Msg::Opening => "Opening…".into(),
        Msg::LoadBlock => "Load this block".into(),
        Msg::CallTimedOut { tool } => format!("{tool} did not answer within 30 seconds."),
        Msg::CallRefused { tool, message } => format!("{tool} failed: {message}"),
        Msg::CallFailed { tool } => format!("{tool} answered with an error:"),
        Msg::DiffUnreadable { field, line: Some(line) } => format!("The change to {field} could not be read as a diff (line {line}); the record below is as it is now."),
        Msg::DiffUnreadable { field, line: None } => format!("The change to {field} is not a unified diff; the record below is as it is now."),
        Msg::ChangesUnreadable => "The changes could not be read (neither a list nor an object); the record below is as it is now.".into(),
        Msg::DiffSummary { field, added, removed } => format!("{field}: {} added, {} removed", plural(f, *added, "line", "lines"), f.integer(*removed)),
        Msg::DiffCut { shown, total } => format!("The first {} of {} changed places; the whole code is in the record below.", f.integer(*shown), f.integer(*total)),
        Msg::HunkCounts { added, removed } => format!("+{} −{}", f.integer(*added), f.integer(*removed)),
        Msg::LineAdded => "added".into(),
        Msg::LineRemoved => "removed".into(),
        Msg::Live { epoch_ms } => format!("Live · updated {}", f.clock(*epoch_ms)),
        Msg::FollowPaused { minutes } => format!("Live updates paused after {} minutes.", f.integer(*minutes)),
        Msg::FollowStopped => "Live updates stopped:".into(),
        Msg::Retry => "Retry".into(),
        Msg::FollowUnavailable => "Still running. This host does not let the widget ask for updates: ask the assistant again to see how it went.".into(),
        Msg::RowDetails => "Details".into(),
        Msg::RowDetailsOf { name } => format!("Details of {name}"),
        Msg::Actions => "Actions".into(),
        Msg::Copy => "Copy".into(),
        Msg::CopyValue { value } => format!("Copy {value}"),
        Msg::Copied => "Copied to the clipboard".into(),
        Msg::CopyFailed => "Could not copy: the host did not allow it".into(),
        Msg::Code => "code".into(),
        Msg::Find => "Find".into(),
        Msg::FindPlaceholder => "in every row".into(),
        Msg::Rows { count } => plural(f, *count, "row", "rows"),
        Msg::RowsMatch { shown, total } => format!("{} of {} rows match", f.integer(*shown), f.integer(*total)),
        Msg::MoreColumns { count } => format!("{} more {}", f.integer(*count), if *count == 1 { "column" } else { "columns" }),
        Msg::FewerColumns => "Fewer columns".into(),
        Msg::MoreFields { count } => format!("{} more {}, empty", f.integer(*count), if *count == 1 { "field" } else { "fields" }),
        Msg::ProgressColumn => "Progress".into(),
        Msg::DurationColumn => "Duration".into(),
        Msg::BlocksDone { done, total } => format!("{}/{} {}", f.integer(*done), f.integer(*total), if *total == 1 { "block" } else { "blocks" }),
        Msg::RunTimeline => "Blocks of this run, in time".into(),
        Msg::StillRunning => "still running".into(),
        Msg::NotStarted => "not started".into(),
        Msg::Shape { rows, columns } => format!("{} × {}", plural(f, *rows, "row", "rows"), plural(f, *columns, "column", "columns")),
        Msg::SampleOf { count } => format!("sample of {}", f.integer(*count)),
        Msg::CopyTsv => "Copy as TSV".into(),
        Msg::NoOutputData => "This output holds no data.".into(),
        Msg::LogLines { count } => plural(f, *count, "line", "lines"),
        Msg::EmptyLog => "This file is empty.".into(),
        Msg::FirstError => "First error".into(),
        Msg::ShowInLog => "Show in the log".into(),
        Msg::LineDetails => "Line details".into(),
        Msg::TableOf { title } => format!("{title}: table"),
        Msg::SharedValue { noun: n, value } => format!("{}: {value}", capitalized(&noun(n, false))),
    }
}
