//! The demo project: the records the tools read and change, in the shapes of Mage's HTTP API, plus
//! the collections the server keeps for it (block runs, outputs, logs, triggers, templates).
//! The embedded project is `fixtures/demo/project.json`, written by `fixtures/demo-project.mjs`;
//! `--data FILE` loads another file of the same shape. Loading checks what the tools rely on
//! (unique ids, known upstream blocks) and derives `downstream_blocks` from `upstream_blocks`, so a
//! hand-written file cannot disagree with itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The project every server starts with unless `--data` names another.
pub const EMBEDDED_PROJECT: &str = include_str!("../../../../fixtures/demo/project.json");

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Project {
    /// What wrote the file; ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Shape version of the file; 1 is the only one.
    pub version: u32,
    pub project: ProjectInfo,
    pub pipelines: Vec<Pipeline>,
    #[serde(default)]
    pub pipeline_schedules: Vec<PipelineSchedule>,
    #[serde(default)]
    pub pipeline_triggers: Vec<PipelineTrigger>,
    #[serde(default)]
    pub pipeline_runs: Vec<PipelineRun>,
    #[serde(default)]
    pub block_runs: Vec<BlockRun>,
    #[serde(default)]
    pub block_outputs: Vec<BlockOutput>,
    #[serde(default)]
    pub backfills: Vec<Backfill>,
    #[serde(default)]
    pub logs: Vec<RunLogs>,
    #[serde(default)]
    pub block_templates: Vec<BlockTemplate>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProjectInfo {
    pub name: String,
    pub uuid: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pipeline {
    pub uuid: String,
    pub name: String,
    #[serde(rename = "type")]
    pub pipeline_type: String,
    pub description: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    pub executor_type: Option<String>,
    /// Global variables; some are secrets (redacted on the way out).
    #[serde(default)]
    pub variables: Map<String, Value>,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default)]
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Block {
    pub uuid: String,
    pub name: String,
    #[serde(rename = "type")]
    pub block_type: String,
    pub language: String,
    pub status: String,
    pub executor_type: Option<String>,
    #[serde(default)]
    pub executor_config: Value,
    #[serde(default)]
    pub configuration: Value,
    #[serde(default)]
    pub color: Value,
    #[serde(default)]
    pub retry_config: Value,
    #[serde(default)]
    pub has_callback: bool,
    #[serde(default)]
    pub all_upstream_blocks_executed: bool,
    #[serde(default)]
    pub upstream_blocks: Vec<String>,
    /// Derived from every block's `upstream_blocks` when the project loads and after each change.
    #[serde(default)]
    pub downstream_blocks: Vec<String>,
    #[serde(default)]
    pub content: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PipelineSchedule {
    pub id: i64,
    pub name: String,
    pub pipeline_uuid: String,
    pub schedule_type: String,
    pub schedule_interval: Option<String>,
    pub start_time: Option<String>,
    pub status: String,
    #[serde(default)]
    pub variables: Map<String, Value>,
    pub sla: Option<i64>,
    /// 32 lowercase hex characters; authorises the trigger endpoint. Never leaves the server.
    pub token: Option<String>,
    #[serde(default)]
    pub settings: Value,
    #[serde(default)]
    pub event_matchers: Vec<Value>,
    pub next_pipeline_run_date: Option<String>,
    pub last_pipeline_run_status: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
}

/// One entry of a pipeline's `triggers.yaml`: the advanced trigger configuration.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PipelineTrigger {
    pub name: String,
    pub pipeline_uuid: String,
    pub schedule_type: String,
    pub schedule_interval: Option<String>,
    pub start_time: Option<String>,
    pub status: String,
    pub description: Option<String>,
    pub sla: Option<i64>,
    #[serde(default)]
    pub settings: Value,
    #[serde(default)]
    pub variables: Map<String, Value>,
    #[serde(default)]
    pub envs: Vec<String>,
    pub last_enabled_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_matchers: Option<Vec<Value>>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PipelineRun {
    pub id: i64,
    pub pipeline_uuid: String,
    pub pipeline_schedule_id: Option<i64>,
    pub pipeline_schedule_name: Option<String>,
    /// The service copies the schedule's token into every run it lists; redacted on the way out.
    pub pipeline_schedule_token: Option<String>,
    pub execution_date: String,
    pub status: String,
    pub started_at: Option<String>,
    pub completed_at: Option<String>,
    #[serde(default)]
    pub variables: Value,
    #[serde(default)]
    pub event_variables: Value,
    #[serde(default)]
    pub passed_sla: bool,
    #[serde(default)]
    pub metrics: Value,
    pub backfill_id: Option<i64>,
    pub executor_type: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BlockRun {
    pub id: i64,
    pub pipeline_run_id: i64,
    pub block_uuid: String,
    pub status: String,
    pub started_at: Option<String>,
    pub completed_at: Option<String>,
    #[serde(default)]
    pub metrics: Value,
    pub created_at: String,
    pub updated_at: String,
}

/// One output variable of a block run: a sample of a table (`sample_data`) or a text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BlockOutput {
    pub block_run_id: i64,
    pub pipeline_uuid: String,
    pub block_uuid: String,
    pub variable_uuid: String,
    #[serde(rename = "type")]
    pub output_type: String,
    /// `[rows, columns]` of the whole output, of which `sample_data` is a sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Vec<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample_data: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_data: Option<Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Backfill {
    pub id: i64,
    pub name: String,
    pub pipeline_uuid: String,
    pub pipeline_schedule_id: Option<i64>,
    pub block_uuid: Option<String>,
    pub start_datetime: Option<String>,
    pub end_datetime: Option<String>,
    pub interval_type: Option<String>,
    pub interval_units: Option<i64>,
    pub status: Option<String>,
    #[serde(default)]
    pub variables: Value,
    #[serde(default)]
    pub metrics: Value,
    pub created_at: String,
    pub updated_at: String,
    pub started_at: Option<String>,
    pub completed_at: Option<String>,
    pub failed_at: Option<String>,
}

/// The log files of one pipeline run: the scheduler's and one per block run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunLogs {
    pub pipeline_run_id: i64,
    pub pipeline_uuid: String,
    pub files: Vec<LogFile>,
}

/// A log file as the service returns it: lines of `<ISO time> <JSON object>` mixed with plain
/// lines (tracebacks).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LogFile {
    pub name: String,
    pub path: Option<String>,
    pub content: String,
    pub size: Option<u64>,
    /// Epoch seconds with a fraction, as the service sends it.
    pub modified_timestamp: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BlockTemplate {
    pub name: String,
    pub block_type: String,
    pub language: String,
    pub path: String,
    pub description: Option<String>,
    #[serde(default)]
    pub configuration: Value,
    #[serde(default)]
    pub content: String,
}

impl Project {
    /// The embedded demo project.
    pub fn embedded() -> Result<Self, String> {
        Self::parse(EMBEDDED_PROJECT, "the embedded demo project")
    }

    /// A project from a `--data` file.
    pub fn from_file(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("--data {}: {error}", path.display()))?;
        Self::parse(&text, &format!("--data {}", path.display()))
    }

    fn parse(text: &str, origin: &str) -> Result<Self, String> {
        // serde_json's messages name the field and position, not the values: no secret leaks here.
        let mut project: Project =
            serde_json::from_str(text).map_err(|error| format!("{origin}: {error}"))?;
        project
            .check()
            .map_err(|error| format!("{origin}: {error}"))?;
        Ok(project)
    }

    /// The invariants the tools rely on.
    fn check(&mut self) -> Result<(), String> {
        if self.version != 1 {
            return Err(format!(
                "version {} is not supported (only 1)",
                self.version
            ));
        }
        let mut pipeline_uuids = BTreeSet::new();
        for pipeline in &mut self.pipelines {
            if !pipeline_uuids.insert(pipeline.uuid.clone()) {
                return Err(format!("two pipelines share the uuid '{}'", pipeline.uuid));
            }
            let mut block_uuids = BTreeSet::new();
            for block in &pipeline.blocks {
                if !block_uuids.insert(block.uuid.as_str()) {
                    return Err(format!(
                        "pipeline '{}' has two blocks with the uuid '{}'",
                        pipeline.uuid, block.uuid
                    ));
                }
            }
            for block in &pipeline.blocks {
                if let Some(unknown) = block
                    .upstream_blocks
                    .iter()
                    .find(|up| !block_uuids.contains(up.as_str()))
                {
                    return Err(format!(
                        "block '{}' of pipeline '{}' names the unknown upstream block '{unknown}'",
                        block.uuid, pipeline.uuid
                    ));
                }
            }
            pipeline.derive_downstream_blocks();
        }
        let mut run_ids = BTreeSet::new();
        for run in &self.pipeline_runs {
            if !run_ids.insert(run.id) {
                return Err(format!("two pipeline runs share the id {}", run.id));
            }
        }
        let mut block_run_ids = BTreeSet::new();
        for block_run in &self.block_runs {
            if !block_run_ids.insert(block_run.id) {
                return Err(format!("two block runs share the id {}", block_run.id));
            }
        }
        Ok(())
    }

    pub fn pipeline(&self, uuid: &str) -> Option<&Pipeline> {
        self.pipelines.iter().find(|p| p.uuid == uuid)
    }

    pub fn pipeline_mut(&mut self, uuid: &str) -> Option<&mut Pipeline> {
        self.pipelines.iter_mut().find(|p| p.uuid == uuid)
    }

    pub fn run(&self, id: i64) -> Option<&PipelineRun> {
        self.pipeline_runs.iter().find(|r| r.id == id)
    }

    pub fn next_run_id(&self) -> i64 {
        self.pipeline_runs.iter().map(|r| r.id).max().unwrap_or(0) + 1
    }

    pub fn next_block_run_id(&self) -> i64 {
        self.block_runs.iter().map(|r| r.id).max().unwrap_or(0) + 1
    }
}

impl Pipeline {
    pub fn block(&self, uuid: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.uuid == uuid)
    }

    /// Rebuilds every block's `downstream_blocks` from the `upstream_blocks` lists, in block order.
    pub fn derive_downstream_blocks(&mut self) {
        let mut downstream: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for block in &self.blocks {
            for up in &block.upstream_blocks {
                downstream
                    .entry(up.clone())
                    .or_default()
                    .push(block.uuid.clone());
            }
        }
        for block in &mut self.blocks {
            block.downstream_blocks = downstream.remove(&block.uuid).unwrap_or_default();
        }
    }
}

/// An instant in the service's run timestamp form (`YYYY-MM-DD HH:MM:SS.ffffff+00:00`).
pub fn stamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S%.6f+00:00").to_string()
}

/// A uuid for a new pipeline or block: its name in lower snake case, made unique with `_2`, `_3`…
pub fn uuid_from_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let mut slug = String::new();
    for c in name.trim().chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('_') && !slug.is_empty() {
            slug.push('_');
        }
    }
    let slug = slug.trim_end_matches('_').to_owned();
    let base = if slug.is_empty() {
        "untitled".to_owned()
    } else {
        slug
    };
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|n| format!("{base}_{n}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_project_loads_and_holds_what_the_issue_asks_for() {
        let project = Project::embedded().expect("embedded project");
        assert!(project.pipelines.len() >= 6);
        for kind in ["python", "streaming", "integration"] {
            assert!(
                project.pipelines.iter().any(|p| p.pipeline_type == kind),
                "{kind}"
            );
        }
        assert!(project
            .pipelines
            .iter()
            .any(|p| (35..=45).contains(&p.blocks.len())));
        for status in ["running", "completed", "failed", "cancelled", "initial"] {
            assert!(
                project.pipeline_runs.iter().any(|r| r.status == status),
                "run {status}"
            );
            assert!(
                project.block_runs.iter().any(|r| r.status == status),
                "block run {status}"
            );
            assert!(
                project
                    .backfills
                    .iter()
                    .any(|b| b.status.as_deref() == Some(status)),
                "backfill {status}"
            );
        }
        assert!(project.pipeline_schedules.iter().all(|s| s
            .token
            .as_ref()
            .is_some_and(|t| t.len() == 32 && t.chars().all(|c| c.is_ascii_hexdigit()))));
        assert!(!project.block_outputs.is_empty() && !project.logs.is_empty());
    }

    #[test]
    fn downstream_blocks_are_derived_from_upstream_blocks() {
        let text = r#"{"version":1,"project":{"name":"p","uuid":"p"},"pipelines":[{"uuid":"a","name":"A","type":"python",
            "created_at":"x","updated_at":"x","blocks":[
              {"uuid":"b1","name":"b1","type":"data_loader","language":"python","status":"executed","downstream_blocks":["nonsense"]},
              {"uuid":"b2","name":"b2","type":"transformer","language":"python","status":"executed","upstream_blocks":["b1"]}]}]}"#;
        let project = Project::parse(text, "test").expect("valid");
        assert_eq!(project.pipelines[0].blocks[0].downstream_blocks, vec!["b2"]);
        assert!(project.pipelines[0].blocks[1].downstream_blocks.is_empty());
    }

    #[test]
    fn an_unknown_upstream_block_is_refused_with_its_name() {
        let text = r#"{"version":1,"project":{"name":"p","uuid":"p"},"pipelines":[{"uuid":"a","name":"A","type":"python",
            "created_at":"x","updated_at":"x","blocks":[
              {"uuid":"b2","name":"b2","type":"transformer","language":"python","status":"executed","upstream_blocks":["ghost"]}]}]}"#;
        let error = Project::parse(text, "test").expect_err("invalid");
        assert!(error.contains("'ghost'"), "{error}");
    }

    #[test]
    fn uuids_from_names_are_snake_case_and_unique() {
        assert_eq!(uuid_from_name("Orders hourly!", |_| false), "orders_hourly");
        assert_eq!(uuid_from_name("  ", |_| false), "untitled");
        assert_eq!(
            uuid_from_name("ETL daily", |u| u == "etl_daily"),
            "etl_daily_2"
        );
    }
}
