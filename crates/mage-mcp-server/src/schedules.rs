//! Schedule and trigger tools: pipeline_schedules (the trigger inventory) and pipeline_triggers
//! (the advanced trigger configuration of one pipeline).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::config::Session;
use crate::ids::IdArguments;
use crate::mage;
use crate::project::{PipelineSchedule, Project};
use crate::server::DemoServer;
use crate::widget_result::{
    column, plain_column, to_json, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleStatus {
    Active,
    Inactive,
}

impl ScheduleStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ScheduleStatus::Active => "active",
            ScheduleStatus::Inactive => "inactive",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleType {
    Time,
    Event,
    Api,
}

impl ScheduleType {
    pub fn as_str(self) -> &'static str {
        match self {
            ScheduleType::Time => "time",
            ScheduleType::Event => "event",
            ScheduleType::Api => "api",
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineSchedulesArgs {
    /// Only triggers of this pipeline (default: every pipeline).
    #[serde(default)]
    pub pipeline_uuid: Option<String>,
    /// Only active or only inactive triggers.
    #[serde(default)]
    pub status: Option<ScheduleStatus>,
    /// Only time (schedules, including run-once `@once`), event or api (webhook) triggers.
    #[serde(default)]
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
impl DemoServer {
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
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_schedules", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_schedules", |m| async move {
                    mage::schedules::schedules(&m, args).await
                })
                .await;
        }
        self.respond("pipeline_schedules", |store, session| {
            schedules(&store.project, session, args)
        })
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
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_triggers", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_triggers", |m| async move {
                    mage::schedules::triggers(&m, &args.pipeline_uuid).await
                })
                .await;
        }
        self.respond("pipeline_triggers", |store, _| {
            triggers(&store.project, &args.pipeline_uuid)
        })
    }
}

/// The URL that triggers a run of an API schedule. It carries the schedule's token, so it only
/// ever leaves the server redacted.
fn trigger_url(cluster_url: &str, schedule: &PipelineSchedule) -> Option<String> {
    let token = schedule.token.as_deref()?;
    (schedule.schedule_type == "api").then(|| {
        format!(
            "{}/api/pipeline_schedules/{}/pipeline_runs/{token}",
            cluster_url.trim_end_matches('/'),
            schedule.id
        )
    })
}

fn schedule_record(project: &Project, session: &Session, schedule: &PipelineSchedule) -> Value {
    let mut record = to_json(schedule);
    if let Value::Object(map) = &mut record {
        let runs = project
            .pipeline_runs
            .iter()
            .filter(|r| r.pipeline_schedule_id == Some(schedule.id))
            .count();
        map.insert("pipeline_runs_count".to_owned(), json!(runs));
        map.insert(
            "trigger_url".to_owned(),
            json!(trigger_url(&session.cluster_url, schedule)),
        );
    }
    record
}

fn schedules(
    project: &Project,
    session: &Session,
    args: PipelineSchedulesArgs,
) -> Result<WidgetResult, ToolError> {
    if let Some(uuid) = &args.pipeline_uuid {
        if project.pipeline(uuid).is_none() {
            return Err(ToolError::not_found("Pipeline", uuid));
        }
    }
    let selected: Vec<&PipelineSchedule> = project
        .pipeline_schedules
        .iter()
        .filter(|s| {
            args.pipeline_uuid
                .as_ref()
                .is_none_or(|uuid| &s.pipeline_uuid == uuid)
        })
        .filter(|s| args.status.is_none_or(|status| s.status == status.as_str()))
        .filter(|s| {
            args.schedule_type
                .is_none_or(|kind| s.schedule_type == kind.as_str())
        })
        .collect();
    let records = selected
        .iter()
        .map(|s| schedule_record(project, session, s))
        .collect();
    Ok(schedules_result(records, &args))
}

/// The `pipeline_schedules` list as a widget result, from records in the service's shape: the demo
/// project's and a Mage server's (`mage::schedules`) alike.
pub(crate) fn schedules_result(records: Vec<Value>, args: &PipelineSchedulesArgs) -> WidgetResult {
    let with = |key: &str, value: &str| {
        records
            .iter()
            .filter(|r| r.get(key).and_then(Value::as_str) == Some(value))
            .count()
    };
    let (active, api, once) = (
        with("status", "active"),
        with("schedule_type", "api"),
        with("schedule_interval", "@once"),
    );
    let statuses: Vec<String> = records
        .iter()
        .filter_map(|r| r.get("status").and_then(Value::as_str).map(str::to_owned))
        .collect();
    let title = match &args.pipeline_uuid {
        Some(uuid) => format!("Triggers of {uuid}"),
        None => "Triggers".to_owned(),
    };
    WidgetResult::new("pipeline_schedules", "list")
        .summary(
            Summary::titled(title.clone())
                .subtitle(format!(
                    "{active} active of {} · {api} API · {once} run-once",
                    records.len()
                ))
                .total(records.len())
                .counts(statuses.iter().map(String::as_str)),
        )
        .columns(vec![
            column("id", "Trigger", ColumnType::Id),
            plain_column("name", ColumnType::Text),
            column("pipeline_uuid", "Pipeline", ColumnType::Text),
            column("schedule_type", "Type", ColumnType::Text),
            column("schedule_interval", "Interval", ColumnType::Code),
            plain_column("status", ColumnType::Status),
            column("next_pipeline_run_date", "Next run", ColumnType::Datetime),
            column("last_pipeline_run_status", "Last run", ColumnType::Status),
            column("pipeline_runs_count", "Runs", ColumnType::Number),
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
                .empty_message("No triggers match."),
        )
}

fn triggers(project: &Project, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let pipeline = project
        .pipeline(pipeline_uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", pipeline_uuid))?;
    let records: Vec<Value> = project
        .pipeline_triggers
        .iter()
        .filter(|t| t.pipeline_uuid == pipeline.uuid)
        .map(to_json)
        .collect();
    Ok(WidgetResult::new("pipeline_triggers", "list")
        .summary(
            Summary::titled(format!("Trigger configuration of {}", pipeline.uuid))
                .subtitle(format!("triggers.yaml · {} triggers", records.len()))
                .total(records.len()),
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
        .filter("pipeline_uuid", Some(pipeline.uuid.as_str()))
        .records(records)
        .hints(
            Hints::keys(
                format!("Trigger configuration of {}", pipeline.name),
                "name",
                Some("name"),
                Some("status"),
            )
            .empty_message(format!("{} has no trigger configuration.", pipeline.uuid)),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redact::Redactor;

    #[test]
    fn api_triggers_carry_a_url_whose_token_is_redacted_on_the_way_out() {
        let project = Project::embedded().expect("project");
        let session = Session {
            cluster_url: "http://127.0.0.1:6789".into(),
            secrets: vec![],
            oauth_token: None,
            api_key: None,
        };
        let args = PipelineSchedulesArgs {
            pipeline_uuid: None,
            status: None,
            schedule_type: Some(ScheduleType::Api),
        };
        let mut redactor = Redactor::default();
        redactor.learn(&to_json(&project));
        let result = schedules(&project, &session, args)
            .expect("list")
            .into_call_tool_result(&redactor);
        let text = serde_json::to_string(&result).expect("json");
        for schedule in &project.pipeline_schedules {
            let token = schedule.token.as_deref().expect("token");
            assert!(
                !text.contains(token),
                "token of schedule {} leaked",
                schedule.id
            );
        }
        assert!(text.contains("/pipeline_runs/[redacted]"));
    }
}
