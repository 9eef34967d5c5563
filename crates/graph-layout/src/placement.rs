//! Horizontal placement. Each layer in turn is placed as close as possible (least squares) to
//! where its neighbours in the adjacent layers pull it, subject to its order and to a minimum
//! distance between neighbours in the layer. Under the substitution x = y + offset that problem is
//! a weighted isotonic regression, solved exactly by pool-adjacent-violators in linear time, so
//! boxes never overlap whatever their widths. Dummies pull harder on each other, which keeps long
//! edges straight.

use crate::layered::LayeredGraph;

/// The center of every node (real and dummy) with each layer's real nodes packed `gap` apart in
/// their order and centred on `width / 2`: no row is wider than its nodes, so a graph whose
/// layers were wrapped to a width stays within it. Dummies (edges passing through a layer) share
/// the gaps they fall in, spread across each.
pub fn pack(order: &[Vec<usize>], widths: &[f32], gap: f32, width: f32) -> Vec<f32> {
    let mut x = vec![0f32; widths.len()];
    for layer in order {
        let real: Vec<usize> = layer.iter().copied().filter(|&v| widths[v] > 0.0).collect();
        let row: f32 = real.iter().map(|&v| widths[v]).sum::<f32>()
            + gap * real.len().saturating_sub(1) as f32;
        let mut left = (width - row) / 2.0;
        // The gap a dummy falls in runs from `after` (the right side of the real node before it,
        // or half a gap before the row) to the next real node's left side.
        let mut after = left - gap;
        let mut waiting: Vec<usize> = Vec::new();
        let settle = |waiting: &mut Vec<usize>, from: f32, to: f32, x: &mut Vec<f32>| {
            let step = (to - from) / (waiting.len() + 1) as f32;
            for (k, &d) in waiting.iter().enumerate() {
                x[d] = from + step * (k + 1) as f32;
            }
            waiting.clear();
        };
        for &v in layer {
            if widths[v] > 0.0 {
                settle(&mut waiting, after, left, &mut x);
                x[v] = left + widths[v] / 2.0;
                after = left + widths[v];
                left = after + gap;
            } else {
                waiting.push(v);
            }
        }
        settle(&mut waiting, after, after + gap, &mut x);
    }
    x
}

/// Down-and-up passes before a final pass that looks both ways.
const PASSES: usize = 6;

/// The center x of every node (real and dummy).
pub fn place(graph: &LayeredGraph, order: &[Vec<usize>], widths: &[f32], gap: f32) -> Vec<f32> {
    let real = |v: usize| widths[v] > 0.0;
    let separation = |a: usize, b: usize| {
        let g = if real(a) || real(b) { gap } else { gap * 0.5 };
        f64::from((widths[a] + widths[b]) / 2.0 + g)
    };
    let mut x = vec![0f64; graph.node_count()];
    // Start packed to the left.
    for layer in order {
        let mut at = 0f64;
        for (i, &v) in layer.iter().enumerate() {
            if i > 0 {
                at += separation(layer[i - 1], v);
            }
            x[v] = at;
        }
    }
    let pull = |a: usize, b: usize| -> f64 {
        match (real(a), real(b)) {
            (false, false) => 8.0,
            (true, true) => 1.0,
            _ => 2.0,
        }
    };
    let mut scratch = Scratch::default();
    let mut place_layer = |x: &mut Vec<f64>, layer: &[usize], up: bool, down: bool| {
        scratch.clear();
        let mut offset = 0f64;
        for (i, &v) in layer.iter().enumerate() {
            if i > 0 {
                offset += separation(layer[i - 1], v);
            }
            let mut weight = 0f64;
            let mut sum = 0f64;
            let neighbours = up
                .then(|| graph.up.of(v))
                .into_iter()
                .chain(down.then(|| graph.down.of(v)));
            for &u in neighbours.flatten() {
                let w = pull(v, u);
                weight += w;
                sum += w * x[u];
            }
            // A node with no neighbour on these sides stays where it is, gently.
            let (target, weight) = if weight > 0.0 {
                (sum / weight, weight)
            } else {
                (x[v], 0.25)
            };
            scratch.push(target - offset, weight, offset);
        }
        for (&v, placed) in layer.iter().zip(scratch.solve()) {
            x[v] = placed;
        }
    };
    for _ in 0..PASSES {
        for layer in order.iter().skip(1) {
            place_layer(&mut x, layer, true, false);
        }
        for layer in order.iter().rev().skip(1) {
            place_layer(&mut x, layer, false, true);
        }
    }
    for layer in order {
        place_layer(&mut x, layer, true, true);
    }
    x.into_iter().map(|v| v as f32).collect()
}

/// Pool-adjacent-violators for a non-decreasing fit of weighted targets.
#[derive(Default)]
struct Scratch {
    targets: Vec<(f64, f64, f64)>,
    blocks: Vec<(f64, f64, usize)>,
    out: Vec<f64>,
}

impl Scratch {
    fn clear(&mut self) {
        self.targets.clear();
        self.blocks.clear();
        self.out.clear();
    }

    /// A target `y` with `weight`, at `offset` from the layer's packed origin.
    fn push(&mut self, y: f64, weight: f64, offset: f64) {
        self.targets.push((y, weight, offset));
    }

    /// The fitted positions (y + offset), in push order.
    fn solve(&mut self) -> impl Iterator<Item = f64> + '_ {
        // Each block: (weighted sum, total weight, count); merged while out of order.
        for &(y, w, _) in &self.targets {
            self.blocks.push((y * w, w, 1));
            while self.blocks.len() >= 2 {
                let (s2, w2, c2) = self.blocks[self.blocks.len() - 1];
                let (s1, w1, c1) = self.blocks[self.blocks.len() - 2];
                if s1 / w1 <= s2 / w2 {
                    break;
                }
                self.blocks.pop();
                let last = self.blocks.len() - 1;
                self.blocks[last] = (s1 + s2, w1 + w2, c1 + c2);
            }
        }
        for &(s, w, c) in &self.blocks {
            self.out.extend(std::iter::repeat_n(s / w, c));
        }
        self.out
            .iter()
            .zip(&self.targets)
            .map(|(y, &(_, _, offset))| y + offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isotonic_fit_keeps_order_and_means_violators() {
        let mut s = Scratch::default();
        for (y, w) in [(1.0, 1.0), (3.0, 1.0), (2.0, 1.0), (5.0, 2.0)] {
            s.push(y, w, 0.0);
        }
        let fit: Vec<f64> = s.solve().collect();
        assert_eq!(fit, [1.0, 2.5, 2.5, 5.0]);
    }

    #[test]
    fn offsets_turn_order_into_separation() {
        let mut s = Scratch::default();
        // Three boxes all pulled to 10, at offsets 0, 20, 40: they spread evenly around 10.
        for offset in [0.0, 20.0, 40.0] {
            s.push(10.0 - offset, 1.0, offset);
        }
        let fit: Vec<f64> = s.solve().collect();
        assert_eq!(fit, [-10.0, 10.0, 30.0]);
    }
}
