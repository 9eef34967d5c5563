//! The block dependency graph in SVG: nodes coloured by block type with their status, the selected
//! one highlighted, arrows on edges, labels cut with an ellipsis (whole in the caption line on
//! hover and on focus; a node's accessible name is its visible text),
//! fitted to the width with zoom and scroll beyond it. Nodes are one keyboard stop with arrow keys
//! between them (roving tabindex); Enter or Space selects a node and shows its block's record.
//! When the graph is not drawable, the one-line reason stands in its place.

use std::sync::Arc;

use graph_layout::{layout, NodeBox, Placement, Spacing};
use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Graph, GraphNode, GraphOutcome, NodeDetail, WidgetModel};

use widget_app::graph_geometry::{
    edge_path, neighbour, node_width, NodeText, LABEL_CHARS, NODE_HEIGHT,
};

use crate::app::assistant::selected_block;
use crate::app::requests::open_block;
use crate::app::CallPurpose;
use crate::views::cell::{FieldList, Room};
use crate::views::context::services;
use crate::views::locale::{locale, t};
use crate::views::navigation::{capabilities, start_call};

/// Below this fraction of its natural size the graph scrolls instead of shrinking further.
const MIN_FIT_SCALE: f32 = 0.5;

/// A node's drawn texts: its label (cut at [`LABEL_CHARS`]) and its kind and status, in words.
fn node_text(node: &GraphNode) -> NodeText {
    let label = widget_model::text::truncate_chars(&node.label, LABEL_CHARS);
    let kind = if node.type_name.is_empty() {
        t(&Msg::BlockWord)
    } else {
        node.type_name.replace('_', " ")
    };
    let meta = match &node.status {
        Some(status) => format!("{kind} · {}", status.label.to_lowercase()),
        None => kind,
    };
    NodeText {
        label,
        meta: widget_model::text::truncate_chars(&meta, 30),
    }
}

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

/// What the parts of one graph share: the selected, focused and hovered node, and the zoom.
#[derive(Clone, Copy)]
struct GraphState {
    selected: RwSignal<Option<usize>>,
    focused: RwSignal<Option<usize>>,
    hovered: RwSignal<Option<usize>>,
    /// `None`: fit the width.
    zoom: RwSignal<Option<f32>>,
}

impl GraphState {
    /// The one node in the tab order: the focused, else the selected, else the first.
    fn tab_stop(self) -> usize {
        self.focused.get().or(self.selected.get()).unwrap_or(0)
    }

    fn toggle(self, i: usize) {
        self.selected
            .update(|s| *s = if *s == Some(i) { None } else { Some(i) });
    }
}

/// A drawable graph: toolbar, caption line, the drawing, and the selected block's record.
///
/// - `graph`: validated nodes and edges.
/// - `details`: block records by node id, shown when a node is selected.
/// - `pipeline`: the pipeline's uuid, when a block the result lacks can be loaded.
#[component]
fn GraphView(graph: Graph, details: Vec<NodeDetail>, pipeline: Option<String>) -> impl IntoView {
    let texts: Vec<NodeText> = graph.nodes.iter().map(node_text).collect();
    let widths: Vec<f32> = texts.iter().map(node_width).collect();
    let spacing = Spacing {
        node_height: NODE_HEIGHT,
        node_gap: 16.0,
        layer_gap: 36.0,
        margin: 8.0,
    };
    let placed = Arc::new(layout(&widths, &graph.edges, &spacing));
    let graph = Arc::new(graph);
    let state = GraphState {
        selected: RwSignal::new(graph.nodes.iter().position(|n| n.selected)),
        focused: RwSignal::new(None),
        hovered: RwSignal::new(None),
        zoom: RwSignal::new(None),
    };
    // A block the user selects is what they are looking at: the assistant may know (not the
    // selection the result came with).
    if let Some(pipeline) = pipeline.clone().filter(|_| capabilities().model_context) {
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
    let locale = locale();
    view! {
        <section class="graph" aria-label=locale.t(&Msg::Graph)>
            <GraphToolbar blocks=graph.nodes.len() edges=graph.edges.len() state/>
            <NodeCaption graph=Arc::clone(&graph) state/>
            <GraphCanvas graph=Arc::clone(&graph) placed texts state/>
            <NodePanel graph details=Arc::new(details) state pipeline/>
        </section>
    }
}

/// The count of blocks and dependencies, and the zoom buttons.
#[component]
fn GraphToolbar(blocks: usize, edges: usize, state: GraphState) -> impl IntoView {
    let locale = locale();
    let zoom = state.zoom;
    let zoom_by =
        move |factor: f32| zoom.update(|z| *z = Some((z.unwrap_or(1.0) * factor).clamp(0.25, 3.0)));
    view! {
        <div class="graph__toolbar">
            <span class="graph__count">{locale.t(&Msg::GraphCount { blocks: blocks as u64, edges: edges as u64 })}</span>
            <span class="graph__zoom" role="group" aria-label=locale.t(&Msg::Zoom)>
                <button type="button" class="graph__button" aria-label=locale.t(&Msg::ZoomOut) on:click=move |_| zoom_by(0.8)>"−"</button>
                <button type="button" class="graph__button" aria-pressed=move || if zoom.get().is_none() { "true" } else { "false" } on:click=move |_| zoom.set(None)>{locale.t(&Msg::Fit)}</button>
                <button type="button" class="graph__button" aria-pressed=move || if zoom.get() == Some(1.0) { "true" } else { "false" } on:click=move |_| zoom.set(Some(1.0))>"100%"</button>
                <button type="button" class="graph__button" aria-label=locale.t(&Msg::ZoomIn) on:click=move |_| zoom_by(1.25)>"+"</button>
            </span>
        </div>
    }
}

/// The hovered, focused or selected block's whole label and type, on one line above the drawing.
#[component]
fn NodeCaption(graph: Arc<Graph>, state: GraphState) -> impl IntoView {
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

/// The drawing: edges, then one focusable node per block.
#[component]
fn GraphCanvas(
    graph: Arc<Graph>,
    placed: Arc<Placement>,
    texts: Vec<NodeText>,
    state: GraphState,
) -> impl IntoView {
    let (w, h) = (placed.width.max(1.0), placed.height.max(1.0));
    let zoom = state.zoom;
    let svg_style = move || match zoom.get() {
        None => format!(
            "width: 100%; max-width: {w:.0}px; min-width: {:.0}px",
            (w * MIN_FIT_SCALE).min(w)
        ),
        Some(k) => format!("width: {:.0}px", w * k),
    };
    let edges = placed
        .edges
        .iter()
        .map(|e| {
            let (source, target) = (e.source, e.target);
            let on_selected = move || state.selected.get().is_some_and(|s| s == source || s == target);
            view! { <path class="edge" class:edge--selected=on_selected d=edge_path(&e.points) marker-end="url(#graph-arrow)"/> }
        })
        .collect_view();
    let nodes = graph
        .nodes
        .iter()
        .zip(&placed.nodes)
        .zip(texts)
        .enumerate()
        .map(|(i, ((node, b), text))| view! { <GraphNodeView node=node.clone() index=i place=*b text placed=Arc::clone(&placed) state/> })
        .collect_view();
    view! {
        <div class="graph__viewport">
            <svg class="graph__svg" viewBox=format!("0 0 {w:.0} {h:.0}") style=svg_style role="group" aria-label=t(&Msg::GraphLayers { blocks: graph.nodes.len() as u64 })>
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
        node.block_type.css_name(),
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
                    focus_node(&event, next);
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

/// The selected block's record, when the result carries it; otherwise, when the host takes tool
/// calls, a control that loads it (`block_get`).
#[component]
fn NodePanel(
    graph: Arc<Graph>,
    details: Arc<Vec<NodeDetail>>,
    state: GraphState,
    pipeline: Option<String>,
) -> impl IntoView {
    move || {
        state.selected.get().and_then(|i| graph.nodes.get(i)).map(|node| {
            let record = details.iter().find(|d| d.node_id == node.id).map(|d| d.fields.clone());
            let title = widget_model::text::truncate_chars(&node.label, 80);
            let label = t(&Msg::BlockTitled { title: title.clone() });
            view! {
                <section class="graph__detail" aria-label=label>
                    <h2 class="graph__detail-title" dir="auto">{title}</h2>
                    {match record {
                        Some(fields) => view! { <FieldList fields room=Room::Detail/> }.into_any(),
                        None => {
                            let load = pipeline.as_deref().filter(|_| capabilities().call_tools).and_then(|p| open_block(p, &node.id)).map(|request| view! {
                                <button type="button" class="graph__button graph__load" on:click=move |_| start_call(request.clone(), CallPurpose::Open)>
                                    {t(&Msg::LoadBlock)}
                                </button>
                            });
                            view! { <p class="graph__detail-none">{t(&Msg::NoRecordForBlock)}</p>{load} }.into_any()
                        }
                    }}
                </section>
            }
        })
    }
}

/// Moves keyboard focus to node `index`, found next to the node that received `event`.
fn focus_node(event: &leptos::ev::KeyboardEvent, index: usize) {
    use wasm_bindgen::JsCast;
    let target = event
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let node = target
        .and_then(|t| t.parent_element())
        .and_then(|group| {
            group
                .query_selector(&format!("[data-index=\"{index}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|n| n.dyn_into::<web_sys::SvgElement>().ok());
    if let Some(node) = node {
        let _ = node.focus();
    }
}
