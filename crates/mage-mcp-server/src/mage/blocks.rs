//! Blocks over Mage's `/api/pipelines/:uuid/blocks`.
//!
//! Mage takes a block's new code only through the pipeline (`PUT /api/pipelines/:uuid
//! ?update_content=true` with every block listed in order: a shorter list would reorder, and drop,
//! blocks), and a new name or upstream list through `PUT …/blocks/:uuid`. An update that needs
//! both is two requests: when the second fails, the error says that the code was saved and what
//! was not. New code is written only while the pipeline still holds the blocks it was diffed
//! against.

use serde_json::{json, Map, Value};

use super::client::{seg, Mage, Method};
use super::templates;
use crate::backend::{BlockEdit, BlocksVersion, CreatedBlock, NewBlock};
use crate::records::{record, records, str_of, text_of};
use crate::widget_result::ToolError;

fn block_what(pipeline_uuid: &str, uuid: &str) -> String {
    format!("Block '{pipeline_uuid}/{uuid}'")
}

fn blocks_path(pipeline_uuid: &str) -> Result<String, ToolError> {
    Ok(format!("/api/pipelines/{}/blocks", seg(pipeline_uuid)?))
}

fn block_path(pipeline_uuid: &str, uuid: &str) -> Result<String, ToolError> {
    Ok(format!("{}/{}", blocks_path(pipeline_uuid)?, seg(uuid)?))
}

pub async fn list(mage: &Mage, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
    let body = mage
        .get(
            &blocks_path(pipeline_uuid)?,
            &[],
            &format!("Pipeline '{pipeline_uuid}'"),
        )
        .await?;
    Ok(records(&body, "blocks"))
}

pub async fn get(mage: &Mage, pipeline_uuid: &str, uuid: &str) -> Result<Value, ToolError> {
    let what = block_what(pipeline_uuid, uuid);
    let body = mage
        .get(&block_path(pipeline_uuid, uuid)?, &[], &what)
        .await?;
    record(&body, "block", &what)
}

/// The base template of a block type and language the cluster lists, if any.
fn base_template<'a>(listed: &'a [Value], block_type: &str, language: &str) -> Option<&'a Value> {
    listed.iter().find(|t| {
        str_of(t, "block_type") == Some(block_type)
            && str_of(t, "language") == Some(language)
            && text_of(t, "name").eq_ignore_ascii_case("Base template")
    })
}

pub async fn create(
    mage: &Mage,
    pipeline_uuid: &str,
    new: &NewBlock,
) -> Result<CreatedBlock, ToolError> {
    let block_type = new.block_type.as_str();
    let language = new.language.as_str();
    let mut block = Map::new();
    block.insert("name".to_owned(), json!(new.name));
    block.insert("type".to_owned(), json!(block_type));
    block.insert("language".to_owned(), json!(language));
    block.insert("upstream_blocks".to_owned(), json!(new.upstream_blocks));
    let mut notes = Vec::new();
    match &new.config {
        Some(config) => {
            block.insert("configuration".to_owned(), Value::Object(config.clone()));
        }
        None if new.content.is_none() => {
            // A base template of this type and language when the cluster lists one, else Mage's
            // own default template for the type (what Mage writes for a block without code).
            let listed = templates::load(mage, false)
                .await
                .map(|t| t.records)
                .unwrap_or_default();
            match base_template(&listed, block_type, language) {
                Some(t) => {
                    block.insert("config".to_owned(), json!({"template_path": t.get("path")}));
                    if let Some(c) = t.get("configuration").filter(|c| c.is_object()) {
                        block.insert("configuration".to_owned(), c.clone());
                    }
                    notes.push(format!("template '{}' applied", text_of(t, "name")));
                }
                None => notes.push(format!("Mage's default {block_type} template applied")),
            }
        }
        None => {}
    }
    if let Some(content) = &new.content {
        block.insert("content".to_owned(), json!(content));
    }
    let answer = mage
        .send(
            Method::Post,
            &blocks_path(pipeline_uuid)?,
            &[],
            Some(&json!({ "block": Value::Object(block) })),
            &format!("Creating block '{}' in {pipeline_uuid}", new.name),
        )
        .await?;
    let created = record(&answer, "block", "The new block")?;
    // The answer to POST carries no code: the block is read back as block_get shows it.
    let created = match get(mage, pipeline_uuid, text_of(&created, "uuid")).await {
        Ok(read) => read,
        Err(_) => created,
    };
    Ok(CreatedBlock {
        record: created,
        notes,
    })
}

/// Saves a block's code through the pipeline, every block listed in order. The pipeline is read
/// again first: when it no longer holds the blocks the change was made against (`read_from`),
/// nothing is written. Mage offers no conditional write, so a change made between this read and
/// the write is not seen.
async fn save_code(
    mage: &Mage,
    pipeline_uuid: &str,
    uuid: &str,
    content: &str,
    read_from: Option<&BlocksVersion>,
) -> Result<(), ToolError> {
    let pipeline_path = format!("/api/pipelines/{}", seg(pipeline_uuid)?);
    let what = format!("Pipeline '{pipeline_uuid}'");
    let blocks = records(
        &record(
            &mage.get(&pipeline_path, &[], &what).await?,
            "pipeline",
            &what,
        )?,
        "blocks",
    );
    if read_from.is_some_and(|read| *read != BlocksVersion::of(&blocks)) {
        return Err(BlocksVersion::changed_since_read(pipeline_uuid));
    }
    let listed: Vec<Value> = blocks
        .iter()
        .map(|b| {
            if text_of(b, "uuid") == uuid {
                json!({"uuid": uuid, "content": content})
            } else {
                json!({"uuid": text_of(b, "uuid")})
            }
        })
        .collect();
    mage.send(
        Method::Put,
        &pipeline_path,
        &[("update_content", "true".to_owned())],
        Some(&json!({"pipeline": {"blocks": listed}})),
        &format!("Saving the code of {}", block_what(pipeline_uuid, uuid)),
    )
    .await?;
    Ok(())
}

/// Applies `edit`: the code first, then the name and upstream blocks, then the block is read
/// back. A failure after the code was saved says so.
pub async fn update(
    mage: &Mage,
    pipeline_uuid: &str,
    uuid: &str,
    edit: &BlockEdit,
) -> Result<Value, ToolError> {
    let what = block_what(pipeline_uuid, uuid);
    let mut applied: Vec<&str> = Vec::new();
    if let Some(content) = &edit.content {
        save_code(mage, pipeline_uuid, uuid, content, edit.read_from.as_ref()).await?;
        applied.push("code");
    }
    let mut fields = Map::new();
    let mut parts = Vec::new();
    if let Some(name) = &edit.name {
        fields.insert("name".to_owned(), json!(name));
        parts.push("name");
    }
    if let Some(upstream) = &edit.upstream_blocks {
        fields.insert("upstream_blocks".to_owned(), json!(upstream));
        parts.push("upstream blocks");
    }
    let mut new_uuid = uuid.to_owned();
    if !fields.is_empty() {
        let answer = mage
            .send(
                Method::Put,
                &block_path(pipeline_uuid, uuid)?,
                &[],
                Some(&json!({ "block": Value::Object(fields) })),
                &format!("Updating {what}"),
            )
            .await
            .map_err(|e| e.after_partial_change(&what, &applied, &parts))?;
        if let Some(renamed) = answer.pointer("/block/uuid").and_then(Value::as_str) {
            new_uuid = renamed.to_owned();
        }
        applied.extend(parts);
    }
    get(mage, pipeline_uuid, &new_uuid).await.map_err(|e| {
        ToolError::new(e.code, format!("Reading it back failed: {}", e.message))
            .after_partial_change(&what, &applied, &[])
    })
}

pub async fn delete(
    mage: &Mage,
    pipeline_uuid: &str,
    block: &Value,
    force: bool,
) -> Result<(), ToolError> {
    let uuid = text_of(block, "uuid");
    let mut query = vec![("block_type", text_of(block, "type").to_owned())];
    if force {
        // Mage reads any non-empty value as true: the parameter is sent only to force.
        query.push(("force", "True".to_owned()));
    }
    mage.send(
        Method::Delete,
        &block_path(pipeline_uuid, uuid)?,
        &query,
        None,
        &block_what(pipeline_uuid, uuid),
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_template_matches_type_language_and_name() {
        let listed = vec![
            json!({"name": "Base template", "block_type": "data_loader", "language": "sql", "path": "a"}),
            json!({"name": "Base template", "block_type": "data_loader", "language": "python", "path": "b"}),
            json!({"name": "From S3", "block_type": "data_loader", "language": "python", "path": "c"}),
        ];
        assert_eq!(
            base_template(&listed, "data_loader", "python").and_then(|t| str_of(t, "path")),
            Some("b")
        );
        assert!(base_template(&listed, "transformer", "python").is_none());
    }
}
