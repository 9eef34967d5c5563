//! block_list, block_get, block_create, block_update, block_delete, block_templates_list. Every
//! change is checked here, once for every backend, before the backend is asked: a name that is
//! not empty, upstream blocks that exist and close no cycle, the `force` rule of deletes.

use std::collections::{BTreeMap, BTreeSet};

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::backend::{BlockEdit, BlocksVersion, Call, NewBlock};
use crate::ids::IdArguments;
use crate::places;
use crate::records::{records, str_of, string_list, strings, text_of};
use crate::redact::Redactor;
use crate::server::MageMcpServer;
use crate::tools::diff::code_change;
use crate::tools::pipelines::checked_name;
use crate::vocabulary::{BlockLanguage, BlockType};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Mutation, Summary, ToolError, WidgetResult,
};

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
    pub language: Option<BlockLanguage>,
    /// Initial source code; the matching template's when omitted.
    pub content: Option<String>,
    /// UUIDs of the blocks this block depends on.
    pub upstream_blocks: Option<Vec<String>>,
    /// Block configuration; without it a matching block template is applied.
    pub config: Option<Map<String, Value>>,
}

impl IdArguments for BlockCreateArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        let mut ids = vec![("pipeline_uuid", Some(self.pipeline_uuid.as_str()))];
        ids.extend(upstream_ids(&self.upstream_blocks));
        ids
    }

    /// The ids, the name and the configuration's paths: Mage makes files of the last two.
    fn check_ids(&self) -> Result<(), ToolError> {
        crate::ids::check_all(self.ids())?;
        places::check_block_name("name", &self.name)?;
        places::check_config(self.config.as_ref())
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockUpdateArgs {
    /// The pipeline the block belongs to.
    pub pipeline_uuid: String,
    /// The block's uuid.
    pub uuid: String,
    /// New source code.
    pub content: Option<String>,
    /// New name.
    pub name: Option<String>,
    /// New list of upstream block UUIDs (replaces the old one).
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

    /// The ids and a new name, which Mage makes a file name of.
    fn check_ids(&self) -> Result<(), ToolError> {
        crate::ids::check_all(self.ids())?;
        match &self.name {
            Some(name) => places::check_block_name("name", name),
            None => Ok(()),
        }
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
    pub force_refresh: Option<bool>,
}

impl IdArguments for BlockTemplatesArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }
}

#[tool_router(router = block_tools, vis = "pub(crate)")]
impl MageMcpServer {
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
        self.answer("block_list", args, |call, args| async move {
            list(&call, &args.pipeline_uuid).await
        })
        .await
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
        self.answer("block_get", args, |call, args| async move {
            get(&call, &args.pipeline_uuid, &args.uuid).await
        })
        .await
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
        self.answer("block_create", args, |call, args| async move {
            create(&call, args).await
        })
        .await
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
        self.answer("block_update", args, |call, args| async move {
            update(&call, args).await
        })
        .await
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
        self.answer("block_delete", args, |call, args| async move {
            delete(&call, args).await
        })
        .await
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
        self.answer("block_templates_list", args, |call, args| async move {
            templates(&call, args.force_refresh.unwrap_or(false)).await
        })
        .await
    }
}

fn block_what(pipeline_uuid: &str, uuid: &str) -> String {
    format!("{pipeline_uuid}/{uuid}")
}

fn block_hints(title: impl Into<String>) -> Hints {
    Hints::keys(title, "uuid", Some("name"), Some("status"))
}

/// A block of `pipeline_uuid` in the service's UI, as a template of its uuid.
fn block_page(call: &Call, pipeline_uuid: &str) -> Option<String> {
    call.pages().and_then(|pages| pages.block(pipeline_uuid))
}

/// A block as a list row: no code, no configuration.
fn list_row(block: &Value) -> Value {
    let mut row = Map::new();
    for key in [
        "uuid",
        "name",
        "type",
        "language",
        "status",
        "executor_type",
        "has_callback",
        "all_upstream_blocks_executed",
        "upstream_blocks",
        "downstream_blocks",
    ] {
        row.insert(
            key.to_owned(),
            block.get(key).cloned().unwrap_or(Value::Null),
        );
    }
    Value::Object(row)
}

/// A block in full, with the pipeline it belongs to, without notebook `outputs`.
fn detail_record(pipeline_uuid: &str, mut block: Value) -> Value {
    if let Value::Object(map) = &mut block {
        map.remove("outputs");
        map.insert("pipeline_uuid".to_owned(), json!(pipeline_uuid));
    }
    block
}

async fn list(call: &Call, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let blocks = call.backend().blocks(call, pipeline_uuid).await?;
    let rows: Vec<Value> = blocks.iter().map(list_row).collect();
    Ok(WidgetResult::new("blocks", "list")
        .summary(
            Summary::titled(format!("Blocks of {pipeline_uuid}"))
                .total(rows.len())
                .counts(strings(&rows, "status")),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            plain_column("type", ColumnType::Text),
            plain_column("language", ColumnType::Text),
            plain_column("status", ColumnType::Status),
            column("upstream_blocks", "Upstream", ColumnType::Tags),
            column("downstream_blocks", "Downstream", ColumnType::Tags),
        ])
        .filter("pipeline_uuid", Some(pipeline_uuid))
        .records(rows)
        .hints(
            block_hints(format!("Blocks of {pipeline_uuid}"))
                .empty_message(format!(
                    "{pipeline_uuid} has no blocks yet. Add one with block_create."
                ))
                .record_url(block_page(call, pipeline_uuid)),
        ))
}

async fn get(call: &Call, pipeline_uuid: &str, uuid: &str) -> Result<WidgetResult, ToolError> {
    let block = call.backend().block(call, pipeline_uuid, uuid).await?;
    let name = str_of(&block, "name").unwrap_or(uuid).to_owned();
    let subtitle = format!(
        "{} · {} · pipeline {pipeline_uuid}",
        text_of(&block, "type"),
        text_of(&block, "language")
    );
    Ok(WidgetResult::new("block", "get")
        .records(vec![detail_record(pipeline_uuid, block)])
        .summary(Summary::titled(name.clone()).subtitle(subtitle))
        .hints(block_hints(name).record_url(block_page(call, pipeline_uuid))))
}

/// Upstream block uuids, checked: each one of the pipeline's blocks (`known`), never the block
/// itself, each once.
fn checked_upstream(
    known: &BTreeSet<String>,
    pipeline_uuid: &str,
    block_uuid: &str,
    upstream: Vec<String>,
) -> Result<Vec<String>, ToolError> {
    let mut seen = BTreeSet::new();
    let mut checked = Vec::new();
    for up in upstream {
        if up == block_uuid {
            return Err(ToolError::api(format!(
                "Block {block_uuid} cannot be its own upstream block (400)."
            )));
        }
        if !known.contains(&up) {
            return Err(ToolError::not_found(
                "Upstream block",
                block_what(pipeline_uuid, &up),
            ));
        }
        if seen.insert(up.clone()) {
            checked.push(up);
        }
    }
    Ok(checked)
}

/// Whether `block_uuid` would reach itself, walking upstream, if its upstream blocks were
/// `upstream` (each other block's as `upstream_of` gives them).
fn creates_cycle(
    upstream_of: &BTreeMap<String, Vec<String>>,
    block_uuid: &str,
    upstream: &[String],
) -> bool {
    let mut stack: Vec<&str> = upstream.iter().map(String::as_str).collect();
    let mut seen = BTreeSet::new();
    while let Some(current) = stack.pop() {
        if current == block_uuid {
            return true;
        }
        if seen.insert(current) {
            if let Some(ups) = upstream_of.get(current) {
                stack.extend(ups.iter().map(String::as_str));
            }
        }
    }
    false
}

fn uuids_of(blocks: &[Value]) -> BTreeSet<String> {
    blocks
        .iter()
        .map(|b| text_of(b, "uuid").to_owned())
        .collect()
}

async fn create(call: &Call, args: BlockCreateArgs) -> Result<WidgetResult, ToolError> {
    let name = checked_name(&args.name, "A block")?;
    let pipeline_uuid = args.pipeline_uuid;
    let backend = call.backend();
    let existing = backend.blocks(call, &pipeline_uuid).await?;
    // A new block cannot be its own upstream block: none of the existing ones is it.
    let upstream = checked_upstream(
        &uuids_of(&existing),
        &pipeline_uuid,
        "",
        args.upstream_blocks.unwrap_or_default(),
    )?;
    if let Some(config) = &args.config {
        // A config may carry credentials: they are secrets before any result is built.
        call.secrets.learn(&Value::Object(config.clone()));
    }
    let new_block = NewBlock {
        name: name.clone(),
        block_type: args.block_type,
        language: args.language.unwrap_or(BlockLanguage::Python),
        content: args.content.clone(),
        upstream_blocks: upstream,
        config: args.config,
    };
    let created = backend
        .create_block(call, &pipeline_uuid, &new_block)
        .await?;
    let uuid = text_of(&created.record, "uuid").to_owned();
    let mut message = format!("Block {uuid} created in {pipeline_uuid}");
    if !created.notes.is_empty() {
        message.push_str(&format!(" ({})", created.notes.join("; ")));
    }
    message.push('.');
    let mut mutation = Mutation::new("create", "block", uuid.as_str()).message(message);
    // Code the caller wrote is shown as what it adds; a template's is the record's own.
    if let Some(content) = args.content.as_deref().filter(|c| !c.is_empty()) {
        let mut changes = Map::new();
        changes.insert(
            "content".to_owned(),
            code_change(None, content, &call.secrets.redactor()),
        );
        mutation = mutation.changes(changes);
    }
    Ok(WidgetResult::new("block", "create")
        .mutation(mutation.record(detail_record(&pipeline_uuid, created.record)))
        .hints(block_hints(name).record_url(block_page(call, &pipeline_uuid))))
}

/// What a block update changes, checked against the pipeline's `blocks`: the parts that differ
/// from `block`, as `{field: {from, to}}` (the code as its sizes and a line diff of the versions
/// as `redactor` shows them, `diff.rs`) and as the edit to send.
fn block_changes(
    blocks: &[Value],
    pipeline_uuid: &str,
    block: &Value,
    args: BlockUpdateArgs,
    redactor: &Redactor,
) -> Result<(Map<String, Value>, BlockEdit), ToolError> {
    let uuid = text_of(block, "uuid");
    let mut changes = Map::new();
    let mut edit = BlockEdit::default();
    if let Some(upstream) = args.upstream_blocks {
        let upstream = checked_upstream(&uuids_of(blocks), pipeline_uuid, uuid, upstream)?;
        let upstream_of: BTreeMap<String, Vec<String>> = blocks
            .iter()
            .map(|b| {
                (
                    text_of(b, "uuid").to_owned(),
                    string_list(b, "upstream_blocks"),
                )
            })
            .collect();
        if creates_cycle(&upstream_of, uuid, &upstream) {
            return Err(ToolError::api(format!(
                "These upstream blocks would make {uuid} depend on itself (a cycle); nothing changed (400)."
            )));
        }
        let before = string_list(block, "upstream_blocks");
        if upstream != before {
            changes.insert(
                "upstream_blocks".to_owned(),
                json!({"from": before, "to": upstream}),
            );
            edit.upstream_blocks = Some(upstream);
        }
    }
    if let Some(name) = args.name {
        let name = checked_name(&name, "A block")?;
        if Some(name.as_str()) != str_of(block, "name") {
            changes.insert(
                "name".to_owned(),
                json!({"from": block.get("name"), "to": name}),
            );
            edit.name = Some(name);
        }
    }
    if let Some(content) = args.content {
        let before = text_of(block, "content");
        if content != before {
            changes.insert(
                "content".to_owned(),
                code_change(Some(before), &content, redactor),
            );
            edit.content = Some(content);
        }
    }
    Ok((changes, edit))
}

pub(crate) async fn update(call: &Call, args: BlockUpdateArgs) -> Result<WidgetResult, ToolError> {
    if args.content.is_none() && args.name.is_none() && args.upstream_blocks.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass content, name or upstream_blocks (400).",
        ));
    }
    let pipeline_uuid = args.pipeline_uuid.clone();
    let uuid = args.uuid.clone();
    let backend = call.backend();
    // The pipeline's blocks with their code: the block, and what its upstream blocks may be.
    let blocks = records(&backend.pipeline(call, &pipeline_uuid).await?, "blocks");
    let block = blocks
        .iter()
        .find(|b| text_of(b, "uuid") == uuid)
        .cloned()
        .ok_or_else(|| ToolError::not_found("Block", block_what(&pipeline_uuid, &uuid)))?;
    let redactor = call.secrets.redactor();
    let (changes, mut edit) = block_changes(&blocks, &pipeline_uuid, &block, args, &redactor)?;
    if edit.content.is_some() {
        // The diff is of this read: the code is saved only while the pipeline still matches it.
        edit.read_from = Some(BlocksVersion::of(&blocks));
    }
    let after = if edit.is_empty() {
        block
    } else {
        backend
            .update_block(call, &pipeline_uuid, &uuid, &edit)
            .await?
    };
    let new_uuid = str_of(&after, "uuid").unwrap_or(&uuid).to_owned();
    let message = if changes.is_empty() {
        format!("Block {uuid} already had these values; nothing changed.")
    } else if new_uuid != uuid {
        format!(
            "Block {uuid} of {pipeline_uuid} updated; its new name gave it the uuid {new_uuid}."
        )
    } else {
        format!("Block {uuid} of {pipeline_uuid} updated.")
    };
    let title = str_of(&after, "name").unwrap_or(&new_uuid).to_owned();
    Ok(WidgetResult::new("block", "update")
        .records(vec![detail_record(&pipeline_uuid, after)])
        .mutation(
            Mutation::new("update", "block", new_uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(block_hints(title).record_url(block_page(call, &pipeline_uuid))))
}

async fn delete(call: &Call, args: BlockDeleteArgs) -> Result<WidgetResult, ToolError> {
    let pipeline_uuid = args.pipeline_uuid;
    let uuid = args.uuid;
    let backend = call.backend();
    let block = backend.block(call, &pipeline_uuid, &uuid).await?;
    let downstream = string_list(&block, "downstream_blocks");
    let force = args.force.unwrap_or(false);
    // The service's one stated refusal: a block others depend on stays unless forced.
    if !downstream.is_empty() && !force {
        return Err(ToolError::api(format!(
            "Block {uuid} has downstream blocks ({}); it was not deleted. Call block_delete again with force: true to delete it and detach them (400).",
            downstream.join(", ")
        )));
    }
    backend
        .delete_block(call, &pipeline_uuid, &block, force)
        .await?;
    let message = if downstream.is_empty() {
        format!("Block {uuid} deleted from {pipeline_uuid}.")
    } else {
        format!(
            "Block {uuid} deleted from {pipeline_uuid} (forced); {} no longer depend on it.",
            downstream.join(", ")
        )
    };
    let title = format!("{} deleted", str_of(&block, "name").unwrap_or(&uuid));
    Ok(WidgetResult::new("block", "delete")
        .mutation(
            Mutation::new("delete", "block", uuid.as_str())
                .message(message)
                .record(detail_record(&pipeline_uuid, block)),
        )
        .hints(block_hints(title)))
}

/// Where templates came from, as the subtitle says it.
fn provenance(cached_minutes: Option<i64>) -> String {
    match cached_minutes {
        None => "fetched from the cluster just now".to_owned(),
        Some(m) if m < 60 => format!("cached {m} min ago"),
        Some(m) => format!("cached {} h ago", m / 60),
    }
}

async fn templates(call: &Call, force_refresh: bool) -> Result<WidgetResult, ToolError> {
    let loaded = call.backend().block_templates(call, force_refresh).await?;
    let rows: Vec<Value> = loaded
        .records
        .iter()
        .map(|t| {
            json!({
                "name": t.get("name"),
                "block_type": t.get("block_type"),
                "language": t.get("language"),
                "path": t.get("path"),
                "description": t.get("description"),
                "groups": t.get("groups"),
                "template_type": t.get("template_type"),
                "configuration": t.get("configuration"),
            })
        })
        .collect();
    let mut summary = Summary::titled("Block templates")
        .subtitle(format!(
            "{} templates ({})",
            rows.len(),
            provenance(loaded.cached_minutes)
        ))
        .total(rows.len());
    if let Some(problem) = loaded.cache_problem {
        summary.message = Some(format!("The 24-hour cache could not be kept: {problem}."));
    }
    Ok(WidgetResult::new("block_templates", "list")
        .summary(summary)
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("block_type", "Type", ColumnType::Text),
            plain_column("language", ColumnType::Text),
            plain_column("path", ColumnType::Code),
            plain_column("groups", ColumnType::Tags),
            plain_column("description", ColumnType::Text),
        ])
        .records(rows)
        .hints(Hints::keys("Block templates", "path", Some("name"), None)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pipeline_blocks() -> Vec<Value> {
        vec![
            json!({"uuid": "a", "name": "a", "upstream_blocks": [], "content": "x = 1\n"}),
            json!({"uuid": "b", "name": "b", "upstream_blocks": ["a"], "content": ""}),
            json!({"uuid": "c", "name": "c", "upstream_blocks": ["b"], "content": ""}),
        ]
    }

    fn known() -> BTreeSet<String> {
        uuids_of(&pipeline_blocks())
    }

    #[test]
    fn upstream_blocks_must_exist_differ_from_the_block_and_come_once() {
        assert!(checked_upstream(&known(), "p", "c", vec!["x".into()])
            .expect_err("unknown")
            .message
            .contains("'p/x' not found"));
        assert!(checked_upstream(&known(), "p", "c", vec!["c".into()]).is_err());
        assert_eq!(
            checked_upstream(&known(), "p", "c", vec!["a".into(), "a".into()]).ok(),
            Some(vec!["a".to_owned()])
        );
    }

    #[test]
    fn an_upstream_change_that_closes_a_cycle_is_refused_and_others_pass() {
        let blocks = pipeline_blocks();
        let args = |upstream: &[&str]| BlockUpdateArgs {
            pipeline_uuid: "p".into(),
            uuid: "a".into(),
            content: None,
            name: None,
            upstream_blocks: Some(upstream.iter().map(|s| (*s).to_owned()).collect()),
        };
        let error = block_changes(&blocks, "p", &blocks[0], args(&["c"]), &Redactor::default())
            .expect_err("cycle");
        assert!(error.message.contains("cycle"), "{}", error.message);
        let (changes, edit) = block_changes(
            &blocks,
            "p",
            &blocks[2],
            BlockUpdateArgs {
                uuid: "c".into(),
                ..args(&["a"])
            },
            &Redactor::default(),
        )
        .expect("no cycle");
        assert_eq!(edit.upstream_blocks, Some(vec!["a".to_owned()]));
        assert_eq!(
            changes["upstream_blocks"],
            json!({"from": ["b"], "to": ["a"]})
        );
    }

    #[test]
    fn a_code_change_is_a_diff_and_unchanged_parts_are_not_sent() {
        let blocks = pipeline_blocks();
        let args = BlockUpdateArgs {
            pipeline_uuid: "p".into(),
            uuid: "a".into(),
            content: Some("x = 1\ny = 2\n".into()),
            name: Some("a".into()),
            upstream_blocks: None,
        };
        let (changes, edit) =
            block_changes(&blocks, "p", &blocks[0], args, &Redactor::default()).expect("ok");
        assert_eq!(changes["content"]["from"], "1 line");
        assert_eq!(changes["content"]["to"], "2 lines");
        assert_eq!(
            changes["content"]["diff"]["text"],
            "@@ -1 +1,2 @@\n x = 1\n+y = 2\n"
        );
        assert_eq!(edit.name, None, "the same name is no change");
        assert_eq!(edit.content.as_deref(), Some("x = 1\ny = 2\n"));
        assert_eq!(provenance(Some(90)), "cached 1 h ago");
        assert_eq!(provenance(None), "fetched from the cluster just now");
    }
}
