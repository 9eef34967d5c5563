//! The demo project's runs as the backend serves them: runs with their block runs embedded (as
//! Mage lists them), a page of runs, block run outputs, log files, backfills; and run_pipeline,
//! which starts a run that then goes on block by block as its [`Plan`] says.

use chrono::{DateTime, Utc};
use serde_json::{json, Map, Value};

use super::progress::{Plan, StepState};
use super::project::{stamp, BlockRun, LogFile, Pipeline, PipelineRun, Project, RunLogs};
use crate::backend::{Page, RunQuery, TriggeredRun};
use crate::widget_result::{to_json, ToolError};

impl Project {
    /// A run with its block runs, as Mage's run lists embed them.
    pub fn run_record(&self, run: &PipelineRun) -> Value {
        let mut record = to_json(run);
        if let Value::Object(map) = &mut record {
            let block_runs: Vec<Value> = self
                .block_runs
                .iter()
                .filter(|b| b.pipeline_run_id == run.id)
                .map(to_json)
                .collect();
            map.insert("block_runs".to_owned(), Value::Array(block_runs));
        }
        record
    }

    pub fn run_or_404(&self, id: i64) -> Result<&PipelineRun, ToolError> {
        self.run(id)
            .ok_or_else(|| ToolError::not_found("Pipeline run", id))
    }

    /// The runs `query` asks for, newest first.
    pub fn run_page(&self, query: &RunQuery) -> Result<Page, ToolError> {
        if let Some(uuid) = &query.pipeline_uuid {
            self.pipeline_or_404(uuid)?;
        }
        let mut runs: Vec<&PipelineRun> = self
            .pipeline_runs
            .iter()
            .filter(|r| {
                query
                    .pipeline_uuid
                    .as_ref()
                    .is_none_or(|uuid| &r.pipeline_uuid == uuid)
            })
            .filter(|r| {
                query
                    .status
                    .is_none_or(|status| r.status == status.as_str())
            })
            .collect();
        runs.sort_by_key(|r| std::cmp::Reverse(r.id));
        let skip = usize::try_from(query.offset).unwrap_or(usize::MAX);
        let take = usize::try_from(query.limit).unwrap_or(usize::MAX);
        Ok(Page {
            records: runs
                .iter()
                .skip(skip)
                .take(take)
                .map(|r| self.run_record(r))
                .collect(),
            total: Some(runs.len() as u64),
            more: false,
        })
    }

    /// Starts a run of a pipeline at `started`: one block run per runnable block (those without
    /// upstream blocks running at once) and a scheduler log, and the run's plan (how it goes on).
    /// The payload is the run's event variables; its `variables` override the pipeline's.
    pub fn trigger_run(
        &mut self,
        pipeline_uuid: &str,
        payload: &Map<String, Value>,
        started: DateTime<Utc>,
    ) -> Result<(TriggeredRun, LiveRun), ToolError> {
        let pipeline = self.pipeline_or_404(pipeline_uuid)?;
        let now = stamp(started);
        let id = self.next_run_id();
        let new_run = PipelineRun {
            id,
            variables: Value::Object(run_variables(pipeline, payload)),
            event_variables: Value::Object(payload.clone()),
            ..self.scheduled_by(&pipeline.uuid, &now)
        };
        let new_block_runs = block_runs_of(pipeline, id, self.next_block_run_id(), &now);
        let order: Vec<(String, i64)> = new_block_runs
            .iter()
            .map(|b| (b.block_uuid.clone(), b.id))
            .collect();
        let live = LiveRun {
            run_id: id,
            started,
            plan: Plan::new(pipeline, &order, payload),
        };
        let logs = scheduler_log(id, &pipeline.uuid, started);
        let block_count = new_block_runs.len();
        self.pipeline_runs.push(new_run);
        self.block_runs.extend(new_block_runs);
        self.logs.push(logs);
        self.advance_run(&live, started);
        let record = self.run_or_404(id).map(|r| self.run_record(r))?;
        let triggered = TriggeredRun {
            record,
            how: format!("started ({block_count} block runs)"),
        };
        Ok((triggered, live))
    }

    /// Brings a started run to where its plan has it at `now`: block runs' statuses and times,
    /// the run's status and end, a failed block's log, the scheduler's last line. `true` once the
    /// run is over (nothing changes after that). A record's `updated_at` is when its plan changed
    /// it, not when this was asked: what a run looks like at `now` depends on `now` alone, however
    /// often it was brought up to date before, so every replica of a shared demo shows the same.
    pub fn advance_run(&mut self, live: &LiveRun, now: DateTime<Utc>) -> bool {
        let elapsed = now
            .signed_duration_since(live.started)
            .num_milliseconds()
            .max(0);
        let snapshot = live.plan.at(elapsed);
        let at = |ms: i64| stamp(live.started + chrono::Duration::milliseconds(ms));
        let mut newly_failed = Vec::new();
        for (step, state) in live.plan.steps.iter().zip(&snapshot.steps) {
            let Some(block_run) = self
                .block_runs
                .iter_mut()
                .find(|b| b.id == step.block_run_id)
            else {
                continue;
            };
            let status = state.status();
            if block_run.status == status {
                continue;
            }
            let (started, ended) = state.times();
            block_run.status = status.to_owned();
            block_run.started_at = started.map(at);
            block_run.completed_at = ended.map(at);
            if let Some(changed) = ended.or(started) {
                block_run.updated_at = at(changed);
            }
            if let StepState::Failed { started, ended } = *state {
                newly_failed.push((step.block_uuid.clone(), step.block_run_id, started, ended));
            }
        }
        let run_id = live.run_id;
        let over = snapshot.ended.is_some();
        let mut finished = None;
        if let Some(run) = self.pipeline_runs.iter_mut().find(|r| r.id == run_id) {
            if run.status != snapshot.status {
                run.status = snapshot.status.to_owned();
                run.completed_at = snapshot.ended.map(at);
                if let Some(ended) = snapshot.ended {
                    run.updated_at = at(ended);
                }
                finished = snapshot
                    .ended
                    .map(|ended| (run.pipeline_uuid.clone(), run.status.clone(), ended));
            }
        }
        let Some(logs) = self.logs.iter_mut().find(|l| l.pipeline_run_id == run_id) else {
            return over;
        };
        for (block, block_run_id, started, ended) in newly_failed {
            logs.files.push(failed_block_log(
                &logs.pipeline_uuid,
                run_id,
                &block,
                block_run_id,
                live.started + chrono::Duration::milliseconds(started),
                live.started + chrono::Duration::milliseconds(ended),
            ));
        }
        if let (Some((pipeline, status, ended)), Some(file)) = (finished, logs.files.first_mut()) {
            let level = if status == "failed" { "ERROR" } else { "INFO" };
            let line = log_line(
                live.started + chrono::Duration::milliseconds(ended),
                json!({"level": level, "message": format!("PipelineRun {run_id} {status}."), "pipeline_uuid": pipeline, "pipeline_run_id": run_id}),
            );
            file.content.push_str(&line);
            file.size = Some(file.content.len() as u64);
        }
        over
    }

    /// A run started `now` under the pipeline's trigger: its API trigger if it has one, else its
    /// first schedule (the run's id, pipeline and variables are the caller's to set).
    fn scheduled_by(&self, pipeline_uuid: &str, now: &str) -> PipelineRun {
        let schedules: Vec<_> = self
            .pipeline_schedules
            .iter()
            .filter(|s| s.pipeline_uuid == pipeline_uuid)
            .collect();
        let schedule = schedules
            .iter()
            .find(|s| s.schedule_type == "api")
            .or(schedules.first());
        PipelineRun {
            id: 0,
            pipeline_uuid: pipeline_uuid.to_owned(),
            pipeline_schedule_id: schedule.map(|s| s.id),
            pipeline_schedule_name: schedule.map(|s| s.name.clone()),
            pipeline_schedule_token: schedule.and_then(|s| s.token.clone()),
            execution_date: now.to_owned(),
            status: "running".to_owned(),
            started_at: Some(now.to_owned()),
            completed_at: None,
            variables: Value::Null,
            event_variables: Value::Null,
            passed_sla: true,
            metrics: Value::Null,
            backfill_id: None,
            executor_type: Some("local_python".to_owned()),
            created_at: now.to_owned(),
            updated_at: now.to_owned(),
        }
    }

    pub fn block_run_records(&self, pipeline_run_id: i64) -> Result<Vec<Value>, ToolError> {
        self.run_or_404(pipeline_run_id)?;
        Ok(self
            .block_runs
            .iter()
            .filter(|b| b.pipeline_run_id == pipeline_run_id)
            .map(to_json)
            .collect())
    }

    /// The outputs of a block run, in Mage's shape (`type`, `shape`, `sample_data`, `text_data`).
    pub fn block_run_outputs(&self, block_run_id: i64) -> Result<Vec<Value>, ToolError> {
        if !self.block_runs.iter().any(|b| b.id == block_run_id) {
            return Err(ToolError::not_found("Block run", block_run_id));
        }
        Ok(self
            .block_outputs
            .iter()
            .filter(|o| o.block_run_id == block_run_id)
            .map(to_json)
            .collect())
    }

    /// The block run of a block's newest outputs.
    pub fn newest_output_run(&self, pipeline_uuid: &str, block_uuid: &str) -> Option<i64> {
        self.block_outputs
            .iter()
            .filter(|o| o.pipeline_uuid == pipeline_uuid && o.block_uuid == block_uuid)
            .map(|o| o.block_run_id)
            .max()
    }

    /// The log files of a run: the scheduler's is the pipeline's, the others are its blocks'.
    pub fn log_records(&self, pipeline_run_id: i64) -> Vec<Value> {
        self.logs
            .iter()
            .filter(|l| l.pipeline_run_id == pipeline_run_id)
            .flat_map(|l| l.files.iter())
            .map(|file| {
                let scope = if file.name == "scheduler.log" || file.name == "pipeline.log" {
                    "pipeline"
                } else {
                    "block"
                };
                let mut record = to_json(file);
                if let Value::Object(map) = &mut record {
                    map.insert("scope".to_owned(), json!(scope));
                }
                record
            })
            .collect()
    }

    pub fn backfill_records(&self, pipeline_uuid: Option<&str>) -> Result<Vec<Value>, ToolError> {
        if let Some(uuid) = pipeline_uuid {
            self.pipeline_or_404(uuid)?;
        }
        Ok(self
            .backfills
            .iter()
            .filter(|b| pipeline_uuid.is_none_or(|uuid| b.pipeline_uuid == uuid))
            .map(to_json)
            .collect())
    }
}

/// The pipeline's variables, overridden by the payload's `variables`.
fn run_variables(pipeline: &Pipeline, payload: &Map<String, Value>) -> Map<String, Value> {
    let mut variables = pipeline.variables.clone();
    if let Some(Value::Object(overrides)) = payload.get("variables") {
        variables.extend(overrides.clone());
    }
    variables
}

/// One block run per runnable block (not markdown or scratchpad), numbered from `first_id`: those
/// without upstream blocks running since `now`, the others waiting.
fn block_runs_of(pipeline: &Pipeline, run_id: i64, first_id: i64, now: &str) -> Vec<BlockRun> {
    pipeline
        .blocks
        .iter()
        .filter(|b| !matches!(b.block_type.as_str(), "markdown" | "scratchpad"))
        .zip(first_id..)
        .map(|(block, block_run_id)| {
            let starts_now = block.upstream_blocks.is_empty();
            BlockRun {
                id: block_run_id,
                pipeline_run_id: run_id,
                block_uuid: block.uuid.clone(),
                status: if starts_now { "running" } else { "initial" }.to_owned(),
                started_at: starts_now.then(|| now.to_owned()),
                completed_at: None,
                metrics: Value::Null,
                created_at: now.to_owned(),
                updated_at: now.to_owned(),
            }
        })
        .collect()
}

/// A run started in the demo, and the plan it follows from `started`.
#[derive(Debug, Clone)]
pub struct LiveRun {
    pub run_id: i64,
    pub started: DateTime<Utc>,
    pub plan: Plan,
}

/// A log line as Mage writes one: its ISO time, then a JSON object.
fn log_line(at: DateTime<Utc>, fields: Value) -> String {
    format!("{} {}\n", at.format("%Y-%m-%dT%H:%M:%S%.6f+00:00"), fields)
}

/// The scheduler's log of a run just started: one line, as Mage writes it.
fn scheduler_log(run_id: i64, pipeline_uuid: &str, started: DateTime<Utc>) -> RunLogs {
    let log_line = log_line(
        started,
        json!({"level": "INFO", "message": format!("Start a process for PipelineRun {run_id}"), "pipeline_uuid": pipeline_uuid, "pipeline_run_id": run_id}),
    );
    RunLogs {
        pipeline_run_id: run_id,
        pipeline_uuid: pipeline_uuid.to_owned(),
        files: vec![LogFile {
            name: "scheduler.log".to_owned(),
            path: Some(format!("pipelines/{pipeline_uuid}/.logs/scheduler.log")),
            size: Some(log_line.len() as u64),
            content: log_line,
            modified_timestamp: Some(started.timestamp_millis() as f64 / 1000.0),
        }],
    }
}

/// The log of a block that failed on the payload's request: its start, then the error with a
/// traceback, as Mage's block logs carry them.
fn failed_block_log(
    pipeline_uuid: &str,
    run_id: i64,
    block: &str,
    block_run_id: i64,
    started: DateTime<Utc>,
    ended: DateTime<Utc>,
) -> LogFile {
    let fields = |level: &str, message: String| json!({"block_uuid": block, "pipeline_uuid": pipeline_uuid, "pipeline_run_id": run_id, "block_run_id": block_run_id, "level": level, "message": message});
    let mut content = log_line(
        started,
        fields(
            "INFO",
            "Start executing block with LocalBlockExecutor.".to_owned(),
        ),
    );
    content.push_str(&log_line(
        ended,
        fields(
            "ERROR",
            format!(
                "Failed to execute block {block}: the run's payload asked it to fail (fail_block)."
            ),
        ),
    ));
    content.push_str(&format!(
        "Traceback (most recent call last):\n  File \"pipelines/{pipeline_uuid}/{block}.py\", line 1, in <module>\nRuntimeError: fail_block = {block}\n"
    ));
    LogFile {
        name: format!("{block}.log"),
        path: Some(format!(
            "pipelines/{pipeline_uuid}/.logs/{run_id}/{block}.log"
        )),
        size: Some(content.len() as u64),
        content,
        modified_timestamp: Some(ended.timestamp_millis() as f64 / 1000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::RunStatus;

    fn query(pipeline: &str, offset: u64, limit: u64) -> RunQuery {
        RunQuery {
            pipeline_uuid: Some(pipeline.to_owned()),
            status: None,
            offset,
            limit,
        }
    }

    #[test]
    fn a_triggered_run_is_listed_first_with_its_block_runs() {
        let mut project = Project::embedded().expect("project");
        let payload: Map<String, Value> =
            serde_json::from_value(json!({"variables": {"batch": 1}})).expect("map");
        let (triggered, _) = project
            .trigger_run("etl_daily", &payload, chrono::Utc::now())
            .expect("run");
        assert_eq!(triggered.record["status"], "running");
        let page = project.run_page(&query("etl_daily", 0, 20)).expect("page");
        assert_eq!(page.records[0]["id"], triggered.record["id"]);
        assert_eq!(
            page.records[0]["block_runs"].as_array().map(Vec::len),
            Some(7)
        );
        assert_eq!(page.records[0]["variables"]["batch"], 1);
    }

    #[test]
    fn a_page_far_past_the_end_is_empty_not_an_error() {
        let project = Project::embedded().expect("project");
        let page = project
            .run_page(&query("etl_daily", u64::MAX, 100))
            .expect("page");
        assert!(page.records.is_empty());
        let failed = project
            .run_page(&RunQuery {
                status: Some(RunStatus::Failed),
                ..query("etl_daily", 0, 100)
            })
            .expect("page");
        assert!(failed.records.iter().all(|r| r["status"] == "failed"));
        assert!(project.run_page(&query("nope", 0, 20)).is_err());
    }

    #[test]
    fn logs_are_scoped_to_the_pipeline_or_a_block() {
        let project = Project::embedded().expect("project");
        let failed = project
            .logs
            .iter()
            .find(|l| l.files.iter().any(|f| f.content.contains("Traceback")))
            .expect("a failed run with logs");
        let files = project.log_records(failed.pipeline_run_id);
        assert!(files.len() > 1);
        assert!(files.iter().any(|f| f["scope"] == "pipeline"));
        assert!(files.iter().any(|f| f["scope"] == "block"));
    }

    #[test]
    fn a_run_takes_the_pipeline_variables_overridden_by_the_payload() {
        let project = Project::embedded().expect("project");
        let pipeline = project.pipeline_or_404("etl_daily").expect("pipeline");
        let payload: Map<String, Value> =
            serde_json::from_value(json!({"variables": {"batch": 1}, "other": 2})).expect("map");
        let variables = run_variables(pipeline, &payload);
        assert_eq!(variables["batch"], 1);
        assert!(
            !variables.contains_key("other"),
            "only `variables` override"
        );
        for (key, value) in &pipeline.variables {
            if key != "batch" {
                assert_eq!(&variables[key], value, "{key} kept");
            }
        }
    }

    #[test]
    fn a_run_is_scheduled_by_the_api_trigger_else_the_first_schedule() {
        let project = Project::embedded().expect("project");
        for pipeline in &project.pipelines {
            let schedules: Vec<_> = project
                .pipeline_schedules
                .iter()
                .filter(|s| s.pipeline_uuid == pipeline.uuid)
                .collect();
            let expected = schedules
                .iter()
                .find(|s| s.schedule_type == "api")
                .or(schedules.first())
                .map(|s| s.id);
            let run = project.scheduled_by(&pipeline.uuid, "2026-01-01 00:00:00");
            assert_eq!(run.pipeline_schedule_id, expected, "{}", pipeline.uuid);
            assert_eq!(run.status, "running");
            assert_eq!(run.started_at.as_deref(), Some("2026-01-01 00:00:00"));
        }
    }

    #[test]
    fn block_runs_start_where_nothing_is_upstream_and_skip_notes() {
        let project = Project::embedded().expect("project");
        let pipeline = project.pipeline_or_404("etl_daily").expect("pipeline");
        let runs = block_runs_of(pipeline, 9, 100, "now");
        let runnable: Vec<_> = pipeline
            .blocks
            .iter()
            .filter(|b| !matches!(b.block_type.as_str(), "markdown" | "scratchpad"))
            .collect();
        assert_eq!(runs.len(), runnable.len());
        assert_eq!(runs.first().map(|r| r.id), Some(100));
        for (run, block) in runs.iter().zip(&runnable) {
            assert_eq!(run.pipeline_run_id, 9);
            let starts = block.upstream_blocks.is_empty();
            assert_eq!(run.status, if starts { "running" } else { "initial" });
            assert_eq!(run.started_at.is_some(), starts);
        }
        assert!(runs.iter().any(|r| r.status == "running"));
        assert!(runs.iter().any(|r| r.status == "initial"));
    }

    #[test]
    fn the_scheduler_log_names_the_run() {
        let logs = scheduler_log(42, "etl_daily", chrono::Utc::now());
        assert_eq!(logs.files.len(), 1);
        let file = &logs.files[0];
        assert!(file.content.contains("PipelineRun 42"), "{}", file.content);
        assert_eq!(file.size, Some(file.content.len() as u64));
        assert_eq!(
            file.path.as_deref(),
            Some("pipelines/etl_daily/.logs/scheduler.log")
        );
    }
}
