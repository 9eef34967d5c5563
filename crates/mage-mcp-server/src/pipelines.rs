//! Pipeline tools: pipeline_list, pipeline_get (with the block graph), pipeline_create,
//! pipeline_update, pipeline_delete.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::blocks::pipeline_graph;
use crate::ids::IdArguments;
use crate::mage;
use crate::project::{now_stamp, uuid_from_name, Pipeline, Project};
use crate::server::DemoServer;
use crate::widget_result::{
    column, plain_column, to_json, ColumnType, Hints, Mutation, Summary, ToolError, WidgetResult,
};

#[derive(Debug, Clone, Copy, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineType {
    Python,
    Streaming,
    Integration,
}

impl PipelineType {
    pub fn as_str(self) -> &'static str {
        match self {
            PipelineType::Python => "python",
            PipelineType::Streaming => "streaming",
            PipelineType::Integration => "integration",
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PipelineGetArgs {
    /// The pipeline's uuid, as pipeline_list shows it.
    pub uuid: String,
}

impl IdArguments for PipelineGetArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("uuid", Some(&self.uuid))]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineCreateArgs {
    /// Name of the new pipeline; its uuid is the name in snake case.
    pub name: String,
    /// Pipeline type; `python` when omitted.
    #[serde(rename = "type", default)]
    pub pipeline_type: Option<PipelineType>,
}

impl IdArguments for PipelineCreateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineUpdateArgs {
    /// The pipeline's uuid.
    pub uuid: String,
    /// New name (the uuid stays).
    #[serde(default)]
    pub name: Option<String>,
    /// New description.
    #[serde(default)]
    pub description: Option<String>,
}

impl IdArguments for PipelineUpdateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("uuid", Some(&self.uuid))]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PipelineDeleteArgs {
    /// The pipeline's uuid. Deleting is permanent.
    pub uuid: String,
}

impl IdArguments for PipelineDeleteArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("uuid", Some(&self.uuid))]
    }
}

#[tool_router(router = pipeline_tools, vis = "pub(crate)")]
impl DemoServer {
    #[tool(
        description = "Lists all pipelines in the project: uuid, name, type, block count, last run status.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_list(&self) -> CallToolResult {
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_list", |m| async move {
                    mage::pipelines::list(&m).await
                })
                .await;
        }
        self.respond("pipeline_list", |store, _| Ok(list(&store.project)))
    }

    #[tool(
        description = "Details of one pipeline: its fields, variables (secrets redacted), blocks with their source, and the block dependency graph.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_get(&self, Parameters(args): Parameters<PipelineGetArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_get", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_get", |m| async move {
                    mage::pipelines::get(&m, &args.uuid).await
                })
                .await;
        }
        self.respond("pipeline_get", |store, _| get(&store.project, &args.uuid))
    }

    #[tool(
        description = "Creates a pipeline. `type` is python (default), streaming or integration.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn pipeline_create(
        &self,
        Parameters(args): Parameters<PipelineCreateArgs>,
    ) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_create", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_create", |m| async move {
                    let kind = args.pipeline_type.unwrap_or(PipelineType::Python).as_str();
                    mage::pipelines::create(&m, &args.name, kind).await
                })
                .await;
        }
        self.respond("pipeline_create", |store, _| {
            create(&mut store.project, args)
        })
    }

    #[tool(
        description = "Updates the given fields (name, description) of a pipeline.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_update(
        &self,
        Parameters(args): Parameters<PipelineUpdateArgs>,
    ) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_update", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_update", |m| async move {
                    mage::pipelines::update(&m, &args.uuid, args.name, args.description).await
                })
                .await;
        }
        self.respond("pipeline_update", |store, _| {
            update(&mut store.project, args)
        })
    }

    #[tool(
        description = "Deletes a pipeline with its blocks, schedules, triggers, runs and logs. Permanent: it cannot be undone.",
        annotations(
            read_only_hint = false,
            destructive_hint = true,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn pipeline_delete(
        &self,
        Parameters(args): Parameters<PipelineDeleteArgs>,
    ) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("pipeline_delete", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("pipeline_delete", |m| async move {
                    mage::pipelines::delete(&m, &args.uuid).await
                })
                .await;
        }
        self.respond("pipeline_delete", |store, _| {
            delete(&mut store.project, &args.uuid)
        })
    }
}

/// The newest run of a pipeline.
fn last_run<'a>(
    project: &'a Project,
    pipeline_uuid: &str,
) -> Option<&'a crate::project::PipelineRun> {
    project
        .pipeline_runs
        .iter()
        .filter(|r| r.pipeline_uuid == pipeline_uuid)
        .max_by_key(|r| r.id)
}

/// A pipeline as a list row: counts instead of nested blocks.
fn list_record(project: &Project, pipeline: &Pipeline) -> Value {
    let last = last_run(project, &pipeline.uuid);
    json!({
        "uuid": pipeline.uuid,
        "name": pipeline.name,
        "type": pipeline.pipeline_type,
        "description": pipeline.description,
        "blocks": pipeline.blocks.len(),
        "schedules": project.pipeline_schedules.iter().filter(|s| s.pipeline_uuid == pipeline.uuid).count(),
        "last_run_status": last.map(|r| r.status.clone()),
        "last_run_at": last.map(|r| r.execution_date.clone()),
        "tags": pipeline.tags,
        "created_at": pipeline.created_at,
        "updated_at": pipeline.updated_at,
    })
}

/// A pipeline in full, as the detail view shows it.
pub fn detail_record(project: &Project, pipeline: &Pipeline) -> Value {
    let mut record = to_json(pipeline);
    if let Value::Object(map) = &mut record {
        let last = last_run(project, &pipeline.uuid);
        map.insert(
            "schedules".to_owned(),
            json!(project
                .pipeline_schedules
                .iter()
                .filter(|s| s.pipeline_uuid == pipeline.uuid)
                .count()),
        );
        map.insert(
            "runs".to_owned(),
            json!(project
                .pipeline_runs
                .iter()
                .filter(|r| r.pipeline_uuid == pipeline.uuid)
                .count()),
        );
        map.insert(
            "last_run_status".to_owned(),
            json!(last.map(|r| r.status.clone())),
        );
    }
    record
}

fn list(project: &Project) -> WidgetResult {
    let records: Vec<Value> = project
        .pipelines
        .iter()
        .map(|p| list_record(project, p))
        .collect();
    list_result(
        Summary::titled(format!("Pipelines of {}", project.project.name)),
        records,
    )
}

/// The pipelines list as a widget result, from list records (each with its block and trigger
/// counts and its last run): the demo project's and a Mage server's (`mage::pipelines`) alike.
/// `summary` names the source; the total and the counts by last-run status are added here.
pub(crate) fn list_result(summary: Summary, records: Vec<Value>) -> WidgetResult {
    let statuses: Vec<String> = records
        .iter()
        .filter_map(|r| {
            r.get("last_run_status")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .collect();
    WidgetResult::new("pipelines", "list")
        .summary(
            summary
                .total(records.len())
                .counts(statuses.iter().map(String::as_str)),
        )
        .columns(vec![
            column("uuid", "Pipeline", ColumnType::Id),
            plain_column("name", ColumnType::Text),
            plain_column("type", ColumnType::Text),
            column("blocks", "Blocks", ColumnType::Number),
            column("schedules", "Triggers", ColumnType::Number),
            column("last_run_status", "Last run", ColumnType::Status),
            column("last_run_at", "Last run at", ColumnType::Datetime),
            plain_column("tags", ColumnType::Tags),
            column("updated_at", "Updated", ColumnType::Datetime),
            plain_column("description", ColumnType::Text),
        ])
        .records(records)
        .hints(
            Hints::keys("Pipelines", "uuid", Some("name"), Some("last_run_status")).empty_message(
                "No pipelines in this project yet. Create one with pipeline_create.",
            ),
        )
}

fn get(project: &Project, uuid: &str) -> Result<WidgetResult, ToolError> {
    let pipeline = project
        .pipeline(uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", uuid))?;
    Ok(WidgetResult::new("pipeline", "get")
        .records(vec![detail_record(project, pipeline)])
        .summary(Summary::titled(pipeline.name.clone()).subtitle(format!(
            "{} pipeline · {} blocks",
            pipeline.pipeline_type,
            pipeline.blocks.len()
        )))
        .graph(pipeline_graph(pipeline, None))
        .hints(Hints::keys(
            pipeline.name.clone(),
            "uuid",
            Some("name"),
            Some("last_run_status"),
        )))
}

fn create(project: &mut Project, args: PipelineCreateArgs) -> Result<WidgetResult, ToolError> {
    let name = args.name.trim();
    if name.is_empty() {
        return Err(ToolError::api("A pipeline needs a name (400)."));
    }
    let uuid = uuid_from_name(name, |candidate| project.pipeline(candidate).is_some());
    let now = now_stamp();
    let pipeline = Pipeline {
        uuid: uuid.clone(),
        name: name.to_owned(),
        pipeline_type: args
            .pipeline_type
            .unwrap_or(PipelineType::Python)
            .as_str()
            .to_owned(),
        description: None,
        tags: Vec::new(),
        executor_type: Some("local_python".to_owned()),
        variables: Map::new(),
        created_at: now.clone(),
        updated_at: now,
        blocks: Vec::new(),
    };
    project.pipelines.push(pipeline);
    let record = project
        .pipeline(&uuid)
        .map(|p| detail_record(project, p))
        .unwrap_or(Value::Null);
    Ok(WidgetResult::new("pipeline", "create")
        .mutation(
            Mutation::new("create", "pipeline", uuid.as_str())
                .message(format!(
                    "Pipeline {uuid} created. Add blocks with block_create."
                ))
                .record(record),
        )
        .hints(Hints::keys(name, "uuid", Some("name"), None)))
}

fn update(project: &mut Project, args: PipelineUpdateArgs) -> Result<WidgetResult, ToolError> {
    if args.name.is_none() && args.description.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass name, description or both (400).",
        ));
    }
    let pipeline = project
        .pipeline_mut(&args.uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.uuid))?;
    let mut changes = Map::new();
    if let Some(name) = args.name {
        let name = name.trim().to_owned();
        if name.is_empty() {
            return Err(ToolError::api("A pipeline's name cannot be empty (400)."));
        }
        if name != pipeline.name {
            changes.insert(
                "name".to_owned(),
                json!({ "from": pipeline.name, "to": name }),
            );
            pipeline.name = name;
        }
    }
    if let Some(description) = args.description {
        if pipeline.description.as_deref() != Some(description.as_str()) {
            changes.insert(
                "description".to_owned(),
                json!({ "from": pipeline.description, "to": description }),
            );
            pipeline.description = Some(description);
        }
    }
    if !changes.is_empty() {
        pipeline.updated_at = now_stamp();
    }
    let message = if changes.is_empty() {
        format!(
            "Pipeline {} already had these values; nothing changed.",
            args.uuid
        )
    } else {
        format!("Pipeline {} updated.", args.uuid)
    };
    let pipeline = project
        .pipeline(&args.uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.uuid))?;
    Ok(WidgetResult::new("pipeline", "update")
        .records(vec![detail_record(project, pipeline)])
        .mutation(
            Mutation::new("update", "pipeline", args.uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(Hints::keys(
            pipeline.name.clone(),
            "uuid",
            Some("name"),
            Some("last_run_status"),
        )))
}

fn delete(project: &mut Project, uuid: &str) -> Result<WidgetResult, ToolError> {
    let index = project
        .pipelines
        .iter()
        .position(|p| p.uuid == uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", uuid))?;
    let pipeline = project.pipelines.remove(index);
    let run_ids: Vec<i64> = project
        .pipeline_runs
        .iter()
        .filter(|r| r.pipeline_uuid == uuid)
        .map(|r| r.id)
        .collect();
    let schedules = project
        .pipeline_schedules
        .iter()
        .filter(|s| s.pipeline_uuid == uuid)
        .count();
    project
        .pipeline_schedules
        .retain(|s| s.pipeline_uuid != uuid);
    project
        .pipeline_triggers
        .retain(|t| t.pipeline_uuid != uuid);
    project.pipeline_runs.retain(|r| r.pipeline_uuid != uuid);
    project
        .block_runs
        .retain(|br| !run_ids.contains(&br.pipeline_run_id));
    project.block_outputs.retain(|o| o.pipeline_uuid != uuid);
    project.backfills.retain(|b| b.pipeline_uuid != uuid);
    project.logs.retain(|l| l.pipeline_uuid != uuid);
    Ok(WidgetResult::new("pipeline", "delete")
        .mutation(Mutation::new("delete", "pipeline", uuid).message(format!(
            "Pipeline {uuid} deleted permanently with its {} blocks, {schedules} triggers and {} runs; this cannot be undone.",
            pipeline.blocks.len(),
            run_ids.len()
        )))
        .hints(Hints { title: Some(format!("{} deleted", pipeline.name)), ..Hints::default() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_then_list_shows_the_new_pipeline() {
        let mut project = Project::embedded().expect("project");
        let before = project.pipelines.len();
        create(
            &mut project,
            PipelineCreateArgs {
                name: "Orders hourly".into(),
                pipeline_type: None,
            },
        )
        .expect("created");
        assert_eq!(project.pipelines.len(), before + 1);
        let listed = list(&project).structured();
        assert!(listed["records"]
            .as_array()
            .expect("records")
            .iter()
            .any(|r| r["uuid"] == "orders_hourly"));
    }

    #[test]
    fn delete_removes_everything_that_belonged_to_the_pipeline() {
        let mut project = Project::embedded().expect("project");
        delete(&mut project, "etl_daily").expect("deleted");
        assert!(project.pipeline("etl_daily").is_none());
        assert!(project
            .pipeline_runs
            .iter()
            .all(|r| r.pipeline_uuid != "etl_daily"));
        assert!(project.logs.iter().all(|l| l.pipeline_uuid != "etl_daily"));
        assert!(delete(&mut project, "etl_daily").is_err());
    }
}
