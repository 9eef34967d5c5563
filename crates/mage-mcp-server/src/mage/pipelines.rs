//! pipeline_list, pipeline_get (with the block graph), pipeline_create, pipeline_update (PUT: Mage
//! answers PATCH with 405), pipeline_delete, over Mage's `/api/pipelines`.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use super::{record, records, seg, Mage, Method};
use crate::widget_result::{
    Graph, GraphEdge, GraphNode, Hints, Mutation, Summary, ToolError, WidgetResult, MAX_GRAPH_NODES,
};

fn what(uuid: &str) -> String {
    format!("Pipeline '{uuid}'")
}

/// A pipeline as Mage serves it, without what only Mage's notebook needs: each block's
/// `outputs` (block_outputs shows those of a run).
pub fn detail_record(mut pipeline: Value) -> Value {
    if let Some(blocks) = pipeline.get_mut("blocks").and_then(Value::as_array_mut) {
        for block in blocks {
            if let Value::Object(map) = block {
                map.remove("outputs");
            }
        }
    }
    pipeline
}

fn len_of(value: &Value, key: &str) -> usize {
    value.get(key).and_then(Value::as_array).map_or(0, Vec::len)
}

pub async fn list(mage: &Mage) -> Result<WidgetResult, ToolError> {
    let body = mage
        .get(
            "/api/pipelines",
            &[("include_schedules", "1".to_owned())],
            "Pipelines",
        )
        .await?;
    // The newest runs, for each pipeline's last run (one request, not one per pipeline).
    let runs = mage
        .get(
            "/api/pipeline_runs",
            &[("_limit", "100".to_owned()), ("_offset", "0".to_owned())],
            "Pipeline runs",
        )
        .await
        .map(|b| records(&b, "pipeline_runs"))
        .unwrap_or_default();
    let mut last_run: BTreeMap<String, &Value> = BTreeMap::new();
    for run in &runs {
        if let Some(uuid) = run.get("pipeline_uuid").and_then(Value::as_str) {
            last_run.entry(uuid.to_owned()).or_insert(run);
        }
    }
    let mut pipelines = records(&body, "pipelines");
    pipelines.sort_by(|a, b| {
        a.get("uuid")
            .and_then(Value::as_str)
            .cmp(&b.get("uuid").and_then(Value::as_str))
    });
    let rows: Vec<Value> = pipelines
        .iter()
        .map(|p| {
            let uuid = p.get("uuid").and_then(Value::as_str).unwrap_or_default();
            let last = last_run.get(uuid);
            let schedules = p.get("schedules").and_then(Value::as_array);
            json!({
                "uuid": uuid,
                "name": p.get("name"),
                "type": p.get("type"),
                "description": p.get("description"),
                "blocks": len_of(p, "blocks"),
                "schedules": schedules.map_or(0, Vec::len),
                "active_schedules": schedules.map_or(0, |s| s.iter().filter(|s| s.get("status").and_then(Value::as_str) == Some("active")).count()),
                "last_run_status": last.and_then(|r| r.get("status")),
                "last_run_at": last.and_then(|r| r.get("execution_date")),
                "tags": p.get("tags"),
                "executor_type": p.get("executor_type"),
                "created_at": p.get("created_at"),
                "updated_at": p.get("updated_at"),
            })
        })
        .collect();
    Ok(crate::pipelines::list_result(
        Summary::titled("Pipelines").subtitle(format!("Mage at {}", mage.base_url())),
        rows,
    ))
}

/// The block graph: one node per block (its status in the newest run when it ran there, else the
/// block's own), an edge from each upstream block to the block that reads it.
pub fn graph_of(blocks: &[Value], run_status: &BTreeMap<String, String>) -> Graph {
    let kept: Vec<&Value> = blocks.iter().take(MAX_GRAPH_NODES).collect();
    let uuid_of = |b: &Value| {
        b.get("uuid")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let known: BTreeSet<String> = kept.iter().map(|b| uuid_of(b)).collect();
    let nodes = kept
        .iter()
        .map(|b| {
            let id = uuid_of(b);
            GraphNode {
                label: b
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or(&id)
                    .to_owned(),
                node_type: b
                    .get("type")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                status: run_status
                    .get(&id)
                    .cloned()
                    .or_else(|| b.get("status").and_then(Value::as_str).map(str::to_owned))
                    .unwrap_or_default(),
                selected: false,
                id,
            }
        })
        .collect();
    let edges = kept
        .iter()
        .flat_map(|b| {
            let target = uuid_of(b);
            b.get("upstream_blocks")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter(|up| known.contains(*up))
                .map(move |up| GraphEdge {
                    source: up.to_owned(),
                    target: target.clone(),
                })
                .collect::<Vec<_>>()
        })
        .collect();
    Graph {
        nodes,
        edges,
        total_nodes: blocks.len(),
        truncated: blocks.len() > MAX_GRAPH_NODES,
    }
}

pub async fn get(mage: &Mage, uuid: &str) -> Result<WidgetResult, ToolError> {
    let body = mage
        .get(&format!("/api/pipelines/{}", seg(uuid)?), &[], &what(uuid))
        .await?;
    let pipeline = detail_record(record(&body, "pipeline", &what(uuid))?);
    let latest = mage
        .get(
            "/api/pipeline_runs",
            &[
                ("pipeline_uuid", uuid.to_owned()),
                ("_limit", "1".to_owned()),
                ("_offset", "0".to_owned()),
            ],
            &format!("Runs of {uuid}"),
        )
        .await
        .map(|b| records(&b, "pipeline_runs"))
        .unwrap_or_default();
    let latest = latest.first();
    let run_status: BTreeMap<String, String> = latest
        .and_then(|r| r.get("block_runs"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|br| {
            Some((
                br.get("block_uuid")?.as_str()?.to_owned(),
                br.get("status")?.as_str()?.to_owned(),
            ))
        })
        .collect();
    let blocks = records(&pipeline, "blocks");
    let graph = graph_of(&blocks, &run_status);
    let name = pipeline
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(uuid)
        .to_owned();
    let kind = pipeline
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("python")
        .to_owned();
    let mut record = pipeline;
    if let Value::Object(map) = &mut record {
        map.insert(
            "last_run_status".to_owned(),
            latest
                .and_then(|r| r.get("status"))
                .cloned()
                .unwrap_or(Value::Null),
        );
        map.insert(
            "last_run_id".to_owned(),
            latest
                .and_then(|r| r.get("id"))
                .cloned()
                .unwrap_or(Value::Null),
        );
    }
    Ok(WidgetResult::new("pipeline", "get")
        .records(vec![record])
        .summary(
            Summary::titled(name.clone())
                .subtitle(format!("{kind} pipeline · {} blocks", blocks.len())),
        )
        .graph(graph)
        .hints(Hints::keys(
            name,
            "uuid",
            Some("name"),
            Some("last_run_status"),
        )))
}

pub async fn create(
    mage: &Mage,
    name: &str,
    pipeline_type: &str,
) -> Result<WidgetResult, ToolError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ToolError::api("A pipeline needs a name (400)."));
    }
    let body = json!({"pipeline": {"name": name, "type": pipeline_type}});
    let answer = mage
        .send(
            Method::Post,
            "/api/pipelines",
            &[],
            Some(&body),
            &format!("Creating pipeline '{name}'"),
        )
        .await?;
    let pipeline = detail_record(record(&answer, "pipeline", "The new pipeline")?);
    let uuid = pipeline
        .get("uuid")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    Ok(WidgetResult::new("pipeline", "create")
        .mutation(
            Mutation::new("create", "pipeline", uuid.as_str())
                .message(format!(
                    "Pipeline {uuid} created. Add blocks with block_create."
                ))
                .record(pipeline),
        )
        .hints(Hints::keys(name, "uuid", Some("name"), None)))
}

pub async fn update(
    mage: &Mage,
    uuid: &str,
    name: Option<String>,
    description: Option<String>,
) -> Result<WidgetResult, ToolError> {
    if name.is_none() && description.is_none() {
        return Err(ToolError::api(
            "Nothing to update: pass name, description or both (400).",
        ));
    }
    let path = format!("/api/pipelines/{}", seg(uuid)?);
    let before = record(
        &mage.get(&path, &[], &what(uuid)).await?,
        "pipeline",
        &what(uuid),
    )?;
    let mut changes = Map::new();
    let mut sent = Map::new();
    if let Some(name) = name {
        let name = name.trim().to_owned();
        if name.is_empty() {
            return Err(ToolError::api("A pipeline's name cannot be empty (400)."));
        }
        if Some(name.as_str()) != before.get("name").and_then(Value::as_str) {
            changes.insert(
                "name".to_owned(),
                json!({"from": before.get("name"), "to": name}),
            );
            sent.insert("name".to_owned(), json!(name));
        }
    }
    if let Some(description) = description {
        if Some(description.as_str()) != before.get("description").and_then(Value::as_str) {
            changes.insert(
                "description".to_owned(),
                json!({"from": before.get("description"), "to": description}),
            );
            sent.insert("description".to_owned(), json!(description));
        }
    }
    let after = if sent.is_empty() {
        before
    } else {
        // PUT, never PATCH: Mage 0.9.80 answers PATCH on a pipeline with 405.
        let body = json!({ "pipeline": Value::Object(sent) });
        let answer = mage
            .send(
                Method::Put,
                &path,
                &[],
                Some(&body),
                &format!("Updating pipeline '{uuid}'"),
            )
            .await?;
        record(&answer, "pipeline", &what(uuid))?
    };
    let new_uuid = after
        .get("uuid")
        .and_then(Value::as_str)
        .unwrap_or(uuid)
        .to_owned();
    let message = if changes.is_empty() {
        format!("Pipeline {uuid} already had these values; nothing changed.")
    } else if new_uuid != uuid {
        changes.insert("uuid".to_owned(), json!({"from": uuid, "to": new_uuid}));
        format!("Pipeline {uuid} updated; Mage renamed it, its uuid is now {new_uuid}.")
    } else {
        format!("Pipeline {uuid} updated.")
    };
    let title = after
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(&new_uuid)
        .to_owned();
    Ok(WidgetResult::new("pipeline", "update")
        .records(vec![detail_record(after)])
        .mutation(
            Mutation::new("update", "pipeline", new_uuid.as_str())
                .message(message)
                .changes(changes),
        )
        .hints(Hints::keys(title, "uuid", Some("name"), None)))
}

pub async fn delete(mage: &Mage, uuid: &str) -> Result<WidgetResult, ToolError> {
    let answer = mage
        .send(
            Method::Delete,
            &format!("/api/pipelines/{}", seg(uuid)?),
            &[],
            None,
            &what(uuid),
        )
        .await?;
    let deleted = answer.get("pipeline").cloned().unwrap_or(Value::Null);
    let name = deleted
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(uuid)
        .to_owned();
    let blocks = len_of(&deleted, "blocks");
    Ok(WidgetResult::new("pipeline", "delete")
        .mutation(Mutation::new("delete", "pipeline", uuid).message(format!(
            "Pipeline {uuid} deleted permanently with its {blocks} blocks; this cannot be undone."
        )))
        .hints(Hints {
            title: Some(format!("{name} deleted")),
            ..Hints::default()
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_comes_from_upstream_blocks_with_run_statuses() {
        let blocks = vec![
            json!({"uuid": "load", "name": "load", "type": "data_loader", "status": "executed", "upstream_blocks": []}),
            json!({"uuid": "clean", "name": "clean", "type": "transformer", "status": "updated", "upstream_blocks": ["load"]}),
            json!({"uuid": "export", "name": "export", "type": "data_exporter", "status": "not_executed", "upstream_blocks": ["clean", "gone"]}),
        ];
        let statuses = BTreeMap::from([("clean".to_owned(), "failed".to_owned())]);
        let graph = graph_of(&blocks, &statuses);
        assert_eq!(graph.nodes.len(), 3);
        assert_eq!(
            graph.edges.len(),
            2,
            "an unknown upstream block makes no edge"
        );
        assert_eq!(graph.nodes[1].status, "failed");
        assert_eq!(graph.nodes[0].status, "executed");
        assert!(!graph.truncated && graph.total_nodes == 3);
    }

    #[test]
    fn block_outputs_are_left_out_of_a_pipeline_record() {
        let record = detail_record(
            json!({"uuid": "p", "blocks": [{"uuid": "b", "content": "x", "outputs": [1]}]}),
        );
        assert_eq!(record["blocks"][0], json!({"uuid": "b", "content": "x"}));
    }
}
