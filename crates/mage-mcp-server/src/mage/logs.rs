//! run_logs over `GET /api/pipelines/:uuid/logs?pipeline_run_id[]=ID`: the block-run log files AND
//! the pipeline-level ones (`scheduler.log`, `pipeline.log`): a run that failed before any block
//! ran has only those. Files are records `{name, content, size, modified_timestamp}` (the server
//! path is left out).

use serde_json::{json, Value};

use super::runs::fetch_run;
use super::{records, seg, Mage};
use crate::widget_result::{
    plain_column, untyped_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

fn file_record(file: &Value, scope: &str) -> Value {
    json!({
        "name": file.get("name"),
        "content": file.get("content").and_then(Value::as_str).unwrap_or_default(),
        "size": file.get("size"),
        "modified_timestamp": file.get("modified_timestamp"),
        "scope": scope,
    })
}

pub async fn logs(mage: &Mage, id: i64) -> Result<WidgetResult, ToolError> {
    let run = fetch_run(mage, id).await?;
    let pipeline_uuid = run
        .get("pipeline_uuid")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let body = mage
        .get(
            &format!("/api/pipelines/{}/logs", seg(&pipeline_uuid)?),
            &[("pipeline_run_id[]", id.to_string())],
            &format!("Logs of run {id}"),
        )
        .await?;
    let mut files = Vec::new();
    let mut block_count = 0;
    let mut pipeline_count = 0;
    for entry in records(&body, "logs") {
        for file in records(&entry, "block_run_logs") {
            block_count += 1;
            files.push(file_record(&file, "block"));
        }
        for file in records(&entry, "pipeline_run_logs") {
            pipeline_count += 1;
            files.push(file_record(&file, "pipeline"));
        }
    }
    let status = run
        .get("status")
        .and_then(Value::as_str)
        .unwrap_or_default();
    Ok(WidgetResult::new("pipeline_runs", "logs")
        .summary(
            Summary::titled(format!("Logs of run {id}"))
                .subtitle(format!(
                    "{pipeline_uuid} · {status} · {block_count} block logs, {pipeline_count} pipeline logs"
                ))
                .total(files.len()),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            plain_column("content", ColumnType::Code),
            plain_column("size", ColumnType::Number),
            untyped_column("modified_timestamp", "Modified"),
            plain_column("scope", ColumnType::Text),
        ])
        .filter("pipeline_run_id", Some(id))
        .records(files)
        .hints(
            Hints::keys(format!("Logs of run {id}"), "name", Some("name"), None)
                .empty_message(format!("Run {id} has no logs yet (status {status}).")),
        ))
}
