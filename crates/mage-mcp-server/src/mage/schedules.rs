//! pipeline_schedules (the trigger inventory, `GET /api/pipeline_schedules`) and pipeline_triggers
//! (a pipeline's triggers.yaml, `GET /api/pipelines/:uuid/pipeline_triggers`). Tokens are redacted
//! on the way out; an API trigger's URL is built with its token already blanked.

use serde_json::{json, Value};

use super::{all_pages, records, seg, Mage};
use crate::redact::REDACTED;
use crate::schedules::{schedules_result, PipelineSchedulesArgs};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

fn str_of<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

pub async fn schedules(
    mage: &Mage,
    args: PipelineSchedulesArgs,
) -> Result<WidgetResult, ToolError> {
    let path = match &args.pipeline_uuid {
        Some(uuid) => format!("/api/pipelines/{}/pipeline_schedules", seg(uuid)?),
        None => "/api/pipeline_schedules".to_owned(),
    };
    let listing = all_pages(mage, &path, &[], "pipeline_schedules", "Pipeline schedules").await?;
    let selected: Vec<Value> = listing
        .records
        .into_iter()
        .filter(|s| {
            args.status
                .is_none_or(|st| str_of(s, "status") == Some(st.as_str()))
        })
        .filter(|s| {
            args.schedule_type
                .is_none_or(|t| str_of(s, "schedule_type") == Some(t.as_str()))
        })
        .map(|mut s| {
            let trigger_url = (str_of(&s, "schedule_type") == Some("api")).then(|| {
                format!(
                    "{}/api/pipeline_schedules/{}/pipeline_runs/{REDACTED}",
                    mage.base_url(),
                    s.get("id").map(Value::to_string).unwrap_or_default()
                )
            });
            if let Value::Object(map) = &mut s {
                map.insert("trigger_url".to_owned(), json!(trigger_url));
            }
            s
        })
        .collect();
    let result = schedules_result(selected, &args);
    Ok(match listing.truncated {
        Some(cut) => result.cut_at(cut.limit, cut.total),
        None => result,
    })
}

pub async fn triggers(mage: &Mage, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let body = mage
        .get(
            &format!("/api/pipelines/{}/pipeline_triggers", seg(pipeline_uuid)?),
            &[],
            &format!("Pipeline '{pipeline_uuid}'"),
        )
        .await?;
    let rows = records(&body, "pipeline_triggers");
    Ok(WidgetResult::new("pipeline_triggers", "list")
        .summary(
            Summary::titled(format!("Trigger configuration of {pipeline_uuid}"))
                .subtitle(format!("triggers.yaml · {} triggers", rows.len()))
                .total(rows.len()),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("schedule_type", "Type", ColumnType::Text),
            column("schedule_interval", "Interval", ColumnType::Code),
            plain_column("status", ColumnType::Status),
            plain_column("sla", ColumnType::Number),
            plain_column("envs", ColumnType::Tags),
            plain_column("settings", ColumnType::Json),
            plain_column("variables", ColumnType::Json),
            column("last_enabled_at", "Last enabled", ColumnType::Datetime),
        ])
        .filter("pipeline_uuid", Some(pipeline_uuid))
        .records(rows)
        .hints(
            Hints::keys(
                format!("Trigger configuration of {pipeline_uuid}"),
                "name",
                Some("name"),
                Some("status"),
            )
            .empty_message(format!(
                "{pipeline_uuid} has no trigger configuration (triggers.yaml)."
            )),
        ))
}
