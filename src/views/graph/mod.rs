//! The block dependency graph in SVG: nodes coloured by block type with their status, the selected
//! one highlighted, arrows on edges, labels cut with an ellipsis (whole in the caption line on
//! hover and on focus; a node's accessible name is its visible text). It opens readable: its
//! layers run down or right, whichever needs less sideways scrolling in the frame, at a scale
//! that fits the width but never draws a label below 11 px; past that the drawing scrolls, and
//! dragging it pans. Fit (the whole width), 100% and the zoom buttons stay actions. A graph too
//! large to read even so is listed as a table of its blocks, with a button that draws it anyway.
//! Nodes are one keyboard stop with arrow keys between them (roving tabindex); Enter or Space
//! selects a node and shows its block's record. When the graph is not drawable, the one-line
//! reason stands in its place.
//!
//! Parts, sharing one `GraphState` (`state.rs`): the layout data (`layout.rs`), the toolbar
//! (`toolbar.rs`), the caption line (`caption.rs`), the drawing (`canvas.rs`) with its edges
//! (`edges.rs`) and nodes (`nodes.rs`), the table of a graph too large to read (`blocks.rs`), and
//! the selected block's panel (`panel.rs`); the geometry is in `widget_app::graph_geometry`.

mod blocks;
mod canvas;
mod caption;
mod edges;
mod layout;
mod nodes;
mod panel;
mod state;
mod toolbar;

use std::sync::Arc;

use leptos::html::Section;
use leptos::prelude::*;
use widget_app::graph_geometry::{node_width, NodeText};
use widget_model::words::Msg;
use widget_model::{Graph, GraphOutcome, NodeDetail, WidgetModel};

use crate::app::assistant::selected_block;
use crate::views::context::services;
use crate::views::locale::{locale, t};
use crate::views::navigation::capabilities;
use blocks::BlocksTable;
use canvas::GraphCanvas;
use caption::NodeCaption;
use layout::{
    layouts_for_frame, measure_frame, node_text, opening_view, Layouts, ASSUMED_FRAME_WIDTH,
};
use panel::NodePanel;
use state::{GraphState, Zoom};
use toolbar::GraphToolbar;

/// The graph of a pipeline-oriented result, or why it is not drawn.
///
/// - `model`: the result; its `graph` outcome decides what is shown, its `node_details` what a
///   selected node reveals.
#[component]
pub fn GraphSection(model: Arc<WidgetModel>) -> impl IntoView {
    match &model.graph {
        GraphOutcome::Absent => ().into_any(),
        GraphOutcome::Fallback(reason) => {
            view! { <p class="graph-reason" role="note">{t(&Msg::GraphNotDrawn(reason.clone()))}</p> }.into_any()
        }
        GraphOutcome::Drawable(graph) => {
            view! { <GraphView graph=graph.clone() details=model.node_details.clone() pipeline=pipeline_uuid(&model)/> }.into_any()
        }
    }
}

/// The uuid of the pipeline a result shows: a block it lacks can be loaded with `block_get`, and a
/// selected block named to the assistant.
fn pipeline_uuid(model: &WidgetModel) -> Option<String> {
    if !matches!(model.resource.as_str(), "pipelines" | "pipeline") {
        return None;
    }
    model.table.rows.first()?.ids.uuid.clone()
}

/// A drawable graph: toolbar, caption line, the drawing (or, when too large to read, the table
/// of its blocks), and the selected block's record.
///
/// - `graph`: validated nodes and edges.
/// - `details`: block records by node id, shown when a node is selected.
/// - `pipeline`: the pipeline's uuid, when a block the result lacks can be loaded.
#[component]
fn GraphView(graph: Graph, details: Vec<NodeDetail>, pipeline: Option<String>) -> impl IntoView {
    let texts: Vec<NodeText> = graph.nodes.iter().map(node_text).collect();
    let widths: Arc<[f32]> = texts.iter().map(node_width).collect();
    let graph = Arc::new(graph);
    let frame_width = RwSignal::new(ASSUMED_FRAME_WIDTH);
    // Drawn once the frame's width is known (a wide layer wraps to fit it), in the same task:
    // laying out and drawing at an assumed width first did both twice.
    let measured = RwSignal::new(false);
    let layouts = layouts_for_frame(Arc::clone(&widths), graph.edges.clone(), frame_width);
    let drawn_anyway = RwSignal::new(false);
    let state = GraphState {
        selected: RwSignal::new(graph.nodes.iter().position(|n| n.selected)),
        focused: RwSignal::new(None),
        hovered: RwSignal::new(None),
        zoom: RwSignal::new(Zoom::Opening),
        opening: opening_view(widths, frame_width, drawn_anyway, layouts),
        drawn_anyway,
    };
    let section = NodeRef::<Section>::new();
    measure_frame(section, frame_width, measured);
    if let Some(pipeline) = pipeline.clone().filter(|_| capabilities().model_context) {
        tell_the_assistant(pipeline, &graph, state);
    }
    let locale = locale();
    let blocks = graph.nodes.len();
    let drawing = {
        let graph = Arc::clone(&graph);
        move || drawing_or_table(&graph, &texts, layouts, measured, state)
    };
    view! {
        <section class="graph" aria-label=locale.t(&Msg::Graph) node_ref=section>
            <GraphToolbar blocks edges=graph.edges.len() state/>
            {drawing}
            <NodePanel graph details=Arc::new(details) state pipeline/>
        </section>
    }
}

/// What stands between the toolbar and the panel: nothing until the frame is `measured`; then the
/// table of the blocks when the graph is too large to read (and not drawn anyway), else the
/// caption line and the drawing, laid out the way it opens.
fn drawing_or_table(
    graph: &Arc<Graph>,
    texts: &[NodeText],
    layouts: Memo<Arc<Layouts>>,
    measured: RwSignal<bool>,
    state: GraphState,
) -> AnyView {
    if !measured.get() {
        return ().into_any();
    }
    if !state.opening.get().readable && !state.drawn_anyway.get() {
        return view! { <BlocksTable graph=Arc::clone(graph) state/> }.into_any();
    }
    let placed = layouts.with(|l| l.get(state.opening.get().flow));
    view! {
        <NodeCaption graph=Arc::clone(graph) state/>
        <GraphCanvas graph=Arc::clone(graph) placed texts=texts.to_vec() state/>
    }
    .into_any()
}

/// A block the user selects is what they are looking at: the assistant of `pipeline` may know
/// (not the selection the result came with).
fn tell_the_assistant(pipeline: String, graph: &Graph, state: GraphState) {
    let ids: Vec<String> = graph.nodes.iter().map(|n| n.id.clone()).collect();
    Effect::new(move |previous: Option<Option<usize>>| {
        let selected = state.selected.get();
        if previous.is_some_and(|p| p != selected) {
            let context = selected
                .and_then(|i| ids.get(i))
                .and_then(|id| selected_block(&pipeline, id));
            if let Some(context) = context {
                services().with_value(|s| (s.update_model_context)(&context));
            }
        }
        selected
    });
}
