//! block_outputs over `GET /api/block_runs/:id/outputs`, sent WITHOUT `sample_count`: Mage 0.9.80
//! compares that query string with a row count and fails for every DataFrame output. Without it the
//! sample is up to 1,000 rows of the output, and `shape` gives the whole output's size.

use serde_json::{json, Value};

use super::{records, Mage};
use crate::widget_result::{
    column, untyped_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

/// An output as the contract shapes it: `{variable_uuid, type, shape?, sample_data?, text_data?}`.
pub fn output_record(output: &Value) -> Value {
    let mut record = json!({
        "variable_uuid": output.get("variable_uuid"),
        "type": output.get("type"),
    });
    if let Value::Object(map) = &mut record {
        for key in ["shape", "sample_data", "text_data"] {
            if let Some(value) = output.get(key).filter(|v| !v.is_null()) {
                map.insert(key.to_owned(), value.clone());
            }
        }
    }
    record
}

/// The newest completed block run of a block, from the pipeline's newest runs (which embed their
/// block runs).
async fn newest_block_run(
    mage: &Mage,
    pipeline_uuid: &str,
    block_uuid: &str,
) -> Result<Option<i64>, ToolError> {
    let body = mage
        .get(
            "/api/pipeline_runs",
            &[
                ("pipeline_uuid", pipeline_uuid.to_owned()),
                ("_limit", "40".to_owned()),
                ("_offset", "0".to_owned()),
            ],
            &format!("Runs of {pipeline_uuid}"),
        )
        .await?;
    let mut best: Option<i64> = None;
    for run in records(&body, "pipeline_runs") {
        for block_run in run
            .get("block_runs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let same = block_run.get("block_uuid").and_then(Value::as_str) == Some(block_uuid);
            let done = block_run.get("status").and_then(Value::as_str) == Some("completed");
            if let (true, true, Some(id)) =
                (same, done, block_run.get("id").and_then(Value::as_i64))
            {
                best = Some(best.map_or(id, |b| b.max(id)));
            }
        }
    }
    Ok(best)
}

pub async fn outputs(
    mage: &Mage,
    block_run_id: Option<i64>,
    pipeline_uuid: Option<String>,
    block_uuid: Option<String>,
) -> Result<WidgetResult, ToolError> {
    let (id, label) = match (block_run_id, &pipeline_uuid, &block_uuid) {
        (Some(id), _, _) => (
            Some(id),
            block_uuid
                .clone()
                .unwrap_or_else(|| format!("block run {id}")),
        ),
        (None, Some(pipeline), Some(block)) => {
            // The block must exist; then its newest completed run, if any.
            mage.get(
                &format!(
                    "/api/pipelines/{}/blocks/{}",
                    super::seg(pipeline)?,
                    super::seg(block)?
                ),
                &[],
                &format!("Block '{pipeline}/{block}'"),
            )
            .await?;
            (
                newest_block_run(mage, pipeline, block).await?,
                block.clone(),
            )
        }
        _ => {
            return Err(ToolError::api(
                "Pass block_run_id, or pipeline_uuid and block_uuid (400).",
            ))
        }
    };
    let outputs: Vec<Value> = match id {
        Some(id) => {
            // No sample_count: see the module's note.
            let body = mage
                .get(
                    &format!("/api/block_runs/{id}/outputs"),
                    &[],
                    &format!("Block run '{id}'"),
                )
                .await?;
            records(&body, "outputs")
                .iter()
                .map(output_record)
                .collect()
        }
        None => Vec::new(),
    };
    let mut subtitle = id.map(|id| format!("block run {id}")).unwrap_or_default();
    if let Some(first) = outputs.first() {
        let rows = first.pointer("/shape/0").and_then(Value::as_u64);
        let sampled = first
            .pointer("/sample_data/rows")
            .and_then(Value::as_array)
            .map(Vec::len);
        if let (Some(rows), Some(sampled)) = (rows, sampled) {
            subtitle.push_str(&format!(" · {sampled} of {rows} rows"));
        }
    }
    let mut summary = Summary::titled(format!("Output of {label}")).total(outputs.len());
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
        .filter("block_uuid", block_uuid.clone())
        .filter("block_run_id", id)
        .filter("pipeline_uuid", pipeline_uuid)
        .records(outputs)
        .hints(
            Hints::keys(
                format!("Output of {label}"),
                "variable_uuid",
                Some("variable_uuid"),
                None,
            )
            .empty_message(format!("{label} has produced no output yet.")),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_keeps_its_sample_and_drops_mages_extras() {
        let served = json!({"outputs": [], "sample_data": {"columns": ["a"], "rows": [[1]]}, "shape": [300, 1],
            "text_data": null, "type": "table", "variable_uuid": "output_0"});
        assert_eq!(
            output_record(&served),
            json!({"variable_uuid": "output_0", "type": "table", "shape": [300, 1], "sample_data": {"columns": ["a"], "rows": [[1]]}})
        );
    }
}
