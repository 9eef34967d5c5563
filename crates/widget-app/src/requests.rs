//! What the widget may ask its host's MCP server for: a tool call from one fixed list of read-only
//! tools, never anything that creates, updates, deletes, runs or syncs. Every request the widget
//! makes is a [`ToolRequest`], and the only ways to make one are [`ToolRequest::read_only`] (a
//! name from [`TOOLS_THE_WIDGET_CALLS`]) and the drill-down table in [`open_record`]: a mutating
//! tool name cannot be sent, whatever a result or a host says.
//!
//! Drill-down (which read tool opens a row of a list):
//!
//! | a row of | opens with | arguments |
//! |---|---|---|
//! | `pipelines` | `pipeline_get` | `uuid` ← the row's `uuid` |
//! | `blocks` | `block_get` | `pipeline_uuid` ← the row's, else the list call's; `uuid` ← the row's |
//! | `pipeline_runs` | `run_logs` | `pipeline_run_id` ← the row's `id` |
//!
//! Rows of any other resource open nothing. A graph node whose block the result lacks opens with
//! `block_get` (the pipeline's `uuid` and the node's id).

use serde_json::{Map, Value};

/// The tools the widget may call, listed once for the widget and its server in `widget-result`.
pub use widget_result::TOOLS_THE_WIDGET_CALLS;

pub use widget_model::rows::{RecordIds, MAX_ID_CHARS};

/// A tool call the widget asks its host to make.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolRequest {
    tool: &'static str,
    arguments: Map<String, Value>,
}

impl ToolRequest {
    /// A request for `tool` with `arguments`, if `tool` is one of [`TOOLS_THE_WIDGET_CALLS`].
    pub fn read_only(tool: &str, arguments: Map<String, Value>) -> Option<ToolRequest> {
        let tool = TOOLS_THE_WIDGET_CALLS.iter().find(|t| **t == tool)?;
        Some(ToolRequest { tool, arguments })
    }

    pub fn tool(&self) -> &'static str {
        self.tool
    }

    pub fn arguments(&self) -> &Map<String, Value> {
        &self.arguments
    }

    /// The `tools/call` params: `{"name": …, "arguments": {…}}`.
    pub fn params(&self) -> Value {
        serde_json::json!({ "name": self.tool, "arguments": self.arguments })
    }
}

/// A usable identifier: non-empty, not the redaction mark, not cut.
pub(crate) fn usable(value: Option<&str>) -> Option<String> {
    let value = value?.trim();
    let ok =
        !value.is_empty() && value.chars().count() <= MAX_ID_CHARS && !value.contains("[redacted]");
    ok.then(|| value.to_owned())
}

fn arguments(pairs: &[(&str, String)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), Value::String(v.clone())))
        .collect()
}

/// The read tool that opens a row of `resource` (see the table above), given the row's ids and the
/// arguments of the call that listed it (for a block list's `pipeline_uuid`); `None` when the
/// resource has no such tool or the row lacks a usable id.
pub fn open_record(
    resource: &str,
    ids: &RecordIds,
    list_arguments: &Map<String, Value>,
) -> Option<ToolRequest> {
    let (tool, args) = match resource {
        "pipelines" => (
            "pipeline_get",
            arguments(&[("uuid", usable(ids.uuid.as_deref())?)]),
        ),
        "blocks" => {
            let pipeline = usable(ids.pipeline_uuid.as_deref())
                .or_else(|| usable(list_arguments.get("pipeline_uuid").and_then(Value::as_str)))?;
            (
                "block_get",
                arguments(&[
                    ("pipeline_uuid", pipeline),
                    ("uuid", usable(ids.uuid.as_deref())?),
                ]),
            )
        }
        "pipeline_runs" => (
            "run_logs",
            arguments(&[("pipeline_run_id", usable(ids.id.as_deref())?)]),
        ),
        _ => return None,
    };
    ToolRequest::read_only(tool, args)
}

/// `block_get` for a graph node of pipeline `pipeline_uuid`.
pub fn open_block(pipeline_uuid: &str, block_uuid: &str) -> Option<ToolRequest> {
    let args = arguments(&[
        ("pipeline_uuid", usable(Some(pipeline_uuid))?),
        ("uuid", usable(Some(block_uuid))?),
    ]);
    ToolRequest::read_only("block_get", args)
}

/// The same call again, for Refresh: only when the shown result came from a read-only tool.
pub fn refresh(tool: &str, arguments: &Map<String, Value>) -> Option<ToolRequest> {
    ToolRequest::read_only(tool, arguments.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ids(uuid: Option<&str>, id: Option<&str>, pipeline: Option<&str>) -> RecordIds {
        RecordIds {
            uuid: uuid.map(Into::into),
            id: id.map(Into::into),
            pipeline_uuid: pipeline.map(Into::into),
        }
    }

    #[test]
    fn no_mutating_tool_can_be_requested() {
        for tool in [
            "pipeline_create",
            "pipeline_update",
            "pipeline_delete",
            "block_create",
            "block_update",
            "block_delete",
            "run_pipeline",
            "sync_project_to_local",
            "sync_local_to_remote",
            "block_templates_list",
            "teams",
            "",
            "pipeline_get ",
        ] {
            assert_eq!(ToolRequest::read_only(tool, Map::new()), None, "{tool}");
            assert_eq!(refresh(tool, &Map::new()), None, "{tool}");
        }
        assert_eq!(
            ToolRequest::read_only("pipeline_get", Map::new()).map(|r| r.tool()),
            Some("pipeline_get")
        );
    }

    #[test]
    fn rows_open_through_the_table() {
        let none = Map::new();
        let open = |resource, ids: &RecordIds, list: &Map<String, Value>| {
            open_record(resource, ids, list).map(|r| r.params())
        };
        assert_eq!(
            open("pipelines", &ids(Some("etl"), None, None), &none),
            Some(json!({"name": "pipeline_get", "arguments": {"uuid": "etl"}}))
        );
        let list = json!({"pipeline_uuid": "etl"})
            .as_object()
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            open("blocks", &ids(Some("load"), None, None), &list),
            Some(
                json!({"name": "block_get", "arguments": {"pipeline_uuid": "etl", "uuid": "load"}})
            )
        );
        assert_eq!(
            open("blocks", &ids(Some("load"), None, Some("other")), &list),
            Some(
                json!({"name": "block_get", "arguments": {"pipeline_uuid": "other", "uuid": "load"}})
            )
        );
        assert_eq!(
            open("blocks", &ids(Some("load"), None, None), &none),
            None,
            "no pipeline known"
        );
        assert_eq!(
            open("pipeline_runs", &ids(None, Some("4821"), None), &none),
            Some(json!({"name": "run_logs", "arguments": {"pipeline_run_id": "4821"}}))
        );
        for resource in [
            "pipeline_schedules",
            "pipeline_triggers",
            "block_runs",
            "block_outputs",
            "backfills",
            "teams",
        ] {
            assert_eq!(
                open(resource, &ids(Some("a"), Some("1"), Some("p")), &none),
                None,
                "{resource}"
            );
        }
    }

    #[test]
    fn unusable_ids_open_nothing() {
        let none = Map::new();
        for bad in ["", "  ", "[redacted]", &"x".repeat(MAX_ID_CHARS + 1)] {
            assert_eq!(
                open_record("pipelines", &ids(Some(bad), None, None), &none),
                None
            );
        }
        assert_eq!(open_block("etl", ""), None);
        assert_eq!(
            open_block("etl", "load").map(|r| r.params()),
            Some(
                json!({"name": "block_get", "arguments": {"pipeline_uuid": "etl", "uuid": "load"}})
            )
        );
    }
}
