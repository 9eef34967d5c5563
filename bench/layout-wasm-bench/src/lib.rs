//! `graph-layout` for the browser benchmark: widths and flat edge pairs in, the crossing count out
//! (the caller times the call with `performance.now()`).
use wasm_bindgen::prelude::wasm_bindgen;

/// Lays out the graph; `edges` holds source, target, source, target…
#[wasm_bindgen]
pub fn layout_crossings(widths: &[f32], edges: &[u32]) -> u32 {
    let pairs: Vec<(usize, usize)> = edges
        .chunks_exact(2)
        .map(|p| (p[0] as usize, p[1] as usize))
        .collect();
    let l = graph_layout::layout(widths, &pairs, &graph_layout::Spacing::default());
    l.crossings.min(u64::from(u32::MAX)) as u32
}
