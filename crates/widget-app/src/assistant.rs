//! What the widget tells the assistant, when the host lets it: which record the user is looking
//! at and how a run the widget followed ended (MCP Apps `ui/update-model-context`: one short
//! sentence and a small structured object), and the question "Ask about this" sends about a failed
//! run or block (`ui/message`). All are built from the model, which is already redacted, and name
//! records by their ids only (never a value that was redacted or cut: `requests`'s rule for ids).

use serde_json::{json, Map, Value};
use widget_model::{Arrangement, Cell, State, WidgetModel};

use crate::requests::{usable, RecordIds};

/// What the user is looking at, for the assistant.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelContext {
    /// One short English sentence (the assistant's language, not the user's).
    pub text: String,
    /// `{resource, uuid?, id?, pipeline_uuid?}`.
    pub structured: Value,
}

/// The ids of one record that a request may carry (so never redacted or cut).
fn usable_ids(ids: &RecordIds) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in [
        ("uuid", &ids.uuid),
        ("id", &ids.id),
        ("pipeline_uuid", &ids.pipeline_uuid),
    ] {
        // The same test a request's ids pass.
        if let Some(value) = usable(value.as_deref()) {
            out.insert(key.to_owned(), Value::String(value));
        }
    }
    out
}

fn named(ids: &Map<String, Value>) -> Option<String> {
    ids.get("uuid")
        .or_else(|| ids.get("id"))
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// The record a detail screen shows; `None` for lists, errors and records without a usable id.
pub fn looking_at(model: &WidgetModel) -> Option<ModelContext> {
    if model.state != State::Ok || model.arrangement != Arrangement::Detail {
        return None;
    }
    let ids = usable_ids(&model.table.rows.first()?.ids);
    let name = named(&ids)?;
    let text = format!(
        "The user is looking at the {} record {name}.",
        model.resource
    );
    let mut structured = ids;
    structured.insert("resource".to_owned(), Value::String(model.resource.clone()));
    Some(ModelContext {
        text,
        structured: Value::Object(structured),
    })
}

/// A block of a pipeline's graph the user selected.
pub fn selected_block(pipeline_uuid: &str, block_uuid: &str) -> Option<ModelContext> {
    let probe = RecordIds {
        uuid: Some(block_uuid.to_owned()),
        pipeline_uuid: Some(pipeline_uuid.to_owned()),
        ..RecordIds::default()
    };
    let ids = usable_ids(&probe);
    let (block, pipeline) = (
        ids.get("uuid")?.as_str()?,
        ids.get("pipeline_uuid")?.as_str()?,
    );
    Some(ModelContext {
        text: format!("The user selected block {block} of pipeline {pipeline}."),
        structured: json!({ "resource": "blocks", "uuid": block, "pipeline_uuid": pipeline }),
    })
}

/// A run's duration in seconds, from its `duration` column.
fn duration_seconds(model: &WidgetModel, row: usize) -> Option<f64> {
    let column = model
        .table
        .columns
        .iter()
        .position(|c| c.key == "duration")?;
    match model.table.rows.get(row)?.cells.get(column)? {
        Cell::Duration { seconds, .. } => Some(*seconds),
        Cell::Number { value, .. } => Some(*value),
        _ => None,
    }
}

/// How the runs a followed screen watched ended: for one run, its status, duration and failed
/// blocks; for a list, each watched run's status. `None` when none of them can be named.
pub fn run_ended(model: &WidgetModel, watched: &[String]) -> Option<ModelContext> {
    if model.state != State::Ok {
        return None;
    }
    if model.arrangement == Arrangement::Detail {
        let row = model.table.rows.first()?;
        let ids = usable_ids(&row.ids);
        let id = ids.get("id").and_then(Value::as_str)?.to_owned();
        let status = crate::follow::row_status(model, 0)?;
        let status = usable(Some(&status))?;
        let pipeline = ids.get("pipeline_uuid").and_then(Value::as_str);
        let failed: Vec<String> = model
            .timeline
            .iter()
            .flat_map(|t| &t.bars)
            .filter(|b| b.status.raw == "failed")
            .filter_map(|b| usable(Some(&b.block)))
            .take(20)
            .collect();
        let duration = duration_seconds(model, 0);
        let mut text = format!("Pipeline run {id}");
        if let Some(pipeline) = pipeline {
            text.push_str(&format!(" of {pipeline}"));
        }
        text.push_str(&format!(" {status}"));
        if let Some(took) = duration.and_then(widget_model::time::duration_text) {
            text.push_str(&format!(" after {took}"));
        }
        if !failed.is_empty() {
            text.push_str(&format!("; failed blocks: {}", failed.join(", ")));
        }
        text.push('.');
        let mut structured = json!({ "resource": "pipeline_runs", "id": id, "status": status });
        if let Some(pipeline) = pipeline {
            structured["pipeline_uuid"] = json!(pipeline);
        }
        if let Some(seconds) = duration {
            structured["duration_seconds"] = json!(seconds);
        }
        if !failed.is_empty() {
            structured["failed_blocks"] = json!(failed);
        }
        return Some(ModelContext { text, structured });
    }
    let ended: Vec<(String, String)> = (0..model.table.rows.len().min(200))
        .filter_map(|i| {
            let id = usable_ids(&model.table.rows.get(i)?.ids)
                .get("id")?
                .as_str()?
                .to_owned();
            let status = usable(crate::follow::row_status(model, i).as_deref())?;
            watched.contains(&id).then_some((id, status))
        })
        .collect();
    if ended.is_empty() {
        return None;
    }
    let said: Vec<String> = ended.iter().map(|(id, s)| format!("{id} {s}")).collect();
    Some(ModelContext {
        text: format!(
            "The {} the user was watching ended: {}.",
            model.resource.replace('_', " "),
            said.join(", ")
        ),
        structured: json!({
            "resource": model.resource,
            "runs": ended.iter().map(|(id, status)| json!({"id": id, "status": status})).collect::<Vec<_>>(),
        }),
    })
}

/// What "Ask about this" names: a failed run or block that a detail screen shows (its resource and
/// id), or `None`.
pub fn failed_record(model: &WidgetModel) -> Option<(String, String)> {
    if model.state != State::Ok || model.arrangement != Arrangement::Detail {
        return None;
    }
    if !matches!(
        model.resource.as_str(),
        "pipeline_runs" | "pipeline_run" | "block_runs" | "block_run" | "blocks" | "block"
    ) {
        return None;
    }
    let row = model.table.rows.first()?;
    let status = model
        .table
        .columns
        .iter()
        .position(|c| c.key == "status")
        .and_then(|i| row.cells.get(i));
    let failed = matches!(status, Some(Cell::Status(s)) if s.raw == "failed");
    let name = named(&usable_ids(&row.ids))?;
    failed.then(|| (model.resource.clone(), name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use widget_model::model_from_json_text;

    fn model(resource: &str, action: &str, record: &str) -> WidgetModel {
        model_from_json_text(&format!(
            r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"{resource}","action":"{action}","state":"ok","records":[{record}]}}}}"#
        ))
    }

    #[test]
    fn a_detail_screen_names_its_record_by_id() {
        let m = model(
            "pipelines",
            "get",
            r#"{"uuid":"etl_daily","name":"ETL daily"}"#,
        );
        let context = looking_at(&m).expect("a record");
        assert_eq!(
            context.text,
            "The user is looking at the pipelines record etl_daily."
        );
        assert_eq!(
            context.structured,
            json!({"uuid": "etl_daily", "resource": "pipelines"})
        );
        assert_eq!(
            looking_at(&model("pipelines", "list", r#"{"uuid":"a"},{"uuid":"b"}"#)),
            None,
            "a list is not a record"
        );
    }

    #[test]
    fn redacted_ids_are_never_named() {
        let m = model("pipelines", "get", r#"{"uuid":"[redacted]","name":"x"}"#);
        assert_eq!(looking_at(&m), None);
        assert_eq!(selected_block("etl", "[redacted]"), None);
        assert_eq!(
            selected_block("etl", "load").map(|c| c.structured),
            Some(json!({"resource": "blocks", "uuid": "load", "pipeline_uuid": "etl"}))
        );
    }

    #[test]
    fn only_a_failed_run_or_block_is_asked_about() {
        let failed = model(
            "pipeline_runs",
            "get",
            r#"{"id":4821,"pipeline_uuid":"etl_daily","status":"failed"}"#,
        );
        assert_eq!(
            failed_record(&failed),
            Some(("pipeline_runs".into(), "4821".into()))
        );
        let done = model(
            "pipeline_runs",
            "get",
            r#"{"id":4821,"status":"completed"}"#,
        );
        assert_eq!(failed_record(&done), None);
        let pipeline = model("pipelines", "get", r#"{"uuid":"etl","status":"failed"}"#);
        assert_eq!(failed_record(&pipeline), None);
    }

    #[test]
    fn a_followed_run_s_end_names_its_status_duration_and_failed_blocks() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/pipeline_runs/get-failed.json"
        ))
        .expect("fixture");
        let m = model_from_json_text(&text);
        let told = run_ended(&m, &["4822".into()]).expect("told");
        assert_eq!(
            told.text,
            "Pipeline run 4822 of etl_daily failed after 3 s; failed blocks: clean_orders."
        );
        assert_eq!(
            told.structured,
            json!({"resource": "pipeline_runs", "id": "4822", "status": "failed", "pipeline_uuid": "etl_daily", "duration_seconds": 3.0, "failed_blocks": ["clean_orders"]})
        );
        let list = model(
            "pipeline_runs",
            "list",
            r#"{"id":1,"status":"completed"},{"id":2,"status":"failed"},{"id":3,"status":"completed"}"#,
        );
        let told = run_ended(&list, &["1".into(), "2".into()]).expect("told");
        assert_eq!(
            told.text,
            "The pipeline runs the user was watching ended: 1 completed, 2 failed."
        );
        assert_eq!(run_ended(&list, &["9".into()]), None);
    }
}
