//! What the widget tells the assistant, when the host lets it: which record the user is looking
//! at (MCP Apps `ui/update-model-context`: one short sentence and a small structured object), and
//! the question "Ask about this" sends about a failed run or block (`ui/message`). Both are built
//! from the model, which is already redacted, and name records by their ids only (never a value
//! that was redacted or cut: `requests`'s rule for ids).

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
}
