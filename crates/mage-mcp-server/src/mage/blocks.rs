//! block_list, block_get (with source), block_create, block_update, block_delete over Mage's
//! `/api/pipelines/:uuid/blocks`.
//!
//! Mage takes a block's new code only through the pipeline (`PUT /api/pipelines/:uuid
//! ?update_content=true` with every block listed in order: a shorter list would reorder, and drop,
//! blocks), and a new name or upstream list through `PUT …/blocks/:uuid`. The `force` rule is
//! checked here, as in the demo, before Mage is asked to delete anything.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use super::{record, records, seg, strings, templates, Mage, Method};
use crate::blocks::{BlockCreateArgs, BlockDeleteArgs, BlockUpdateArgs};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Mutation, Summary, ToolError, WidgetResult,
};

fn block_what(pipeline_uuid: &str, uuid: &str) -> String {
    format!("Block '{pipeline_uuid}/{uuid}'")
}

fn block_hints(title: impl Into<String>) -> Hints {
    Hints::keys(title, "uuid", Some("name"), Some("status"))
}

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// A block in full: Mage's fields, its pipeline, without notebook `outputs`.
fn detail_record(pipeline_uuid: &str, mut block: Value) -> Value {
    if let Value::Object(map) = &mut block {
        map.remove("outputs");
        map.insert("pipeline_uuid".to_owned(), json!(pipeline_uuid));
    }
    block
}

fn upstream_of(block: &Value) -> Vec<String> {
    block
        .get("upstream_blocks")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

pub async fn list(mage: &Mage, pipeline_uuid: &str) -> Result<WidgetResult, ToolError> {
    let body = mage
        .get(
            &format!("/api/pipelines/{}/blocks", seg(pipeline_uuid)?),
            &[],
            &format!("Pipeline '{pipeline_uuid}'"),
        )
        .await?;
    let blocks = records(&body, "blocks");
    Ok(WidgetResult::new("blocks", "list")
        .summary(
            Summary::titled(format!("Blocks of {pipeline_uuid}"))
                .total(blocks.len())
                .counts(strings(&blocks, "status")),
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
        .records(blocks)
        .hints(
            block_hints(format!("Blocks of {pipeline_uuid}")).empty_message(format!(
                "{pipeline_uuid} has no blocks yet. Add one with block_create."
            )),
        ))
}

async fn fetch_block(mage: &Mage, pipeline_uuid: &str, uuid: &str) -> Result<Value, ToolError> {
    let what = block_what(pipeline_uuid, uuid);
    let body = mage
        .get(
            &format!(
                "/api/pipelines/{}/blocks/{}",
                seg(pipeline_uuid)?,
                seg(uuid)?
            ),
            &[],
            &what,
        )
        .await?;
    record(&body, "block", &what)
}

pub async fn get(mage: &Mage, pipeline_uuid: &str, uuid: &str) -> Result<WidgetResult, ToolError> {
    let block = fetch_block(mage, pipeline_uuid, uuid).await?;
    let name = str_of(&block, "name").to_owned();
    let subtitle = format!(
        "{} · {} · pipeline {pipeline_uuid}",
        str_of(&block, "type"),
        str_of(&block, "language")
    );
    Ok(WidgetResult::new("block", "get")
        .records(vec![detail_record(pipeline_uuid, block)])
        .summary(Summary::titled(name.clone()).subtitle(subtitle))
        .hints(block_hints(name)))
}

/// Upstream uuids checked against the pipeline's blocks: known, not the block itself, no repeats.
fn checked_upstream(
    known: &BTreeSet<String>,
    pipeline_uuid: &str,
    block_uuid: &str,
    upstream: Vec<String>,
) -> Result<Vec<String>, ToolError> {
    crate::blocks::checked_upstream_of(pipeline_uuid, block_uuid, upstream, |up| known.contains(up))
}

/// Whether `block_uuid` would reach itself if its upstream blocks were `upstream`.
fn creates_cycle(
    upstream_by_block: &BTreeMap<String, Vec<String>>,
    block_uuid: &str,
    upstream: &[String],
) -> bool {
    crate::blocks::reaches_itself(block_uuid, upstream, |uuid| {
        upstream_by_block.get(uuid).map(Vec::as_slice)
    })
}

/// Mage's uuid for a name (`clean_name`: lower case, spaces and dashes to `_`).
fn uuid_for(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

pub async fn create(mage: &Mage, args: BlockCreateArgs) -> Result<WidgetResult, ToolError> {
    let name = args.name.trim().to_owned();
    if name.is_empty() {
        return Err(ToolError::api("A block needs a name (400)."));
    }
    let pipeline_uuid = args.pipeline_uuid.clone();
    let block_type = args.block_type.as_str();
    let language = args.language.map_or("python", |l| l.as_str());
    let existing = records(
        &mage
            .get(
                &format!("/api/pipelines/{}/blocks", seg(&pipeline_uuid)?),
                &[],
                &format!("Pipeline '{pipeline_uuid}'"),
            )
            .await?,
        "blocks",
    );
    let known: BTreeSet<String> = existing
        .iter()
        .map(|b| str_of(b, "uuid").to_owned())
        .collect();
    let uuid = uuid_for(&name);
    let upstream = checked_upstream(
        &known,
        &pipeline_uuid,
        &uuid,
        args.upstream_blocks.unwrap_or_default(),
    )?;
    let mut block = Map::new();
    block.insert("name".to_owned(), json!(name));
    block.insert("type".to_owned(), json!(block_type));
    block.insert("language".to_owned(), json!(language));
    block.insert("upstream_blocks".to_owned(), json!(upstream));
    let mut notes = Vec::new();
    match args.config {
        Some(config) => {
            // A config may carry credentials: the redactor knows them before any result.
            let config = Value::Object(config);
            mage.learn(&config);
            block.insert("configuration".to_owned(), config);
        }
        None => {
            // The matching template: a base template of this type and language when the cluster
            // lists one, else Mage's own default template for the type (what Mage writes for a
            // block created without code).
            let listed = templates::load(mage, false)
                .await
                .map(|t| t.templates)
                .unwrap_or_default();
            let template = listed.iter().find(|t| {
                str_of(t, "block_type") == block_type
                    && str_of(t, "language") == language
                    && str_of(t, "name").eq_ignore_ascii_case("Base template")
            });
            match template {
                Some(t) if args.content.is_none() => {
                    block.insert("config".to_owned(), json!({"template_path": t.get("path")}));
                    if let Some(c) = t.get("configuration").filter(|c| c.is_object()) {
                        block.insert("configuration".to_owned(), c.clone());
                    }
                    notes.push(format!("template '{}' applied", str_of(t, "name")));
                }
                _ if args.content.is_none() => {
                    notes.push(format!("Mage's default {block_type} template applied"));
                }
                _ => {}
            }
        }
    }
    if let Some(content) = &args.content {
        block.insert("content".to_owned(), json!(content));
    }
    let body = json!({ "block": Value::Object(block) });
    let answer = mage
        .send(
            Method::Post,
            &format!("/api/pipelines/{}/blocks", seg(&pipeline_uuid)?),
            &[],
            Some(&body),
            &format!("Creating block '{name}' in {pipeline_uuid}"),
        )
        .await?;
    let created = record(&answer, "block", "The new block")?;
    let created_uuid = str_of(&created, "uuid").to_owned();
    // The answer to POST carries no code: read the block back as block_get shows it.
    let created = fetch_block(mage, &pipeline_uuid, &created_uuid)
        .await
        .unwrap_or(created);
    let mut message = format!("Block {created_uuid} created in {pipeline_uuid}");
    if !notes.is_empty() {
        message.push_str(&format!(" ({})", notes.join("; ")));
    }
    message.push('.');
    Ok(WidgetResult::new("block", "create")
        .mutation(
            Mutation::new("create", "block", created_uuid.as_str())
                .message(message)
                .record(detail_record(&pipeline_uuid, created)),
        )
        .hints(block_hints(name)))
}

fn line_count(text: &str) -> String {
    match text.lines().count() {
        1 => "1 line".to_owned(),
        n => format!("{n} lines"),
    }
}

pub async fn update(mage: &Mage, args: BlockUpdateArgs) -> Result<WidgetResult, ToolError> {
    if args.content.is_none() && args.name.is_none() && args.upstream_blocks.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass content, name or upstream_blocks (400).",
        ));
    }
    let pipeline_uuid = args.pipeline_uuid.clone();
    let pipeline_path = format!("/api/pipelines/{}", seg(&pipeline_uuid)?);
    let pipeline = record(
        &mage
            .get(&pipeline_path, &[], &format!("Pipeline '{pipeline_uuid}'"))
            .await?,
        "pipeline",
        &format!("Pipeline '{pipeline_uuid}'"),
    )?;
    let blocks = records(&pipeline, "blocks");
    let block = blocks
        .iter()
        .find(|b| str_of(b, "uuid") == args.uuid)
        .cloned()
        .ok_or_else(|| {
            ToolError::api(format!(
                "{} not found (404).",
                block_what(&pipeline_uuid, &args.uuid)
            ))
        })?;
    let known: BTreeSet<String> = blocks
        .iter()
        .map(|b| str_of(b, "uuid").to_owned())
        .collect();
    let mut changes = Map::new();
    let mut block_fields = Map::new();
    if let Some(upstream) = args.upstream_blocks {
        let upstream = checked_upstream(&known, &pipeline_uuid, &args.uuid, upstream)?;
        let upstream_by_block: BTreeMap<String, Vec<String>> = blocks
            .iter()
            .map(|b| (str_of(b, "uuid").to_owned(), upstream_of(b)))
            .collect();
        if creates_cycle(&upstream_by_block, &args.uuid, &upstream) {
            return Err(ToolError::api(format!(
                "These upstream blocks would make {} depend on itself (a cycle); nothing changed (400).",
                args.uuid
            )));
        }
        let before = upstream_of(&block);
        if upstream != before {
            changes.insert(
                "upstream_blocks".to_owned(),
                json!({"from": before, "to": upstream}),
            );
            block_fields.insert("upstream_blocks".to_owned(), json!(upstream));
        }
    }
    if let Some(name) = &args.name {
        let name = name.trim();
        if name.is_empty() {
            return Err(ToolError::api("A block's name cannot be empty (400)."));
        }
        if name != str_of(&block, "name") {
            changes.insert(
                "name".to_owned(),
                json!({"from": block.get("name"), "to": name}),
            );
            block_fields.insert("name".to_owned(), json!(name));
        }
    }
    if let Some(content) = &args.content {
        let before = str_of(&block, "content");
        if content != before {
            changes.insert(
                "content".to_owned(),
                json!({"from": line_count(before), "to": line_count(content)}),
            );
            // Every block, in order, so Mage keeps them all; only this one carries code.
            let listed: Vec<Value> = blocks
                .iter()
                .map(|b| {
                    if str_of(b, "uuid") == args.uuid {
                        json!({"uuid": args.uuid, "content": content})
                    } else {
                        json!({"uuid": str_of(b, "uuid")})
                    }
                })
                .collect();
            mage.send(
                Method::Put,
                &pipeline_path,
                &[("update_content", "true".to_owned())],
                Some(&json!({"pipeline": {"blocks": listed}})),
                &format!(
                    "Saving the code of {}",
                    block_what(&pipeline_uuid, &args.uuid)
                ),
            )
            .await?;
        }
    }
    let mut uuid = args.uuid.clone();
    if !block_fields.is_empty() {
        let answer = mage
            .send(
                Method::Put,
                &format!(
                    "/api/pipelines/{}/blocks/{}",
                    seg(&pipeline_uuid)?,
                    seg(&args.uuid)?
                ),
                &[],
                Some(&json!({ "block": Value::Object(block_fields) })),
                &format!("Updating {}", block_what(&pipeline_uuid, &args.uuid)),
            )
            .await?;
        if let Some(new_uuid) = answer.pointer("/block/uuid").and_then(Value::as_str) {
            uuid = new_uuid.to_owned();
        } else if let Some(name) = changes
            .get("name")
            .and_then(|c| c.get("to"))
            .and_then(Value::as_str)
        {
            uuid = uuid_for(name);
        }
    }
    let after = fetch_block(mage, &pipeline_uuid, &uuid).await?;
    let message = if changes.is_empty() {
        format!(
            "Block {} already had these values; nothing changed.",
            args.uuid
        )
    } else if uuid != args.uuid {
        format!(
            "Block {} of {pipeline_uuid} updated; Mage renamed it to {uuid}.",
            args.uuid
        )
    } else {
        format!("Block {} of {pipeline_uuid} updated.", args.uuid)
    };
    let title = str_of(&after, "name").to_owned();
    Ok(WidgetResult::new("block", "update")
        .records(vec![detail_record(&pipeline_uuid, after)])
        .mutation(
            Mutation::new("update", "block", uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(block_hints(title)))
}

pub async fn delete(mage: &Mage, args: BlockDeleteArgs) -> Result<WidgetResult, ToolError> {
    let pipeline_uuid = args.pipeline_uuid.clone();
    let block = fetch_block(mage, &pipeline_uuid, &args.uuid).await?;
    let downstream = block
        .get("downstream_blocks")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect::<Vec<_>>();
    let force = args.force.unwrap_or(false);
    // The service's one stated refusal: a block others depend on stays unless forced.
    if !downstream.is_empty() && !force {
        return Err(ToolError::api(format!(
            "Block {} has downstream blocks ({}); it was not deleted. Call block_delete again with force: true to delete it and detach them (400).",
            args.uuid,
            downstream.join(", ")
        )));
    }
    let mut query = vec![("block_type", str_of(&block, "type").to_owned())];
    if force {
        // Mage reads any non-empty value as true: the parameter is sent only to force.
        query.push(("force", "True".to_owned()));
    }
    mage.send(
        Method::Delete,
        &format!(
            "/api/pipelines/{}/blocks/{}",
            seg(&pipeline_uuid)?,
            seg(&args.uuid)?
        ),
        &query,
        None,
        &block_what(&pipeline_uuid, &args.uuid),
    )
    .await?;
    let message = if downstream.is_empty() {
        format!("Block {} deleted from {pipeline_uuid}.", args.uuid)
    } else {
        format!(
            "Block {} deleted from {pipeline_uuid} (forced); {} no longer depend on it.",
            args.uuid,
            downstream.join(", ")
        )
    };
    let title = format!("{} deleted", str_of(&block, "name"));
    Ok(WidgetResult::new("block", "delete")
        .mutation(
            Mutation::new("delete", "block", args.uuid.as_str())
                .message(message)
                .record(detail_record(&pipeline_uuid, block)),
        )
        .hints(block_hints(title)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_checks_refuse_unknown_blocks_self_references_and_cycles() {
        let known: BTreeSet<String> = ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect();
        assert!(checked_upstream(&known, "p", "c", vec!["x".into()]).is_err());
        assert!(checked_upstream(&known, "p", "c", vec!["c".into()]).is_err());
        assert_eq!(
            checked_upstream(&known, "p", "c", vec!["a".into(), "a".into()]).expect("ok"),
            vec!["a"]
        );
        let ups = BTreeMap::from([
            ("a".to_owned(), vec![]),
            ("b".to_owned(), vec!["a".to_owned()]),
            ("c".to_owned(), vec!["b".to_owned()]),
        ]);
        assert!(creates_cycle(&ups, "a", &["c".to_owned()]));
        assert!(!creates_cycle(&ups, "c", &["a".to_owned()]));
        assert_eq!(uuid_for("Load Orders-2"), "load_orders_2");
    }
}
