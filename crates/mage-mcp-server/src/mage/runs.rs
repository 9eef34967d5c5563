//! run_pipeline (through an API trigger), pipeline_runs, block_runs (every page) and
//! backfill_list over Mage's `/api/pipeline_runs`, `/api/block_runs` and `/api/backfills`.

use serde_json::{json, Map, Value};

use super::{
    all_pages, duration_seconds, has_next, record, records, seg, strings, total_count, Mage, Method,
};
use crate::runs::{
    block_runs_result, run_columns, run_hints, PipelineRunsArgs, RunStatus, DEFAULT_PER_PAGE,
    MAX_PER_PAGE,
};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Mutation, Pagination, Summary, ToolError, WidgetResult,
};

/// The name of the API trigger run_pipeline creates for a pipeline that has none.
pub const API_TRIGGER_NAME: &str = "API trigger (run_pipeline)";

/// The pipeline's API trigger (an active one first), or a new one.
async fn api_trigger(mage: &Mage, pipeline_uuid: &str) -> Result<(Value, bool), ToolError> {
    let path = format!("/api/pipelines/{}/pipeline_schedules", seg(pipeline_uuid)?);
    let what = format!("Pipeline '{pipeline_uuid}'");
    let schedules = all_pages(mage, &path, &[], "pipeline_schedules", &what)
        .await?
        .records;
    let api: Vec<&Value> = schedules
        .iter()
        .filter(|s| s.get("schedule_type").and_then(Value::as_str) == Some("api"))
        .filter(|s| {
            s.get("token")
                .and_then(Value::as_str)
                .is_some_and(|t| !t.is_empty())
        })
        .collect();
    if let Some(found) = api
        .iter()
        .find(|s| s.get("status").and_then(Value::as_str) == Some("active"))
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
    payload: Map<String, Value>,
) -> Result<WidgetResult, ToolError> {
    // The payload may carry credentials: the redactor learns them before anything is built.
    let payload = Value::Object(payload);
    mage.learn(&payload);
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
    let token = schedule
        .get("token")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    // The body is the payload: Mage keeps it as the run's event_variables. Its `variables`, if
    // any, also become the run's variables (they override the pipeline's).
    let mut body = payload.clone();
    if let (Value::Object(map), Some(variables @ Value::Object(_))) =
        (&mut body, payload.get("variables"))
    {
        map.insert("pipeline_run".to_owned(), json!({ "variables": variables }));
    }
    let answer = mage
        .trigger(
            schedule_id,
            &token,
            &body,
            &format!("Triggering {pipeline_uuid}"),
        )
        .await?;
    let mut run = record(&answer, "pipeline_run", "The triggered run")?;
    let id = run.get("id").cloned().unwrap_or(Value::Null);
    let schedule_name = schedule
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(API_TRIGGER_NAME)
        .to_owned();
    if let Value::Object(map) = &mut run {
        map.insert("pipeline_schedule_name".to_owned(), json!(schedule_name));
        map.entry("pipeline_run_id").or_insert(id.clone());
    }
    let status = run
        .get("status")
        .and_then(Value::as_str)
        .unwrap_or("initial")
        .to_owned();
    let via = if created {
        format!("a new API trigger '{schedule_name}' (id {schedule_id})")
    } else {
        format!("API trigger '{schedule_name}' (id {schedule_id})")
    };
    Ok(WidgetResult::new("pipeline_run", "run")
        .records(vec![run])
        .mutation(Mutation::new("run", "pipeline_run", id.clone()).message(format!(
            "Run {id} of {pipeline_uuid} triggered through {via}; status {status} (Mage's scheduler starts it within seconds). Follow it with block_runs or run_logs (pipeline_run_id {id})."
        )))
        .hints(run_hints(format!("Run {id} of {pipeline_uuid}"))))
}

pub async fn list(mage: &Mage, args: PipelineRunsArgs) -> Result<WidgetResult, ToolError> {
    let page = args.page.unwrap_or(1);
    let per_page = args.per_page.unwrap_or(DEFAULT_PER_PAGE);
    if page == 0 || per_page == 0 || per_page > MAX_PER_PAGE {
        return Err(ToolError::api(format!(
            "page starts at 1 and per_page is 1 to {MAX_PER_PAGE} (400)."
        )));
    }
    let offset = (page - 1).saturating_mul(per_page);
    let mut query = vec![
        ("_limit", per_page.to_string()),
        ("_offset", offset.to_string()),
    ];
    if let Some(uuid) = &args.pipeline_uuid {
        query.push(("pipeline_uuid", uuid.clone()));
    }
    if let Some(status) = args.status {
        query.push(("status", status.as_str().to_owned()));
    }
    let body = mage
        .get("/api/pipeline_runs", &query, "Pipeline runs")
        .await?;
    let runs = records(&body, "pipeline_runs");
    let total = total_count(&body).unwrap_or(offset + runs.len() as u64);
    let title = match &args.pipeline_uuid {
        Some(uuid) => format!("Runs of {uuid}"),
        None => "Pipeline runs".to_owned(),
    };
    let empty = match (&args.pipeline_uuid, args.status) {
        (Some(uuid), None) => format!("{uuid} has no runs. Trigger it with run_pipeline."),
        _ => "No runs match these filters.".to_owned(),
    };
    Ok(WidgetResult::new("pipeline_runs", "list")
        .summary(
            Summary::titled(title.clone())
                .total(total as usize)
                .counts(strings(&runs, "status")),
        )
        .columns(run_columns())
        .filter("pipeline_uuid", args.pipeline_uuid.clone())
        .filter("status", args.status.map(RunStatus::as_str))
        .pagination(Pagination {
            page,
            per_page,
            total,
            has_more: has_next(&body) || offset + (runs.len() as u64) < total,
        })
        .records(runs)
        .hints(run_hints(title).empty_message(empty)))
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

pub async fn block_runs(mage: &Mage, id: i64) -> Result<WidgetResult, ToolError> {
    let run = fetch_run(mage, id).await?;
    let listing = all_pages(
        mage,
        "/api/block_runs",
        &[("pipeline_run_id", id.to_string())],
        "block_runs",
        &format!("Block runs of run {id}"),
    )
    .await?;
    let mut rows = listing.records;
    rows.sort_by_key(|r| r.get("id").and_then(Value::as_i64).unwrap_or(i64::MAX));
    for row in &mut rows {
        let duration = duration_seconds(row.get("started_at"), row.get("completed_at"));
        if let Value::Object(map) = row {
            map.insert("duration".to_owned(), duration);
        }
    }
    let pipeline_uuid = run
        .get("pipeline_uuid")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let status = run
        .get("status")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let empty = format!("Run {id} has no block runs yet (status {status}).");
    let result = block_runs_result(id, pipeline_uuid, status, rows, empty);
    Ok(match listing.truncated {
        Some(cut) => result.cut_at(cut.limit, cut.total),
        None => result,
    })
}

pub async fn backfills(
    mage: &Mage,
    pipeline_uuid: Option<String>,
    status: Option<RunStatus>,
) -> Result<WidgetResult, ToolError> {
    let path = match &pipeline_uuid {
        Some(uuid) => format!("/api/pipelines/{}/backfills", seg(uuid)?),
        None => "/api/backfills".to_owned(),
    };
    let listing = all_pages(mage, &path, &[], "backfills", "Backfills").await?;
    let rows: Vec<Value> = listing
        .records
        .into_iter()
        .filter(|b| {
            status.is_none_or(|s| b.get("status").and_then(Value::as_str) == Some(s.as_str()))
        })
        .collect();
    let result = WidgetResult::new("backfills", "list")
        .summary(
            Summary::titled("Backfills")
                .total(rows.len())
                .counts(strings(&rows, "status")),
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
        .filter("pipeline_uuid", pipeline_uuid)
        .filter("status", status.map(RunStatus::as_str))
        .records(rows)
        .hints(
            Hints::keys("Backfills", "id", Some("name"), Some("status"))
                .empty_message("No backfills match."),
        );
    Ok(match listing.truncated {
        Some(cut) => result.cut_at(cut.limit, cut.total),
        None => result,
    })
}
