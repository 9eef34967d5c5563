//! pipeline_schedules (the trigger inventory) and pipeline_triggers (the trigger configuration of
//! one pipeline, its triggers.yaml).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::backend::{mark_truncated, Call};
use crate::ids::IdArguments;
use crate::records::{str_of, strings};
use crate::redact::REDACTED;
use crate::server::MageMcpServer;
use crate::vocabulary::{ScheduleStatus, ScheduleType};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineSchedulesArgs {
    /// Only triggers of this pipeline (default: every pipeline).
    pub pipeline_uuid: Option<String>,
    /// Only active or only inactive triggers.
    pub status: Option<ScheduleStatus>,
    /// Only time (schedules, including run-once `@once`), event or api (webhook) triggers.
    pub schedule_type: Option<ScheduleType>,
}

impl IdArguments for PipelineSchedulesArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", self.pipeline_uuid.as_deref())]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PipelineTriggersArgs {
    /// The pipeline whose trigger configuration (triggers.yaml) to show.
    pub pipeline_uuid: String,
}

impl IdArguments for PipelineTriggersArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", Some(&self.pipeline_uuid))]
    }
}

#[tool_router(router = schedule_tools, vis = "pub(crate)")]
impl MageMcpServer {
    #[tool(
        description = "Trigger inventory: pipeline schedules with type (time, event, api), interval, status, next run date, last run status and run count; API and webhook triggers with their trigger URL (token redacted); run-once (@once) schedules. Filters: `pipeline_uuid`, `status` (active, inactive), `schedule_type` (time, event, api).",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_schedules(
        &self,
        Parameters(args): Parameters<PipelineSchedulesArgs>,
    ) -> CallToolResult {
        self.answer("pipeline_schedules", args, |call, args| async move {
            schedules(&call, args).await
        })
        .await
    }

    #[tool(
        description = "Advanced trigger configuration of one pipeline (its triggers.yaml): settings such as timeouts, SLA, landing time, environments and variables. Use only when the user asks for this configuration; pipeline_schedules answers inventory questions.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_triggers(
        &self,
        Parameters(args): Parameters<PipelineTriggersArgs>,
    ) -> CallToolResult {
        self.answer("pipeline_triggers", args, |call, args| async move {
            triggers(&call, &args.pipeline_uuid).await
        })
        .await
    }
}

/// The URL that triggers a run of an API schedule, built with its token already redacted (the
/// token is the credential of that URL) and without the user information of the cluster's URL.
fn trigger_url(cluster_url: &str, schedule: &Value) -> Option<String> {
    (str_of(schedule, "schedule_type") == Some("api")).then(|| {
        format!(
            "{}/api/pipeline_schedules/{}/pipeline_runs/{REDACTED}",
            crate::config::shown_url(cluster_url),
            schedule.get("id").map(Value::to_string).unwrap_or_default()
        )
    })
}

/// Whether a schedule passes the filters of `args`.
fn selected(schedule: &Value, args: &PipelineSchedulesArgs) -> bool {
    args.status
        .is_none_or(|s| str_of(schedule, "status") == Some(s.as_str()))
        && args
            .schedule_type
            .is_none_or(|t| str_of(schedule, "schedule_type") == Some(t.as_str()))
}

async fn schedules(call: &Call, args: PipelineSchedulesArgs) -> Result<WidgetResult, ToolError> {
    let listing = call
        .backend()
        .schedules(call, args.pipeline_uuid.as_deref())
        .await?;
    let records: Vec<Value> = listing
        .records
        .into_iter()
        .filter(|s| selected(s, &args))
        .map(|mut s| {
            let url = trigger_url(call.cluster_url(), &s);
            if let Value::Object(map) = &mut s {
                map.insert("trigger_url".to_owned(), json!(url));
            }
            s
        })
        .collect();
    let with = |key: &str, value: &str| {
        strings(&records, key)
            .into_iter()
            .filter(|v| *v == value)
            .count()
    };
    let (active, api, once) = (
        with("status", "active"),
        with("schedule_type", "api"),
        with("schedule_interval", "@once"),
    );
    let title = match &args.pipeline_uuid {
        Some(uuid) => format!("Triggers of {uuid}"),
        None => "Triggers".to_owned(),
    };
    let result = WidgetResult::new("pipeline_schedules", "list")
        .summary(
            Summary::titled(title.clone())
                .subtitle(format!(
                    "{active} active of {} · {api} API · {once} run-once",
                    records.len()
                ))
                .total(records.len())
                .counts(strings(&records, "status")),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("pipeline_uuid", "Pipeline", ColumnType::Text),
            column("schedule_type", "Type", ColumnType::Text),
            column("schedule_interval", "Interval", ColumnType::Code),
            plain_column("status", ColumnType::Status),
            column("next_pipeline_run_date", "Next run", ColumnType::Datetime),
            column("last_pipeline_run_status", "Last run", ColumnType::Status),
            column("pipeline_runs_count", "Runs", ColumnType::Number),
            column("id", "Trigger", ColumnType::Id),
            column("trigger_url", "Trigger URL", ColumnType::Text),
            plain_column("token", ColumnType::Text),
        ])
        .filter("pipeline_uuid", args.pipeline_uuid.clone())
        .filter("status", args.status.map(ScheduleStatus::as_str))
        .filter(
            "schedule_type",
            args.schedule_type.map(ScheduleType::as_str),
        )
        .records(records)
        .hints(
            Hints::keys(title, "id", Some("name"), Some("status"))
                .empty_message("No triggers match.")
                .record_url(call.pages().map(|pages| pages.trigger())),
        );
    Ok(mark_truncated(result, listing.truncated))
}

async fn triggers(call: &Call, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let rows = call.backend().triggers(call, pipeline_uuid).await?;
    let title = format!("Trigger configuration of {pipeline_uuid}");
    Ok(WidgetResult::new("pipeline_triggers", "list")
        .summary(
            Summary::titled(title.clone())
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
            Hints::keys(title, "name", Some("name"), Some("status"))
                .empty_message(format!("{pipeline_uuid} has no trigger configuration.")),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_api_trigger_gets_a_url_whose_token_is_already_redacted() {
        let api =
            json!({"id": 4, "schedule_type": "api", "token": "0123456789abcdef0123456789abcdef"});
        assert_eq!(
            trigger_url("http://127.0.0.1:6789", &api).as_deref(),
            Some("http://127.0.0.1:6789/api/pipeline_schedules/4/pipeline_runs/[redacted]")
        );
        assert_eq!(
            trigger_url("http://x", &json!({"id": 5, "schedule_type": "time"})),
            None
        );
        assert_eq!(
            trigger_url("http://mage-user:pa55@127.0.0.1:6789", &api).as_deref(),
            Some("http://127.0.0.1:6789/api/pipeline_schedules/4/pipeline_runs/[redacted]"),
            "the cluster's user information stays out"
        );
    }

    #[test]
    fn filters_select_by_status_and_type() {
        let args = PipelineSchedulesArgs {
            pipeline_uuid: None,
            status: Some(ScheduleStatus::Active),
            schedule_type: Some(ScheduleType::Api),
        };
        assert!(selected(
            &json!({"status": "active", "schedule_type": "api"}),
            &args
        ));
        assert!(!selected(
            &json!({"status": "inactive", "schedule_type": "api"}),
            &args
        ));
        assert!(!selected(
            &json!({"status": "active", "schedule_type": "time"}),
            &args
        ));
    }
}
