//! 日本語.

use super::common::{pagination_range, quote};
use super::vocabulary::{EdgeEnd, ErrorCode, Formats, GraphProblem, Msg, Noun, Operation};

/// Japanese has no plural; a count takes a counter word.
fn count(f: &dyn Formats, n: u64, counter: &str) -> String {
    format!("{} {counter}", f.integer(n))
}

fn noun(n: &Noun) -> String {
    match n {
        Noun::Pipeline => "パイプライン".into(),
        Noun::Block => "ブロック".into(),
        Noun::PipelineRun => "パイプライン実行".into(),
        Noun::BlockRun => "ブロック実行".into(),
        Noun::BlockOutput => "ブロック出力".into(),
        Noun::PipelineSchedule => "パイプラインスケジュール".into(),
        Noun::PipelineTrigger => "パイプライントリガー".into(),
        Noun::BlockTemplate => "ブロックテンプレート".into(),
        Noun::Backfill => "バックフィル".into(),
        Noun::Sync => "同期".into(),
        Noun::LogFile => "ログ".into(),
        Noun::Other { plural, .. } => plural.clone(),
    }
}

fn done(op: &Operation) -> String {
    match op {
        Operation::Create => "を作成しました".into(),
        Operation::Update => "を更新しました".into(),
        Operation::Delete => "を削除しました".into(),
        Operation::Run => "を実行しました".into(),
        Operation::Sync => "を同期しました".into(),
        Operation::Other(word) => format!(": {word}"),
    }
}

fn graph(f: &dyn Formats, p: &GraphProblem) -> String {
    use GraphProblem as G;
    match p {
        G::Missing => "この結果にはグラフが含まれていません".into(),
        G::NotAnObject => "グラフがオブジェクトではありません".into(),
        G::NodesNotAList => "ノードがリストではありません".into(),
        G::EdgesNotAList => "エッジがリストではありません".into(),
        G::Truncated {
            sent,
            total: Some(t),
        } => {
            format!(
                "作成元が切り詰めました ({} 件中 {} ブロックを送信)",
                f.integer(*t),
                f.integer(*sent)
            )
        }
        G::Truncated { total: None, .. } => "作成元が切り詰めました".into(),
        G::TotalMismatch { said, carried } => {
            format!(
                "ブロック数は {} とありますが、実際は {} です",
                f.integer(*said),
                f.integer(*carried)
            )
        }
        G::TotalNotWhole => "totalNodes が整数ではありません".into(),
        G::TooManyNodes { count, limit } => {
            format!(
                "ブロックが {} 個あり、この表示の上限 {} を超えています",
                f.integer(*count),
                f.integer(*limit)
            )
        }
        G::TooManyEdges { count, limit } => {
            format!(
                "依存関係が {} 件あり、この表示の上限 {} を超えています",
                f.integer(*count),
                f.integer(*limit)
            )
        }
        G::TooMuchLayout { segments, limit } => format!(
            "依存関係が多くの層をまたぐため読みやすく描けません (エッジ区間 {}、上限 {})",
            f.integer(*segments),
            f.integer(*limit)
        ),
        G::NodeNotObject { index } => format!("ノード #{index} がオブジェクトではありません"),
        G::NodeWithoutId { index } => format!("ノード #{index} に文字列の id がありません"),
        G::DuplicateId { id } => format!("2 つのブロックが同じ id {} を持っています", quote(id)),
        G::EdgeNotObject { index } => format!("エッジ #{index} がオブジェクトではありません"),
        G::EdgeWithoutEnd { index, end } => format!(
            "エッジ #{index} に文字列の {} がありません",
            match end {
                EdgeEnd::Source => "source",
                EdgeEnd::Target => "target",
            }
        ),
        G::UnknownBlock { id } => format!("エッジが不明なブロック {} を指しています", quote(id)),
        G::Cycle { id } => format!("エッジが {} を通る循環を作っています", quote(id)),
    }
}

/// Every message in this language. One exhaustive match on purpose: a new message does not
/// compile until each language says it, and the sentences read side by side.
pub(super) fn text(msg: &Msg, f: &dyn Formats) -> String {
    match msg {
        Msg::Loading => "結果を読み込んでいます…".into(),
        Msg::Cancelled => "ツールの呼び出しはキャンセルされました。".into(),
        Msg::SomethingWentWrong => "問題が発生しました。".into(),
        Msg::WidgetStopped => "内部エラーのためウィジェットが停止しました。結果をもう一度要求してください。".into(),
        Msg::Restored => "復元: ホストが結果を再送せずにこの表示を再読み込みしました。".into(),
        Msg::TooLarge { bytes, limit_bytes } => format!(
            "この結果は {} MB です。ウィジェットが表示できるのは {} MB までです。",
            f.decimal(*bytes as f64 / 1_048_576.0, 1),
            f.integer(limit_bytes / 1_048_576)
        ),
        Msg::TooLargeRemedy => "件数を減らしてください (ページを小さくするか、条件を絞り込んでください)。".into(),
        Msg::TooDeep { limit } => format!("この結果は {limit} 階層より深く入れ子になっているため表示されません。"),
        Msg::InvalidJson { line, column } => format!("この結果は有効な JSON ではありません ({line} 行 {column} 列)。"),
        Msg::NotJsonObject => "ツールの結果が JSON オブジェクトではありません。".into(),
        Msg::StructuredNotObject => "構造化コンテンツがオブジェクトではありません。".into(),
        Msg::NeitherResultNorWidget => "これはツールの結果でもリソースウィジェットでもありません。".into(),
        Msg::NoWidgetData => "ツールの応答にウィジェット用のデータがありません。".into(),
        Msg::OtherKind { kind } => format!("これはリソースウィジェットではありません (kind {})。", quote(kind)),
        Msg::NoKind => "これはリソースウィジェットではありません (kind がありません)。".into(),
        Msg::ToolReportedError => "ツールがエラーを報告しました。".into(),
        Msg::UnknownState { state } => format!("結果の状態 {} は不明で、レコードもありません。", quote(state)),
        Msg::CodeMeaning(code) => match code {
            ErrorCode::ConfigInvalid => "エージェントの設定ファイルがないか、形式が正しくありません。",
            ErrorCode::AuthRequired => "認証情報が見つかりません。",
            ErrorCode::AuthExpired => "クラスターが認証情報を拒否しました (401 または 403)。",
            ErrorCode::ApiError => "クラスターの API がエラーを返しました。",
            ErrorCode::ToolNotFound => "要求されたツールは登録されていません。",
            ErrorCode::InternalError => "エージェントで予期しない内部エラーが発生しました。",
        }
        .into(),
        Msg::CodeRemedy(code) => match code {
            ErrorCode::ConfigInvalid => "エージェントの作業ディレクトリにある config.json を確認して、もう一度お試しください。",
            ErrorCode::AuthRequired => "エージェントのログインコマンドでサインインして、もう一度お試しください。",
            ErrorCode::AuthExpired => "エージェントのログインコマンドをもう一度実行してから、再試行してください。",
            ErrorCode::ApiError | ErrorCode::ToolNotFound | ErrorCode::InternalError => {
                "もう一度お試しください。失敗が続く場合はエージェントのログを確認してください。"
            }
        }
        .into(),
        Msg::ErrorCodeLabel => "エラーコード".into(),
        Msg::NewerSchema { version, known } => format!(
            "この結果はスキーマのバージョン {version} を使っています。このウィジェットはバージョン {known} に対応しており、可能な範囲で表示します。"
        ),
        Msg::RecordsNotObjects { count } => format!("{} 件のレコードはオブジェクトではないため表示されません。", f.integer(*count)),
        Msg::RecordsNotAList => "レコードがリストではないため、表示できるものがありません。".into(),
        Msg::FirstRecords { shown, total } => format!("{} 件中、最初の {} 件を表示しています。", f.integer(*total), f.integer(*shown)),
        Msg::FieldsNotColumns { count } => format!("ほかに {} 個のフィールドは列として表示されません。", f.integer(*count)),
        Msg::ColumnsShown { shown, total } => format!("{} 列中 {} 列を表示しています。", f.integer(*total), f.integer(*shown)),
        Msg::MoreRecordsNotShown { count } => format!("ほかに {} 件のレコードは表示されません。", f.integer(*count)),
        Msg::Title { noun: n, .. } => noun(n),
        Msg::InAll { total } => format!("全 {} 件", f.integer(*total)),
        Msg::RecordCount { count: n } => count(f, *n, "件"),
        Msg::Pagination(p) => match (pagination_range(f, p), p.total) {
            (Some(range), Some(total)) => format!("{} 件中 {range} 件目", f.integer(total)),
            (Some(range), None) if p.more => format!("{range} 件目 (続きあり)"),
            (Some(range), None) => match p.page {
                Some(page) => format!("{range} 件目 ({} ページ)", f.integer(page)),
                None => format!("{range} 件目"),
            },
            (None, Some(total)) => format!("このページには {} 件中のレコードがありません", f.integer(total)),
            (None, None) => String::new(),
        },
        Msg::CountsByStatus => "ステータス別の件数".into(),
        Msg::Filters => "フィルター".into(),
        Msg::EmptyList(n) => match n {
            Noun::Pipeline => "このプロジェクトにはまだパイプラインがありません。".into(),
            Noun::Block => "このパイプラインにはまだブロックがありません。".into(),
            Noun::PipelineRun => "該当する実行はありません。パイプラインが起動されるとここに表示されます。".into(),
            Noun::BlockRun => "このパイプライン実行にはブロック実行がありません。".into(),
            Noun::BlockOutput => "このブロックはまだ出力を生成していません。".into(),
            Noun::PipelineSchedule => "このパイプラインにはトリガーが設定されていません。".into(),
            Noun::PipelineTrigger => "このパイプラインにはトリガー設定がありません。".into(),
            Noun::BlockTemplate => "利用できるブロックテンプレートはありません。".into(),
            Noun::Sync => "ローカルとリモートのファイルは同じです。".into(),
            Noun::LogFile => "この実行にはまだログがありません。".into(),
            other => format!("表示する {} はありません。", noun(other)),
        },
        Msg::MutationBanner { operation, noun: n, id } => match id {
            Some(id) => format!("{} {id} {}", noun(n), done(operation)),
            None => format!("{}{}", noun(n), done(operation)),
        },
        Msg::MutationFooter { operation, noun: n, id } => {
            let what = format!("{}{}", noun(n), done(operation));
            match id {
                Some(id) => format!("{what} · {id}"),
                None => what,
            }
        }
        Msg::ChangedFields => "変更されたフィールド".into(),
        Msg::Field => "フィールド".into(),
        Msg::Before => "変更前".into(),
        Msg::After => "変更後".into(),
        Msg::GraphNotDrawn(p) => format!("グラフは描画されません: {}。", graph(f, p)),
        Msg::Graph => "ブロックの依存関係グラフ".into(),
        Msg::GraphCount { blocks, edges } => format!("{} · 依存関係 {}", count(f, *blocks, "ブロック"), count(f, *edges, "件")),
        Msg::GraphLayers { blocks } => format!("{} を上から下へ層ごとに表示", count(f, *blocks, "ブロック")),
        Msg::GraphLayersAcross { blocks } => format!("{} を左から右へ層ごとに表示", count(f, *blocks, "ブロック")),
        Msg::GraphTooLarge { blocks } => format!("{} はここで図として読むには多すぎます。各ブロックの上流と下流を下の表に示します。", count(f, *blocks, "ブロック")),
        Msg::DrawGraph => "グラフを描く".into(),
        Msg::Zoom => "ズーム".into(),
        Msg::ZoomIn => "拡大".into(),
        Msg::ZoomOut => "縮小".into(),
        Msg::Fit => "全体表示".into(),
        Msg::BlockWord => "ブロック".into(),
        Msg::BlockTitled { title } => format!("ブロック {title}"),
        Msg::NoRecordForBlock => "この結果にはこのブロックのレコードがありません。".into(),
        Msg::Missing => "なし".into(),
        Msg::Redacted => "非表示".into(),
        Msg::Yes => "はい".into(),
        Msg::No => "いいえ".into(),
        Msg::Items { count: n } => count(f, *n, "項目"),
        Msg::Fields { count: n } => count(f, *n, "フィールド"),
        Msg::NamedFields { name, count: n } => format!("{name} ({})", count(f, *n, "フィールド")),
        Msg::AndMore { count } => format!("ほか {} 件", f.integer(*count)),
        Msg::DownloadCsv => "CSV をダウンロード".into(),
        Msg::CopyCsv => "CSV としてコピー".into(),
        Msg::AskAboutThis => "これについて質問".into(),
        Msg::WhyFailed { noun: noun_, id } => format!("{} {id} が失敗したのはなぜですか？", noun(noun_)),
        Msg::FullScreen => "全画面表示".into(),
        Msg::Back => "戻る".into(),
        Msg::Refresh => "更新".into(),
        Msg::Refreshing => "更新中…".into(),
        Msg::UpdatedAt { epoch_ms } => format!("{} に更新", f.clock(*epoch_ms)),
        Msg::Open => "開く".into(),
        Msg::OpenRecord { name } => format!("{name} を開く"),
        Msg::Opening => "開いています…".into(),
        Msg::LoadBlock => "このブロックを読み込む".into(),
        Msg::CallTimedOut { tool } => format!("{tool} は 30 秒以内に応答しませんでした。"),
        Msg::CallRefused { tool, message } => format!("{tool} が失敗しました: {message}"),
        Msg::CallFailed { tool } => format!("{tool} がエラーを返しました:"),
        Msg::DiffUnreadable { field, line: Some(line) } => format!("{field} の変更を差分として読めませんでした（{line} 行目）。下のレコードは現在の状態です。"),
        Msg::DiffUnreadable { field, line: None } => format!("{field} の変更は unified 形式の差分ではありません。下のレコードは現在の状態です。"),
        Msg::ChangesUnreadable => "変更内容を読めませんでした（リストでもオブジェクトでもありません）。下のレコードは現在の状態です。".into(),
        Msg::DiffSummary { field, added, removed } => format!("{field}: {} 行追加、{} 行削除", f.integer(*added), f.integer(*removed)),
        Msg::DiffCut { shown, total } => format!("変更箇所 {} 件のうち最初の {} 件。コード全体は下のレコードにあります。", f.integer(*total), f.integer(*shown)),
        Msg::HunkCounts { added, removed } => format!("+{} −{}", f.integer(*added), f.integer(*removed)),
        Msg::LineAdded => "追加".into(),
        Msg::LineRemoved => "削除".into(),
        Msg::Live { epoch_ms } => format!("ライブ · {} に更新", f.clock(*epoch_ms)),
        Msg::FollowPaused { minutes } => format!("{} 分経過したためライブ更新を一時停止しました。", f.integer(*minutes)),
        Msg::FollowStopped => "ライブ更新が停止しました:".into(),
        Msg::Retry => "再試行".into(),
        Msg::FollowUnavailable => "まだ実行中です。このホストではウィジェットが更新を問い合わせられません。結果を知るにはアシスタントにもう一度尋ねてください。".into(),
        Msg::RowDetails => "詳細".into(),
        Msg::RowDetailsOf { name } => format!("{name} の詳細"),
        Msg::Actions => "操作".into(),
        Msg::Copy => "コピー".into(),
        Msg::CopyValue { value } => format!("{value} をコピー"),
        Msg::Copied => "クリップボードにコピーしました".into(),
        Msg::CopyFailed => "コピーできませんでした: ホストが許可していません".into(),
        Msg::Code => "コード".into(),
        Msg::Find => "検索".into(),
        Msg::FindPlaceholder => "すべての行から".into(),
        Msg::Rows { count: n } => count(f, *n, "行"),
        Msg::RowsMatch { shown, total } => format!("{} 行中 {} 行が一致", f.integer(*total), f.integer(*shown)),
        Msg::MoreColumns { count: n } => format!("ほかに {}", count(f, *n, "列")),
        Msg::FewerColumns => "列を減らす".into(),
        Msg::MoreFields { count: n } => format!("空のフィールド {}", count(f, *n, "個")),
        Msg::ProgressColumn => "進捗".into(),
        Msg::DurationColumn => "所要時間".into(),
        Msg::BlocksDone { done, total } => format!("{}/{} ブロック", f.integer(*done), f.integer(*total)),
        Msg::RunTimeline => "この実行のブロック (時系列)".into(),
        Msg::StillRunning => "実行中".into(),
        Msg::NotStarted => "未開始".into(),
        Msg::Shape { rows, columns } => format!("{} 行 × {} 列", f.integer(*rows), f.integer(*columns)),
        Msg::SampleOf { count } => format!("{} 行のサンプル", f.integer(*count)),
        Msg::CopyTsv => "TSV としてコピー".into(),
        Msg::NoOutputData => "この出力にはデータがありません。".into(),
        Msg::LogLines { count: n } => count(f, *n, "行"),
        Msg::EmptyLog => "このファイルは空です。".into(),
        Msg::FirstError => "最初のエラー".into(),
        Msg::ShowInLog => "ログで表示".into(),
        Msg::LineDetails => "行の詳細".into(),
        Msg::TableOf { title } => format!("{title}: 表"),
        Msg::SharedValue { noun: n, value } => format!("{}: {value}", noun(n)),
    }
}
