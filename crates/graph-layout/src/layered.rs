//! The layered graph: real nodes plus one dummy per layer an edge crosses, so that every edge runs
//! between adjacent layers. Ordering, crossing counts and placement all work on it.

use crate::layering::Csr;

/// The graph with dummies, every edge between adjacent layers.
pub struct LayeredGraph {
    /// The layer of each node; real nodes first, dummies after.
    pub layer: Vec<usize>,
    /// Neighbours in the layer below.
    pub down: Csr,
    /// Neighbours in the layer above.
    pub up: Csr,
    /// For each input edge, its dummies from top to bottom.
    pub chains: Vec<Vec<usize>>,
    layer_count: usize,
}

impl LayeredGraph {
    /// Builds the layered graph of `real` nodes at `layer`, with `edges` oriented downwards.
    pub fn build(real: usize, layer: &[usize], edges: &[(usize, usize, bool)]) -> LayeredGraph {
        let mut layers = layer.to_vec();
        let mut segments = Vec::with_capacity(edges.len());
        let mut chains = Vec::with_capacity(edges.len());
        for &(s, t, _) in edges {
            let mut chain = Vec::new();
            let mut previous = s;
            for l in layer[s] + 1..layer[t] {
                let dummy = layers.len();
                layers.push(l);
                chain.push(dummy);
                segments.push((previous, dummy));
                previous = dummy;
            }
            segments.push((previous, t));
            chains.push(chain);
        }
        let n = layers.len();
        let layer_count = if real == 0 {
            0
        } else {
            layers.iter().max().map_or(0, |m| m + 1)
        };
        LayeredGraph {
            down: Csr::new(n, segments.iter().copied()),
            up: Csr::new(n, segments.iter().map(|&(s, t)| (t, s))),
            layer: layers,
            chains,
            layer_count,
        }
    }

    pub fn node_count(&self) -> usize {
        self.layer.len()
    }

    pub fn layer_count(&self) -> usize {
        self.layer_count
    }
}
