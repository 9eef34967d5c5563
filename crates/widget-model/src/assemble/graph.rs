//! The result's graph, checked, and the records of its blocks by node.

use serde_json::{Map, Value};

use super::about::About;
use crate::cell::{Cell, CellContext, ColumnKind, Degraded, Field, KeyHints};
use crate::graph::{validate_graph, GraphOutcome};
use crate::model::{Arrangement, NodeDetail};
use crate::text::humanize_key;
use crate::words::GraphProblem;

/// The result's graph, checked ([`validate_graph`]), and how many values were redacted in it. A
/// pipeline's detail is where a graph belongs: when it has none, the reason says so.
pub(super) fn result_graph(
    graph: Option<&serde_json::value::RawValue>,
    arrangement: Arrangement,
    about: &About,
) -> (GraphOutcome, usize) {
    let (graph, redacted) = validate_graph(graph, about.hints.graph_node_limit());
    let expected = arrangement == Arrangement::Detail
        && about.action == "get"
        && matches!(about.resource.as_str(), "pipeline" | "pipelines");
    if graph == GraphOutcome::Absent && expected {
        return (GraphOutcome::Fallback(GraphProblem::Missing), redacted);
    }
    (graph, redacted)
}

/// For each node of a drawable graph, the record of its block when the result carries it: a
/// record (or an item of a record's `blocks`) whose `uuid` or `id` is the node's id.
pub(super) fn node_details(
    graph: &GraphOutcome,
    records: &[&Map<String, Value>],
) -> Vec<NodeDetail> {
    let GraphOutcome::Drawable(graph) = graph else {
        return Vec::new();
    };
    let node_ids = graph.nodes.iter().map(|n| n.id.as_str());
    let mut by_id: std::collections::HashMap<&str, &Map<String, Value>> =
        std::collections::HashMap::new();
    let nested = records
        .iter()
        .filter_map(|r| r.get("blocks")?.as_array())
        .flatten()
        .filter_map(Value::as_object);
    for candidate in records.iter().copied().chain(nested) {
        for key in ["uuid", "id"] {
            if let Some(id) = candidate.get(key).and_then(Value::as_str) {
                by_id.entry(id).or_insert(candidate);
            }
        }
    }
    node_ids
        .filter_map(|id| {
            let record = by_id.get(id)?;
            let ctx = CellContext {
                language: record.get("language").and_then(Value::as_str),
            };
            let fields = record
                .iter()
                .map(|(key, value)| {
                    let kind = ColumnKind::infer(key, &KeyHints::default());
                    Field {
                        key: key.clone(),
                        label: humanize_key(key),
                        cell: Cell::from_value(key, value, kind, &ctx, &mut Degraded::default()),
                    }
                })
                .collect();
            Some(NodeDetail {
                node_id: id.to_owned(),
                fields,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::about_resource;

    #[test]
    fn a_pipelines_detail_without_a_graph_says_so_and_a_list_does_not() {
        let (graph, _) = result_graph(
            None,
            Arrangement::Detail,
            &about_resource("pipelines", "get"),
        );
        assert_eq!(graph, GraphOutcome::Fallback(GraphProblem::Missing));
        let (graph, _) = result_graph(
            None,
            Arrangement::List,
            &about_resource("pipelines", "list"),
        );
        assert_eq!(graph, GraphOutcome::Absent);
        let (graph, _) = result_graph(None, Arrangement::Detail, &about_resource("blocks", "get"));
        assert_eq!(graph, GraphOutcome::Absent);
    }
}
