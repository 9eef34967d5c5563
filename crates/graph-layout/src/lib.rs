//! Layered (Sugiyama-style) layout of a directed graph, top to bottom or left to right ([`Flow`]).
//! Pure, deterministic, and bounded: O((V + E) log V) per sweep and a fixed number of sweeps.
//!
//! 1. [`layering`]: a layer per node (longest path from the sources, then each node pulled down to
//!    sit just above its nearest successor), back edges of any cycle reversed.
//! 2. Edges spanning several layers get a dummy node per layer crossed.
//! 3. [`ordering`]: barycentre sweeps down and up the layers, counting crossings after each round
//!    and keeping the best order.
//! 4. [`placement`]: x coordinates per layer by weighted isotonic regression towards the
//!    neighbours' positions, with exact minimum separations: nodes never overlap, whatever their
//!    widths.
//! 5. Edges are routed through their dummies' positions, so they run between the layers.
//!
//! Left to right, a layer is a column as wide as its widest node, and the nodes of a layer are
//! stacked down it: the same steps, with a node's height as its extent in its layer.
//!
//! Entry points: [`segment_count`], the layout's work, which callers check against a bound first;
//! then [`layout`] (top to bottom) or [`layout_flowing`] (either [`Flow`]), a [`Placement`] of node
//! boxes and edge routes in the caller's units.
//!
//! Never: panic or loop past its bound, whatever the edges (self-loops, unknown nodes, duplicates
//! and cycles are taken as they come); place a graph differently because its edges came in another
//! order (they are sorted first); know what a node means.
//!
//! Depends on: `widget-sort` only (no serde, no DOM, no Leptos). Used by `widget-model` (a
//! graph's limits), `widget-app` (a drawn graph's geometry) and the widget's graph view.

mod crossings;
mod layered;
mod layering;
mod ordering;
mod placement;

/// Distances, in the caller's units (CSS pixels for the widget).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Height of every node box.
    pub node_height: f32,
    /// Least horizontal gap between two boxes of a layer.
    pub node_gap: f32,
    /// Vertical gap between layers (where edges run).
    pub layer_gap: f32,
    /// Space around the drawing.
    pub margin: f32,
    /// Layers running down: a layer wider than this is split into rows of at most this width
    /// (each row a layer of its own) and every row's nodes are packed side by side, so the
    /// drawing grows down instead of sideways and stays this wide. `None`: layers are as wide as
    /// they are, each node placed under its neighbours.
    pub wrap_at: Option<f32>,
}

impl Default for Spacing {
    fn default() -> Self {
        Spacing {
            node_height: 36.0,
            node_gap: 16.0,
            layer_gap: 40.0,
            margin: 8.0,
            wrap_at: None,
        }
    }
}

/// Which way the layers follow each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flow {
    /// Layers are rows, top to bottom; edges run down.
    #[default]
    Down,
    /// Layers are columns, left to right; edges run right.
    Right,
}

/// A node's box: top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub layer: usize,
}

impl NodeBox {
    pub fn center_x(&self) -> f32 {
        self.x + self.width / 2.0
    }

    pub fn center_y(&self) -> f32 {
        self.y + self.height / 2.0
    }
}

/// An edge's route, from its source's bottom to its target's top.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeRoute {
    pub source: usize,
    pub target: usize,
    pub points: Vec<(f32, f32)>,
}

/// Where [`layout`] put every node and edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub nodes: Vec<NodeBox>,
    pub edges: Vec<EdgeRoute>,
    pub width: f32,
    pub height: f32,
    pub layers: usize,
    /// Edge crossings between adjacent layers in the final order (dummies included).
    pub crossings: u64,
    pub flow: Flow,
}

/// The layout's work for a graph of `node_count` nodes and `edges`: the number of edge segments
/// between adjacent layers once every node has its layer (each edge spans one segment per layer
/// it crosses; the ordering and placement passes cost in proportion to this). O(V + E); callers
/// check it against a bound before calling [`layout`], whose time follows it.
pub fn segment_count(node_count: usize, edges: &[(usize, usize)]) -> u64 {
    let clean = clean_edges(node_count, edges);
    let layered = layering::assign(node_count, &clean);
    layered
        .edges
        .iter()
        .map(|&(upper, lower, _)| layered.layer[lower].abs_diff(layered.layer[upper]) as u64)
        .sum()
}

/// Edges between known nodes, without self-loops or duplicates, sorted.
fn clean_edges(n: usize, edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut clean: Vec<(usize, usize)> = edges
        .iter()
        .copied()
        .filter(|&(s, t)| s < n && t < n && s != t)
        .collect();
    widget_sort::sort_by(&mut clean, Ord::cmp);
    clean.dedup();
    clean
}

/// Lays out a graph of `widths.len()` nodes (node `i` is `widths[i]` wide) and `edges` as
/// (source, target) index pairs, top to bottom. Self-loops and edges naming no node are ignored;
/// duplicate edges are drawn once.
pub fn layout(widths: &[f32], edges: &[(usize, usize)], spacing: &Spacing) -> Placement {
    layout_flowing(Flow::Down, widths, edges, spacing)
}

/// [`layout`] with the layers following each other as `flow` says.
pub fn layout_flowing(
    flow: Flow,
    widths: &[f32],
    edges: &[(usize, usize)],
    spacing: &Spacing,
) -> Placement {
    match flow {
        Flow::Down => layout_down(widths, edges, spacing),
        Flow::Right => layout_right(widths, edges, spacing),
    }
}

/// A graph in layers, ordered: what both flows share before they place anything.
struct Ordered {
    graph: layered::LayeredGraph,
    /// (upper, lower, reversed) per kept edge, in the order of `graph.chains`.
    edges: Vec<(usize, usize, bool)>,
    order: Vec<Vec<usize>>,
    crossings: u64,
}

impl Ordered {
    /// The graph in layers, each layer wider than `wrap` (given with the nodes' widths and the
    /// gap between them) split into rows, then ordered.
    fn of(n: usize, edges: &[(usize, usize)], wrap: Option<(&[f32], f32, f32)>) -> Ordered {
        let clean = clean_edges(n, edges);
        let mut layered = layering::assign(n, &clean);
        if let Some((widths, max_row, gap)) = wrap {
            layering::wrap(&mut layered, widths, max_row, gap);
        }
        let graph = layered::LayeredGraph::build(n, &layered.layer, &layered.edges);
        let order = ordering::minimise_crossings(&graph);
        let crossings = crossings::total(&graph, &order);
        Ordered {
            graph,
            edges: layered.edges,
            order,
            crossings,
        }
    }

    /// Each node's centre along its layer, given its extent there (dummies take none), and the
    /// shift that puts the first box `margin` from the edge. With `packed_in`, each layer's
    /// nodes are packed side by side and centred in that width (a wrapped graph) instead of
    /// placed under their neighbours.
    fn centers(
        &self,
        extents: &[f32],
        gap: f32,
        margin: f32,
        packed_in: Option<f32>,
    ) -> (Vec<f32>, f32) {
        let centers = match packed_in {
            Some(width) => placement::pack(&self.order, extents, gap, width),
            None => placement::place(&self.graph, &self.order, extents, gap),
        };
        let first = (0..self.graph.node_count())
            .map(|v| centers[v] - extents[v] / 2.0)
            .fold(f32::INFINITY, f32::min);
        let shift = if first.is_finite() {
            margin - first
        } else {
            margin
        };
        (centers, shift)
    }

    /// The far side of the drawing along the layers: the last box's end, plus `margin`.
    fn extent(&self, centers: &[f32], extents: &[f32], shift: f32, margin: f32) -> f32 {
        (0..self.graph.node_count())
            .map(|v| centers[v] + extents[v] / 2.0 + shift)
            .fold(0.0f32, f32::max)
            + margin
    }

    /// Every edge's route: from `leave(upper)` through each dummy's band (`cross(dummy)`: where
    /// the edge enters and leaves it) to `arrive(lower)`, turned back for an edge the layering
    /// reversed.
    fn routes(
        &self,
        leave: impl Fn(usize) -> (f32, f32),
        cross: impl Fn(usize) -> [(f32, f32); 2],
        arrive: impl Fn(usize) -> (f32, f32),
    ) -> Vec<EdgeRoute> {
        self.edges
            .iter()
            .zip(&self.graph.chains)
            .map(|(&(upper, lower, reversed), chain)| {
                let mut points = Vec::with_capacity(chain.len() * 2 + 2);
                points.push(leave(upper));
                points.extend(chain.iter().flat_map(|&d| cross(d)));
                points.push(arrive(lower));
                if reversed {
                    points.reverse();
                    EdgeRoute {
                        source: lower,
                        target: upper,
                        points,
                    }
                } else {
                    EdgeRoute {
                        source: upper,
                        target: lower,
                        points,
                    }
                }
            })
            .collect()
    }
}

fn layout_down(widths: &[f32], edges: &[(usize, usize)], spacing: &Spacing) -> Placement {
    let n = widths.len();
    let wrap = spacing
        .wrap_at
        .map(|max_row| (widths, max_row, spacing.node_gap));
    let ordered = Ordered::of(n, edges, wrap);
    let graph = &ordered.graph;
    let virtual_widths: Vec<f32> = (0..graph.node_count())
        .map(|v| if v < n { widths[v].max(1.0) } else { 0.0 })
        .collect();
    let (centers, shift) = ordered.centers(
        &virtual_widths,
        spacing.node_gap,
        spacing.margin,
        spacing.wrap_at,
    );
    let layer_top =
        |l: usize| spacing.margin + l as f32 * (spacing.node_height + spacing.layer_gap);

    let nodes: Vec<NodeBox> = (0..n)
        .map(|v| NodeBox {
            x: centers[v] - virtual_widths[v] / 2.0 + shift,
            y: layer_top(graph.layer[v]),
            width: virtual_widths[v],
            height: spacing.node_height,
            layer: graph.layer[v],
        })
        .collect();

    // Down the layers: the upper node's bottom, through each dummy's band, the lower one's top.
    let edges = ordered.routes(
        |v| (nodes[v].center_x(), nodes[v].y + nodes[v].height),
        |d| {
            let (x, y) = (centers[d] + shift, layer_top(graph.layer[d]));
            [(x, y), (x, y + spacing.node_height)]
        },
        |v| (nodes[v].center_x(), nodes[v].y),
    );

    let width = ordered.extent(&centers, &virtual_widths, shift, spacing.margin);
    let layers = graph.layer_count();
    let height = if n == 0 {
        0.0
    } else {
        layer_top(layers.saturating_sub(1)) + spacing.node_height + spacing.margin
    };
    Placement {
        nodes,
        edges,
        width,
        height,
        layers,
        crossings: ordered.crossings,
        flow: Flow::Down,
    }
}

/// Left to right: each layer a column as wide as its widest node (nodes left-aligned in it), the
/// nodes of a layer stacked `node_gap` apart, edges from a node's right side to the next one's
/// left side through the columns they cross.
fn layout_right(widths: &[f32], edges: &[(usize, usize)], spacing: &Spacing) -> Placement {
    let n = widths.len();
    let ordered = Ordered::of(n, edges, None);
    let graph = &ordered.graph;
    // In its column a node's extent is its height; dummies take no room.
    let extents: Vec<f32> = (0..graph.node_count())
        .map(|v| if v < n { spacing.node_height } else { 0.0 })
        .collect();
    let (centers, shift) = ordered.centers(&extents, spacing.node_gap, spacing.margin, None);

    let layers = graph.layer_count();
    let mut column_width = vec![0.0f32; layers];
    for (v, width) in widths.iter().enumerate().take(n) {
        let l = graph.layer[v];
        column_width[l] = column_width[l].max(width.max(1.0));
    }
    let mut column_left = Vec::with_capacity(layers);
    let mut left = spacing.margin;
    for w in &column_width {
        column_left.push(left);
        left += w + spacing.layer_gap;
    }

    let nodes: Vec<NodeBox> = (0..n)
        .map(|v| NodeBox {
            x: column_left[graph.layer[v]],
            y: centers[v] - spacing.node_height / 2.0 + shift,
            width: widths[v].max(1.0),
            height: spacing.node_height,
            layer: graph.layer[v],
        })
        .collect();

    // Across the columns: the left node's right side, through each column it crosses, the right
    // node's left side.
    let edges = ordered.routes(
        |v| (nodes[v].x + nodes[v].width, nodes[v].center_y()),
        |d| {
            let (l, y) = (graph.layer[d], centers[d] + shift);
            [(column_left[l], y), (column_left[l] + column_width[l], y)]
        },
        |v| (nodes[v].x, nodes[v].center_y()),
    );

    let (width, height) = if n == 0 {
        (spacing.margin, 0.0)
    } else {
        (
            left - spacing.layer_gap + spacing.margin,
            ordered.extent(&centers, &extents, shift, spacing.margin),
        )
    };
    Placement {
        nodes,
        edges,
        width,
        height,
        layers,
        crossings: ordered.crossings,
        flow: Flow::Right,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes_overlap(a: &NodeBox, b: &NodeBox) -> bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    fn assert_no_overlap(l: &Placement) {
        for (i, a) in l.nodes.iter().enumerate() {
            for b in &l.nodes[i + 1..] {
                assert!(!boxes_overlap(a, b), "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn a_chain_goes_straight_down() {
        let l = layout(
            &[100.0, 60.0, 140.0],
            &[(0, 1), (1, 2)],
            &Spacing::default(),
        );
        assert_eq!(l.layers, 3);
        assert_eq!(l.crossings, 0);
        let centers: Vec<f32> = l.nodes.iter().map(NodeBox::center_x).collect();
        assert!(
            centers.windows(2).all(|w| (w[0] - w[1]).abs() < 0.5),
            "{centers:?}"
        );
        assert!(l.nodes.windows(2).all(|w| w[0].y < w[1].y));
    }

    #[test]
    fn every_edge_points_down_and_ends_on_its_nodes() {
        let edges = [(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)];
        let l = layout(&[80.0; 4], &edges, &Spacing::default());
        for e in &l.edges {
            let (s, t) = (l.nodes[e.source], l.nodes[e.target]);
            assert!(s.layer < t.layer);
            assert_eq!(e.points.first(), Some(&(s.center_x(), s.y + s.height)));
            assert_eq!(e.points.last(), Some(&(t.center_x(), t.y)));
            assert!(
                e.points.windows(2).all(|w| w[0].1 <= w[1].1),
                "monotone: {:?}",
                e.points
            );
        }
        // The long edge 0 → 3 passes through one dummy band: four points in all.
        let long = l
            .edges
            .iter()
            .find(|e| (e.source, e.target) == (0, 3))
            .expect("edge");
        assert_eq!(long.points.len(), 4);
    }

    #[test]
    fn nodes_never_overlap_whatever_their_widths() {
        let widths: Vec<f32> = (0..40).map(|i| 20.0 + (i * 37 % 300) as f32).collect();
        let edges: Vec<(usize, usize)> = (1..40).map(|i| (i / 3, i)).collect();
        let l = layout(&widths, &edges, &Spacing::default());
        assert_no_overlap(&l);
        let gap = Spacing::default().node_gap;
        for layer in 0..l.layers {
            let mut row: Vec<&NodeBox> = l.nodes.iter().filter(|b| b.layer == layer).collect();
            row.sort_by(|a, b| a.x.total_cmp(&b.x));
            assert!(row
                .windows(2)
                .all(|w| w[1].x - (w[0].x + w[0].width) >= gap - 0.01));
        }
        assert!(l
            .nodes
            .iter()
            .all(|b| b.x >= 0.0 && b.x + b.width <= l.width));
    }

    #[test]
    fn a_crossing_that_need_not_be_is_removed() {
        // Two pairs given crosswise: a→d, b→c with a,b and c,d listed so a naive order crosses.
        let l = layout(&[50.0; 4], &[(0, 3), (1, 2)], &Spacing::default());
        assert_eq!(l.crossings, 0);
    }

    #[test]
    fn cycles_self_loops_and_bad_indices_do_not_break_it() {
        let l = layout(
            &[50.0; 3],
            &[(0, 1), (1, 2), (2, 0), (1, 1), (0, 9)],
            &Spacing::default(),
        );
        assert_eq!(l.nodes.len(), 3);
        assert_eq!(l.edges.len(), 3);
        assert_no_overlap(&l);
        let empty = layout(&[], &[], &Spacing::default());
        assert_eq!(
            (empty.nodes.len(), empty.width, empty.height),
            (0, 8.0, 0.0)
        );
    }

    #[test]
    fn segments_count_every_layer_an_edge_crosses() {
        // 0 → 1 → 2 → 3 and a long edge 0 → 3 that crosses three layers.
        assert_eq!(segment_count(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]), 6);
        assert_eq!(
            segment_count(3, &[(0, 1), (0, 1), (1, 1), (0, 7)]),
            1,
            "duplicates, loops and unknown ends"
        );
        // A dense forward graph: every pair (i, j > i) of 60 nodes.
        let dense: Vec<(usize, usize)> = (0..60)
            .flat_map(|i| (i + 1..60).map(move |j| (i, j)))
            .collect();
        let expected: u64 = dense.iter().map(|&(i, j)| (j - i) as u64).sum();
        assert_eq!(segment_count(60, &dense), expected);
    }

    #[test]
    fn left_to_right_layers_are_columns_and_edges_run_right() {
        let widths = [100.0, 60.0, 140.0, 80.0];
        let edges = [(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)];
        let spacing = Spacing::default();
        let l = layout_flowing(Flow::Right, &widths, &edges, &spacing);
        assert_eq!(l.flow, Flow::Right);
        assert_eq!(l.layers, 3);
        assert_no_overlap(&l);
        for (b, w) in l.nodes.iter().zip(widths) {
            assert_eq!((b.width, b.height), (w, spacing.node_height));
            assert!(b.x >= 0.0 && b.x + b.width <= l.width && b.y + b.height <= l.height);
        }
        // Nodes 1 and 2 share the middle column, as wide as the wider of them.
        assert_eq!(l.nodes[1].x, l.nodes[2].x);
        assert_eq!(l.nodes[3].x, l.nodes[1].x + 140.0 + spacing.layer_gap);
        for e in &l.edges {
            let (s, t) = (l.nodes[e.source], l.nodes[e.target]);
            assert_eq!(e.points.first(), Some(&(s.x + s.width, s.center_y())));
            assert_eq!(e.points.last(), Some(&(t.x, t.center_y())));
            assert!(
                e.points.windows(2).all(|w| w[0].0 <= w[1].0),
                "{:?}",
                e.points
            );
        }
        // The same graph down is as wide as its widest layer, and across as wide as its columns.
        let down = layout(&widths, &edges, &spacing);
        assert!(l.width > down.width);
    }

    #[test]
    fn wide_layers_wrap_into_rows_that_fit_and_edges_still_run_down() {
        // One source feeding twelve blocks, all feeding one sink: a layer of twelve.
        let mut edges: Vec<(usize, usize)> = (1..13).map(|i| (0, i)).collect();
        edges.extend((1..13).map(|i| (i, 13)));
        let widths = [150.0; 14];
        let wide = layout(&widths, &edges, &Spacing::default());
        assert_eq!(wide.layers, 3);
        assert!(wide.width > 12.0 * 150.0);
        let spacing = Spacing {
            wrap_at: Some(700.0),
            ..Spacing::default()
        };
        let l = layout(&widths, &edges, &spacing);
        assert_eq!(l.layers, 5, "the twelve in three rows of four");
        // Rows are as wide as their nodes plus the edges passing between them, about the bound.
        assert!(
            l.width < 0.5 * wide.width && l.width <= 1.2 * 700.0,
            "{}",
            l.width
        );
        assert_no_overlap(&l);
        for e in &l.edges {
            let (s, t) = (l.nodes[e.source], l.nodes[e.target]);
            assert!(s.layer < t.layer);
            assert!(
                e.points.windows(2).all(|w| w[0].1 <= w[1].1),
                "{:?}",
                e.points
            );
        }
        // A layer that fits stays one row.
        assert_eq!(layout(&[150.0; 3], &[(0, 1), (0, 2)], &spacing).layers, 2);
    }

    #[test]
    fn the_same_input_gives_the_same_layout() {
        let edges: Vec<(usize, usize)> = (1..200).map(|i| ((i * 7919) % i, i)).collect();
        let widths = vec![90.0; 200];
        assert_eq!(
            layout(&widths, &edges, &Spacing::default()),
            layout(&widths, &edges, &Spacing::default())
        );
    }
}
