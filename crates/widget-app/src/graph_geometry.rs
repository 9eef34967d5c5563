//! The arithmetic of a drawn pipeline graph: node box sizes from their texts, edge paths through
//! the layout's points, and which node an arrow key moves to. The view draws what this computes.

use graph_layout::Placement;

/// Node labels longer than this are cut with an ellipsis.
pub const LABEL_CHARS: usize = 24;
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
    (label.max(meta) + PADDING).clamp(96.0, 240.0)
}

/// A smooth path through an edge's points: vertical tangents at each layer.
pub fn edge_path(points: &[(f32, f32)]) -> String {
    let mut d = String::with_capacity(points.len() * 32);
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            d.push_str(&format!("M{x:.1} {y:.1}"));
        } else {
            let (px, py) = points[i - 1];
            let mid = (py + y) / 2.0;
            d.push_str(&format!(" C{px:.1} {mid:.1} {x:.1} {mid:.1} {x:.1} {y:.1}"));
        }
    }
    d
}

/// The node to move to from `from` with an arrow key: left/right within its layer, up/down to the
/// nearest node (by x) in the next layer that has one.
pub fn neighbour(layout: &Placement, from: usize, key: &str) -> Option<usize> {
    let here = layout.nodes.get(from)?;
    let center = here.center_x();
    let in_layer = |layer: usize| {
        layout
            .nodes
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.layer == layer)
    };
    match key {
        "ArrowRight" => in_layer(here.layer)
            .filter(|(_, b)| b.x > here.x)
            .min_by(|a, b| a.1.x.total_cmp(&b.1.x))
            .map(|(i, _)| i),
        "ArrowLeft" => in_layer(here.layer)
            .filter(|(_, b)| b.x < here.x)
            .max_by(|a, b| a.1.x.total_cmp(&b.1.x))
            .map(|(i, _)| i),
        "ArrowDown" | "ArrowUp" => {
            let layers: Box<dyn Iterator<Item = usize>> = if key == "ArrowDown" {
                Box::new(here.layer + 1..layout.layers)
            } else {
                Box::new((0..here.layer).rev())
            };
            layers
                .filter_map(|l| {
                    in_layer(l).min_by(|a, b| {
                        (a.1.center_x() - center)
                            .abs()
                            .total_cmp(&(b.1.center_x() - center).abs())
                    })
                })
                .map(|(i, _)| i)
                .next()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_paths_curve_between_layers() {
        assert_eq!(
            edge_path(&[(0.0, 0.0), (10.0, 20.0)]),
            "M0.0 0.0 C0.0 10.0 10.0 10.0 10.0 20.0"
        );
        assert_eq!(edge_path(&[]), "");
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
        assert!(node_width(&long) > 96.0 && node_width(&long) <= 240.0);
    }
}
