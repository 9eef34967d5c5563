//! Block outputs over `GET /api/block_runs/:id/outputs`, and run logs over
//! `GET /api/pipelines/:uuid/logs?pipeline_run_id[]=ID`.
//!
//! Outputs are read WITHOUT `sample_count`: Mage 0.9.80 compares that query string with a row
//! count and fails for every DataFrame output. Without it the sample is up to 1,000 rows, and
//! `shape` gives the whole output's size. Logs hold the block-run files AND the pipeline-level
//! ones (`scheduler.log`, `pipeline.log`): a run that failed before any block ran has only those.

use serde_json::{json, Value};

use super::client::{seg, Mage};
use crate::records::{records, str_of, text_of};
use crate::widget_result::ToolError;

/// How many of a pipeline's newest runs are searched for a block's newest outputs.
pub const RUNS_SEARCHED: usize = 40;

pub async fn outputs(mage: &Mage, block_run_id: i64) -> Result<Vec<Value>, ToolError> {
    let body = mage
        .get(
            &format!("/api/block_runs/{block_run_id}/outputs"),
            &[],
            &format!("Block run '{block_run_id}'"),
        )
        .await?;
    Ok(records(&body, "outputs"))
}

/// The newest completed block run of a block, among the pipeline's newest runs (which embed their
/// block runs).
pub async fn newest_output_run(
    mage: &Mage,
    pipeline_uuid: &str,
    block_uuid: &str,
) -> Result<Option<i64>, ToolError> {
    let body = mage
        .get(
            "/api/pipeline_runs",
            &[
                ("pipeline_uuid", pipeline_uuid.to_owned()),
                ("_limit", RUNS_SEARCHED.to_string()),
                ("_offset", "0".to_owned()),
            ],
            &format!("Runs of {pipeline_uuid}"),
        )
        .await?;
    Ok(records(&body, "pipeline_runs")
        .iter()
        .flat_map(|run| records(run, "block_runs"))
        .filter(|br| str_of(br, "block_uuid") == Some(block_uuid))
        .filter(|br| str_of(br, "status") == Some("completed"))
        .filter_map(|br| br.get("id").and_then(Value::as_i64))
        .max())
}

fn log_file(file: &Value, scope: &str) -> Value {
    json!({
        "name": file.get("name"),
        "content": text_of(file, "content"),
        "size": file.get("size"),
        "modified_timestamp": file.get("modified_timestamp"),
        "scope": scope,
    })
}

pub async fn logs(mage: &Mage, run: &Value) -> Result<Vec<Value>, ToolError> {
    let id = run.get("id").and_then(Value::as_i64).unwrap_or_default();
    let pipeline_uuid = text_of(run, "pipeline_uuid");
    let body = mage
        .get(
            &format!("/api/pipelines/{}/logs", seg(pipeline_uuid)?),
            &[("pipeline_run_id[]", id.to_string())],
            &format!("Logs of run {id}"),
        )
        .await?;
    let mut files = Vec::new();
    for entry in records(&body, "logs") {
        files.extend(
            records(&entry, "block_run_logs")
                .iter()
                .map(|f| log_file(f, "block")),
        );
        files.extend(
            records(&entry, "pipeline_run_logs")
                .iter()
                .map(|f| log_file(f, "pipeline")),
        );
    }
    Ok(files)
}
