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

use std::sync::Arc;

use graph_layout::{Flow, NodeBox, Placement};
use leptos::html::{Div, Section};
use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Graph, GraphNode, GraphOutcome, NodeDetail, WidgetModel};

use widget_app::graph_geometry::{
    edge_path, initial_view, layout_for_frame, neighbour, never_readable, node_width, InitialView,
    NodeText, LABEL_CHARS,
};

use crate::app::assistant::selected_block;
use crate::app::requests::open_block;
use crate::app::CallPurpose;
use crate::views::cell::{FieldList, Room};
use crate::views::context::services;
use crate::views::locale::{locale, t};
use crate::views::navigation::{capabilities, start_call};
use crate::views::table::DataTable;

/// Graphs up to this many blocks are also laid out left to right, to open the way that reads
/// better in the frame; larger ones run down only (a second layout would double their cost).
const MAX_NODES_LAID_OUT_TWICE: usize = 200;
/// The frame's width assumed until the graph's own width is measured.
const ASSUMED_FRAME_WIDTH: f32 = 720.0;
/// What the drawing's box takes of the section's width: its borders and a vertical scroll bar.
const VIEWPORT_CHROME_PX: f32 = 18.0;

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

/// How large the drawing is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Zoom {
    /// As the graph opened: readable ([`initial_view`]).
    Opening,
    /// The whole width in the frame, however small.
    Fit,
    Scale(f32),
}

/// What the parts of one graph share: the selected, focused and hovered node, the zoom, and the
/// view the frame's width gives the graph.
#[derive(Clone, Copy)]
struct GraphState {
    selected: RwSignal<Option<usize>>,
    focused: RwSignal<Option<usize>>,
    hovered: RwSignal<Option<usize>>,
    zoom: RwSignal<Zoom>,
    /// Which way the layers run and the opening scale, for the frame's width.
    opening: Memo<InitialView>,
    /// A graph too large to read was drawn anyway.
    drawn_anyway: RwSignal<bool>,
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

    /// The scale the drawing is shown at now; `None` for Fit.
    fn scale(self) -> Option<f32> {
        match self.zoom.get() {
            Zoom::Opening => Some(self.opening.get().scale),
            Zoom::Fit => None,
            Zoom::Scale(k) => Some(k),
        }
    }
}

/// The graph laid out for the frame both ways its layers may run (right only for graphs small
/// enough).
#[derive(PartialEq)]
struct Layouts {
    down: Arc<Placement>,
    right: Option<Arc<Placement>>,
}

impl Layouts {
    fn of(widths: &[f32], edges: &[(usize, usize)], frame_width: f32) -> Layouts {
        let laid = |flow| Arc::new(layout_for_frame(flow, widths, edges, frame_width));
        Layouts {
            down: laid(Flow::Down),
            right: (widths.len() <= MAX_NODES_LAID_OUT_TWICE).then(|| laid(Flow::Right)),
        }
    }

    fn get(&self, flow: Flow) -> Arc<Placement> {
        match (flow, &self.right) {
            (Flow::Right, Some(right)) => Arc::clone(right),
            _ => Arc::clone(&self.down),
        }
    }

    fn opening(&self, frame_width: f32) -> InitialView {
        let size = |p: &Placement| (p.width, p.height);
        initial_view(
            size(&self.down),
            self.right.as_deref().map(size),
            frame_width,
        )
    }
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
    // Laid out again if the frame's width changes.
    let layouts = {
        let (widths, edges) = (Arc::clone(&widths), graph.edges.clone());
        Memo::new(move |_| Arc::new(Layouts::of(&widths, &edges, frame_width.get())))
    };
    let drawn_anyway = RwSignal::new(false);
    // A graph whose boxes alone are too large to read is listed without being laid out (memos
    // compute when read): only drawing it anyway lays it out.
    let opening = Memo::new(move |_| {
        let frame = frame_width.get();
        if !drawn_anyway.get() && never_readable(&widths, frame) {
            return InitialView {
                flow: Flow::Down,
                scale: 1.0,
                readable: false,
            };
        }
        layouts.with(|l| l.opening(frame))
    });
    let state = GraphState {
        selected: RwSignal::new(graph.nodes.iter().position(|n| n.selected)),
        focused: RwSignal::new(None),
        hovered: RwSignal::new(None),
        zoom: RwSignal::new(Zoom::Opening),
        opening,
        drawn_anyway,
    };
    // The frame's width, measured once the section is in the page.
    let section = NodeRef::<Section>::new();
    Effect::new(move |_| {
        if let Some(el) = section.get() {
            let width = el.client_width() as f32 - VIEWPORT_CHROME_PX;
            if width > 0.0 {
                frame_width.set(width);
            }
            // A hidden section has no width: it is drawn at the assumed one.
            measured.set(true);
        }
    });
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
    let blocks = graph.nodes.len();
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

/// A graph too large to read as a drawing: why, the button that draws it anyway, and its blocks
/// as a table.
#[component]
fn BlocksTable(graph: Arc<Graph>, state: GraphState) -> impl IntoView {
    let blocks = graph.nodes.len() as u64;
    let table = Arc::new(graph.blocks_table());
    view! {
        <p class="graph-reason" role="note">
            {t(&Msg::GraphTooLarge { blocks })}
            " "
            <button type="button" class="graph__button" on:click=move |_| state.drawn_anyway.set(true)>{t(&Msg::DrawGraph)}</button>
        </p>
        <DataTable table title=t(&Msg::Graph) density=widget_model::Density::Compact/>
    }
}

/// The count of blocks and dependencies, and the zoom buttons.
#[component]
fn GraphToolbar(blocks: usize, edges: usize, state: GraphState) -> impl IntoView {
    let locale = locale();
    let zoom = state.zoom;
    let zoom_by = move |factor: f32| {
        // From Fit, zooming starts at the scale Fit showed.
        let now = state
            .scale()
            .unwrap_or_else(|| state.opening.get_untracked().scale);
        zoom.set(Zoom::Scale((now * factor).clamp(0.25, 3.0)));
    };
    let pressed = move |z: Zoom| move || if zoom.get() == z { "true" } else { "false" };
    view! {
        <div class="graph__toolbar">
            <span class="graph__count">{locale.t(&Msg::GraphCount { blocks: blocks as u64, edges: edges as u64 })}</span>
            <span class="graph__zoom" role="group" aria-label=locale.t(&Msg::Zoom)>
                <button type="button" class="graph__button" aria-label=locale.t(&Msg::ZoomOut) on:click=move |_| zoom_by(0.8)>"−"</button>
                <button type="button" class="graph__button" aria-pressed=pressed(Zoom::Fit) on:click=move |_| { state.drawn_anyway.set(true); zoom.set(Zoom::Fit) }>{locale.t(&Msg::Fit)}</button>
                <button type="button" class="graph__button" aria-pressed=pressed(Zoom::Scale(1.0)) on:click=move |_| { state.drawn_anyway.set(true); zoom.set(Zoom::Scale(1.0)) }>"100%"</button>
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
    let edges = placed
        .edges
        .iter()
        .map(|e| {
            let (source, target) = (e.source, e.target);
            let on_selected = move || state.selected.get().is_some_and(|s| s == source || s == target);
            view! { <path class="edge" class:edge--selected=on_selected d=edge_path(&e.points, flow) marker-end="url(#graph-arrow)"/> }
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
