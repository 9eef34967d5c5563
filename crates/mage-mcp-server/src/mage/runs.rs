//! run_pipeline (through an API trigger), pipeline runs (a page), a run, its block runs (every
//! page) and backfills, over Mage's `/api/pipeline_runs`, `/api/block_runs` and `/api/backfills`.

use serde_json::{json, Map, Value};

use super::client::{seg, Mage, Method};
use super::paging::{all_pages, has_next, total_count};
use crate::backend::{Listing, Page, RunQuery, TriggeredRun};
use crate::records::{record, records, str_of};
use crate::widget_result::ToolError;

/// The name of the API trigger run_pipeline creates for a pipeline that has none.
pub const API_TRIGGER_NAME: &str = "API trigger (run_pipeline)";

/// The pipeline's API trigger (an active one first), or a new one; and whether it is new.
async fn api_trigger(mage: &Mage, pipeline_uuid: &str) -> Result<(Value, bool), ToolError> {
    let path = format!("/api/pipelines/{}/pipeline_schedules", seg(pipeline_uuid)?);
    let what = format!("Pipeline '{pipeline_uuid}'");
    let schedules = all_pages(mage, &path, &[], "pipeline_schedules", &what)
        .await?
        .records;
    let api: Vec<&Value> = schedules
        .iter()
        .filter(|s| str_of(s, "schedule_type") == Some("api"))
        .filter(|s| str_of(s, "token").is_some_and(|t| !t.is_empty()))
        .collect();
    if let Some(found) = api
        .iter()
        .find(|s| str_of(s, "status") == Some("active"))
        .or(api.first())
    {
        return Ok(((*found).clone(), false));
    }
    let body = json!({"pipeline_schedule": {"name": API_TRIGGER_NAME, "schedule_type": "api"}});
    let answer = mage
        .send(
            Method::Post,
            &path,
            &[],
            Some(&body),
            &format!("Creating an API trigger for {pipeline_uuid}"),
        )
        .await?;
    Ok((
        record(&answer, "pipeline_schedule", "The new API trigger")?,
        true,
    ))
}

pub async fn run(
    mage: &Mage,
    pipeline_uuid: &str,
    payload: &Map<String, Value>,
) -> Result<TriggeredRun, ToolError> {
    // The pipeline must exist (Mage would otherwise answer with a traceback about a schedule).
    mage.get(
        &format!("/api/pipelines/{}", seg(pipeline_uuid)?),
        &[
            ("includes_content", String::new()),
            ("includes_outputs", String::new()),
        ],
        &format!("Pipeline '{pipeline_uuid}'"),
    )
    .await?;
    let (schedule, created) = api_trigger(mage, pipeline_uuid).await?;
    let schedule_id = schedule
        .get("id")
        .and_then(Value::as_i64)
        .ok_or_else(|| ToolError::api(format!("The API trigger of {pipeline_uuid} has no id.")))?;
    let token = str_of(&schedule, "token").unwrap_or_default().to_owned();
    // The body is the payload: Mage keeps it as the run's event_variables. Its `variables`, if
    // any, also become the run's variables (they override the pipeline's).
    let mut body = payload.clone();
    if let Some(variables @ Value::Object(_)) = payload.get("variables") {
        body.insert("pipeline_run".to_owned(), json!({ "variables": variables }));
    }
    let schedule_name = str_of(&schedule, "name")
        .unwrap_or(API_TRIGGER_NAME)
        .to_owned();
    let made_trigger = format!("a new API trigger '{schedule_name}' (id {schedule_id})");
    let applied: Vec<&str> = if created {
        vec![made_trigger.as_str()]
    } else {
        Vec::new()
    };
    let answer = mage
        .trigger(
            schedule_id,
            &token,
            &Value::Object(body),
            &format!("Triggering {pipeline_uuid}"),
        )
        .await
        .map_err(|e| {
            e.after_partial_change(
                &format!("Pipeline '{pipeline_uuid}'"),
                &applied,
                &["the run"],
            )
        })?;
    let mut run = record(&answer, "pipeline_run", "The triggered run")?;
    if let Value::Object(map) = &mut run {
        map.insert("pipeline_schedule_name".to_owned(), json!(schedule_name));
    }
    let status = str_of(&run, "status").unwrap_or("initial").to_owned();
    let via = if created {
        made_trigger
    } else {
        format!("API trigger '{schedule_name}' (id {schedule_id})")
    };
    Ok(TriggeredRun {
        record: run,
        how: format!(
            "triggered through {via}; status {status} (Mage's scheduler starts it within seconds)"
        ),
    })
}

pub async fn page(mage: &Mage, query: &RunQuery) -> Result<Page, ToolError> {
    let mut params = vec![
        ("_limit", query.limit.to_string()),
        ("_offset", query.offset.to_string()),
    ];
    if let Some(uuid) = &query.pipeline_uuid {
        params.push(("pipeline_uuid", uuid.clone()));
    }
    if let Some(status) = query.status {
        params.push(("status", status.as_str().to_owned()));
    }
    let body = mage
        .get("/api/pipeline_runs", &params, "Pipeline runs")
        .await?;
    Ok(Page {
        records: records(&body, "pipeline_runs"),
        total: total_count(&body),
        more: has_next(&body),
    })
}

/// The run itself (`GET /api/pipeline_runs/:id`): a 404 names the run.
pub async fn fetch_run(mage: &Mage, id: i64) -> Result<Value, ToolError> {
    let what = format!("Pipeline run '{id}'");
    record(
        &mage
            .get(&format!("/api/pipeline_runs/{id}"), &[], &what)
            .await?,
        "pipeline_run",
        &what,
    )
}

pub async fn block_runs(mage: &Mage, id: i64) -> Result<Listing, ToolError> {
    all_pages(
        mage,
        "/api/block_runs",
        &[("pipeline_run_id", id.to_string())],
        "block_runs",
        &format!("Block runs of run {id}"),
    )
    .await
}

pub async fn backfills(mage: &Mage, pipeline_uuid: Option<&str>) -> Result<Listing, ToolError> {
    let path = match pipeline_uuid {
        Some(uuid) => format!("/api/pipelines/{}/backfills", seg(uuid)?),
        None => "/api/backfills".to_owned(),
    };
    all_pages(mage, &path, &[], "backfills", "Backfills").await
}
