//! run_pipeline, pipeline_runs (paged), pipeline_run_get (one run with its block runs, what the
//! widget follows a run with), block_runs and backfill_list.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::backend::{mark_truncated, Call, RunQuery};
use crate::ids::IdArguments;
use crate::records::{duration_seconds, records, str_of, strings, text_of};
use crate::server::MageMcpServer;
use crate::vocabulary::{RunId, RunStatus};
use crate::widget_result::{
    column, plain_column, Column, ColumnType, Hints, Mutation, Pagination, Summary, ToolError,
    WidgetResult,
};

pub const DEFAULT_PER_PAGE: u64 = 20;
pub const MAX_PER_PAGE: u64 = 100;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct RunPipelineArgs {
    /// The pipeline to run.
    pub pipeline_uuid: String,
    /// Run variables and similar: stored on the run as `event_variables`; a `variables` object
    /// inside it overrides the pipeline's variables for this run.
    pub payload: Option<Map<String, Value>>,
}

impl IdArguments for RunPipelineArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", Some(&self.pipeline_uuid))]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineRunsArgs {
    /// Only runs of this pipeline.
    pub pipeline_uuid: Option<String>,
    /// Only runs in this status.
    pub status: Option<RunStatus>,
    /// Page number, from 1 (default 1). Newest runs first.
    pub page: Option<u64>,
    /// Runs per page, 1 to 100 (default 20).
    pub per_page: Option<u64>,
}

impl IdArguments for PipelineRunsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", self.pipeline_uuid.as_deref())]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct BlockRunsArgs {
    /// The pipeline run (id as run_pipeline or pipeline_runs return it).
    pub pipeline_run_id: RunId,
}

impl IdArguments for BlockRunsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        self.pipeline_run_id.resolve("pipeline_run_id").map(|_| ())
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PipelineRunGetArgs {
    /// The pipeline run (id as run_pipeline or pipeline_runs return it).
    pub pipeline_run_id: RunId,
}

impl IdArguments for PipelineRunGetArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        self.pipeline_run_id.resolve("pipeline_run_id").map(|_| ())
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BackfillListArgs {
    /// Only backfills of this pipeline.
    pub pipeline_uuid: Option<String>,
    /// Only backfills in this status.
    pub status: Option<RunStatus>,
}

impl IdArguments for BackfillListArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", self.pipeline_uuid.as_deref())]
    }
}

#[tool_router(router = run_tools, vis = "pub(crate)")]
impl MageMcpServer {
    #[tool(
        description = "Triggers a pipeline run. `payload` (run variables and similar) is stored on the run; the result carries the pipeline run id for run_logs and block_runs.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn run_pipeline(&self, Parameters(args): Parameters<RunPipelineArgs>) -> CallToolResult {
        self.answer("run_pipeline", args, |call, args| async move {
            run(&call, args).await
        })
        .await
    }

    #[tool(
        description = "Lists pipeline runs, newest first, with optional filters `pipeline_uuid` and `status` (initial, running, completed, failed, cancelled) and pages (`page` from 1, `per_page` up to 100, default 20).",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_runs(
        &self,
        Parameters(args): Parameters<PipelineRunsArgs>,
    ) -> CallToolResult {
        self.answer("pipeline_runs", args, |call, args| async move {
            list(&call, args).await
        })
        .await
    }

    #[tool(
        description = "One pipeline run as it is now: its status, times and duration with its block runs (status, start, end), e.g. to see whether a run started by run_pipeline has finished.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_run_get(
        &self,
        Parameters(args): Parameters<PipelineRunGetArgs>,
    ) -> CallToolResult {
        self.answer("pipeline_run_get", args, |call, args| async move {
            run_get(&call, args.pipeline_run_id.resolve("pipeline_run_id")?).await
        })
        .await
    }

    #[tool(
        description = "Lists the block runs of one pipeline run: block, status, start, end and duration.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_runs(&self, Parameters(args): Parameters<BlockRunsArgs>) -> CallToolResult {
        self.answer("block_runs", args, |call, args| async move {
            block_runs(&call, args.pipeline_run_id.resolve("pipeline_run_id")?).await
        })
        .await
    }

    #[tool(
        description = "Lists backfills (runs of a pipeline over a past time range), with optional filters `pipeline_uuid` and `status`.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn backfill_list(
        &self,
        Parameters(args): Parameters<BackfillListArgs>,
    ) -> CallToolResult {
        self.answer("backfill_list", args, |call, args| async move {
            backfills(&call, args).await
        })
        .await
    }
}

/// The columns of a runs list, in the order a person asks of a run: which pipeline, how it went,
/// when it ran, how long it took; the run's id and the counts after.
fn run_columns() -> Vec<Column> {
    vec![
        column("pipeline_uuid", "Pipeline", ColumnType::Text),
        plain_column("status", ColumnType::Status),
        column("execution_date", "Executed", ColumnType::Datetime),
        plain_column("duration", ColumnType::Duration),
        column("completed_at", "Completed", ColumnType::Datetime),
        column("pipeline_schedule_name", "Trigger", ColumnType::Text),
        column(
            "completed_block_runs_count",
            "Blocks done",
            ColumnType::Number,
        ),
        column("block_runs_count", "Blocks", ColumnType::Number),
        column("id", "Run", ColumnType::Id),
        column("passed_sla", "Within SLA", ColumnType::Boolean),
        column("backfill_id", "Backfill", ColumnType::Id),
    ]
}

/// The hints of a run or a runs list: the token and variables hidden, each run linked to its
/// page in the service's UI.
fn run_hints(call: &Call, title: impl Into<String>) -> Hints {
    Hints::keys(title, "id", None, Some("status"))
        .hidden_columns(vec![
            "pipeline_schedule_token",
            "variables",
            "event_variables",
        ])
        .record_url(call.pages().map(|pages| pages.run()))
}

/// A run with how many of its block runs exist and have completed, counted from the block runs
/// it embeds.
fn run_row(mut run: Value) -> Value {
    let block_runs = records(&run, "block_runs");
    let completed = strings(&block_runs, "status")
        .into_iter()
        .filter(|s| *s == "completed")
        .count();
    let duration = duration_seconds(&run);
    if let Value::Object(map) = &mut run {
        map.insert("block_runs_count".to_owned(), json!(block_runs.len()));
        map.insert("completed_block_runs_count".to_owned(), json!(completed));
        map.insert("duration".to_owned(), duration);
    }
    run
}

async fn run(call: &Call, args: RunPipelineArgs) -> Result<WidgetResult, ToolError> {
    let payload = args.payload.unwrap_or_default();
    // The payload may carry credentials: they are secrets before anything is built.
    call.secrets.learn(&Value::Object(payload.clone()));
    let pipeline_uuid = args.pipeline_uuid;
    let triggered = call
        .backend()
        .run_pipeline(call, &pipeline_uuid, &payload)
        .await?;
    let id = triggered.record.get("id").cloned().unwrap_or(Value::Null);
    Ok(WidgetResult::new("pipeline_run", "run")
        .records(vec![run_row(triggered.record)])
        .mutation(Mutation::new("run", "pipeline_run", id.clone()).message(format!(
            "Run {id} of {pipeline_uuid} {}. Follow it with pipeline_run_get, block_runs or run_logs (pipeline_run_id {id}).",
            triggered.how
        )))
        .hints(run_hints(call, format!("Run {id} of {pipeline_uuid}"))))
}

/// `page` and `per_page` checked, as the offset of the page's first run: pages start at 1, hold
/// 1 to [`MAX_PER_PAGE`] runs, and a page so far out that its offset overflows is refused.
fn page_offset(page: u64, per_page: u64) -> Result<u64, ToolError> {
    if page == 0 || per_page == 0 || per_page > MAX_PER_PAGE {
        return Err(ToolError::api(format!(
            "page starts at 1 and per_page is 1 to {MAX_PER_PAGE} (400)."
        )));
    }
    (page - 1)
        .checked_mul(per_page)
        .ok_or_else(|| ToolError::api(format!("page {page} is past any list of runs (400).")))
}

/// The pagination of a page of `shown` runs at `offset`: the service's total when it gives one,
/// else what has been seen; more follow when the service says so or the total says so.
fn pagination(
    page: u64,
    per_page: u64,
    offset: u64,
    shown: usize,
    total: Option<u64>,
    more: bool,
) -> Pagination {
    let seen = offset.saturating_add(shown as u64);
    let total = total.unwrap_or(seen);
    Pagination {
        page,
        per_page,
        total,
        has_more: more || seen < total,
    }
}

async fn list(call: &Call, args: PipelineRunsArgs) -> Result<WidgetResult, ToolError> {
    let page = args.page.unwrap_or(1);
    let per_page = args.per_page.unwrap_or(DEFAULT_PER_PAGE);
    let offset = page_offset(page, per_page)?;
    let query = RunQuery {
        pipeline_uuid: args.pipeline_uuid.clone(),
        status: args.status,
        offset,
        limit: per_page,
    };
    let found = call.backend().pipeline_runs(call, &query).await?;
    let pagination = pagination(
        page,
        per_page,
        offset,
        found.records.len(),
        found.total,
        found.more,
    );
    let rows: Vec<Value> = found.records.into_iter().map(run_row).collect();
    let title = match &args.pipeline_uuid {
        Some(uuid) => format!("Runs of {uuid}"),
        None => "Pipeline runs".to_owned(),
    };
    let empty = match (&args.pipeline_uuid, args.status) {
        (Some(uuid), None) => format!("{uuid} has no runs. Trigger it with run_pipeline."),
        _ => "No runs match these filters.".to_owned(),
    };
    let mut summary = Summary::titled(title.clone()).counts(strings(&rows, "status"));
    summary.total = Some(pagination.total);
    Ok(WidgetResult::new("pipeline_runs", "list")
        .summary(summary)
        .columns(run_columns())
        .filter("pipeline_uuid", args.pipeline_uuid)
        .filter("status", args.status.map(RunStatus::as_str))
        .pagination(pagination)
        .records(rows)
        .hints(run_hints(call, title).empty_message(empty)))
}

/// Block runs in the order they were created (the service's ids), each with its duration.
fn block_run_rows(mut rows: Vec<Value>) -> Vec<Value> {
    rows.sort_by_key(|r| r.get("id").and_then(Value::as_i64).unwrap_or(i64::MAX));
    for row in &mut rows {
        let duration = duration_seconds(row);
        if let Value::Object(map) = row {
            map.insert("duration".to_owned(), duration);
        }
    }
    rows
}

/// One run as it is now, its block runs embedded (read apart: a run record may not carry them).
async fn run_get(call: &Call, id: i64) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    // Asked at once: the block runs are read by the run's id, not from the run.
    let (run, listing) = tokio::join!(backend.pipeline_run(call, id), backend.block_runs(call, id));
    let (mut run, listing) = (run?, listing?);
    let block_runs_read = listing.records.len();
    if let Value::Object(map) = &mut run {
        map.insert(
            "block_runs".to_owned(),
            Value::Array(block_run_rows(listing.records)),
        );
    }
    let pipeline_uuid = text_of(&run, "pipeline_uuid").to_owned();
    let title = format!("Run {id} of {pipeline_uuid}");
    let mut result = WidgetResult::new("pipeline_run", "get")
        .records(vec![run_row(run)])
        .hints(run_hints(call, title.clone()));
    if let Some(cut) = listing.truncated {
        let mut summary = Summary::titled(title);
        summary.message = Some(format!(
            "The first {block_runs_read} block runs only (a list is read up to {}).",
            cut.bound.describe()
        ));
        result = result.summary(summary);
    }
    Ok(result)
}

async fn block_runs(call: &Call, id: i64) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    // Asked at once: the block runs are read by the run's id, not from the run.
    let (run, listing) = tokio::join!(backend.pipeline_run(call, id), backend.block_runs(call, id));
    let (run, listing) = (run?, listing?);
    let rows = block_run_rows(listing.records);
    let pipeline_uuid = text_of(&run, "pipeline_uuid");
    let status = text_of(&run, "status");
    let result = WidgetResult::new("block_runs", "list")
        .summary(
            Summary::titled(format!("Block runs of run {id}"))
                .subtitle(format!("{pipeline_uuid} · run {status}"))
                .total(rows.len())
                .counts(strings(&rows, "status")),
        )
        .columns(vec![
            column("block_uuid", "Block", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            plain_column("duration", ColumnType::Duration),
            column("started_at", "Started", ColumnType::Datetime),
            column("completed_at", "Completed", ColumnType::Datetime),
            column("id", "Block run", ColumnType::Id),
            plain_column("metrics", ColumnType::Json),
        ])
        .filter("pipeline_run_id", Some(id))
        .records(rows)
        .hints(
            Hints::keys(
                format!("Block runs of run {id}"),
                "id",
                Some("block_uuid"),
                Some("status"),
            )
            .empty_message(format!("Run {id} has no block runs (status {status})."))
            .record_url(
                call.pages()
                    .and_then(|pages| pages.block_run(pipeline_uuid)),
            ),
        );
    Ok(mark_truncated(result, listing.truncated))
}

async fn backfills(call: &Call, args: BackfillListArgs) -> Result<WidgetResult, ToolError> {
    let listing = call
        .backend()
        .backfills(call, args.pipeline_uuid.as_deref())
        .await?;
    let rows: Vec<Value> = listing
        .records
        .into_iter()
        .filter(|b| {
            args.status
                .is_none_or(|s| str_of(b, "status") == Some(s.as_str()))
        })
        .collect();
    let result = WidgetResult::new("backfills", "list")
        .summary(
            Summary::titled("Backfills")
                .total(rows.len())
                .counts(strings(&rows, "status")),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("pipeline_uuid", "Pipeline", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            column("start_datetime", "From", ColumnType::Datetime),
            column("end_datetime", "To", ColumnType::Datetime),
            column("interval_type", "Interval", ColumnType::Text),
            column("interval_units", "Units", ColumnType::Number),
            column("completed_at", "Completed", ColumnType::Datetime),
            column("id", "Backfill", ColumnType::Id),
        ])
        .filter("pipeline_uuid", args.pipeline_uuid)
        .filter("status", args.status.map(RunStatus::as_str))
        .records(rows)
        .hints(
            Hints::keys("Backfills", "id", Some("name"), Some("status"))
                .empty_message("No backfills match.")
                .record_url(call.pages().map(|pages| pages.backfill())),
        );
    Ok(mark_truncated(result, listing.truncated))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    use crate::demo::{DemoBackend, Project};

    /// A call to the demo project whose clock the test moves.
    fn demo_call() -> (Call, Arc<Mutex<chrono::DateTime<chrono::Utc>>>) {
        let now = Arc::new(Mutex::new(chrono::Utc::now()));
        let read = Arc::clone(&now);
        let backend = DemoBackend::with_clock(
            Project::embedded().expect("project"),
            Arc::new(move || *read.lock().expect("clock")),
        );
        (Call::for_tests(Arc::new(backend)), now)
    }

    fn later(clock: &Mutex<chrono::DateTime<chrono::Utc>>, ms: i64) {
        let mut now = clock.lock().expect("clock");
        *now += chrono::Duration::milliseconds(ms);
    }

    async fn follow(call: &Call, id: i64) -> Value {
        run_get(call, id).await.expect("run").structured()["records"][0].clone()
    }

    fn block_status<'a>(run: &'a Value, block: &str) -> &'a str {
        run["block_runs"]
            .as_array()
            .and_then(|b| b.iter().find(|b| b["block_uuid"] == block))
            .and_then(|b| b["status"].as_str())
            .unwrap_or_default()
    }

    #[tokio::test]
    async fn a_demo_run_is_followed_to_its_end_by_the_clock() {
        let (call, clock) = demo_call();
        let args = RunPipelineArgs {
            pipeline_uuid: "etl_daily".into(),
            payload: None,
        };
        let started = run(&call, args).await.expect("run").structured();
        let id = started["mutation"]["id"].as_i64().expect("id");
        assert!(started["mutation"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("pipeline_run_get")));
        let first = follow(&call, id).await;
        assert_eq!(first["status"], "running");
        assert_eq!(block_status(&first, "load_orders"), "running");
        assert_eq!(block_status(&first, "notify_slack"), "initial");
        later(&clock, 2_500);
        let middle = follow(&call, id).await;
        assert_eq!(middle["status"], "running");
        assert_eq!(block_status(&middle, "orders_freshness"), "completed");
        assert_eq!(block_status(&middle, "clean_orders"), "running");
        assert_eq!(middle["completed_block_runs_count"], 2);
        later(&clock, 10_000);
        let done = follow(&call, id).await;
        assert_eq!(done["status"], "completed");
        assert_eq!(done["completed_block_runs_count"], done["block_runs_count"]);
        assert!(done["completed_at"].is_string());
        assert!(
            done["duration"]
                .as_f64()
                .is_some_and(|d| (d - 6.0).abs() < 0.01),
            "{}",
            done["duration"]
        );
        // The list says the same.
        let query = PipelineRunsArgs {
            pipeline_uuid: Some("etl_daily".into()),
            status: None,
            page: None,
            per_page: None,
        };
        let listed = list(&call, query).await.expect("list").structured();
        assert_eq!(listed["records"][0]["id"], id);
        assert_eq!(listed["records"][0]["status"], "completed");
    }

    #[tokio::test]
    async fn a_demo_run_fails_at_the_block_its_payload_names() {
        let (call, clock) = demo_call();
        let payload = json!({"fail_block": "clean_orders"}).as_object().cloned();
        let args = RunPipelineArgs {
            pipeline_uuid: "etl_daily".into(),
            payload,
        };
        let started = run(&call, args).await.expect("run").structured();
        let id = started["mutation"]["id"].as_i64().expect("id");
        later(&clock, 3_000);
        let failed = follow(&call, id).await;
        assert_eq!(failed["status"], "failed");
        assert_eq!(block_status(&failed, "clean_orders"), "failed");
        assert_eq!(block_status(&failed, "notify_slack"), "upstream_failed");
        let logs = call.backend().run_logs(&call, &failed).await.expect("logs");
        assert!(logs.iter().any(|f| f["name"] == "clean_orders.log"
            && f["content"]
                .as_str()
                .is_some_and(|c| c.contains("Traceback"))));
        let scheduler = logs
            .iter()
            .find(|f| f["name"] == "scheduler.log")
            .expect("scheduler log");
        assert!(scheduler["content"]
            .as_str()
            .is_some_and(|c| c.contains(&format!("PipelineRun {id} failed."))));
    }

    #[test]
    fn pages_are_numbered_from_one_and_bounded() {
        assert_eq!(page_offset(1, 20).ok(), Some(0));
        assert_eq!(page_offset(3, 20).ok(), Some(40));
        assert!(page_offset(0, 20).is_err());
        assert!(page_offset(1, 0).is_err());
        assert!(page_offset(1, 101).is_err());
    }

    #[test]
    fn a_page_whose_offset_overflows_is_refused_not_wrapped() {
        let error = page_offset(u64::MAX, 100).expect_err("overflow");
        assert!(
            error.message.contains("is past any list"),
            "{}",
            error.message
        );
        assert_eq!(
            page_offset(u64::MAX / 100, 100).ok(),
            Some((u64::MAX / 100 - 1) * 100)
        );
    }

    #[test]
    fn the_total_and_more_come_from_the_service_or_from_what_was_seen() {
        let p = pagination(2, 20, 20, 20, Some(45), false);
        assert_eq!((p.total, p.has_more), (45, true));
        let p = pagination(3, 20, 40, 5, Some(45), false);
        assert_eq!((p.total, p.has_more), (45, false));
        let p = pagination(1, 20, 0, 20, None, true);
        assert_eq!((p.total, p.has_more), (20, true));
        let far = pagination(1, 100, u64::MAX - 1, 100, None, false);
        assert_eq!(far.total, u64::MAX, "saturates, never wraps");
    }

    #[test]
    fn a_run_counts_the_block_runs_it_embeds() {
        let row = run_row(
            json!({"id": 1, "block_runs": [{"status": "completed"}, {"status": "failed"}]}),
        );
        assert_eq!(row["block_runs_count"], 2);
        assert_eq!(row["completed_block_runs_count"], 1);
        assert_eq!(run_row(json!({"id": 2}))["block_runs_count"], 0);
    }
}
