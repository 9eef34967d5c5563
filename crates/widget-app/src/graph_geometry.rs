//! The arithmetic of a drawn pipeline graph: node box sizes from their texts, edge paths through
//! the layout's points, which node an arrow key moves to, and the first view of a graph in its
//! frame (which way its layers run, at what scale, and whether a drawing can be read at all).
//! The view draws what this computes.

use graph_layout::{layout_flowing, Flow, Placement, Spacing};

/// Node labels longer than this are cut with an ellipsis (block names are rarely longer).
pub const LABEL_CHARS: usize = 32;
/// The size labels are drawn at, in CSS px at scale 1.
pub const LABEL_PX: f32 = 12.0;
/// The smallest size a label may be shown at when a graph opens.
pub const READABLE_LABEL_PX: f32 = 11.0;
/// The height of the box a drawing scrolls in (table.css's `--table-max-height` default).
pub const VIEWPORT_HEIGHT: f32 = 440.0;
/// Past this many boxes' worth of drawing (frame widths across times box heights down, each at
/// least one) at a readable scale, a drawing is searched rather than read: the table of its
/// blocks says more.
pub const READABLE_SCREENS: f32 = 6.0;
/// Node labels and ids are drawn in a monospace font whose glyphs are 0.6 em wide: with the 12 px
/// font, box widths follow from character counts without measuring text.
pub const CHAR_WIDTH: f32 = 7.2;
pub const META_CHAR_WIDTH: f32 = 6.0;
pub const NODE_HEIGHT: f32 = 40.0;
/// Left inset of the text plus room for the status dot on the right.
pub const PADDING: f32 = 36.0;

/// A node's drawn texts.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeText {
    pub label: String,
    pub meta: String,
}

/// A node box's width: its longer text at the font's glyph width, within bounds.
pub fn node_width(text: &NodeText) -> f32 {
    let label = text.label.chars().count() as f32 * CHAR_WIDTH;
    let meta = text.meta.chars().count() as f32 * META_CHAR_WIDTH;
    (label.max(meta) + PADDING).clamp(96.0, 280.0)
}

/// The spacing of a drawing whose layers run `flow`.
pub fn spacing(flow: Flow) -> Spacing {
    match flow {
        Flow::Down => Spacing {
            node_height: NODE_HEIGHT,
            node_gap: 16.0,
            layer_gap: 36.0,
            margin: 8.0,
            wrap_at: None,
        },
        Flow::Right => Spacing {
            node_height: NODE_HEIGHT,
            node_gap: 12.0,
            layer_gap: 48.0,
            margin: 8.0,
            wrap_at: None,
        },
    }
}

/// Tries at fitting a graph's layers into the frame's width, each a little narrower.
const WRAP_TRIES: usize = 4;

/// The graph laid out for a frame `frame_width` px wide, its layers running `flow`. Running
/// down, a layer too wide to read in the frame is split into rows (the drawing grows down, not
/// sideways): rows are made narrower until the drawing fits at the readable scale, or the tries
/// run out (a row of one node is as narrow as it gets).
pub fn layout_for_frame(
    flow: Flow,
    widths: &[f32],
    edges: &[(usize, usize)],
    frame_width: f32,
) -> Placement {
    let base = spacing(flow);
    let readable_width = frame_width.max(1.0) * LABEL_PX / READABLE_LABEL_PX;
    if flow == Flow::Right {
        return layout_flowing(flow, widths, edges, &base);
    }
    let mut wrap_at = readable_width - 2.0 * base.margin;
    let mut placed = layout_flowing(flow, widths, edges, &base);
    for _ in 0..WRAP_TRIES {
        if placed.width <= readable_width {
            break;
        }
        let wrapped = Spacing {
            wrap_at: Some(wrap_at),
            ..base
        };
        placed = layout_flowing(flow, widths, edges, &wrapped);
        wrap_at *= 0.85;
    }
    placed
}

/// Whether no drawing of a graph whose node boxes are `widths` wide could open readable in a frame
/// `frame_width` px wide, whichever way its layers run and however they wrap, known before laying
/// it out (which, for 500 blocks, took most of a second in the JavaScript build). A drawing is
/// never smaller than its boxes, which never overlap, and it opens at least at the readable
/// scale; [`initial_view`] counts the boxes of the frame's size it spans, each at least one, and
/// that count is at least the drawing's area over a box's. So when the boxes' area alone, at the
/// readable scale, spans more than [`READABLE_SCREENS`] boxes, no layout can be read.
pub fn never_readable(widths: &[f32], frame_width: f32) -> bool {
    let floor = f64::from(READABLE_LABEL_PX / LABEL_PX);
    let boxes: f64 = widths
        .iter()
        .map(|&w| f64::from(w.max(1.0)) * f64::from(NODE_HEIGHT))
        .sum();
    let screen = f64::from(frame_width.max(1.0)) * f64::from(VIEWPORT_HEIGHT);
    boxes * floor * floor / screen > f64::from(READABLE_SCREENS)
}

/// How a graph opens: which way its layers run, at what scale, and whether that drawing can be
/// read (else the view says so and offers the table of its blocks).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InitialView {
    pub flow: Flow,
    pub scale: f32,
    pub readable: bool,
}

/// The scale that fits `width` into `frame_width`, up to 1, but never so small that labels read
/// below [`READABLE_LABEL_PX`]: past that the drawing scrolls.
fn readable_scale(width: f32, frame_width: f32) -> f32 {
    let floor = READABLE_LABEL_PX / LABEL_PX;
    (frame_width / width.max(1.0)).clamp(floor, 1.0)
}

/// The first view of a graph in a frame `frame_width` px wide, given its drawing's size (width,
/// height) with layers running down and, when laid out, running right: the flow that needs the
/// least sideways scrolling at a readable scale, then the larger scale; down when they tie (the
/// way pipelines are usually drawn). Readable when the drawing at that scale spans at most
/// [`READABLE_SCREENS`] boxes.
pub fn initial_view(down: (f32, f32), right: Option<(f32, f32)>, frame_width: f32) -> InitialView {
    let frame = frame_width.max(1.0);
    let view = |flow: Flow, (width, height): (f32, f32)| {
        let scale = readable_scale(width, frame);
        let (shown_w, shown_h) = (width * scale, height * scale);
        let screens = (shown_w / frame).max(1.0) * (shown_h / VIEWPORT_HEIGHT).max(1.0);
        ((shown_w - frame).max(0.0), scale, screens, flow)
    };
    let down = view(Flow::Down, down);
    let best = match right.map(|size| view(Flow::Right, size)) {
        Some(right) if (right.0, -right.1) < (down.0, -down.1) => right,
        _ => down,
    };
    InitialView {
        flow: best.3,
        scale: best.1,
        readable: best.2 <= READABLE_SCREENS,
    }
}

/// A smooth path through an edge's points: tangents along the flow at each layer (vertical when
/// layers run down, horizontal when they run right).
pub fn edge_path(points: &[(f32, f32)], flow: Flow) -> String {
    let mut d = String::with_capacity(points.len() * 32);
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            d.push_str(&format!("M{x:.1} {y:.1}"));
        } else {
            let (px, py) = points[i - 1];
            let curve = match flow {
                Flow::Down => {
                    let mid = (py + y) / 2.0;
                    format!(" C{px:.1} {mid:.1} {x:.1} {mid:.1} {x:.1} {y:.1}")
                }
                Flow::Right => {
                    let mid = (px + x) / 2.0;
                    format!(" C{mid:.1} {py:.1} {mid:.1} {y:.1} {x:.1} {y:.1}")
                }
            };
            d.push_str(&curve);
        }
    }
    d
}

/// The node to move to from `from` with an arrow key: along its layer with the keys that run
/// across the flow (left/right when layers run down, up/down when they run right), and to the
/// nearest node of the next layer that has one with the keys that run along it.
pub fn neighbour(layout: &Placement, from: usize, key: &str) -> Option<usize> {
    let here = layout.nodes.get(from)?;
    // A node's place in its layer, and the keys for the layer and for the flow.
    let (place, [before, after, back, on]): (fn(&graph_layout::NodeBox) -> f32, _) =
        match layout.flow {
            Flow::Down => (
                graph_layout::NodeBox::center_x,
                ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"],
            ),
            Flow::Right => (
                graph_layout::NodeBox::center_y,
                ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"],
            ),
        };
    let at = place(here);
    let in_layer = |layer: usize| {
        layout
            .nodes
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.layer == layer)
    };
    if key == after || key == before {
        let forward = key == after;
        return in_layer(here.layer)
            .filter(|(_, b)| {
                if forward {
                    place(b) > at
                } else {
                    place(b) < at
                }
            })
            .min_by(|a, b| (place(a.1) - at).abs().total_cmp(&(place(b.1) - at).abs()))
            .map(|(i, _)| i);
    }
    if key != on && key != back {
        return None;
    }
    let layers: Box<dyn Iterator<Item = usize>> = if key == on {
        Box::new(here.layer + 1..layout.layers)
    } else {
        Box::new((0..here.layer).rev())
    };
    layers
        .filter_map(|l| {
            in_layer(l).min_by(|a, b| (place(a.1) - at).abs().total_cmp(&(place(b.1) - at).abs()))
        })
        .map(|(i, _)| i)
        .next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_paths_curve_between_layers() {
        assert_eq!(
            edge_path(&[(0.0, 0.0), (10.0, 20.0)], Flow::Down),
            "M0.0 0.0 C0.0 10.0 10.0 10.0 10.0 20.0"
        );
        assert_eq!(
            edge_path(&[(0.0, 0.0), (20.0, 10.0)], Flow::Right),
            "M0.0 0.0 C10.0 0.0 10.0 10.0 20.0 10.0"
        );
        assert_eq!(edge_path(&[], Flow::Down), "");
    }

    #[test]
    fn a_graph_opens_readable_and_scrolls_rather_than_shrinks() {
        // Narrow enough to fit: at full size, or shrunk to fit down to the readable floor.
        let small = initial_view((500.0, 300.0), Some((400.0, 200.0)), 760.0);
        assert_eq!(
            (small.flow, small.scale, small.readable),
            (Flow::Down, 1.0, true),
            "down when both fit"
        );
        let a_bit_wide = initial_view((800.0, 300.0), None, 760.0);
        assert!((a_bit_wide.scale - 0.95).abs() < 1e-6);
        // A 40-block warehouse DAG, about 1,900 px wide down and 2,300 across: down, at the
        // readable scale (labels 11 px), scrolling sideways.
        let dag = initial_view((1918.0, 588.0), Some((2300.0, 520.0)), 760.0);
        assert_eq!(dag.flow, Flow::Down);
        assert!(dag.scale * LABEL_PX >= READABLE_LABEL_PX - 1e-4, "{dag:?}");
        assert!(dag.readable);
        // A long chain is narrow running down; a wide fan is narrow running right.
        let fan = initial_view((3000.0, 150.0), Some((500.0, 1200.0)), 760.0);
        assert_eq!((fan.flow, fan.scale), (Flow::Right, 1.0));
        // 240 blocks side by side: 30 frames wide, or one column 28 boxes tall.
        assert!(!initial_view((26880.0, 56.0), Some((150.0, 12480.0)), 760.0).readable);
    }

    #[test]
    fn a_wide_dag_fits_the_frame_at_a_readable_scale_by_wrapping_its_layers() {
        // A source, a layer of twelve long-named blocks, a sink.
        let mut edges: Vec<(usize, usize)> = (1..13).map(|i| (0, i)).collect();
        edges.extend((1..13).map(|i| (i, 13)));
        let widths = [200.0; 14];
        let placed = layout_for_frame(Flow::Down, &widths, &edges, 760.0);
        let view = initial_view((placed.width, placed.height), None, 760.0);
        assert!(
            placed.width * view.scale <= 760.0,
            "{} at {}",
            placed.width,
            view.scale
        );
        assert!(view.scale * LABEL_PX >= READABLE_LABEL_PX - 1e-4);
        assert!(placed.layers > 3, "rows added: {}", placed.layers);
        // What fits already is laid out as it is.
        let small = layout_for_frame(Flow::Down, &[200.0; 3], &[(0, 1), (0, 2)], 760.0);
        assert_eq!(small.layers, 2);
    }

    #[test]
    fn a_graph_never_readable_by_its_boxes_opens_unreadable_whatever_its_layout() {
        // Graphs of every shape (seeded): whenever the boxes alone say no drawing can be read,
        // the laid-out drawings agree, both ways and wrapped for the frame.
        let mut seed = 0x2545_f491_u64;
        let mut next = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below.max(1) as u64) as usize
        };
        let mut decided_early = 0;
        for round in 0..400 {
            if decided_early == 8 {
                break;
            }
            let n = 60 + next(240);
            let widths: Vec<f32> = (0..n).map(|_| 96.0 + next(185) as f32).collect();
            let edges: Vec<(usize, usize)> = (0..n * (1 + round % 3))
                .map(|_| {
                    let a = next(n);
                    (a, a + 1 + next(n - a.min(n - 1)))
                })
                .filter(|&(a, b)| b < n && a != b)
                .collect();
            let frame = 300.0 + next(400) as f32;
            if !never_readable(&widths, frame) {
                continue;
            }
            decided_early += 1;
            let size = |flow| {
                let placed = layout_for_frame(flow, &widths, &edges, frame);
                (placed.width, placed.height)
            };
            let view = initial_view(size(Flow::Down), Some(size(Flow::Right)), frame);
            assert!(!view.readable, "{n} blocks, frame {frame}: {view:?}");
        }
        assert!(
            decided_early == 8,
            "only {decided_early} graphs decided early"
        );
        // Forty blocks fit a frame; five hundred do not.
        assert!(!never_readable(&[180.0; 40], 720.0));
        assert!(never_readable(&[174.0; 500], 720.0));
    }

    #[test]
    fn arrow_keys_follow_the_flow() {
        use graph_layout::{layout_flowing, Spacing};
        // 0 → 1, 0 → 2: one source, two targets in the next layer.
        let edges = [(0, 1), (0, 2)];
        for flow in [Flow::Down, Flow::Right] {
            let l = layout_flowing(flow, &[80.0; 3], &edges, &Spacing::default());
            let (next_layer, in_layer) = match flow {
                Flow::Down => ("ArrowDown", "ArrowRight"),
                Flow::Right => ("ArrowRight", "ArrowDown"),
            };
            let first = neighbour(&l, 0, next_layer).expect("a node in the next layer");
            assert!(first == 1 || first == 2);
            let other = neighbour(&l, first, in_layer).or_else(|| {
                neighbour(
                    &l,
                    first,
                    if in_layer == "ArrowRight" {
                        "ArrowLeft"
                    } else {
                        "ArrowUp"
                    },
                )
            });
            assert_eq!(other, Some(3 - first), "{flow:?}");
            assert_eq!(
                neighbour(&l, 0, in_layer),
                None,
                "{flow:?}: alone in its layer"
            );
        }
    }

    #[test]
    fn widths_grow_with_labels_within_bounds() {
        let short = NodeText {
            label: "a".into(),
            meta: "sensor".into(),
        };
        let long = NodeText {
            label: "x".repeat(LABEL_CHARS),
            meta: "transformer · running".into(),
        };
        assert_eq!(node_width(&short), 96.0);
        assert!(
            node_width(&NodeText {
                label: "orders_to_warehouse".into(),
                meta: String::new()
            }) >= 19.0 * CHAR_WIDTH + 32.0
        );
        assert!(node_width(&long) > 96.0 && node_width(&long) <= 280.0);
    }
}
