//! Log tool: run_logs, the log files of one pipeline run (the scheduler's and one per block run).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;

use crate::ids::IdArguments;
use crate::mage;
use crate::project::Project;
use crate::runs::RunId;
use crate::server::DemoServer;
use crate::widget_result::{
    plain_column, to_json, untyped_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct RunLogsArgs {
    /// The pipeline run, as run_pipeline returns it.
    pub pipeline_run_id: RunId,
}

impl IdArguments for RunLogsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        self.pipeline_run_id.resolve("pipeline_run_id").map(|_| ())
    }
}

#[tool_router(router = log_tools, vis = "pub(crate)")]
impl DemoServer {
    #[tool(
        description = "Fetches the logs of a pipeline run: the scheduler's log and one file per block run, each `{name, path, size, modified_timestamp, content}`; content lines are `<ISO time> <JSON>` with tracebacks in between.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn run_logs(&self, Parameters(args): Parameters<RunLogsArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("run_logs", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("run_logs", |m| async move {
                    let id = args.pipeline_run_id.resolve("pipeline_run_id")?;
                    mage::logs::logs(&m, id).await
                })
                .await;
        }
        self.respond("run_logs", |store, _| {
            logs(&store.project, &args.pipeline_run_id)
        })
    }
}

fn logs(project: &Project, run_id: &RunId) -> Result<WidgetResult, ToolError> {
    let id = run_id.resolve("pipeline_run_id")?;
    let run = project
        .run(id)
        .ok_or_else(|| ToolError::not_found("Pipeline run", id))?;
    let files = project
        .logs
        .iter()
        .filter(|l| l.pipeline_run_id == id)
        .flat_map(|l| l.files.iter())
        .map(to_json)
        .collect::<Vec<_>>();
    Ok(WidgetResult::new("pipeline_runs", "logs")
        .summary(
            Summary::titled(format!("Logs of run {id}"))
                .subtitle(format!(
                    "{} · {} · {} files",
                    run.pipeline_uuid,
                    run.status,
                    files.len()
                ))
                .total(files.len()),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            plain_column("content", ColumnType::Code),
            plain_column("size", ColumnType::Number),
            // Epoch seconds: the widget reads them as times by the key, not under a datetime type.
            untyped_column("modified_timestamp", "Modified"),
            plain_column("path", ColumnType::Code),
        ])
        .filter("pipeline_run_id", Some(id))
        .records(files)
        .hints(
            Hints::keys(format!("Logs of run {id}"), "name", Some("name"), None).empty_message(
                format!(
            "Run {id} has no logs (status {}; the demo keeps logs of each pipeline's newest runs).",
            run.status
        ),
            ),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_run_has_a_traceback_in_its_logs() {
        let project = Project::embedded().expect("project");
        let failed = project
            .logs
            .iter()
            .find(|l| l.files.iter().any(|f| f.content.contains("Traceback")))
            .expect("a failed run with logs");
        let result = logs(&project, &RunId::Text(failed.pipeline_run_id.to_string()))
            .expect("logs")
            .structured();
        assert!(result["records"]
            .as_array()
            .is_some_and(|files| files.len() > 1));
        assert!(logs(&project, &RunId::Text("nope".into())).is_err());
    }
}
