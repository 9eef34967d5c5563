//! The block dependency graph, or the one-line reason it is not drawn.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::{GraphOutcome, WidgetModel};

/// The graph of a pipeline-oriented result.
///
/// - `model`: the result; its `graph` outcome decides what is shown.
#[component]
pub fn GraphSection(model: Arc<WidgetModel>) -> impl IntoView {
    match &model.graph {
        GraphOutcome::Absent => ().into_any(),
        GraphOutcome::Fallback(reason) => {
            view! { <p class="graph-reason" role="note">{reason.clone()}</p> }.into_any()
        }
        GraphOutcome::Drawable(_) => ().into_any(),
    }
}
