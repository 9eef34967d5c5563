//! The drawing: the edges, then one focusable node per block, in a box that scrolls both ways and
//! pans when dragged, at the scale the zoom asks for.

use std::sync::Arc;

use graph_layout::{Flow, Placement};
use leptos::html::Div;
use leptos::prelude::*;
use widget_app::graph_geometry::NodeText;
use widget_model::words::Msg;
use widget_model::Graph;

use super::edges::edge_paths;
use super::nodes::GraphNodeView;
use super::state::GraphState;
use crate::views::locale::t;

/// The drawing: edges, then one focusable node per block, in a box that scrolls both ways and
/// pans when dragged.
#[component]
pub(super) fn GraphCanvas(
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
