//! Graph validation. A result's `graph` is drawn only when every check of the contract holds;
//! otherwise the widget shows its table with a one-line reason. Checks run cheapest first, and the
//! node limit is applied before any per-node work, so a huge graph costs little.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::redact::{redact_graph_edge, redact_in_place};

use crate::limits::{MAX_GRAPH_EDGES, MAX_LAYOUT_SEGMENTS};
use crate::status::Status;
use crate::text::{bounded_text, short_line, truncate_chars};
use crate::words::{EdgeEnd, GraphProblem};

pub use widget_result::BlockType;

/// The CSS modifier of a node's block type (`node--data-loader`), `other` for a type outside the
/// tool interface's list.
pub fn block_css_name(block_type: Option<BlockType>) -> &'static str {
    match block_type {
        Some(BlockType::DataLoader) => "data-loader",
        Some(BlockType::Transformer) => "transformer",
        Some(BlockType::DataExporter) => "data-exporter",
        Some(BlockType::Sensor) => "sensor",
        Some(BlockType::Callback) => "callback",
        Some(BlockType::Chart) => "chart",
        Some(BlockType::Conditional) => "conditional",
        Some(BlockType::Custom) => "custom",
        Some(BlockType::Dbt) => "dbt",
        Some(BlockType::Extension) => "extension",
        Some(BlockType::GlobalDataProduct) => "global-data-product",
        Some(BlockType::Markdown) => "markdown",
        Some(BlockType::Scratchpad) => "scratchpad",
        None => "other",
    }
}

/// One block of a drawable graph.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    pub id: String,
    pub label: String,
    /// The type as written, for the accessible name; `block_type` is its family, when it is one of
    /// the tool interface's.
    pub type_name: String,
    pub block_type: Option<BlockType>,
    pub status: Option<Status>,
    pub selected: bool,
}

/// A graph that passed every check: ids unique, edges between known nodes, no cycle.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    pub nodes: Vec<GraphNode>,
    /// (source, target) as indices into `nodes`, without duplicates.
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// The graph as a table of its blocks, for a graph too large to read as a drawing: each block
    /// with its type, its status and the blocks it reads from and feeds, in the graph's order.
    pub fn blocks_table(&self) -> crate::table::Table {
        use crate::cell::{Cell, ColumnKind};
        use crate::rows::{RecordIds, Row, Rows};
        use crate::table::{Column, Table};
        use crate::words::Text;
        let neighbours = |index: usize, upstream: bool| {
            let names: Vec<String> = self
                .edges
                .iter()
                .filter_map(|&(s, t)| match upstream {
                    true if t == index => Some(s),
                    false if s == index => Some(t),
                    _ => None,
                })
                .filter_map(|i| Some(self.nodes.get(i)?.id.clone()))
                .collect();
            if names.is_empty() {
                Cell::Missing
            } else {
                Cell::Tags(names)
            }
        };
        let rows = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| Row {
                key: node.id.clone(),
                cells: vec![
                    Cell::Id(node.id.clone()),
                    if node.type_name.is_empty() {
                        Cell::Missing
                    } else {
                        Cell::Text(node.type_name.clone())
                    },
                    node.status.clone().map_or(Cell::Missing, Cell::Status),
                    neighbours(i, true),
                    neighbours(i, false),
                ],
                ids: RecordIds {
                    uuid: Some(node.id.clone()),
                    ..RecordIds::default()
                },
            })
            .collect();
        let column = |key: &str, kind: ColumnKind| Column {
            key: key.to_owned(),
            label: Text::Given(crate::text::humanize_key(key)),
            kind,
            numeric: false,
            secondary: false,
            lead: false,
            relative: false,
            detail: false,
            declared: false,
            shared: false,
        };
        Table {
            columns: vec![
                column("block", ColumnKind::Id),
                column("type", ColumnKind::Text),
                column("status", ColumnKind::Status),
                column("upstream_blocks", ColumnKind::Tags),
                column("downstream_blocks", ColumnKind::Tags),
            ],
            rows: Rows::built(rows),
            omitted_rows: 0,
        }
    }
}

/// What became of a result's `graph`.
#[derive(Clone, Debug, PartialEq)]
pub enum GraphOutcome {
    /// The result carries no graph (absent or null).
    Absent,
    Drawable(Graph),
    /// The graph is not drawn, for this reason ("an edge names the unknown block 'x'").
    Fallback(GraphProblem),
}

/// Validates a result's `graph`, given as its JSON text, against the contract, drawing at most
/// `node_limit` nodes. Returns the outcome and how many sensitive values were redacted in it.
///
/// The work is bounded by the input's size, never by its square, and nothing is built before the
/// counts allow it: the graph is read as raw node and edge spans, the node and edge counts are
/// checked first, only then is each node and edge parsed (and redacted), and the
/// layout's own work (every edge segment between two adjacent layers,
/// [`graph_layout::segment_count`]) is checked before the graph is declared drawable.
pub fn validate_graph(raw: Option<&RawValue>, node_limit: usize) -> (GraphOutcome, usize) {
    let mut redacted = 0;
    let outcome = match checked_graph(raw, node_limit, &mut redacted) {
        Ok(Some(graph)) => GraphOutcome::Drawable(graph),
        Ok(None) => GraphOutcome::Absent,
        Err(problem) => GraphOutcome::Fallback(problem),
    };
    (outcome, redacted)
}

/// A count as the messages carry it (lossless on every target).
fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// A graph's parts as spans of the text: only its scalars are parsed.
#[derive(Default)]
struct RawGraph<'a> {
    nodes: Option<RawList<'a>>,
    edges: Option<RawList<'a>>,
    total_nodes: Option<Value>,
    truncated: Option<Value>,
}

/// A list's items as raw spans, or a sign that the value was not a list.
enum RawList<'a> {
    Items(Vec<&'a RawValue>),
    NotAList,
}

impl<'de> Deserialize<'de> for RawList<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = RawList<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawList<'de>, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<&'de RawValue>()? {
                    items.push(item);
                }
                Ok(RawList::Items(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawList<'de>, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(RawList::NotAList)
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawList<'de>, E> {
                Ok(RawList::NotAList)
            }
        }
        d.deserialize_any(ListVisitor)
    }
}

/// Reads `text` as a graph object; `None` when it is not an object.
fn raw_graph(text: &str) -> Option<RawGraph<'_>> {
    struct GraphVisitor;
    impl<'de> Visitor<'de> for GraphVisitor {
        type Value = Option<RawGraph<'de>>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a graph")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut graph = RawGraph::default();
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                match key.as_ref() {
                    "nodes" => graph.nodes = Some(map.next_value()?),
                    "edges" => graph.edges = Some(map.next_value()?),
                    "totalNodes" => graph.total_nodes = Some(map.next_value()?),
                    "truncated" => graph.truncated = Some(map.next_value()?),
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            Ok(Some(graph))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(None)
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    de.deserialize_any(GraphVisitor).ok().flatten()
}

/// The graph of `raw` when every check holds, cheapest first: its shape, whether it is whole, its
/// counts against the limits, then each node and edge (parsed and redacted only now), and last
/// whether it can be drawn at all. `None` when there is no graph.
fn checked_graph(
    raw: Option<&RawValue>,
    node_limit: usize,
    redacted: &mut usize,
) -> Result<Option<Graph>, GraphProblem> {
    let text = match raw.map(RawValue::get) {
        None | Some("null") => return Ok(None),
        Some(text) => text,
    };
    let graph = raw_graph(text).ok_or(GraphProblem::NotAnObject)?;
    let (nodes, edges) = node_and_edge_lists(&graph)?;
    check_whole(&graph, nodes.len())?;
    check_counts(nodes.len(), edges.len(), node_limit)?;
    let nodes = parsed_nodes(nodes, redacted)?;
    let index = node_index(&nodes)?;
    let edges = parsed_edges(edges, &index, redacted)?;
    check_drawable(&nodes, &edges)?;
    Ok(Some(Graph { nodes, edges }))
}

/// The raw items of `nodes` and `edges`: both must be lists.
fn node_and_edge_lists<'g, 'a>(
    graph: &'g RawGraph<'a>,
) -> Result<(&'g [&'a RawValue], &'g [&'a RawValue]), GraphProblem> {
    let Some(RawList::Items(nodes)) = &graph.nodes else {
        return Err(GraphProblem::NodesNotAList);
    };
    let Some(RawList::Items(edges)) = &graph.edges else {
        return Err(GraphProblem::EdgesNotAList);
    };
    Ok((nodes, edges))
}

/// Whether the graph carries every block: not marked `truncated`, and `totalNodes` (when given)
/// says the `carried` count.
fn check_whole(graph: &RawGraph<'_>, carried: usize) -> Result<(), GraphProblem> {
    let total = graph.total_nodes.as_ref().filter(|t| !t.is_null());
    if graph.truncated == Some(Value::Bool(true)) {
        return Err(GraphProblem::Truncated {
            sent: count(carried),
            total: total.and_then(Value::as_u64),
        });
    }
    match total.map(Value::as_u64) {
        None => Ok(()),
        // Compared as u64: on wasm32 a usize cast would read 2^32 + 3 as 3.
        Some(Some(said)) if said == count(carried) => Ok(()),
        Some(Some(said)) => Err(GraphProblem::TotalMismatch {
            said,
            carried: count(carried),
        }),
        Some(None) => Err(GraphProblem::TotalNotWhole),
    }
}

/// Whether the counts are within the limits, before any node or edge is parsed.
fn check_counts(nodes: usize, edges: usize, node_limit: usize) -> Result<(), GraphProblem> {
    if nodes > node_limit {
        return Err(GraphProblem::TooManyNodes {
            count: count(nodes),
            limit: count(node_limit),
        });
    }
    if edges > MAX_GRAPH_EDGES {
        return Err(GraphProblem::TooManyEdges {
            count: count(edges),
            limit: count(MAX_GRAPH_EDGES),
        });
    }
    Ok(())
}

/// Each node parsed and redacted; each must be an object with a string id.
fn parsed_nodes(nodes: &[&RawValue], redacted: &mut usize) -> Result<Vec<GraphNode>, GraphProblem> {
    let mut parsed = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let number = count(i) + 1;
        let mut value: Value = serde_json::from_str(node.get()).unwrap_or(Value::Null);
        // Redacted before anything is read: a node's id stays as sent unless it is shaped like a
        // credential; its other values lose their secrets.
        *redacted += redact_in_place(&mut value);
        let Some(obj) = value.as_object() else {
            return Err(GraphProblem::NodeNotObject { index: number });
        };
        let Some(id) = obj.get("id").and_then(Value::as_str) else {
            return Err(GraphProblem::NodeWithoutId { index: number });
        };
        parsed.push(node_from(id, obj));
    }
    Ok(parsed)
}

/// Each node's position by its id; no two nodes may share one.
fn node_index(nodes: &[GraphNode]) -> Result<HashMap<&str, usize>, GraphProblem> {
    let mut index = HashMap::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        if index.insert(node.id.as_str(), i).is_some() {
            return Err(GraphProblem::DuplicateId {
                id: short_line(&node.id),
            });
        }
    }
    Ok(index)
}

/// Each edge parsed and redacted, as (source, target) positions, sorted and without duplicates;
/// both ends must name known nodes.
fn parsed_edges(
    edges: &[&RawValue],
    index: &HashMap<&str, usize>,
    redacted: &mut usize,
) -> Result<Vec<(usize, usize)>, GraphProblem> {
    let mut edge_list = Vec::with_capacity(edges.len());
    for (i, edge) in edges.iter().enumerate() {
        let number = count(i) + 1;
        let mut value: Value = serde_json::from_str(edge.get()).unwrap_or(Value::Null);
        // An end names a block by id, redacted as the node's id was, so the two still match.
        *redacted += redact_graph_edge(&mut value);
        let Some(obj) = value.as_object() else {
            return Err(GraphProblem::EdgeNotObject { index: number });
        };
        let end = |name: &str, which: EdgeEnd| -> Result<usize, GraphProblem> {
            match obj.get(name) {
                Some(Value::String(id)) => index
                    .get(id.as_str())
                    .copied()
                    .ok_or_else(|| GraphProblem::UnknownBlock { id: short_line(id) }),
                _ => Err(GraphProblem::EdgeWithoutEnd {
                    index: number,
                    end: which,
                }),
            }
        };
        edge_list.push((
            end("source", EdgeEnd::Source)?,
            end("target", EdgeEnd::Target)?,
        ));
    }
    widget_sort::sort_by(&mut edge_list, Ord::cmp);
    edge_list.dedup();
    Ok(edge_list)
}

/// Whether the graph can be drawn: no cycle, and a layout within [`MAX_LAYOUT_SEGMENTS`].
/// `edges` must be sorted by source.
fn check_drawable(nodes: &[GraphNode], edges: &[(usize, usize)]) -> Result<(), GraphProblem> {
    if let Some(node) = find_cycle(nodes.len(), edges) {
        return Err(GraphProblem::Cycle {
            id: short_line(&nodes[node].id),
        });
    }
    let segments = graph_layout::segment_count(nodes.len(), edges);
    if segments > MAX_LAYOUT_SEGMENTS {
        return Err(GraphProblem::TooMuchLayout {
            segments,
            limit: MAX_LAYOUT_SEGMENTS,
        });
    }
    Ok(())
}

fn node_from(id: &str, obj: &Map<String, Value>) -> GraphNode {
    let text = |key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
    };
    let type_name = text("type").map_or_else(String::new, |t| truncate_chars(t, 64));
    GraphNode {
        id: id.to_owned(),
        label: bounded_text(text("label").unwrap_or(id)),
        block_type: BlockType::parse(&type_name),
        type_name,
        status: text("status").map(Status::new),
        selected: obj.get("selected") == Some(&Value::Bool(true)),
    }
}

/// A node on a cycle, or `None` when the graph is acyclic (Kahn's algorithm, O(nodes + edges)).
/// `edges` must be sorted by source.
fn find_cycle(node_count: usize, edges: &[(usize, usize)]) -> Option<usize> {
    let mut indegree = vec![0usize; node_count];
    // Edges are sorted by source, so node n's out-edges are edges[start[n]..start[n + 1]].
    let mut start = vec![0usize; node_count + 1];
    for &(s, t) in edges {
        indegree[t] += 1;
        start[s + 1] += 1;
    }
    for n in 0..node_count {
        start[n + 1] += start[n];
    }
    let mut ready: Vec<usize> = (0..node_count).filter(|&n| indegree[n] == 0).collect();
    let mut seen = 0;
    while let Some(n) = ready.pop() {
        seen += 1;
        for &(_, t) in &edges[start[n]..start[n + 1]] {
            indegree[t] -= 1;
            if indegree[t] == 0 {
                ready.push(t);
            }
        }
    }
    if seen == node_count {
        return None;
    }
    // Every node left has a predecessor that is also left; walking predecessors node_count steps
    // lands on a cycle. Report its first node in input order, so the message is stable.
    let mut pred = vec![0usize; node_count];
    for &(s, t) in edges {
        if indegree[s] > 0 && indegree[t] > 0 {
            pred[t] = s;
        }
    }
    let mut on_cycle = (0..node_count).find(|&n| indegree[n] > 0)?;
    for _ in 0..node_count {
        on_cycle = pred[on_cycle];
    }
    let (mut n, mut first) = (pred[on_cycle], on_cycle);
    while n != on_cycle {
        first = first.min(n);
        n = pred[n];
    }
    Some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_reads_as_a_table_of_its_blocks_and_their_neighbours() {
        let text = r#"{"nodes":[{"id":"load","type":"data_loader","status":"completed"},{"id":"clean","type":"transformer"},{"id":"export","type":"data_exporter"}],"edges":[{"source":"load","target":"clean"},{"source":"clean","target":"export"},{"source":"load","target":"export"}]}"#;
        let raw = serde_json::value::RawValue::from_string(text.to_owned()).expect("raw");
        let (GraphOutcome::Drawable(graph), _) = validate_graph(Some(&raw), 500) else {
            panic!("drawable")
        };
        let table = graph.blocks_table();
        let keys: Vec<&str> = table.columns.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "block",
                "type",
                "status",
                "upstream_blocks",
                "downstream_blocks"
            ]
        );
        let row = |i: usize| -> Vec<String> {
            table.rows.get(i).map_or_else(Vec::new, |r| {
                r.cells.iter().map(crate::cell::Cell::plain_text).collect()
            })
        };
        assert_eq!(
            row(0),
            ["load", "data_loader", "completed", "", "clean, export"]
        );
        assert_eq!(row(2), ["export", "data_exporter", "", "load, clean", ""]);
    }
    use serde_json::json;

    fn check(graph: Value) -> GraphOutcome {
        validate(&graph, 500)
    }

    fn validate(graph: &Value, limit: usize) -> GraphOutcome {
        let text = graph.to_string();
        let raw: Box<RawValue> = serde_json::from_str(&text).expect("json");
        validate_graph(Some(&raw), limit).0
    }

    fn reason(graph: Value) -> String {
        match check(graph) {
            GraphOutcome::Fallback(r) => {
                crate::words::english(&crate::words::Msg::GraphNotDrawn(r))
            }
            other => panic!("expected a fallback, got {other:?}"),
        }
    }

    fn nodes(ids: &[&str]) -> Value {
        Value::Array(
            ids.iter()
                .map(|id| json!({ "id": id, "label": id, "type": "transformer" }))
                .collect(),
        )
    }

    #[test]
    fn ids_shaped_like_credentials_are_redacted_in_nodes_and_edge_ends_alike() {
        let key = "AKIAIOSFODNN7EXAMPLE";
        let graph = json!({
            "nodes": [{ "id": key, "label": "Load" }, { "id": "clean" }],
            "edges": [{ "source": key, "target": "clean" }]
        });
        let text = graph.to_string();
        let raw: Box<RawValue> = serde_json::from_str(&text).expect("json");
        let (outcome, redacted) = validate_graph(Some(&raw), 500);
        assert_eq!(redacted, 2, "the node's id and the edge's end");
        let GraphOutcome::Drawable(g) = outcome else {
            panic!("drawable expected: {outcome:?}")
        };
        assert_eq!(g.nodes[0].id, crate::redact::REDACTED);
        assert_eq!(g.edges, [(0, 1)]);
        // An edge naming an unknown block shaped like a credential: the reason does not quote it.
        let why = reason(json!({
            "nodes": nodes(&["a"]),
            "edges": [{ "source": "a", "target": "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc" }]
        }));
        assert!(!why.contains("sk_live_"), "{why}");
    }

    #[test]
    fn a_valid_graph_is_drawable() {
        let g = check(json!({
            "nodes": [
                { "id": "load", "label": "Load orders", "type": "data_loader", "status": "completed", "selected": true },
                { "id": "clean", "type": "transformer" },
                { "id": "export", "type": "data_exporter", "status": "not_executed" }
            ],
            "edges": [
                { "source": "load", "target": "clean" },
                { "source": "clean", "target": "export" },
                { "source": "load", "target": "clean" }
            ],
            "totalNodes": 3,
            "truncated": false
        }));
        let GraphOutcome::Drawable(g) = g else {
            panic!("drawable expected: {g:?}")
        };
        assert_eq!(g.nodes.len(), 3);
        assert_eq!(g.edges, [(0, 1), (1, 2)], "duplicate edge dropped");
        assert_eq!(g.nodes[0].block_type, Some(BlockType::DataLoader));
        assert!(g.nodes[0].selected);
        assert_eq!(g.nodes[1].label, "clean", "label defaults to the id");
    }

    #[test]
    fn absent_graphs_are_not_fallbacks() {
        assert_eq!(validate_graph(None, 500).0, GraphOutcome::Absent);
        assert_eq!(validate(&Value::Null, 500), GraphOutcome::Absent);
    }

    #[test]
    fn every_malformed_kind_has_its_reason() {
        let cases = [
            (json!("graph"), "not an object"),
            (json!({ "nodes": {}, "edges": [] }), "nodes are not a list"),
            (json!({ "nodes": [] }), "edges are not a list"),
            (
                json!({ "nodes": [{ "label": "x" }], "edges": [] }),
                "node #1 has no string id",
            ),
            (
                json!({ "nodes": [{ "id": 7 }], "edges": [] }),
                "node #1 has no string id",
            ),
            (
                json!({ "nodes": [1], "edges": [] }),
                "node #1 is not an object",
            ),
            (
                json!({ "nodes": nodes(&["a", "a"]), "edges": [] }),
                "two blocks share the id 'a'",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [{ "source": "a", "target": "x" }] }),
                "an edge names the unknown block 'x'",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [{ "source": "a" }] }),
                "edge #1 has no string target",
            ),
            (
                json!({ "nodes": nodes(&["a", "b", "c"]), "edges": [
                    { "source": "a", "target": "b" }, { "source": "b", "target": "c" }, { "source": "c", "target": "b" }
                ] }),
                "cycle through 'b'",
            ),
            (
                json!({ "nodes": nodes(&["d", "b", "c"]), "edges": [
                    { "source": "b", "target": "c" }, { "source": "c", "target": "b" }, { "source": "b", "target": "d" }
                ] }),
                "cycle through 'b'",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [{ "source": "a", "target": "a" }] }),
                "cycle through 'a'",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [], "truncated": true, "totalNodes": 900 }),
                "truncated it (1 of 900 blocks sent)",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [], "totalNodes": 2 }),
                "says 2 blocks but carries 1",
            ),
            (
                json!({ "nodes": nodes(&["a"]), "edges": [], "totalNodes": "1" }),
                "totalNodes is not a whole number",
            ),
        ];
        for (graph, expected) in cases {
            let r = reason(graph.clone());
            assert!(r.starts_with("Graph not drawn: "), "{r}");
            assert!(
                r.contains(expected),
                "{graph} gave {r:?}, expected {expected:?}"
            );
        }
    }

    #[test]
    fn the_node_limit_applies_before_per_node_work() {
        let many: Vec<Value> = (0..501).map(|i| json!({ "id": format!("b{i}") })).collect();
        let r = reason(json!({ "nodes": many.clone(), "edges": [] }));
        assert!(r.contains("501 blocks, more than the 500"), "{r}");
        let hinted = validate(&json!({ "nodes": nodes(&["a", "b", "c"]), "edges": [] }), 2);
        assert_eq!(
            hinted,
            GraphOutcome::Fallback(GraphProblem::TooManyNodes { count: 3, limit: 2 })
        );
    }

    #[test]
    fn quoted_ids_stay_short_and_on_one_line() {
        let long = format!("evil\n{}", "x".repeat(5000));
        let r =
            reason(json!({ "nodes": nodes(&["a"]), "edges": [{ "source": "a", "target": long }] }));
        assert!(!r.contains('\n'));
        assert!(r.len() < 200, "{r}");
    }

    #[test]
    fn a_graph_is_whole_unless_truncated_or_its_total_disagrees() {
        let whole = |text: &str, carried| check_whole(&raw_graph(text).expect("object"), carried);
        assert_eq!(whole("{}", 3), Ok(()));
        assert_eq!(whole(r#"{"totalNodes":null,"truncated":false}"#, 3), Ok(()));
        assert_eq!(whole(r#"{"totalNodes":3}"#, 3), Ok(()));
        assert_eq!(
            whole(r#"{"truncated":true,"totalNodes":900}"#, 3),
            Err(GraphProblem::Truncated {
                sent: 3,
                total: Some(900)
            })
        );
        assert_eq!(
            whole(r#"{"truncated":true}"#, 3),
            Err(GraphProblem::Truncated {
                sent: 3,
                total: None
            })
        );
        assert_eq!(
            whole(r#"{"totalNodes":4294967299}"#, 3),
            Err(GraphProblem::TotalMismatch {
                said: 4_294_967_299,
                carried: 3
            }),
            "2^32 + 3 is not 3"
        );
        assert_eq!(
            whole(r#"{"totalNodes":2.5}"#, 3),
            Err(GraphProblem::TotalNotWhole)
        );
    }

    #[test]
    fn counts_over_the_limits_are_refused_before_anything_is_parsed() {
        assert_eq!(check_counts(3, MAX_GRAPH_EDGES, 3), Ok(()));
        assert_eq!(
            check_counts(4, 0, 3),
            Err(GraphProblem::TooManyNodes { count: 4, limit: 3 })
        );
        assert_eq!(
            check_counts(3, MAX_GRAPH_EDGES + 1, 3),
            Err(GraphProblem::TooManyEdges {
                count: count(MAX_GRAPH_EDGES + 1),
                limit: count(MAX_GRAPH_EDGES)
            })
        );
    }

    fn items(text: &str) -> Vec<&RawValue> {
        serde_json::from_str(text).expect("a list")
    }

    fn graph_nodes(ids: &str) -> Vec<GraphNode> {
        parsed_nodes(&items(ids), &mut 0).expect("nodes")
    }

    #[test]
    fn nodes_are_objects_with_a_string_id_redacted_before_they_are_read() {
        let mut redacted = 0;
        let nodes = parsed_nodes(
            &items(r#"[{"id":"load","label":"Load","password":"hunter2"},{"id":"clean"}]"#),
            &mut redacted,
        )
        .expect("nodes");
        let ids: Vec<&str> = nodes.iter().map(|n| n.id.as_str()).collect();
        assert_eq!(ids, ["load", "clean"]);
        assert_eq!(redacted, 1, "the password");
        assert_eq!(
            parsed_nodes(&items(r#"[{"id":"a"},3]"#), &mut 0),
            Err(GraphProblem::NodeNotObject { index: 2 })
        );
        assert_eq!(
            parsed_nodes(&items(r#"[{"id":"a"},{"id":7}]"#), &mut 0),
            Err(GraphProblem::NodeWithoutId { index: 2 })
        );
    }

    #[test]
    fn no_two_nodes_share_an_id() {
        let nodes = graph_nodes(r#"[{"id":"a"},{"id":"b"}]"#);
        assert_eq!(node_index(&nodes).expect("unique").get("b"), Some(&1));
        let twice = graph_nodes(r#"[{"id":"a"},{"id":"b"},{"id":"a"}]"#);
        assert_eq!(
            node_index(&twice),
            Err(GraphProblem::DuplicateId { id: "a".into() })
        );
    }

    #[test]
    fn edges_join_known_nodes_sorted_and_once_each() {
        let nodes = graph_nodes(r#"[{"id":"a"},{"id":"b"},{"id":"c"}]"#);
        let index = node_index(&nodes).expect("unique");
        let edges = |text: &str| parsed_edges(&items(text), &index, &mut 0);
        assert_eq!(
            edges(
                r#"[{"source":"b","target":"c"},{"source":"a","target":"b"},{"source":"b","target":"c"}]"#
            ),
            Ok(vec![(0, 1), (1, 2)])
        );
        assert_eq!(
            edges(r#"[{"source":"a","target":"x"}]"#),
            Err(GraphProblem::UnknownBlock { id: "x".into() })
        );
        assert_eq!(
            edges(r#"[{"source":"a"}]"#),
            Err(GraphProblem::EdgeWithoutEnd {
                index: 1,
                end: EdgeEnd::Target
            })
        );
        assert_eq!(edges("[[]]"), Err(GraphProblem::EdgeNotObject { index: 1 }));
    }

    #[test]
    fn a_graph_is_drawable_without_a_cycle_and_within_the_layouts_bound() {
        let nodes = graph_nodes(r#"[{"id":"a"},{"id":"b"}]"#);
        assert_eq!(check_drawable(&nodes, &[(0, 1)]), Ok(()));
        assert_eq!(
            check_drawable(&nodes, &[(0, 1), (1, 0)]),
            Err(GraphProblem::Cycle { id: "a".into() })
        );
        // A chain of 200 blocks with an edge from the first to every other: the long edges cross
        // about 20,000 layers in all.
        let many: Vec<GraphNode> = (0..200)
            .map(|i| node_from(&format!("b{i}"), &Map::new()))
            .collect();
        let mut edges: Vec<(usize, usize)> = (2..200).map(|k| (0, k)).collect();
        edges.extend((0..199).map(|i| (i, i + 1)));
        widget_sort::sort_by(&mut edges, Ord::cmp);
        edges.dedup();
        assert!(matches!(
            check_drawable(&many, &edges),
            Err(GraphProblem::TooMuchLayout { .. })
        ));
    }

    #[test]
    fn a_long_chain_is_checked_without_recursion() {
        let n = 500;
        let ids: Vec<String> = (0..n).map(|i| format!("b{i}")).collect();
        let nodes: Vec<Value> = ids.iter().map(|id| json!({ "id": id })).collect();
        let edges: Vec<Value> = ids
            .windows(2)
            .map(|w| json!({ "source": w[0], "target": w[1] }))
            .collect();
        assert!(matches!(
            check(json!({ "nodes": nodes, "edges": edges })),
            GraphOutcome::Drawable(_)
        ));
    }
}
