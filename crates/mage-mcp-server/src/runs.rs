//! Run tools: run_pipeline, pipeline_runs, block_runs and backfill_list.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::ids::IdArguments;
use crate::mage;
use crate::project::{now_iso, now_stamp, BlockRun, LogFile, PipelineRun, Project, RunLogs};
use crate::redact::Redactor;
use crate::server::DemoServer;
use crate::widget_result::{
    column, plain_column, to_json, ColumnType, Hints, Mutation, Pagination, Summary, ToolError,
    WidgetResult,
};

pub const DEFAULT_PER_PAGE: u64 = 20;
pub const MAX_PER_PAGE: u64 = 100;

/// A run id as run_pipeline returns it: a string (the tool interface's type) or a number.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum RunId {
    Text(String),
    Number(i64),
}

impl RunId {
    /// The numeric id of argument `field`, or the error that names the field: a run id that is
    /// not a whole number (`..`, say) never reaches a request path.
    pub fn resolve(&self, field: &str) -> Result<i64, ToolError> {
        match self {
            RunId::Number(id) => Ok(*id),
            RunId::Text(text) => text.trim().parse().map_err(|_| {
                ToolError::api(format!(
                    "{field} {text:?} is not a valid id: run ids are whole numbers; nothing was sent to the cluster (400)."
                ))
            }),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Initial,
    Running,
    Completed,
    Failed,
    Cancelled,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Initial => "initial",
            RunStatus::Running => "running",
            RunStatus::Completed => "completed",
            RunStatus::Failed => "failed",
            RunStatus::Cancelled => "cancelled",
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct RunPipelineArgs {
    /// The pipeline to run.
    pub pipeline_uuid: String,
    /// Run variables and similar: stored on the run as `event_variables`; a `variables` object
    /// inside it overrides the pipeline's variables for this run.
    #[serde(default)]
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
    #[serde(default)]
    pub pipeline_uuid: Option<String>,
    /// Only runs in this status.
    #[serde(default)]
    pub status: Option<RunStatus>,
    /// Page number, from 1 (default 1). Newest runs first.
    #[serde(default)]
    pub page: Option<u64>,
    /// Runs per page, 1 to 100 (default 20).
    #[serde(default)]
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
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BackfillListArgs {
    /// Only backfills of this pipeline.
    #[serde(default)]
    pub pipeline_uuid: Option<String>,
    /// Only backfills in this status.
    #[serde(default)]
    pub status: Option<RunStatus>,
}

impl IdArguments for BackfillListArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", self.pipeline_uuid.as_deref())]
    }
}

#[tool_router(router = run_tools, vis = "pub(crate)")]
impl DemoServer {
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
        if let Err(error) = args.check_ids() {
            return self.refuse("run_pipeline", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("run_pipeline", |m| async move {
                    mage::runs::run(&m, &args.pipeline_uuid, args.payload.unwrap_or_default()).await
                })
                .await;
        }
        self.respond("run_pipeline", |store, _| {
            let crate::server::Store {
                project, redactor, ..
            } = store;
            run(project, redactor, args)
        })
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
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_runs", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_runs", |m| async move {
                    mage::runs::list(&m, args).await
                })
                .await;
        }
        self.respond("pipeline_runs", |store, _| list(&store.project, args))
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
        if let Err(error) = args.check_ids() {
            return self.refuse("block_runs", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_runs", |m| async move {
                    let id = args.pipeline_run_id.resolve("pipeline_run_id")?;
                    mage::runs::block_runs(&m, id).await
                })
                .await;
        }
        self.respond("block_runs", |store, _| {
            block_runs(&store.project, &args.pipeline_run_id)
        })
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
        if let Err(error) = args.check_ids() {
            return self.refuse("backfill_list", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("backfill_list", |m| async move {
                    mage::runs::backfills(&m, args.pipeline_uuid, args.status).await
                })
                .await;
        }
        self.respond("backfill_list", |store, _| backfills(&store.project, args))
    }
}

/// A run as a record: its fields plus how many of its block runs exist and have completed.
pub fn run_record(project: &Project, run: &PipelineRun) -> Value {
    let mut record = to_json(run);
    if let Value::Object(map) = &mut record {
        let block_runs: Vec<&BlockRun> = project
            .block_runs
            .iter()
            .filter(|b| b.pipeline_run_id == run.id)
            .collect();
        map.insert("block_runs_count".to_owned(), json!(block_runs.len()));
        map.insert(
            "completed_block_runs_count".to_owned(),
            json!(block_runs
                .iter()
                .filter(|b| b.status == "completed")
                .count()),
        );
    }
    record
}

/// The columns of a runs list (the demo's and Mage's alike).
pub(crate) fn run_columns() -> Vec<crate::widget_result::Column> {
    vec![
        column("id", "Run", ColumnType::Id),
        column("pipeline_uuid", "Pipeline", ColumnType::Text),
        plain_column("status", ColumnType::Status),
        column("execution_date", "Executed", ColumnType::Datetime),
        column("completed_at", "Completed", ColumnType::Datetime),
        column("pipeline_schedule_name", "Trigger", ColumnType::Text),
        column(
            "completed_block_runs_count",
            "Blocks done",
            ColumnType::Number,
        ),
        column("block_runs_count", "Blocks", ColumnType::Number),
        column("passed_sla", "Within SLA", ColumnType::Boolean),
        column("backfill_id", "Backfill", ColumnType::Id),
    ]
}

/// The hints of a run or a runs list (the demo's and Mage's alike): the token and variables hidden.
pub(crate) fn run_hints(title: impl Into<String>) -> Hints {
    Hints::keys(title, "id", None, Some("status")).hidden_columns(vec![
        "pipeline_schedule_token",
        "variables",
        "event_variables",
    ])
}

fn run(
    project: &mut Project,
    redactor: &mut Redactor,
    args: RunPipelineArgs,
) -> Result<WidgetResult, ToolError> {
    let pipeline = project
        .pipeline(&args.pipeline_uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.pipeline_uuid))?;
    let payload = args.payload.unwrap_or_default();
    // The payload may carry credentials: the redactor learns them before any result is built.
    redactor.learn(&Value::Object(payload.clone()));
    let mut variables = pipeline.variables.clone();
    if let Some(Value::Object(overrides)) = payload.get("variables") {
        variables.extend(overrides.clone());
    }
    // The API trigger of the pipeline if it has one, else its first schedule.
    let schedules: Vec<_> = project
        .pipeline_schedules
        .iter()
        .filter(|s| s.pipeline_uuid == pipeline.uuid)
        .collect();
    let schedule = schedules
        .iter()
        .find(|s| s.schedule_type == "api")
        .or(schedules.first());
    let now = now_stamp();
    let id = project.next_run_id();
    let new_run = PipelineRun {
        id,
        pipeline_uuid: pipeline.uuid.clone(),
        pipeline_schedule_id: schedule.map(|s| s.id),
        pipeline_schedule_name: schedule.map(|s| s.name.clone()),
        pipeline_schedule_token: schedule.and_then(|s| s.token.clone()),
        execution_date: now.clone(),
        status: "running".to_owned(),
        started_at: Some(now.clone()),
        completed_at: None,
        variables: Value::Object(variables),
        event_variables: Value::Object(payload),
        passed_sla: true,
        metrics: Value::Null,
        backfill_id: None,
        executor_type: Some("local_python".to_owned()),
        created_at: now.clone(),
        updated_at: now.clone(),
    };
    // One block run per runnable block; blocks without upstream blocks start at once.
    let first_block_run_id = project.next_block_run_id();
    let new_block_runs: Vec<BlockRun> = pipeline
        .blocks
        .iter()
        .filter(|b| !matches!(b.block_type.as_str(), "markdown" | "scratchpad"))
        .zip(first_block_run_id..)
        .map(|(block, block_run_id)| {
            let starts_now = block.upstream_blocks.is_empty();
            BlockRun {
                id: block_run_id,
                pipeline_run_id: id,
                block_uuid: block.uuid.clone(),
                status: if starts_now { "running" } else { "initial" }.to_owned(),
                started_at: starts_now.then(|| now.clone()),
                completed_at: None,
                metrics: Value::Null,
                created_at: now.clone(),
                updated_at: now.clone(),
            }
        })
        .collect();
    let log_line = format!(
        "{} {}\n",
        now_iso(),
        json!({"level": "INFO", "message": format!("Start a process for PipelineRun {id}"), "pipeline_uuid": pipeline.uuid, "pipeline_run_id": id})
    );
    let logs = RunLogs {
        pipeline_run_id: id,
        pipeline_uuid: pipeline.uuid.clone(),
        files: vec![LogFile {
            name: "scheduler.log".to_owned(),
            path: Some(format!("pipelines/{}/.logs/scheduler.log", pipeline.uuid)),
            size: Some(log_line.len() as u64),
            content: log_line,
            modified_timestamp: Some(chrono::Utc::now().timestamp_millis() as f64 / 1000.0),
        }],
    };
    let pipeline_uuid = pipeline.uuid.clone();
    let block_count = new_block_runs.len();
    project.pipeline_runs.push(new_run);
    project.block_runs.extend(new_block_runs);
    project.logs.push(logs);
    let record = project
        .run(id)
        .map(|r| run_record(project, r))
        .unwrap_or(Value::Null);
    Ok(WidgetResult::new("pipeline_run", "run")
        .records(vec![record])
        .mutation(Mutation::new("run", "pipeline_run", id).message(format!(
            "Run {id} of {pipeline_uuid} started ({block_count} block runs). Follow it with block_runs or run_logs (pipeline_run_id {id})."
        )))
        .hints(run_hints(format!("Run {id} of {pipeline_uuid}"))))
}

fn list(project: &Project, args: PipelineRunsArgs) -> Result<WidgetResult, ToolError> {
    if let Some(uuid) = &args.pipeline_uuid {
        if project.pipeline(uuid).is_none() {
            return Err(ToolError::not_found("Pipeline", uuid));
        }
    }
    let page = args.page.unwrap_or(1);
    let per_page = args.per_page.unwrap_or(DEFAULT_PER_PAGE);
    if page == 0 || per_page == 0 || per_page > MAX_PER_PAGE {
        return Err(ToolError::api(format!(
            "page starts at 1 and per_page is 1 to {MAX_PER_PAGE} (400)."
        )));
    }
    let mut runs: Vec<&PipelineRun> = project
        .pipeline_runs
        .iter()
        .filter(|r| {
            args.pipeline_uuid
                .as_ref()
                .is_none_or(|uuid| &r.pipeline_uuid == uuid)
        })
        .filter(|r| args.status.is_none_or(|status| r.status == status.as_str()))
        .collect();
    runs.sort_by_key(|r| std::cmp::Reverse(r.id));
    let total = runs.len() as u64;
    let start = (page - 1).saturating_mul(per_page);
    let records: Vec<Value> = runs
        .iter()
        .skip(usize::try_from(start).unwrap_or(usize::MAX))
        .take(per_page as usize)
        .map(|r| run_record(project, r))
        .collect();
    let title = match &args.pipeline_uuid {
        Some(uuid) => format!("Runs of {uuid}"),
        None => "Pipeline runs".to_owned(),
    };
    let empty = match (&args.pipeline_uuid, args.status) {
        (Some(uuid), None) => format!("{uuid} has never run. Trigger it with run_pipeline."),
        _ => "No runs match these filters.".to_owned(),
    };
    Ok(WidgetResult::new("pipeline_runs", "list")
        .summary(
            Summary::titled(title.clone())
                .total(runs.len())
                .counts(runs.iter().map(|r| r.status.as_str())),
        )
        .columns(run_columns())
        .filter("pipeline_uuid", args.pipeline_uuid.clone())
        .filter("status", args.status.map(RunStatus::as_str))
        .pagination(Pagination {
            page,
            per_page,
            total,
            has_more: start.saturating_add(per_page) < total,
        })
        .records(records)
        .hints(run_hints(title).empty_message(empty)))
}

/// Seconds between two service timestamps, when both parse.
pub fn duration_seconds(started_at: Option<&str>, completed_at: Option<&str>) -> Option<f64> {
    let parse = |text: &str| chrono::DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%:z").ok();
    let start = parse(started_at?)?;
    let end = parse(completed_at?)?;
    Some(end.signed_duration_since(start).num_milliseconds() as f64 / 1000.0)
}

fn block_runs(project: &Project, run_id: &RunId) -> Result<WidgetResult, ToolError> {
    let id = run_id.resolve("pipeline_run_id")?;
    let run = project
        .run(id)
        .ok_or_else(|| ToolError::not_found("Pipeline run", id))?;
    let records: Vec<Value> = project
        .block_runs
        .iter()
        .filter(|b| b.pipeline_run_id == id)
        .map(|b| {
            let mut record = to_json(b);
            if let Value::Object(map) = &mut record {
                map.insert(
                    "duration".to_owned(),
                    json!(duration_seconds(
                        b.started_at.as_deref(),
                        b.completed_at.as_deref()
                    )),
                );
            }
            record
        })
        .collect();
    Ok(block_runs_result(
        id,
        &run.pipeline_uuid,
        &run.status,
        records,
        format!("Run {id} has no block runs (older runs keep only their record)."),
    ))
}

/// The block runs of run `id` as a widget result, from records in the service's shape (each with
/// its `duration` added): the demo project's and a Mage server's (`mage::runs`) alike.
pub(crate) fn block_runs_result(
    id: i64,
    pipeline_uuid: &str,
    run_status: &str,
    records: Vec<Value>,
    empty_message: String,
) -> WidgetResult {
    let statuses: Vec<String> = records
        .iter()
        .filter_map(|r| r.get("status").and_then(Value::as_str).map(str::to_owned))
        .collect();
    WidgetResult::new("block_runs", "list")
        .summary(
            Summary::titled(format!("Block runs of run {id}"))
                .subtitle(format!("{pipeline_uuid} · run {run_status}"))
                .total(records.len())
                .counts(statuses.iter().map(String::as_str)),
        )
        .columns(vec![
            column("id", "Block run", ColumnType::Id),
            column("block_uuid", "Block", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            column("started_at", "Started", ColumnType::Datetime),
            column("completed_at", "Completed", ColumnType::Datetime),
            plain_column("duration", ColumnType::Duration),
            plain_column("metrics", ColumnType::Json),
        ])
        .filter("pipeline_run_id", Some(id))
        .records(records)
        .hints(
            Hints::keys(
                format!("Block runs of run {id}"),
                "id",
                Some("block_uuid"),
                Some("status"),
            )
            .empty_message(empty_message),
        )
}

fn backfills(project: &Project, args: BackfillListArgs) -> Result<WidgetResult, ToolError> {
    if let Some(uuid) = &args.pipeline_uuid {
        if project.pipeline(uuid).is_none() {
            return Err(ToolError::not_found("Pipeline", uuid));
        }
    }
    let records: Vec<Value> = project
        .backfills
        .iter()
        .filter(|b| {
            args.pipeline_uuid
                .as_ref()
                .is_none_or(|uuid| &b.pipeline_uuid == uuid)
        })
        .filter(|b| {
            args.status
                .is_none_or(|status| b.status.as_deref() == Some(status.as_str()))
        })
        .map(to_json)
        .collect();
    let statuses: Vec<String> = records
        .iter()
        .filter_map(|r| r["status"].as_str().map(str::to_owned))
        .collect();
    Ok(WidgetResult::new("backfills", "list")
        .summary(
            Summary::titled("Backfills")
                .total(records.len())
                .counts(statuses.iter().map(String::as_str)),
        )
        .columns(vec![
            column("id", "Backfill", ColumnType::Id),
            plain_column("name", ColumnType::Text),
            column("pipeline_uuid", "Pipeline", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            column("start_datetime", "From", ColumnType::Datetime),
            column("end_datetime", "To", ColumnType::Datetime),
            column("interval_type", "Interval", ColumnType::Text),
            column("interval_units", "Units", ColumnType::Number),
            column("completed_at", "Completed", ColumnType::Datetime),
        ])
        .filter("pipeline_uuid", args.pipeline_uuid.clone())
        .filter("status", args.status.map(RunStatus::as_str))
        .records(records)
        .hints(
            Hints::keys("Backfills", "id", Some("name"), Some("status"))
                .empty_message("No backfills match."),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triggered_run_is_listed_first_with_its_block_runs() {
        let mut project = Project::embedded().expect("project");
        let mut redactor = Redactor::default();
        run(
            &mut project,
            &mut redactor,
            RunPipelineArgs {
                pipeline_uuid: "etl_daily".into(),
                payload: Some(
                    serde_json::from_value(
                        json!({"variables": {"batch": 1}, "api_key": "k-1234567890"}),
                    )
                    .expect("map"),
                ),
            },
        )
        .expect("run");
        let listed = list(
            &project,
            PipelineRunsArgs {
                pipeline_uuid: Some("etl_daily".into()),
                status: None,
                page: None,
                per_page: None,
            },
        )
        .expect("list")
        .structured();
        let newest = &listed["records"][0];
        assert_eq!(newest["status"], "running");
        assert_eq!(newest["block_runs_count"], 7);
        assert_eq!(
            redactor.scrub_text("k-1234567890").as_deref(),
            Some(crate::redact::REDACTED)
        );
    }

    #[test]
    fn pages_are_numbered_from_one() {
        let project = Project::embedded().expect("project");
        let page = |page, per_page| {
            list(
                &project,
                PipelineRunsArgs {
                    pipeline_uuid: Some("etl_daily".into()),
                    status: None,
                    page,
                    per_page,
                },
            )
        };
        let second = page(Some(2), Some(20)).expect("page 2").structured();
        assert_eq!(second["pagination"]["page"], 2);
        assert_eq!(second["records"].as_array().map(Vec::len), Some(20));
        assert!(page(Some(0), None).is_err());
        assert!(page(None, Some(101)).is_err());
    }

    #[test]
    fn durations_come_from_the_service_timestamps() {
        assert_eq!(
            duration_seconds(
                Some("2026-11-20 06:00:00.000000+00:00"),
                Some("2026-11-20 06:01:30.500000+00:00")
            ),
            Some(90.5)
        );
        assert_eq!(
            duration_seconds(Some("2026-11-20 06:00:00.000000+00:00"), None),
            None
        );
    }
}
