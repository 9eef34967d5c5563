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
//! (`toolbar.rs`), the caption line (`caption.rs`), the edges (`edges.rs`), the table of a graph
//! too large to read (`blocks.rs`), the selected block's panel (`panel.rs`); here, `GraphView`
//! joining them, and the drawing (`GraphCanvas`) with its nodes (`GraphNodeView`), which stay in
//! `GraphView`'s module: in one of their own, the compiler inlines the drawing into `GraphView`
//! less tightly and the widget's wasm grows. The geometry is in `widget_app::graph_geometry`.

mod blocks;
mod caption;
mod edges;
mod layout;
mod panel;
mod state;
mod toolbar;

use std::sync::Arc;

use graph_layout::{Flow, NodeBox, Placement};
use leptos::html::{Div, Section};
use leptos::prelude::*;
use widget_app::graph_geometry::{neighbour, node_width, NodeText};
use widget_model::words::Msg;
use widget_model::{Graph, GraphNode, GraphOutcome, NodeDetail, WidgetModel};

use crate::calls::capabilities;
use crate::views::context::services;
use crate::views::locale::{locale, t};
use blocks::BlocksTable;
use caption::NodeCaption;
use edges::edge_paths;
use layout::{layouts_for_frame, measure_frame, node_text, opening_view, ASSUMED_FRAME_WIDTH};
use panel::NodePanel;
use state::{GraphState, Zoom};
use toolbar::GraphToolbar;
use widget_app::assistant::selected_block;

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
    // Drawn once the frame's width is known (a wide layer wraps to fit it), in the task that
    // measures it: laying out and drawing at an assumed width first would do both twice.
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
    // Nothing until the frame is measured; then the table of the blocks when the graph is too
    // large to read (and not drawn anyway), else the caption line and the drawing.
    let drawing = {
        let graph = Arc::clone(&graph);
        move || {
            if !measured.get() {
                return ().into_any();
            }
            if !state.opening.get().readable && !state.drawn_anyway.get() {
                return view! { <BlocksTable graph=Arc::clone(&graph) state/> }.into_any();
            }
            let placed = layouts.with(|l| l.get(state.opening.get().flow));
            view! {
                <NodeCaption graph=Arc::clone(&graph) state/>
                <GraphCanvas graph=Arc::clone(&graph) placed texts=texts.clone() state/>
            }
            .into_any()
        }
    };
    view! {
        <section class="graph" aria-label=locale.t(&Msg::Graph) node_ref=section>
            <GraphToolbar blocks edges=graph.edges.len() state/>
            {drawing}
            <NodePanel graph details=Arc::new(details) state pipeline/>
        </section>
    }
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

/// The drawing: edges, then one focusable node per block, in a box that scrolls both ways and
/// pans when dragged.
#[component]
fn GraphCanvas(
    graph: Arc<Graph>,
    placed: Arc<Placement>,
    texts: Vec<NodeText>,
    state: GraphState,
) -> impl IntoView {
    let (w, h) = (placed.width.max(1.0), placed.height.max(1.0));
    let svg_style = move || match state.scale() {
        None => format!("width: 100%; max-width: {w:.0}px"),
        // Rounded up: a label never ends below the size the scale promises.
        Some(k) => format!("width: {:.0}px", (w * k).ceil()),
    };
    let flow = placed.flow;
    let edges = edge_paths(&placed, state);
    let nodes = graph
        .nodes
        .iter()
        .zip(&placed.nodes)
        .zip(texts)
        .enumerate()
        .map(|(i, ((node, b), text))| view! { <GraphNodeView node=node.clone() index=i place=*b text placed=Arc::clone(&placed) state/> })
        .collect_view();
    let blocks = graph.nodes.len() as u64;
    let label = t(&match flow {
        Flow::Down => Msg::GraphLayers { blocks },
        Flow::Right => Msg::GraphLayersAcross { blocks },
    });
    let viewport = NodeRef::<Div>::new();
    let pan = Pan::default();
    view! {
        <div
            class="graph__viewport"
            node_ref=viewport
            data-flow=match flow { Flow::Down => "down", Flow::Right => "right" }
            data-opening-scale=move || format!("{:.3}", state.opening.get().scale)
            on:mousedown=move |e| pan.start(&e, viewport)
            on:mousemove=move |e| pan.follow(&e, viewport)
            on:mouseup=move |_| pan.stop()
            on:mouseleave=move |_| pan.stop()
        >
            <svg class="graph__svg" viewBox=format!("0 0 {w:.0} {h:.0}") style=svg_style role="group" aria-label=label>
                <defs>
                    <marker id="graph-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0 0 L10 5 L0 10 z" class="edge__arrow"/>
                    </marker>
                </defs>
                <g class="graph__edges" aria-hidden="true">{edges}</g>
                <g class="graph__nodes">{nodes}</g>
            </svg>
        </div>
    }
}

/// Dragging the drawing's background scrolls it: where the drag started, and the scroll then.
#[derive(Clone, Copy, Default)]
struct Pan {
    from: StoredValue<Option<(i32, i32, i32, i32)>>,
}

impl Pan {
    /// A primary-button press on the background (not on a node) starts a drag.
    fn start(self, event: &leptos::ev::MouseEvent, viewport: NodeRef<Div>) {
        use wasm_bindgen::JsCast;
        let on_node = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| t.closest(".node").ok().flatten().is_some());
        if event.button() != 0 || on_node {
            return;
        }
        if let Some(el) = viewport.get_untracked() {
            self.from.set_value(Some((
                event.client_x(),
                event.client_y(),
                el.scroll_left(),
                el.scroll_top(),
            )));
        }
    }

    fn follow(self, event: &leptos::ev::MouseEvent, viewport: NodeRef<Div>) {
        let (Some((x, y, left, top)), Some(el)) = (self.from.get_value(), viewport.get_untracked())
        else {
            return;
        };
        event.prevent_default();
        el.set_scroll_left(left - (event.client_x() - x));
        el.set_scroll_top(top - (event.client_y() - y));
    }

    fn stop(self) {
        self.from.set_value(None);
    }
}

/// One block: a box coloured by type, its status dot, its label and type; a button that selects.
#[component]
fn GraphNodeView(
    node: GraphNode,
    index: usize,
    place: NodeBox,
    text: NodeText,
    placed: Arc<Placement>,
    state: GraphState,
) -> impl IntoView {
    let i = index;
    let class = format!(
        "node node--{} status--{}",
        widget_model::block_css_name(node.block_type),
        node.status
            .as_ref()
            .map_or("unknown", |s| s.tone.css_name())
    );
    let on_key = move |event: leptos::ev::KeyboardEvent| {
        let key = event.key();
        match key.as_str() {
            "Enter" | " " => {
                event.prevent_default();
                state.toggle(i);
            }
            _ => {
                if let Some(next) = neighbour(&placed, i, &key) {
                    event.prevent_default();
                    state.focused.set(Some(next));
                    crate::views::svg_focus::focus_sibling_item(&event, next);
                }
            }
        }
    };
    view! {
        <g
            class=class
            class:is-selected=move || state.selected.get() == Some(i)
            data-node-id=node.id
            data-index=i.to_string()
            transform=format!("translate({:.1} {:.1})", place.x, place.y)
            role="button"
            tabindex=move || if state.tab_stop() == i { "0" } else { "-1" }
            aria-pressed=move || if state.selected.get() == Some(i) { "true" } else { "false" }
            on:click=move |_| state.toggle(i)
            on:focus=move |_| state.focused.set(Some(i))
            on:mouseenter=move |_| state.hovered.set(Some(i))
            on:mouseleave=move |_| state.hovered.set(None)
            on:keydown=on_key
        >
            <rect class="node__box" width=format!("{:.1}", place.width) height=format!("{:.1}", place.height) rx="6"/>
            <rect class="node__stripe" width="5" height=format!("{:.1}", place.height) rx="2"/>
            <circle class="node__status" cx=format!("{:.1}", place.width - 10.0) cy="11" r="4"/>
            <text class="node__label" x="12" y="17">{text.label}</text>
            <text class="node__meta" x="12" y="32">{text.meta}</text>
        </g>
    }
}
