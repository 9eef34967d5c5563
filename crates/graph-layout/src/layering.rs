//! Layer assignment. Back edges of any cycle are reversed first (the widget's model already
//! rejects cycles; the layout stays total on its own). Layers: longest path from the sources, then,
//! in reverse topological order, each node with successors moves down to just above the nearest
//! one, which shortens edges out of sources without adding layers.

/// Layers and the edges oriented downwards.
pub struct Layered {
    /// The layer of each node (0 at the top).
    pub layer: Vec<usize>,
    /// Each input edge as (upper, lower, reversed): `reversed` when the input pointed upwards.
    pub edges: Vec<(usize, usize, bool)>,
}

/// Adjacency in compressed rows: node `v`'s neighbours are `targets[start[v]..start[v + 1]]`.
pub struct Csr {
    pub start: Vec<usize>,
    pub targets: Vec<usize>,
}

impl Csr {
    pub fn new(n: usize, edges: impl Iterator<Item = (usize, usize)> + Clone) -> Csr {
        let mut start = vec![0usize; n + 1];
        for (s, _) in edges.clone() {
            start[s + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut targets = vec![0usize; start[n]];
        for (s, t) in edges {
            targets[fill[s]] = t;
            fill[s] += 1;
        }
        Csr { start, targets }
    }

    pub fn of(&self, v: usize) -> &[usize] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }
}

/// Assigns layers to `n` nodes with `edges` (no self-loops; indices below `n`).
pub fn assign(n: usize, edges: &[(usize, usize)]) -> Layered {
    let reversed = back_edges(n, edges);
    let oriented: Vec<(usize, usize, bool)> = edges
        .iter()
        .zip(&reversed)
        .map(|(&(s, t), &r)| if r { (t, s, true) } else { (s, t, false) })
        .collect();
    let succ = Csr::new(n, oriented.iter().map(|&(s, t, _)| (s, t)));

    // Kahn's algorithm gives a topological order; ASAP layers follow it.
    let mut indegree = vec![0usize; n];
    for &(_, t, _) in &oriented {
        indegree[t] += 1;
    }
    let mut topo = Vec::with_capacity(n);
    topo.extend((0..n).filter(|&v| indegree[v] == 0));
    let mut head = 0;
    while head < topo.len() {
        let v = topo[head];
        head += 1;
        for &t in succ.of(v) {
            indegree[t] -= 1;
            if indegree[t] == 0 {
                topo.push(t);
            }
        }
    }
    let mut layer = vec![0usize; n];
    for &v in &topo {
        for &t in succ.of(v) {
            layer[t] = layer[t].max(layer[v] + 1);
        }
    }
    for &v in topo.iter().rev() {
        if let Some(nearest) = succ.of(v).iter().map(|&t| layer[t]).min() {
            layer[v] = nearest - 1;
        }
    }
    Layered {
        layer,
        edges: oriented,
    }
}

/// Splits every layer wider than `max_row` (its nodes' `widths` plus a `gap` between each two)
/// into as few rows as keep each row within it, each row a layer of its own: a wide graph then
/// grows down instead of sideways. Nodes are dealt to the rows in turn, in the order of their
/// predecessors' mean place in the rows above, so that each row spans the layer's breadth. Edges
/// still point down (a node's rows all lie below its predecessors' rows).
pub fn wrap(layered: &mut Layered, widths: &[f32], max_row: f32, gap: f32) {
    let n = layered.layer.len();
    let layers = layered.layer.iter().copied().max().map_or(0, |l| l + 1);
    let mut by_layer: Vec<Vec<usize>> = vec![Vec::new(); layers];
    for v in 0..n {
        by_layer[layered.layer[v]].push(v);
    }
    let pred = Csr::new(n, layered.edges.iter().map(|&(s, t, _)| (t, s)));
    // Each node's place in reading order (row by row) once its layer is placed.
    let mut place = vec![0.0f32; n];
    let mut next_row = 0usize;
    let mut placed = 0usize;
    for nodes in by_layer.iter_mut() {
        let key = |v: usize| {
            let ps = pred.of(v);
            if ps.is_empty() {
                v as f32
            } else {
                ps.iter().map(|&p| place[p]).sum::<f32>() / ps.len() as f32
            }
        };
        let mut keyed: Vec<(f32, usize)> = nodes.iter().map(|&v| (key(v), v)).collect();
        widget_sort::sort_by(&mut keyed, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let rows = rows_for(
            &keyed
                .iter()
                .map(|&(_, v)| widths.get(v).copied().unwrap_or(0.0))
                .collect::<Vec<_>>(),
            max_row,
            gap,
        );
        for (i, &(_, v)) in keyed.iter().enumerate() {
            layered.layer[v] = next_row + i % rows;
            place[v] = (placed + i) as f32;
        }
        placed += nodes.len();
        next_row += rows;
    }
}

/// The fewest rows that deal `widths` (in turn: the i-th to row i mod rows) into rows no wider
/// than `max_row` with `gap` between neighbours; a row of one node is as narrow as it gets.
fn rows_for(widths: &[f32], max_row: f32, gap: f32) -> usize {
    let fits = |rows: usize| {
        (0..rows).all(|r| {
            let row: Vec<f32> = widths.iter().skip(r).step_by(rows).copied().collect();
            row.len() <= 1 || row.iter().sum::<f32>() + gap * (row.len() - 1) as f32 <= max_row
        })
    };
    (1..=widths.len().max(1))
        .find(|&rows| fits(rows))
        .unwrap_or(1)
}

/// Which edges close a cycle, found by an iterative depth-first search in index order.
fn back_edges(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    // Edge indices by source, so each edge's verdict lands in its own slot.
    let by_source = Csr::new(n, edges.iter().enumerate().map(|(i, &(s, _))| (s, i)));
    let mut reversed = vec![false; edges.len()];
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnStack,
        Done,
    }
    let mut mark = vec![Mark::New; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if mark[root] != Mark::New {
            continue;
        }
        mark[root] = Mark::OnStack;
        stack.push((root, 0));
        while let Some(&(v, next)) = stack.last() {
            if let Some(&edge) = by_source.of(v).get(next) {
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                let t = edges[edge].1;
                match mark[t] {
                    Mark::New => {
                        mark[t] = Mark::OnStack;
                        stack.push((t, 0));
                    }
                    Mark::OnStack => reversed[edge] = true,
                    Mark::Done => {}
                }
            } else {
                mark[v] = Mark::Done;
                stack.pop();
            }
        }
    }
    reversed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_follow_longest_paths_and_pull_sources_down() {
        // 0 → 1 → 2 → 3, and 4 → 3 only: 4 sits just above 3, not at the top.
        let l = assign(5, &[(0, 1), (1, 2), (2, 3), (4, 3)]);
        assert_eq!(l.layer, [0, 1, 2, 3, 2]);
        assert!(l.edges.iter().all(|&(_, _, r)| !r));
    }

    #[test]
    fn a_cycle_is_broken_by_reversing_one_edge() {
        let l = assign(3, &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(l.edges.iter().filter(|e| e.2).count(), 1);
        assert!(l.edges.iter().all(|&(s, t, _)| l.layer[s] < l.layer[t]));
    }

    #[test]
    fn a_deep_chain_needs_no_recursion() {
        let n = 100_000;
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let l = assign(n, &edges);
        assert_eq!(l.layer[n - 1], n - 1);
    }
}
