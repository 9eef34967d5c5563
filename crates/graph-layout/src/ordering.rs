//! The order of nodes within each layer of a [`LayeredGraph`]: a depth-first initial order, then
//! barycentre sweeps down and up, keeping the order with the fewest crossings.

use crate::crossings;
use crate::layered::LayeredGraph;

/// Sweeps (down then up) at most; the search stops earlier once rounds stop helping.
const MAX_ROUNDS: usize = 16;
/// Rounds without improvement before stopping.
const PATIENCE: usize = 3;
/// Passes of adjacent exchanges after each round, at most.
const TRANSPOSE_PASSES: usize = 6;

/// An order per layer with few crossings.
pub fn minimise_crossings(graph: &LayeredGraph) -> Vec<Vec<usize>> {
    let mut order = initial_order(graph);
    let mut best = order.clone();
    let mut best_crossings = crossings::total(graph, &order);
    let mut stale = 0;
    for _ in 0..MAX_ROUNDS {
        if best_crossings == 0 {
            break;
        }
        sweep(graph, &mut order, Direction::Down);
        sweep(graph, &mut order, Direction::Up);
        transpose(graph, &mut order);
        let c = crossings::total(graph, &order);
        if c < best_crossings {
            best_crossings = c;
            best.clone_from(&order);
            stale = 0;
        } else {
            stale += 1;
            if stale >= PATIENCE {
                break;
            }
        }
    }
    best
}

/// Nodes in the order a depth-first walk from the top reaches them, so connected nodes start
/// near each other.
fn initial_order(graph: &LayeredGraph) -> Vec<Vec<usize>> {
    let n = graph.node_count();
    let mut order = vec![Vec::new(); graph.layer_count()];
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    // Roots: nodes with nothing above, in index order; then anything left (cannot happen in a DAG).
    let roots = (0..n).filter(|&v| graph.up.of(v).is_empty()).chain(0..n);
    for root in roots {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        stack.push(root);
        while let Some(v) = stack.pop() {
            order[graph.layer[v]].push(v);
            // Reversed, so the first child is visited first.
            for &t in graph.down.of(v).iter().rev() {
                if !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
    }
    order
}

#[derive(Clone, Copy, PartialEq)]
enum Direction {
    Down,
    Up,
}

/// One barycentre pass: each layer sorted by the mean position of its neighbours in the layer
/// just fixed. Nodes without such neighbours keep their place.
fn sweep(graph: &LayeredGraph, order: &mut [Vec<usize>], direction: Direction) {
    let mut position = crossings::positions(graph, order);
    let layers: Vec<usize> = match direction {
        Direction::Down => (1..order.len()).collect(),
        Direction::Up => (0..order.len().saturating_sub(1)).rev().collect(),
    };
    let mut keyed: Vec<(f64, usize)> = Vec::new();
    for l in layers {
        keyed.clear();
        keyed.extend(order[l].iter().map(|&v| {
            let neighbours = match direction {
                Direction::Down => graph.up.of(v),
                Direction::Up => graph.down.of(v),
            };
            let key = if neighbours.is_empty() {
                position[v] as f64
            } else {
                neighbours.iter().map(|&u| position[u] as f64).sum::<f64>()
                    / neighbours.len() as f64
            };
            (key, v)
        }));
        // Stable: ties keep the current order.
        let sorted = widget_sort::sorted_positions(keyed.len(), &mut |a, b| {
            keyed[a].0.total_cmp(&keyed[b].0)
        });
        for (i, v) in sorted.iter().map(|&k| keyed[k].1).enumerate() {
            order[l][i] = v;
            position[v] = i;
        }
    }
}

/// Adjacent exchanges: swap two neighbours in a layer whenever that removes crossings with the
/// layers above and below. Passes repeat while they help, up to [`TRANSPOSE_PASSES`].
fn transpose(graph: &LayeredGraph, order: &mut [Vec<usize>]) {
    let mut position = crossings::positions(graph, order);
    let mut above_u = Vec::new();
    let mut above_v = Vec::new();
    let mut cost = |u: usize, v: usize, position: &[usize]| -> (u64, u64) {
        // Crossings with u left of v, and with v left of u, over both adjacent layers.
        let (mut uv, mut vu) = (0, 0);
        for side in [&graph.up, &graph.down] {
            above_u.clear();
            above_u.extend(side.of(u).iter().map(|&w| position[w]));
            above_v.clear();
            above_v.extend(side.of(v).iter().map(|&w| position[w]));
            above_u.sort_unstable();
            above_v.sort_unstable();
            uv += pairs_out_of_order(&above_u, &above_v);
            vu += pairs_out_of_order(&above_v, &above_u);
        }
        (uv, vu)
    };
    for _ in 0..TRANSPOSE_PASSES {
        let mut improved = false;
        for layer in order.iter_mut() {
            for i in 1..layer.len() {
                let (u, v) = (layer[i - 1], layer[i]);
                let (uv, vu) = cost(u, v, &position);
                if vu < uv {
                    layer.swap(i - 1, i);
                    position[u] = i;
                    position[v] = i - 1;
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
}

/// Pairs (a, b), a from `left` and b from `right`, with a > b: the crossings between the edges of
/// a node placed left and one placed right. Both slices sorted; linear merge.
fn pairs_out_of_order(left: &[usize], right: &[usize]) -> u64 {
    let mut count = 0u64;
    let mut j = 0;
    for &a in left {
        while j < right.len() && right[j] < a {
            j += 1;
        }
        count += j as u64;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layering;

    fn graph(n: usize, edges: &[(usize, usize)]) -> LayeredGraph {
        let l = layering::assign(n, edges);
        LayeredGraph::build(n, &l.layer, &l.edges)
    }

    #[test]
    fn long_edges_get_one_dummy_per_layer_crossed() {
        let g = graph(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]);
        assert_eq!(g.node_count(), 6);
        assert_eq!(g.chains[3].len(), 2);
        assert!(g.chains[3].iter().all(|&d| d >= 4));
    }

    #[test]
    fn sweeps_untangle_a_crossed_bipartite_pair() {
        // Upper 0,1,2; lower 3,4,5 wired in reverse: the best order has no crossing.
        let g = graph(6, &[(0, 5), (1, 4), (2, 3)]);
        let order = minimise_crossings(&g);
        assert_eq!(crossings::total(&g, &order), 0);
    }

    #[test]
    fn out_of_order_pairs_are_counted_by_merge() {
        assert_eq!(pairs_out_of_order(&[2, 5], &[1, 3, 4]), 1 + 3);
        assert_eq!(pairs_out_of_order(&[], &[1]), 0);
        assert_eq!(pairs_out_of_order(&[1], &[1]), 0);
    }

    #[test]
    fn every_node_appears_once_in_its_layer() {
        let edges: Vec<(usize, usize)> = (1..300).map(|i| ((i * 31) % i, i)).collect();
        let g = graph(300, &edges);
        let order = minimise_crossings(&g);
        let mut seen = vec![0; g.node_count()];
        for (l, layer) in order.iter().enumerate() {
            for &v in layer {
                assert_eq!(g.layer[v], l);
                seen[v] += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1));
    }
}
