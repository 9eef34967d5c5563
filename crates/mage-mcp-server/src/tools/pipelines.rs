//! pipeline_list, pipeline_get (with the block graph), pipeline_create, pipeline_update,
//! pipeline_delete.

use std::collections::{BTreeMap, BTreeSet};

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::backend::{mark_truncated, Call, PipelineEdit};
use crate::ids::IdArguments;
use crate::places;
use crate::records::{count_of, records, str_of, string_list, text_of};
use crate::server::MageMcpServer;
use crate::vocabulary::PipelineType;
use crate::widget_result::{
    column, plain_column, ColumnType, Graph, GraphEdge, GraphNode, Hints, Mutation, Summary,
    ToolError, WidgetResult, MAX_GRAPH_NODES,
};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PipelineListArgs {}

impl IdArguments for PipelineListArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
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

    /// The name, which Mage makes a folder name of.
    fn check_ids(&self) -> Result<(), ToolError> {
        places::check_name("name", &self.name)
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct PipelineUpdateArgs {
    /// The pipeline's uuid.
    pub uuid: String,
    /// New name.
    pub name: Option<String>,
    /// New description.
    pub description: Option<String>,
}

impl IdArguments for PipelineUpdateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("uuid", Some(&self.uuid))]
    }

    /// The id and a new name, which Mage makes a folder name of.
    fn check_ids(&self) -> Result<(), ToolError> {
        crate::ids::check_all(self.ids())?;
        match &self.name {
            Some(name) => places::check_name("name", name),
            None => Ok(()),
        }
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
impl MageMcpServer {
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
        self.answer("pipeline_list", PipelineListArgs {}, |call, _| async move {
            list(&call).await
        })
        .await
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
        self.answer("pipeline_get", args, |call, args| async move {
            get(&call, &args.uuid).await
        })
        .await
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
        self.answer("pipeline_create", args, |call, args| async move {
            create(&call, args).await
        })
        .await
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
        self.answer("pipeline_update", args, |call, args| async move {
            update(&call, args).await
        })
        .await
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
        self.answer("pipeline_delete", args, |call, args| async move {
            delete(&call, &args.uuid).await
        })
        .await
    }
}

fn pipeline_what(uuid: &str) -> String {
    format!("Pipeline '{uuid}'")
}

/// A pipeline as a list row: counts instead of nested blocks and triggers, and its last run.
fn list_row(pipeline: &Value, last_run: Option<&Value>) -> Value {
    let schedules = records(pipeline, "schedules");
    let active = schedules
        .iter()
        .filter(|s| str_of(s, "status") == Some("active"))
        .count();
    json!({
        "uuid": pipeline.get("uuid"),
        "name": pipeline.get("name"),
        "type": pipeline.get("type"),
        "description": pipeline.get("description"),
        "blocks": count_of(pipeline, "blocks"),
        "schedules": schedules.len(),
        "active_schedules": active,
        "last_run_status": last_run.and_then(|r| r.get("status")),
        "last_run_at": last_run.and_then(|r| r.get("execution_date")),
        "tags": pipeline.get("tags"),
        "executor_type": pipeline.get("executor_type"),
        "created_at": pipeline.get("created_at"),
        "updated_at": pipeline.get("updated_at"),
    })
}

async fn list(call: &Call) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    // Asked at once: neither needs the other. The last runs only colour the rows: the list stands
    // without them.
    let (listing, last_runs) = tokio::join!(backend.pipelines(call), backend.last_runs(call));
    let mut listing = listing?;
    let last_runs = last_runs.unwrap_or_default();
    listing
        .records
        .sort_by(|a, b| str_of(a, "uuid").cmp(&str_of(b, "uuid")));
    let rows: Vec<Value> = listing
        .records
        .iter()
        .map(|p| list_row(p, last_runs.get(text_of(p, "uuid"))))
        .collect();
    let statuses: Vec<String> = rows
        .iter()
        .filter_map(|r| str_of(r, "last_run_status").map(str::to_owned))
        .collect();
    let result = WidgetResult::new("pipelines", "list")
        .summary(
            Summary::titled("Pipelines")
                .subtitle(backend.describe(call))
                .total(rows.len())
                .counts(statuses.iter().map(String::as_str)),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("uuid", "Pipeline", ColumnType::Id),
            plain_column("type", ColumnType::Text),
            column("blocks", "Blocks", ColumnType::Number),
            column("schedules", "Triggers", ColumnType::Number),
            column("last_run_status", "Last run", ColumnType::Status),
            column("last_run_at", "Last run at", ColumnType::Datetime),
            plain_column("tags", ColumnType::Tags),
            column("updated_at", "Updated", ColumnType::Datetime),
            plain_column("description", ColumnType::Text),
        ])
        .records(rows)
        .hints(
            Hints::keys("Pipelines", "uuid", Some("name"), Some("last_run_status"))
                .empty_message("No pipelines in this project yet. Create one with pipeline_create.")
                .record_url(pipeline_page(call)),
        );
    Ok(mark_truncated(result, listing.truncated))
}

/// The block dependency graph: one node per block (its status in the newest run when it ran
/// there, else the block's own), an edge from each upstream block to the block that reads it.
/// Past [`MAX_GRAPH_NODES`] the graph is cut and marked truncated (the widget then shows the
/// table).
pub fn block_graph(blocks: &[Value], run_statuses: &BTreeMap<String, String>) -> Graph {
    let kept: Vec<&Value> = blocks.iter().take(MAX_GRAPH_NODES).collect();
    let known: BTreeSet<&str> = kept.iter().map(|b| text_of(b, "uuid")).collect();
    let nodes = kept
        .iter()
        .map(|b| {
            let id = text_of(b, "uuid").to_owned();
            GraphNode {
                label: str_of(b, "name").unwrap_or(&id).to_owned(),
                node_type: text_of(b, "type").to_owned(),
                status: run_statuses
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| text_of(b, "status").to_owned()),
                selected: false,
                id,
            }
        })
        .collect();
    let edges = kept
        .iter()
        .flat_map(|b| {
            let target = text_of(b, "uuid").to_owned();
            string_list(b, "upstream_blocks")
                .into_iter()
                .filter(|up| known.contains(up.as_str()))
                .map(move |up| GraphEdge {
                    source: up,
                    target: target.clone(),
                })
        })
        .collect();
    Graph {
        nodes,
        edges,
        total_nodes: blocks.len(),
        truncated: blocks.len() > MAX_GRAPH_NODES,
    }
}

/// `block_uuid` → status of each block run of a run record.
fn block_run_statuses(run: Option<&Value>) -> BTreeMap<String, String> {
    run.map(|r| records(r, "block_runs"))
        .unwrap_or_default()
        .iter()
        .filter_map(|br| {
            Some((
                str_of(br, "block_uuid")?.to_owned(),
                str_of(br, "status")?.to_owned(),
            ))
        })
        .collect()
}

/// A pipeline record without what only the service's notebook needs: each block's `outputs`
/// (block_outputs shows those of a run).
fn without_notebook_outputs(mut pipeline: Value) -> Value {
    if let Some(blocks) = pipeline.get_mut("blocks").and_then(Value::as_array_mut) {
        for block in blocks {
            if let Value::Object(map) = block {
                map.remove("outputs");
            }
        }
    }
    pipeline
}

/// The hints of one pipeline, linked to its page in the service's UI.
fn pipeline_hints(call: &Call, title: impl Into<String>) -> Hints {
    Hints::keys(title, "uuid", Some("name"), Some("last_run_status"))
        .record_url(pipeline_page(call))
}

/// A pipeline's page in the service's UI, as a template of its uuid.
fn pipeline_page(call: &Call) -> Option<String> {
    call.pages().map(|pages| pages.pipeline())
}

async fn get(call: &Call, uuid: &str) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    // Asked at once: neither needs the other. The newest run only colours the graph: the pipeline
    // stands without it.
    let (pipeline, latest) =
        tokio::join!(backend.pipeline(call, uuid), backend.latest_run(call, uuid));
    let pipeline = without_notebook_outputs(pipeline?);
    let latest = latest.unwrap_or(None);
    let blocks = records(&pipeline, "blocks");
    let graph = block_graph(&blocks, &block_run_statuses(latest.as_ref()));
    let name = str_of(&pipeline, "name").unwrap_or(uuid).to_owned();
    let subtitle = format!(
        "{} pipeline · {} blocks",
        str_of(&pipeline, "type").unwrap_or("python"),
        blocks.len()
    );
    let mut record = pipeline;
    if let Value::Object(map) = &mut record {
        let from_latest = |key: &str| {
            latest
                .as_ref()
                .and_then(|r| r.get(key))
                .cloned()
                .unwrap_or(Value::Null)
        };
        map.insert("last_run_status".to_owned(), from_latest("status"));
        map.insert("last_run_id".to_owned(), from_latest("id"));
    }
    Ok(WidgetResult::new("pipeline", "get")
        .records(vec![record])
        .summary(Summary::titled(name.clone()).subtitle(subtitle))
        .graph(graph)
        .hints(pipeline_hints(call, name)))
}

/// A name as the service takes it: trimmed, never empty.
pub fn checked_name(name: &str, what: &str) -> Result<String, ToolError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ToolError::api(format!(
            "{what} needs a name that is not empty (400)."
        )));
    }
    Ok(name.to_owned())
}

async fn create(call: &Call, args: PipelineCreateArgs) -> Result<WidgetResult, ToolError> {
    let name = checked_name(&args.name, "A pipeline")?;
    let kind = args.pipeline_type.unwrap_or(PipelineType::Python);
    let pipeline = call.backend().create_pipeline(call, &name, kind).await?;
    let pipeline = without_notebook_outputs(pipeline);
    let uuid = text_of(&pipeline, "uuid").to_owned();
    Ok(WidgetResult::new("pipeline", "create")
        .mutation(
            Mutation::new("create", "pipeline", uuid.as_str())
                .message(format!(
                    "Pipeline {uuid} created. Add blocks with block_create."
                ))
                .record(pipeline),
        )
        .hints(Hints::keys(name, "uuid", Some("name"), None).record_url(pipeline_page(call))))
}

/// What an update changes: the fields that differ from `before`, as `{field: {from, to}}` and as
/// the edit to send.
fn pipeline_changes(
    before: &Value,
    name: Option<String>,
    description: Option<String>,
) -> (Map<String, Value>, PipelineEdit) {
    let mut changes = Map::new();
    let mut edit = PipelineEdit::default();
    if let Some(name) = name.filter(|n| Some(n.as_str()) != str_of(before, "name")) {
        changes.insert(
            "name".to_owned(),
            json!({"from": before.get("name"), "to": name}),
        );
        edit.name = Some(name);
    }
    if let Some(description) =
        description.filter(|d| Some(d.as_str()) != str_of(before, "description"))
    {
        changes.insert(
            "description".to_owned(),
            json!({"from": before.get("description"), "to": description}),
        );
        edit.description = Some(description);
    }
    (changes, edit)
}

async fn update(call: &Call, args: PipelineUpdateArgs) -> Result<WidgetResult, ToolError> {
    if args.name.is_none() && args.description.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass name, description or both (400).",
        ));
    }
    let name = match &args.name {
        Some(name) => Some(checked_name(name, "A pipeline")?),
        None => None,
    };
    let uuid = args.uuid;
    let backend = call.backend();
    let before = backend.pipeline(call, &uuid).await?;
    let (mut changes, edit) = pipeline_changes(&before, name, args.description);
    let after = if edit.is_empty() {
        before
    } else {
        backend.update_pipeline(call, &uuid, &edit).await?
    };
    let new_uuid = str_of(&after, "uuid").unwrap_or(&uuid).to_owned();
    let message = if changes.is_empty() {
        format!("Pipeline {uuid} already had these values; nothing changed.")
    } else if new_uuid != uuid {
        changes.insert("uuid".to_owned(), json!({"from": uuid, "to": new_uuid}));
        format!("Pipeline {uuid} updated; its new name gave it the uuid {new_uuid}.")
    } else {
        format!("Pipeline {uuid} updated.")
    };
    let title = str_of(&after, "name").unwrap_or(&new_uuid).to_owned();
    Ok(WidgetResult::new("pipeline", "update")
        .records(vec![without_notebook_outputs(after)])
        .mutation(
            Mutation::new("update", "pipeline", new_uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(pipeline_hints(call, title)))
}

async fn delete(call: &Call, uuid: &str) -> Result<WidgetResult, ToolError> {
    let deleted = call.backend().delete_pipeline(call, uuid).await?;
    let name = str_of(&deleted, "name").unwrap_or(uuid).to_owned();
    let blocks = count_of(&deleted, "blocks");
    Ok(WidgetResult::new("pipeline", "delete")
        .mutation(Mutation::new("delete", "pipeline", uuid).message(format!(
            "{} deleted permanently with its {blocks} blocks, triggers and runs; this cannot be undone.",
            pipeline_what(uuid)
        )))
        .hints(Hints {
            title: Some(format!("{name} deleted")),
            ..Hints::default()
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_comes_from_upstream_blocks_with_run_statuses() {
        let blocks = vec![
            json!({"uuid": "load", "name": "load", "type": "data_loader", "status": "executed", "upstream_blocks": []}),
            json!({"uuid": "clean", "name": "clean", "type": "transformer", "status": "updated", "upstream_blocks": ["load"]}),
            json!({"uuid": "export", "name": "export", "type": "data_exporter", "status": "not_executed", "upstream_blocks": ["clean", "gone"]}),
        ];
        let statuses = BTreeMap::from([("clean".to_owned(), "failed".to_owned())]);
        let graph = block_graph(&blocks, &statuses);
        assert_eq!(graph.nodes.len(), 3);
        assert_eq!(
            graph.edges.len(),
            2,
            "an unknown upstream block makes no edge"
        );
        assert_eq!(graph.nodes[1].status, "failed");
        assert_eq!(graph.nodes[0].status, "executed");
        assert!(!graph.truncated && graph.total_nodes == 3);
    }

    #[test]
    fn a_graph_past_the_node_limit_is_cut_and_marked() {
        let blocks: Vec<Value> = (0..MAX_GRAPH_NODES + 3)
            .map(|i| json!({"uuid": format!("b{i}"), "upstream_blocks": if i > 0 { vec![format!("b{}", i - 1)] } else { vec![] }}))
            .collect();
        let graph = block_graph(&blocks, &BTreeMap::new());
        assert_eq!(graph.nodes.len(), MAX_GRAPH_NODES);
        assert_eq!(
            graph.edges.len(),
            MAX_GRAPH_NODES - 1,
            "edges to cut nodes are left out"
        );
        assert!(graph.truncated && graph.total_nodes == MAX_GRAPH_NODES + 3);
    }

    #[test]
    fn block_outputs_are_left_out_of_a_pipeline_record() {
        let record = without_notebook_outputs(
            json!({"uuid": "p", "blocks": [{"uuid": "b", "content": "x", "outputs": [1]}]}),
        );
        assert_eq!(record["blocks"][0], json!({"uuid": "b", "content": "x"}));
    }

    #[test]
    fn only_fields_that_differ_are_changed() {
        let before = json!({"uuid": "p", "name": "P", "description": "old"});
        let (changes, edit) = pipeline_changes(&before, Some("P".into()), Some("new".into()));
        assert_eq!(
            edit,
            PipelineEdit {
                name: None,
                description: Some("new".into())
            }
        );
        assert_eq!(changes["description"], json!({"from": "old", "to": "new"}));
        assert!(changes.get("name").is_none());
        let (changes, edit) = pipeline_changes(&before, None, Some("old".into()));
        assert!(changes.is_empty() && edit.is_empty());
        assert!(checked_name("  ", "A pipeline").is_err());
        assert_eq!(
            checked_name(" Orders ", "A pipeline").ok().as_deref(),
            Some("Orders")
        );
    }
}
