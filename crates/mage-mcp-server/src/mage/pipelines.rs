//! Pipelines over Mage's `/api/pipelines` (updated with PUT: Mage answers PATCH with 405) and the
//! newest runs over `/api/pipeline_runs`.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::client::{seg, Mage, Method};
use crate::backend::{Listing, PipelineEdit};
use crate::records::{record, records, str_of};
use crate::vocabulary::PipelineType;
use crate::widget_result::ToolError;

/// How many of the newest runs pipeline_list reads for each pipeline's last run (one request,
/// not one per pipeline).
pub const NEWEST_RUNS: usize = 100;

fn what(uuid: &str) -> String {
    format!("Pipeline '{uuid}'")
}

fn pipeline_path(uuid: &str) -> Result<String, ToolError> {
    Ok(format!("/api/pipelines/{}", seg(uuid)?))
}

pub async fn list(mage: &Mage) -> Result<Listing, ToolError> {
    let body = mage
        .get(
            "/api/pipelines",
            &[("include_schedules", "1".to_owned())],
            "Pipelines",
        )
        .await?;
    Ok(Listing::complete(records(&body, "pipelines")))
}

/// Each pipeline's newest run among the [`NEWEST_RUNS`] newest of the project.
pub async fn last_runs(mage: &Mage) -> Result<BTreeMap<String, Value>, ToolError> {
    let body = mage
        .get(
            "/api/pipeline_runs",
            &[
                ("_limit", NEWEST_RUNS.to_string()),
                ("_offset", "0".to_owned()),
            ],
            "Pipeline runs",
        )
        .await?;
    let mut last = BTreeMap::new();
    for run in records(&body, "pipeline_runs") {
        if let Some(uuid) = str_of(&run, "pipeline_uuid") {
            last.entry(uuid.to_owned()).or_insert(run);
        }
    }
    Ok(last)
}

pub async fn get(mage: &Mage, uuid: &str) -> Result<Value, ToolError> {
    let body = mage.get(&pipeline_path(uuid)?, &[], &what(uuid)).await?;
    record(&body, "pipeline", &what(uuid))
}

/// The pipeline's newest run (runs embed their block runs).
pub async fn latest_run(mage: &Mage, uuid: &str) -> Result<Option<Value>, ToolError> {
    let body = mage
        .get(
            "/api/pipeline_runs",
            &[
                ("pipeline_uuid", uuid.to_owned()),
                ("_limit", "1".to_owned()),
                ("_offset", "0".to_owned()),
            ],
            &format!("Runs of {uuid}"),
        )
        .await?;
    Ok(records(&body, "pipeline_runs").into_iter().next())
}

pub async fn create(
    mage: &Mage,
    name: &str,
    pipeline_type: PipelineType,
) -> Result<Value, ToolError> {
    let body = json!({"pipeline": {"name": name, "type": pipeline_type.as_str()}});
    let answer = mage
        .send(
            Method::Post,
            "/api/pipelines",
            &[],
            Some(&body),
            &format!("Creating pipeline '{name}'"),
        )
        .await?;
    record(&answer, "pipeline", "The new pipeline")
}

pub async fn update(mage: &Mage, uuid: &str, edit: &PipelineEdit) -> Result<Value, ToolError> {
    let mut fields = Map::new();
    if let Some(name) = &edit.name {
        fields.insert("name".to_owned(), json!(name));
    }
    if let Some(description) = &edit.description {
        fields.insert("description".to_owned(), json!(description));
    }
    // PUT, never PATCH: Mage 0.9.80 answers PATCH on a pipeline with 405.
    let answer = mage
        .send(
            Method::Put,
            &pipeline_path(uuid)?,
            &[],
            Some(&json!({ "pipeline": Value::Object(fields) })),
            &format!("Updating pipeline '{uuid}'"),
        )
        .await?;
    record(&answer, "pipeline", &what(uuid))
}

pub async fn delete(mage: &Mage, uuid: &str) -> Result<Value, ToolError> {
    let answer = mage
        .send(
            Method::Delete,
            &pipeline_path(uuid)?,
            &[],
            None,
            &what(uuid),
        )
        .await?;
    Ok(answer.get("pipeline").cloned().unwrap_or(Value::Null))
}
