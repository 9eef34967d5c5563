//! Counting crossings between adjacent layers (Barth, Jünger and Mutzel, "Simple and efficient
//! bilayer cross counting", 2004): sort the edges by their upper end, then count inversions of
//! their lower ends with a Fenwick tree. O(E log V) per layer pair.

use crate::layered::LayeredGraph;

/// Crossings between layer `upper` and the next, given each node's position in its layer.
pub fn bilayer(graph: &LayeredGraph, upper: &[usize], position: &[usize], lower_len: usize) -> u64 {
    let mut ends: Vec<usize> = Vec::new();
    for &v in upper {
        let start = ends.len();
        ends.extend(graph.down.of(v).iter().map(|&t| position[t]));
        ends[start..].sort_unstable();
    }
    let mut tree = vec![0u64; lower_len + 1];
    let mut crossings = 0u64;
    for (seen, &end) in ends.iter().enumerate() {
        // Edges seen so far whose lower end lies strictly to the right of this one cross it.
        let mut at_or_left = 0u64;
        let mut i = end + 1;
        while i > 0 {
            at_or_left += tree[i];
            i &= i - 1;
        }
        crossings += seen as u64 - at_or_left;
        let mut i = end + 1;
        while i <= lower_len {
            tree[i] += 1;
            i += i & i.wrapping_neg();
        }
    }
    crossings
}

/// Positions of every node in its layer, for an order given layer by layer.
pub fn positions(graph: &LayeredGraph, order: &[Vec<usize>]) -> Vec<usize> {
    let mut position = vec![0usize; graph.node_count()];
    for layer in order {
        for (i, &v) in layer.iter().enumerate() {
            position[v] = i;
        }
    }
    position
}

/// All crossings of an order.
pub fn total(graph: &LayeredGraph, order: &[Vec<usize>]) -> u64 {
    let position = positions(graph, order);
    order
        .windows(2)
        .map(|pair| bilayer(graph, &pair[0], &position, pair[1].len()))
        .sum()
}
