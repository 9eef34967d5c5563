//! The demo project's blocks as the backend serves them, and the changes block tools make. The
//! tools have checked every change (names, upstream blocks, cycles, the `force` rule) before it
//! arrives here.

use chrono::{DateTime, Utc};
use serde_json::{json, Value};

use super::project::{stamp, uuid_from_name, Block, BlockTemplate, Pipeline, Project};
use crate::backend::{BlockEdit, BlocksVersion, CreatedBlock, NewBlock};
use crate::vocabulary::BlockType;
use crate::widget_result::{to_json, ToolError};

fn block_404(pipeline_uuid: &str, uuid: &str) -> ToolError {
    ToolError::not_found("Block", format!("{pipeline_uuid}/{uuid}"))
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
    let (role, wanted, fallback) = match block_type {
        BlockType::DataLoader => ("source", "data_loader", "postgresql"),
        BlockType::DataExporter => ("destination", "data_exporter", "snowflake"),
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
        .unwrap_or(fallback)
        .to_owned();
    Some((role, found))
}

impl Project {
    pub fn block_records(&self, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        Ok(self
            .pipeline_or_404(pipeline_uuid)?
            .blocks
            .iter()
            .map(to_json)
            .collect())
    }

    pub fn block_record(&self, pipeline_uuid: &str, uuid: &str) -> Result<Value, ToolError> {
        self.pipeline_or_404(pipeline_uuid)?
            .block(uuid)
            .map(to_json)
            .ok_or_else(|| block_404(pipeline_uuid, uuid))
    }

    /// Adds `new` to a pipeline, `at`.
    pub fn create_block(
        &mut self,
        pipeline_uuid: &str,
        new: &NewBlock,
        at: DateTime<Utc>,
    ) -> Result<CreatedBlock, ToolError> {
        let block_type = new.block_type.as_str();
        let language = new.language.as_str();
        let template = matching_template(&self.block_templates, block_type, language).cloned();
        let pipeline = self.pipeline_mut_or_404(pipeline_uuid)?;
        let uuid = uuid_from_name(&new.name, |candidate| pipeline.block(candidate).is_some());
        let mut notes = Vec::new();
        let mut configuration = match (&new.config, &template) {
            (Some(config), _) => Value::Object(config.clone()),
            (None, Some(template)) => {
                notes.push(format!("template '{}' applied", template.name));
                template.configuration.clone()
            }
            (None, None) => json!({}),
        };
        if let Some((role, detected)) = detected_integration(pipeline, new.block_type) {
            if let Value::Object(map) = &mut configuration {
                if !map.contains_key("data_integration") {
                    map.insert("data_integration".to_owned(), json!({ role: detected }));
                    notes.push(format!("{role} {detected} detected"));
                }
            }
        }
        let content = new
            .content
            .clone()
            .or_else(|| template.map(|t| t.content))
            .unwrap_or_default();
        let all_upstream_executed = new
            .upstream_blocks
            .iter()
            .all(|up| pipeline.block(up).is_some_and(|b| b.status == "executed"));
        pipeline.blocks.push(Block {
            uuid: uuid.clone(),
            name: new.name.clone(),
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
            upstream_blocks: new.upstream_blocks.clone(),
            downstream_blocks: Vec::new(),
            content,
        });
        pipeline.derive_downstream_blocks();
        pipeline.updated_at = stamp(at);
        let record = pipeline.block(&uuid).map(to_json).unwrap_or(Value::Null);
        Ok(CreatedBlock { record, notes })
    }

    /// Applies `edit` at once, made `at` (the uuid stays, whatever the name).
    pub fn update_block(
        &mut self,
        pipeline_uuid: &str,
        uuid: &str,
        edit: &BlockEdit,
        at: DateTime<Utc>,
    ) -> Result<Value, ToolError> {
        if let (Some(_), Some(read_from)) = (&edit.content, &edit.read_from) {
            if *read_from != BlocksVersion::of(&self.block_records(pipeline_uuid)?) {
                return Err(BlocksVersion::changed_since_read(pipeline_uuid));
            }
        }
        let pipeline = self.pipeline_mut_or_404(pipeline_uuid)?;
        let block = pipeline
            .blocks
            .iter_mut()
            .find(|b| b.uuid == uuid)
            .ok_or_else(|| block_404(pipeline_uuid, uuid))?;
        if let Some(name) = &edit.name {
            block.name = name.clone();
        }
        if let Some(content) = &edit.content {
            block.content = content.clone();
            block.status = "updated".to_owned();
        }
        if let Some(upstream) = &edit.upstream_blocks {
            block.upstream_blocks = upstream.clone();
        }
        pipeline.derive_downstream_blocks();
        pipeline.updated_at = stamp(at);
        pipeline
            .block(uuid)
            .map(to_json)
            .ok_or_else(|| block_404(pipeline_uuid, uuid))
    }

    /// Removes a block, `at`; the blocks downstream of it lose it as an upstream block.
    pub fn delete_block(
        &mut self,
        pipeline_uuid: &str,
        uuid: &str,
        at: DateTime<Utc>,
    ) -> Result<(), ToolError> {
        let pipeline = self.pipeline_mut_or_404(pipeline_uuid)?;
        let index = pipeline
            .blocks
            .iter()
            .position(|b| b.uuid == uuid)
            .ok_or_else(|| block_404(pipeline_uuid, uuid))?;
        let removed = pipeline.blocks.remove(index);
        for block in &mut pipeline.blocks {
            block.upstream_blocks.retain(|up| up != &removed.uuid);
        }
        pipeline.derive_downstream_blocks();
        pipeline.updated_at = stamp(at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::BlockLanguage;

    fn new_block(name: &str, block_type: BlockType, upstream: &[&str]) -> NewBlock {
        NewBlock {
            name: name.to_owned(),
            block_type,
            language: BlockLanguage::Python,
            content: None,
            upstream_blocks: upstream.iter().map(|s| (*s).to_owned()).collect(),
            config: None,
        }
    }

    #[test]
    fn create_applies_the_template_and_links_downstream() {
        let mut project = Project::embedded().expect("project");
        let created = project
            .create_block(
                "etl_daily",
                &new_block("Load refunds", BlockType::DataLoader, &[]),
                Utc::now(),
            )
            .expect("created");
        assert!(created.notes.iter().any(|n| n.starts_with("template")));
        project
            .create_block(
                "etl_daily",
                &new_block("clean refunds", BlockType::Transformer, &["load_refunds"]),
                Utc::now(),
            )
            .expect("created");
        let pipeline = project.pipeline("etl_daily").expect("pipeline");
        let loader = pipeline.block("load_refunds").expect("loader");
        assert!(loader.content.contains("@data_loader"));
        assert_eq!(loader.downstream_blocks, vec!["clean_refunds"]);
    }

    #[test]
    fn a_deleted_block_is_detached_from_its_downstream_blocks() {
        let mut project = Project::embedded().expect("project");
        project
            .delete_block("etl_daily", "clean_orders", Utc::now())
            .expect("deleted");
        let pipeline = project.pipeline("etl_daily").expect("pipeline");
        assert!(pipeline.block("clean_orders").is_none());
        assert!(pipeline
            .blocks
            .iter()
            .all(|b| !b.upstream_blocks.contains(&"clean_orders".to_owned())));
        assert!(project
            .delete_block("etl_daily", "clean_orders", Utc::now())
            .is_err());
    }

    #[test]
    fn code_made_against_an_older_read_is_refused_and_nothing_is_saved() {
        let mut project = Project::embedded().expect("project");
        let read = BlocksVersion::of(&project.block_records("etl_daily").expect("blocks"));
        // Another session edits a block after this read.
        let meanwhile = BlockEdit {
            content: Some("meanwhile = 1\n".into()),
            ..BlockEdit::default()
        };
        project
            .update_block("etl_daily", "clean_orders", &meanwhile, Utc::now())
            .expect("the edit made meanwhile");
        let stale = BlockEdit {
            content: Some("mine = 2\n".into()),
            read_from: Some(read),
            ..BlockEdit::default()
        };
        let error = project
            .update_block("etl_daily", "clean_orders", &stale, Utc::now())
            .expect_err("refused");
        assert!(
            error.message.contains("changed since it was read"),
            "{}",
            error.message
        );
        let pipeline = project.pipeline("etl_daily").expect("pipeline");
        assert_eq!(
            pipeline.block("clean_orders").map(|b| b.content.as_str()),
            Some("meanwhile = 1\n")
        );
        let fresh = BlockEdit {
            content: Some("mine = 2\n".into()),
            read_from: Some(BlocksVersion::of(
                &project.block_records("etl_daily").expect("blocks"),
            )),
            ..BlockEdit::default()
        };
        project
            .update_block("etl_daily", "clean_orders", &fresh, Utc::now())
            .expect("saved against a fresh read");
    }
}
