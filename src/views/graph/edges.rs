//! The graph's edges: one arrow per dependency (the arrowhead `#graph-arrow`, defined once in the
//! drawing), marked when it touches the selected node.

use graph_layout::Placement;
use leptos::prelude::*;
use widget_app::graph_geometry::edge_path;

use super::state::GraphState;

/// The edges of `placed`, each a path with the arrowhead; those of the selected node marked.
pub(super) fn edge_paths(placed: &Placement, state: GraphState) -> impl IntoView {
    let flow = placed.flow;
    placed
        .edges
        .iter()
        .map(|e| {
            let (source, target) = (e.source, e.target);
            let on_selected = move || state.selected.get().is_some_and(|s| s == source || s == target);
            view! { <path class="edge" class:edge--selected=on_selected d=edge_path(&e.points, flow) marker-end="url(#graph-arrow)"/> }
        })
        .collect_view()
}
