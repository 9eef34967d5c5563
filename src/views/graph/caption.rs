//! The caption line above the drawing: the hovered, focused or selected block's whole label and
//! type.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::Graph;

use super::state::GraphState;
use crate::views::locale::t;

/// The hovered, focused or selected block's whole label and type, on one line above the drawing.
#[component]
pub(super) fn NodeCaption(graph: Arc<Graph>, state: GraphState) -> impl IntoView {
    let block = t(&Msg::BlockWord);
    let caption = move || {
        state.hovered.get().or(state.focused.get()).or(state.selected.get()).and_then(|i| graph.nodes.get(i)).map(|n| {
            let kind = if n.type_name.is_empty() { block.clone() } else { n.type_name.replace('_', " ") };
            let status = n.status.as_ref().map(|s| format!(" · {}", s.label.to_lowercase())).unwrap_or_default();
            view! { <span class="graph__focus-label" dir="auto">{n.label.clone()}</span><span class="graph__focus-meta">{format!(" — {kind}{status}")}</span> }
        })
    };
    view! { <p class="graph__focus">{caption}</p> }
}
