//! Block output tool: block_outputs, by block run or by pipeline and block (its newest output).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::ids::IdArguments;
use crate::mage;
use crate::project::{BlockOutput, Project};
use crate::runs::RunId;
use crate::server::DemoServer;
use crate::widget_result::{
    column, untyped_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockOutputsArgs {
    /// The block run whose outputs to show (as block_runs lists it).
    #[serde(default)]
    pub block_run_id: Option<RunId>,
    /// With `block_uuid`, instead of `block_run_id`: the newest outputs of that block.
    #[serde(default)]
    pub pipeline_uuid: Option<String>,
    /// With `pipeline_uuid`: the block whose newest outputs to show.
    #[serde(default)]
    pub block_uuid: Option<String>,
}

impl IdArguments for BlockOutputsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![
            ("pipeline_uuid", self.pipeline_uuid.as_deref()),
            ("block_uuid", self.block_uuid.as_deref()),
        ]
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        if let Some(id) = &self.block_run_id {
            id.resolve("block_run_id")?;
        }
        crate::ids::check_all(self.ids())
    }
}

#[tool_router(router = output_tools, vis = "pub(crate)")]
impl DemoServer {
    #[tool(
        description = "Outputs of a block run: each output variable with its type, its shape [rows, columns] and a sample of its rows (or its text). Pass `block_run_id`, or `pipeline_uuid` and `block_uuid` for the block's newest outputs.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_outputs(
        &self,
        Parameters(args): Parameters<BlockOutputsArgs>,
    ) -> CallToolResult {
        if let Err(error) = args.check_ids() {
            return self.refuse("block_outputs", error);
        }
        if self.uses_mage() {
            return self
                .respond_mage("block_outputs", |m| async move {
                    let id = match &args.block_run_id {
                        Some(id) => Some(id.resolve("block_run_id")?),
                        None => None,
                    };
                    mage::outputs::outputs(&m, id, args.pipeline_uuid, args.block_uuid).await
                })
                .await;
        }
        self.respond("block_outputs", |store, _| outputs(&store.project, args))
    }
}

/// An output as the service returns it: `{variable_uuid, type, shape?, sample_data?, text_data?}`.
fn output_record(output: &BlockOutput) -> Value {
    let mut record = json!({ "variable_uuid": output.variable_uuid, "type": output.output_type });
    if let Value::Object(map) = &mut record {
        if let Some(shape) = &output.shape {
            map.insert("shape".to_owned(), json!(shape));
        }
        if let Some(sample) = &output.sample_data {
            map.insert("sample_data".to_owned(), sample.clone());
        }
        if let Some(text) = &output.text_data {
            map.insert("text_data".to_owned(), text.clone());
        }
    }
    record
}

/// "first 10 of 154,042 rows" for a table output.
fn sample_note(output: &BlockOutput) -> Option<String> {
    let rows = output.shape.as_ref()?.first()?;
    let sampled = output.sample_data.as_ref()?.get("rows")?.as_array()?.len();
    Some(format!(
        "first {sampled} of {} rows",
        group_thousands(*rows)
    ))
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    grouped
}

fn outputs(project: &Project, args: BlockOutputsArgs) -> Result<WidgetResult, ToolError> {
    let (block_run_id, block_uuid) =
        match (&args.block_run_id, &args.pipeline_uuid, &args.block_uuid) {
            (Some(id), _, _) => {
                let id = id.resolve("block_run_id")?;
                let block_run = project
                    .block_runs
                    .iter()
                    .find(|b| b.id == id)
                    .ok_or_else(|| ToolError::not_found("Block run", id))?;
                (Some(id), block_run.block_uuid.clone())
            }
            (None, Some(pipeline_uuid), Some(block_uuid)) => {
                let pipeline = project
                    .pipeline(pipeline_uuid)
                    .ok_or_else(|| ToolError::not_found("Pipeline", pipeline_uuid))?;
                if pipeline.block(block_uuid).is_none() {
                    return Err(ToolError::not_found(
                        "Block",
                        format!("{pipeline_uuid}/{block_uuid}"),
                    ));
                }
                let newest = project
                    .block_outputs
                    .iter()
                    .filter(|o| &o.pipeline_uuid == pipeline_uuid && &o.block_uuid == block_uuid)
                    .map(|o| o.block_run_id)
                    .max();
                (newest, block_uuid.clone())
            }
            _ => {
                return Err(ToolError::api(
                    "Pass block_run_id, or pipeline_uuid and block_uuid (400).",
                ))
            }
        };
    let selected: Vec<&BlockOutput> = project
        .block_outputs
        .iter()
        .filter(|o| Some(o.block_run_id) == block_run_id)
        .collect();
    let mut summary = Summary::titled(format!("Output of {block_uuid}")).total(selected.len());
    let mut subtitle = block_run_id
        .map(|id| format!("block run {id}"))
        .unwrap_or_default();
    if let Some(note) = selected.first().and_then(|o| sample_note(o)) {
        subtitle.push_str(&format!(" · {note}"));
    }
    if !subtitle.is_empty() {
        summary = summary.subtitle(subtitle);
    }
    Ok(WidgetResult::new("block_outputs", "list")
        .summary(summary)
        .columns(vec![
            column("variable_uuid", "Variable", ColumnType::Id),
            column("type", "Type", ColumnType::Text),
            untyped_column("shape", "Shape"),
            untyped_column("sample_data", "Sample"),
            untyped_column("text_data", "Text"),
        ])
        .filter("block_uuid", Some(block_uuid.as_str()))
        .filter("block_run_id", block_run_id)
        .filter("pipeline_uuid", args.pipeline_uuid.clone())
        .records(selected.into_iter().map(output_record).collect())
        .hints(
            Hints::keys(
                format!("Output of {block_uuid}"),
                "variable_uuid",
                Some("variable_uuid"),
                None,
            )
            .empty_message(format!("{block_uuid} has produced no output yet.")),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_by_block_are_the_newest_block_runs() {
        let project = Project::embedded().expect("project");
        let result = outputs(
            &project,
            BlockOutputsArgs {
                block_run_id: None,
                pipeline_uuid: Some("etl_daily".into()),
                block_uuid: Some("load_orders".into()),
            },
        )
        .expect("outputs")
        .structured();
        let record = &result["records"][0];
        assert_eq!(record["type"], "table");
        assert!(record["sample_data"]["columns"].is_array() && record["shape"].is_array());
    }

    #[test]
    fn neither_selector_is_an_api_error() {
        let project = Project::embedded().expect("project");
        let args = BlockOutputsArgs {
            block_run_id: None,
            pipeline_uuid: Some("etl_daily".into()),
            block_uuid: None,
        };
        assert!(outputs(&project, args).is_err());
        assert_eq!(group_thousands(154042), "154,042");
        assert_eq!(group_thousands(999), "999");
    }
}
