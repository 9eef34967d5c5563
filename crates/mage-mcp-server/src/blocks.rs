//! Block tools: block_list, block_get, block_create, block_update, block_delete,
//! block_templates_list; and the block dependency graph of a pipeline.

use std::collections::BTreeSet;

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::ids::IdArguments;
use crate::mage;
use crate::project::{now_stamp, uuid_from_name, Block, BlockTemplate, Pipeline, Project};
use crate::redact::Redactor;
use crate::server::DemoServer;
use crate::widget_result::{
    column, plain_column, to_json, ColumnType, Graph, GraphEdge, GraphNode, Hints, Mutation,
    Summary, ToolError, WidgetResult, MAX_GRAPH_NODES,
};

/// How long the agent keeps block templates before fetching them again.
const TEMPLATE_CACHE_HOURS: i64 = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockType {
    DataLoader,
    Transformer,
    DataExporter,
    Sensor,
    Callback,
    Chart,
    Conditional,
    Custom,
    Dbt,
    Extension,
    GlobalDataProduct,
    Markdown,
    Scratchpad,
}

impl BlockType {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockType::DataLoader => "data_loader",
            BlockType::Transformer => "transformer",
            BlockType::DataExporter => "data_exporter",
            BlockType::Sensor => "sensor",
            BlockType::Callback => "callback",
            BlockType::Chart => "chart",
            BlockType::Conditional => "conditional",
            BlockType::Custom => "custom",
            BlockType::Dbt => "dbt",
            BlockType::Extension => "extension",
            BlockType::GlobalDataProduct => "global_data_product",
            BlockType::Markdown => "markdown",
            BlockType::Scratchpad => "scratchpad",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockLanguage {
    Python,
    Sql,
    R,
    Yaml,
    Markdown,
}

impl BlockLanguage {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockLanguage::Python => "python",
            BlockLanguage::Sql => "sql",
            BlockLanguage::R => "r",
            BlockLanguage::Yaml => "yaml",
            BlockLanguage::Markdown => "markdown",
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct BlockListArgs {
    /// The pipeline whose blocks to list.
    pub pipeline_uuid: String,
}

impl IdArguments for BlockListArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![("pipeline_uuid", Some(&self.pipeline_uuid))]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct BlockGetArgs {
    /// The pipeline the block belongs to.
    pub pipeline_uuid: String,
    /// The block's uuid inside its pipeline.
    pub uuid: String,
}

impl IdArguments for BlockGetArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![
            ("pipeline_uuid", Some(&self.pipeline_uuid)),
            ("uuid", Some(&self.uuid)),
        ]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockCreateArgs {
    /// The pipeline to add the block to.
    pub pipeline_uuid: String,
    /// Name of the block; its uuid is the name in snake case.
    pub name: String,
    /// Block type.
    #[serde(rename = "type")]
    pub block_type: BlockType,
    /// Language; `python` when omitted.
    #[serde(default)]
    pub language: Option<BlockLanguage>,
    /// Initial source code; the matching template's when omitted.
    #[serde(default)]
    pub content: Option<String>,
    /// UUIDs of the blocks this block depends on.
    #[serde(default)]
    pub upstream_blocks: Option<Vec<String>>,
    /// Block configuration; without it a matching block template is applied.
    #[serde(default)]
    pub config: Option<Map<String, Value>>,
}

impl IdArguments for BlockCreateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        let mut ids = vec![("pipeline_uuid", Some(self.pipeline_uuid.as_str()))];
        ids.extend(upstream_ids(&self.upstream_blocks));
        ids
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockUpdateArgs {
    /// The pipeline the block belongs to.
    pub pipeline_uuid: String,
    /// The block's uuid (it stays when the name changes).
    pub uuid: String,
    /// New source code.
    #[serde(default)]
    pub content: Option<String>,
    /// New name.
    #[serde(default)]
    pub name: Option<String>,
    /// New list of upstream block UUIDs (replaces the old one).
    #[serde(default)]
    pub upstream_blocks: Option<Vec<String>>,
}

impl IdArguments for BlockUpdateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        let mut ids = vec![
            ("pipeline_uuid", Some(self.pipeline_uuid.as_str())),
            ("uuid", Some(self.uuid.as_str())),
        ];
        ids.extend(upstream_ids(&self.upstream_blocks));
        ids
    }
}

/// Each upstream block uuid, as an id argument.
fn upstream_ids(
    upstream: &Option<Vec<String>>,
) -> impl Iterator<Item = (&'static str, Option<&str>)> {
    upstream
        .iter()
        .flatten()
        .map(|up| ("upstream_blocks", Some(up.as_str())))
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockDeleteArgs {
    /// The pipeline the block belongs to.
    pub pipeline_uuid: String,
    /// The block's uuid.
    pub uuid: String,
    /// Delete even when other blocks depend on this one (they lose it as an upstream block).
    #[serde(default)]
    pub force: Option<bool>,
}

impl IdArguments for BlockDeleteArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![
            ("pipeline_uuid", Some(&self.pipeline_uuid)),
            ("uuid", Some(&self.uuid)),
        ]
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockTemplatesArgs {
    /// True bypasses the 24-hour template cache and fetches the templates from the cluster again.
    #[serde(default)]
    pub force_refresh: Option<bool>,
}

impl IdArguments for BlockTemplatesArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }
}

#[tool_router(router = block_tools, vis = "pub(crate)")]
impl DemoServer {
    #[tool(
        description = "Lists the blocks of a pipeline: name, type, language, status, upstream and downstream blocks.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_list(&self, Parameters(args): Parameters<BlockListArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_list", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_list", |m| async move {
                    mage::blocks::list(&m, &args.pipeline_uuid).await
                })
                .await;
        }
        self.respond("block_list", |store, _| {
            list(&store.project, &args.pipeline_uuid)
        })
    }

    #[tool(
        description = "Details of one block, including its source code and configuration.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_get(&self, Parameters(args): Parameters<BlockGetArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_get", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_get", |m| async move {
                    mage::blocks::get(&m, &args.pipeline_uuid, &args.uuid).await
                })
                .await;
        }
        self.respond("block_get", |store, _| {
            get(&store.project, &args.pipeline_uuid, &args.uuid)
        })
    }

    #[tool(
        description = "Creates a block in a pipeline. Types: data_loader, transformer, data_exporter, sensor, callback, chart, conditional, custom, dbt, extension, global_data_product, markdown, scratchpad. Languages: python (default), sql, r, yaml, markdown. Without `config` the matching block template is applied; in integration pipelines the source or destination is detected.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn block_create(&self, Parameters(args): Parameters<BlockCreateArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_create", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_create", |m| async move {
                    mage::blocks::create(&m, args).await
                })
                .await;
        }
        self.respond("block_create", |store, _| {
            let crate::server::Store {
                project, redactor, ..
            } = store;
            create(project, redactor, args)
        })
    }

    #[tool(
        description = "Updates a block's code (content), name or upstream blocks.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_update(&self, Parameters(args): Parameters<BlockUpdateArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_update", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_update", |m| async move {
                    mage::blocks::update(&m, args).await
                })
                .await;
        }
        self.respond("block_update", |store, _| update(&mut store.project, args))
    }

    #[tool(
        description = "Deletes a block from a pipeline. A block that other blocks depend on is not deleted unless `force` is true.",
        annotations(
            read_only_hint = false,
            destructive_hint = true,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_delete(&self, Parameters(args): Parameters<BlockDeleteArgs>) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_delete", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_delete", |m| async move {
                    mage::blocks::delete(&m, args).await
                })
                .await;
        }
        self.respond("block_delete", |store, _| delete(&mut store.project, args))
    }

    #[tool(
        description = "Lists block templates (cached for 24 hours). `force_refresh: true` bypasses the cache and fetches them from the cluster again.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_templates_list(
        &self,
        Parameters(args): Parameters<BlockTemplatesArgs>,
    ) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_templates_list", error);
        }
        if self.uses_mage() {
            let force = args.force_refresh.unwrap_or(false);
            return self
                .respond_mage("block_templates_list", |m| async move {
                    mage::templates::list(&m, force).await
                })
                .await;
        }
        self.respond("block_templates_list", |store, _| {
            let now = chrono::Utc::now();
            let fresh = store
                .templates_fetched_at
                .filter(|at| now.signed_duration_since(*at).num_hours() < TEMPLATE_CACHE_HOURS);
            let fetched_now = args.force_refresh.unwrap_or(false) || fresh.is_none();
            if fetched_now {
                store.templates_fetched_at = Some(now);
            }
            let age_minutes = fresh
                .map(|at| now.signed_duration_since(at).num_minutes())
                .unwrap_or(0);
            Ok(templates(
                &store.project.block_templates,
                fetched_now,
                age_minutes,
            ))
        })
    }
}

/// The block dependency graph of a pipeline: one node per block, an edge from each upstream block
/// to the block that depends on it. Past [`MAX_GRAPH_NODES`] the graph is cut and marked truncated
/// (the widget then shows the table).
pub fn pipeline_graph(pipeline: &Pipeline, selected: Option<&str>) -> Graph {
    let kept: Vec<&Block> = pipeline.blocks.iter().take(MAX_GRAPH_NODES).collect();
    let known: BTreeSet<&str> = kept.iter().map(|b| b.uuid.as_str()).collect();
    let nodes = kept
        .iter()
        .map(|b| GraphNode {
            id: b.uuid.clone(),
            label: b.name.clone(),
            node_type: b.block_type.clone(),
            status: b.status.clone(),
            selected: selected == Some(b.uuid.as_str()),
        })
        .collect();
    let edges = kept
        .iter()
        .flat_map(|b| {
            b.upstream_blocks
                .iter()
                .filter(|up| known.contains(up.as_str()))
                .map(|up| GraphEdge {
                    source: up.clone(),
                    target: b.uuid.clone(),
                })
        })
        .collect();
    Graph {
        nodes,
        edges,
        total_nodes: pipeline.blocks.len(),
        truncated: pipeline.blocks.len() > MAX_GRAPH_NODES,
    }
}

fn pipeline_of<'a>(project: &'a Project, uuid: &str) -> Result<&'a Pipeline, ToolError> {
    project
        .pipeline(uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", uuid))
}

/// A block as a list row: no source, no configuration.
fn list_record(block: &Block) -> Value {
    json!({
        "uuid": block.uuid,
        "name": block.name,
        "type": block.block_type,
        "language": block.language,
        "status": block.status,
        "executor_type": block.executor_type,
        "has_callback": block.has_callback,
        "all_upstream_blocks_executed": block.all_upstream_blocks_executed,
        "upstream_blocks": block.upstream_blocks,
        "downstream_blocks": block.downstream_blocks,
    })
}

/// A block in full, with the pipeline it belongs to.
fn detail_record(pipeline_uuid: &str, block: &Block) -> Value {
    let mut record = to_json(block);
    if let Value::Object(map) = &mut record {
        map.insert("pipeline_uuid".to_owned(), json!(pipeline_uuid));
    }
    record
}

fn block_hints(title: impl Into<String>) -> Hints {
    Hints::keys(title, "uuid", Some("name"), Some("status"))
}

fn list(project: &Project, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let pipeline = pipeline_of(project, pipeline_uuid)?;
    Ok(WidgetResult::new("blocks", "list")
        .records(pipeline.blocks.iter().map(list_record).collect())
        .summary(
            Summary::titled(format!("Blocks of {}", pipeline.uuid))
                .total(pipeline.blocks.len())
                .counts(pipeline.blocks.iter().map(|b| b.status.as_str())),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            plain_column("type", ColumnType::Text),
            plain_column("language", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            column("upstream_blocks", "Upstream", ColumnType::Tags),
            column("downstream_blocks", "Downstream", ColumnType::Tags),
        ])
        .filter("pipeline_uuid", Some(pipeline.uuid.as_str()))
        .hints(
            block_hints(format!("Blocks of {}", pipeline.name)).empty_message(format!(
                "{} has no blocks yet. Add one with block_create.",
                pipeline.uuid
            )),
        ))
}

fn get(project: &Project, pipeline_uuid: &str, uuid: &str) -> Result<WidgetResult, ToolError> {
    let pipeline = pipeline_of(project, pipeline_uuid)?;
    let block = pipeline
        .block(uuid)
        .ok_or_else(|| ToolError::not_found("Block", format!("{pipeline_uuid}/{uuid}")))?;
    Ok(WidgetResult::new("block", "get")
        .records(vec![detail_record(&pipeline.uuid, block)])
        .summary(Summary::titled(block.name.clone()).subtitle(format!(
            "{} · {} · pipeline {}",
            block.block_type, block.language, pipeline.uuid
        )))
        .hints(block_hints(block.name.clone())))
}

/// The template block_create applies when it gets no config: same type and language, else same
/// type.
fn matching_template<'a>(
    templates: &'a [BlockTemplate],
    block_type: &str,
    language: &str,
) -> Option<&'a BlockTemplate> {
    templates
        .iter()
        .find(|t| t.block_type == block_type && t.language == language)
        .or_else(|| templates.iter().find(|t| t.block_type == block_type))
}

/// In integration pipelines, a loader reads from the source and an exporter writes to the
/// destination that the pipeline's other blocks already name.
fn detected_integration(
    pipeline: &Pipeline,
    block_type: BlockType,
) -> Option<(&'static str, String)> {
    if pipeline.pipeline_type != "integration" {
        return None;
    }
    let (role, wanted) = match block_type {
        BlockType::DataLoader => ("source", "data_loader"),
        BlockType::DataExporter => ("destination", "data_exporter"),
        _ => return None,
    };
    let found = pipeline
        .blocks
        .iter()
        .filter(|b| b.block_type == wanted)
        .find_map(|b| {
            b.configuration
                .pointer(&format!("/data_integration/{role}"))
                .and_then(Value::as_str)
        })
        .map(str::to_owned)
        .unwrap_or_else(|| {
            if role == "source" {
                "postgresql".to_owned()
            } else {
                "snowflake".to_owned()
            }
        });
    Some((role, found))
}

/// Upstream block UUIDs, checked: known in the pipeline, not the block itself, no repeats.
fn checked_upstream(
    pipeline: &Pipeline,
    block_uuid: &str,
    upstream: Vec<String>,
) -> Result<Vec<String>, ToolError> {
    checked_upstream_of(&pipeline.uuid, block_uuid, upstream, |up| {
        pipeline.block(up).is_some()
    })
}

/// Upstream block UUIDs, checked: known (`is_known`), not the block itself, no repeats. Shared by
/// the demo project and the Mage backend (`mage::blocks`).
pub(crate) fn checked_upstream_of(
    pipeline_uuid: &str,
    block_uuid: &str,
    upstream: Vec<String>,
    is_known: impl Fn(&str) -> bool,
) -> Result<Vec<String>, ToolError> {
    let mut seen = BTreeSet::new();
    let mut checked = Vec::new();
    for up in upstream {
        if up == block_uuid {
            return Err(ToolError::api(format!(
                "Block {block_uuid} cannot be its own upstream block (400)."
            )));
        }
        if !is_known(&up) {
            return Err(ToolError::not_found(
                "Upstream block",
                format!("{pipeline_uuid}/{up}"),
            ));
        }
        if seen.insert(up.clone()) {
            checked.push(up);
        }
    }
    Ok(checked)
}

/// Whether `block_uuid` would reach itself if its upstream blocks were `upstream`.
fn creates_cycle(pipeline: &Pipeline, block_uuid: &str, upstream: &[String]) -> bool {
    reaches_itself(block_uuid, upstream, |uuid| {
        pipeline
            .blocks
            .iter()
            .find(|b| b.uuid == uuid)
            .map(|b| b.upstream_blocks.as_slice())
    })
}

/// Whether walking upstream from `upstream` (the new upstream blocks of `block_uuid`) reaches
/// `block_uuid`, each other block's upstream blocks given by `upstream_of`. Shared by the demo
/// project and the Mage backend (`mage::blocks`).
pub(crate) fn reaches_itself<'a>(
    block_uuid: &str,
    upstream: &'a [String],
    upstream_of: impl Fn(&str) -> Option<&'a [String]>,
) -> bool {
    let mut stack: Vec<&str> = upstream.iter().map(String::as_str).collect();
    let mut seen = BTreeSet::new();
    while let Some(current) = stack.pop() {
        if current == block_uuid {
            return true;
        }
        if seen.insert(current) {
            if let Some(ups) = upstream_of(current) {
                stack.extend(ups.iter().map(String::as_str));
            }
        }
    }
    false
}

fn create(
    project: &mut Project,
    redactor: &mut Redactor,
    args: BlockCreateArgs,
) -> Result<WidgetResult, ToolError> {
    let name = args.name.trim().to_owned();
    if name.is_empty() {
        return Err(ToolError::api("A block needs a name (400)."));
    }
    let language = args.language.unwrap_or(BlockLanguage::Python).as_str();
    let block_type = args.block_type.as_str();
    let template = matching_template(&project.block_templates, block_type, language).cloned();
    let pipeline = project
        .pipeline_mut(&args.pipeline_uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.pipeline_uuid))?;
    let uuid = uuid_from_name(&name, |candidate| pipeline.block(candidate).is_some());
    let upstream = checked_upstream(pipeline, &uuid, args.upstream_blocks.unwrap_or_default())?;
    let mut notes = Vec::new();
    let mut configuration = match args.config {
        Some(config) => {
            // A config may carry credentials: the redactor must know them before any result.
            redactor.learn(&Value::Object(config.clone()));
            Value::Object(config)
        }
        None => match &template {
            Some(template) => {
                notes.push(format!("template '{}' applied", template.name));
                template.configuration.clone()
            }
            None => json!({}),
        },
    };
    if let Some((role, detected)) = detected_integration(pipeline, args.block_type) {
        if let Value::Object(map) = &mut configuration {
            if !map.contains_key("data_integration") {
                map.insert("data_integration".to_owned(), json!({ role: detected }));
                notes.push(format!("{role} {detected} detected"));
            }
        }
    }
    let content = args
        .content
        .or_else(|| template.as_ref().map(|t| t.content.clone()))
        .unwrap_or_default();
    let all_upstream_executed = upstream
        .iter()
        .all(|up| pipeline.block(up).is_some_and(|b| b.status == "executed"));
    pipeline.blocks.push(Block {
        uuid: uuid.clone(),
        name: name.clone(),
        block_type: block_type.to_owned(),
        language: language.to_owned(),
        status: "not_executed".to_owned(),
        executor_type: Some("local_python".to_owned()),
        executor_config: Value::Null,
        configuration,
        color: Value::Null,
        retry_config: Value::Null,
        has_callback: false,
        all_upstream_blocks_executed: all_upstream_executed,
        upstream_blocks: upstream,
        downstream_blocks: Vec::new(),
        content,
    });
    pipeline.derive_downstream_blocks();
    pipeline.updated_at = now_stamp();
    let record = pipeline
        .block(&uuid)
        .map(|b| detail_record(&pipeline.uuid, b))
        .unwrap_or(Value::Null);
    let mut message = format!("Block {uuid} created in {}", pipeline.uuid);
    if !notes.is_empty() {
        message.push_str(&format!(" ({})", notes.join("; ")));
    }
    message.push('.');
    Ok(WidgetResult::new("block", "create")
        .mutation(
            Mutation::new("create", "block", uuid.as_str())
                .message(message)
                .record(record),
        )
        .hints(block_hints(name)))
}

fn line_count(text: &str) -> String {
    match text.lines().count() {
        1 => "1 line".to_owned(),
        n => format!("{n} lines"),
    }
}

fn update(project: &mut Project, args: BlockUpdateArgs) -> Result<WidgetResult, ToolError> {
    if args.content.is_none() && args.name.is_none() && args.upstream_blocks.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass content, name or upstream_blocks (400).",
        ));
    }
    let pipeline = project
        .pipeline_mut(&args.pipeline_uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.pipeline_uuid))?;
    let upstream = match args.upstream_blocks {
        Some(upstream) => {
            let upstream = checked_upstream(pipeline, &args.uuid, upstream)?;
            if creates_cycle(pipeline, &args.uuid, &upstream) {
                return Err(ToolError::api(format!(
                    "These upstream blocks would make {} depend on itself (a cycle); nothing changed (400).",
                    args.uuid
                )));
            }
            Some(upstream)
        }
        None => None,
    };
    let block = pipeline
        .blocks
        .iter_mut()
        .find(|b| b.uuid == args.uuid)
        .ok_or_else(|| {
            ToolError::not_found("Block", format!("{}/{}", args.pipeline_uuid, args.uuid))
        })?;
    let mut changes = Map::new();
    if let Some(name) = args.name {
        let name = name.trim().to_owned();
        if name.is_empty() {
            return Err(ToolError::api("A block's name cannot be empty (400)."));
        }
        if name != block.name {
            changes.insert("name".to_owned(), json!({ "from": block.name, "to": name }));
            block.name = name;
        }
    }
    if let Some(content) = args.content {
        if content != block.content {
            // The record carries the new code; the change names its size, not both versions.
            changes.insert(
                "content".to_owned(),
                json!({ "from": line_count(&block.content), "to": line_count(&content) }),
            );
            block.content = content;
            block.status = "updated".to_owned();
        }
    }
    if let Some(upstream) = upstream {
        if upstream != block.upstream_blocks {
            changes.insert(
                "upstream_blocks".to_owned(),
                json!({ "from": block.upstream_blocks, "to": upstream }),
            );
            block.upstream_blocks = upstream;
        }
    }
    pipeline.derive_downstream_blocks();
    if !changes.is_empty() {
        pipeline.updated_at = now_stamp();
    }
    let block = pipeline.block(&args.uuid).ok_or_else(|| {
        ToolError::not_found("Block", format!("{}/{}", args.pipeline_uuid, args.uuid))
    })?;
    let message = if changes.is_empty() {
        format!(
            "Block {} already had these values; nothing changed.",
            args.uuid
        )
    } else {
        format!("Block {} of {} updated.", args.uuid, args.pipeline_uuid)
    };
    Ok(WidgetResult::new("block", "update")
        .records(vec![detail_record(&pipeline.uuid, block)])
        .mutation(
            Mutation::new("update", "block", args.uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(block_hints(block.name.clone())))
}

fn delete(project: &mut Project, args: BlockDeleteArgs) -> Result<WidgetResult, ToolError> {
    let pipeline = project
        .pipeline_mut(&args.pipeline_uuid)
        .ok_or_else(|| ToolError::not_found("Pipeline", &args.pipeline_uuid))?;
    let index = pipeline
        .blocks
        .iter()
        .position(|b| b.uuid == args.uuid)
        .ok_or_else(|| {
            ToolError::not_found("Block", format!("{}/{}", args.pipeline_uuid, args.uuid))
        })?;
    let downstream = pipeline.blocks[index].downstream_blocks.clone();
    let force = args.force.unwrap_or(false);
    // The service's one stated refusal: a block others depend on stays unless forced.
    if !downstream.is_empty() && !force {
        return Err(ToolError::api(format!(
            "Block {} has downstream blocks ({}); it was not deleted. Call block_delete again with force: true to delete it and detach them (400).",
            args.uuid,
            downstream.join(", ")
        )));
    }
    let removed = pipeline.blocks.remove(index);
    for block in &mut pipeline.blocks {
        block.upstream_blocks.retain(|up| up != &removed.uuid);
    }
    pipeline.derive_downstream_blocks();
    pipeline.updated_at = now_stamp();
    let message = if downstream.is_empty() {
        format!("Block {} deleted from {}.", removed.uuid, pipeline.uuid)
    } else {
        format!(
            "Block {} deleted from {} (forced); {} no longer depend on it.",
            removed.uuid,
            pipeline.uuid,
            downstream.join(", ")
        )
    };
    let pipeline_uuid = pipeline.uuid.clone();
    Ok(WidgetResult::new("block", "delete")
        .mutation(
            Mutation::new("delete", "block", removed.uuid.as_str())
                .message(message)
                .record(detail_record(&pipeline_uuid, &removed)),
        )
        .hints(block_hints(format!("{} deleted", removed.name))))
}

fn templates(templates: &[BlockTemplate], fetched_now: bool, age_minutes: i64) -> WidgetResult {
    let records: Vec<Value> = templates
        .iter()
        .map(|t| {
            json!({
                "name": t.name,
                "block_type": t.block_type,
                "language": t.language,
                "path": t.path,
                "description": t.description,
                "configuration": t.configuration,
            })
        })
        .collect();
    let provenance = if fetched_now {
        "fetched from the cluster just now".to_owned()
    } else if age_minutes < 60 {
        format!("cached {age_minutes} min ago")
    } else {
        format!("cached {} h ago", age_minutes / 60)
    };
    WidgetResult::new("block_templates", "list")
        .summary(
            Summary::titled("Block templates")
                .subtitle(format!("{} templates ({provenance})", records.len()))
                .total(records.len()),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("block_type", "Type", ColumnType::Text),
            plain_column("language", ColumnType::Text),
            plain_column("path", ColumnType::Code),
            plain_column("description", ColumnType::Text),
        ])
        .records(records)
        .hints(Hints::keys("Block templates", "path", Some("name"), None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> Project {
        Project::embedded().expect("project")
    }

    #[test]
    fn the_warehouse_graph_has_every_block_and_an_edge_per_dependency() {
        let project = project();
        let pipeline = project.pipeline("warehouse_rebuild").expect("pipeline");
        let graph = pipeline_graph(pipeline, None);
        assert_eq!(graph.nodes.len(), pipeline.blocks.len());
        assert_eq!(graph.total_nodes, graph.nodes.len());
        assert!(!graph.truncated);
        let dependencies: usize = pipeline
            .blocks
            .iter()
            .map(|b| b.upstream_blocks.len())
            .sum();
        assert_eq!(graph.edges.len(), dependencies);
    }

    #[test]
    fn a_block_with_downstream_blocks_needs_force() {
        let mut project = project();
        let args = |force| BlockDeleteArgs {
            pipeline_uuid: "etl_daily".into(),
            uuid: "clean_orders".into(),
            force,
        };
        let refused = delete(&mut project, args(None)).expect_err("refused");
        assert!(refused.message.contains("force"), "{}", refused.message);
        assert!(project
            .pipeline("etl_daily")
            .and_then(|p| p.block("clean_orders"))
            .is_some());
        delete(&mut project, args(Some(true))).expect("forced");
        let pipeline = project.pipeline("etl_daily").expect("pipeline");
        assert!(pipeline.block("clean_orders").is_none());
        assert!(pipeline
            .blocks
            .iter()
            .all(|b| !b.upstream_blocks.contains(&"clean_orders".to_owned())));
    }

    #[test]
    fn an_upstream_change_that_closes_a_cycle_is_refused() {
        let mut project = project();
        let error = update(
            &mut project,
            BlockUpdateArgs {
                pipeline_uuid: "etl_daily".into(),
                uuid: "load_orders".into(),
                content: None,
                name: None,
                upstream_blocks: Some(vec!["notify_slack".into()]),
            },
        )
        .expect_err("cycle");
        assert!(error.message.contains("cycle"), "{}", error.message);
    }

    #[test]
    fn create_applies_the_template_and_links_downstream() {
        let mut project = project();
        let mut redactor = Redactor::default();
        create(
            &mut project,
            &mut redactor,
            BlockCreateArgs {
                pipeline_uuid: "etl_daily".into(),
                name: "Load refunds".into(),
                block_type: BlockType::DataLoader,
                language: None,
                content: None,
                upstream_blocks: None,
                config: None,
            },
        )
        .expect("created");
        create(
            &mut project,
            &mut redactor,
            BlockCreateArgs {
                pipeline_uuid: "etl_daily".into(),
                name: "clean refunds".into(),
                block_type: BlockType::Transformer,
                language: Some(BlockLanguage::Sql),
                content: Some("SELECT 1".into()),
                upstream_blocks: Some(vec!["load_refunds".into()]),
                config: None,
            },
        )
        .expect("created");
        let pipeline = project.pipeline("etl_daily").expect("pipeline");
        let loader = pipeline.block("load_refunds").expect("loader");
        assert!(loader.content.contains("@data_loader"));
        assert_eq!(loader.downstream_blocks, vec!["clean_refunds"]);
    }
}
