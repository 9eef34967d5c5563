//! The graph's nodes: one focusable box per block, selected with Enter, Space or a click, with
//! arrow keys between them (roving tabindex).

use std::sync::Arc;

use graph_layout::{NodeBox, Placement};
use leptos::prelude::*;
use widget_app::graph_geometry::{neighbour, NodeText};
use widget_model::GraphNode;

use super::state::GraphState;

/// One block: a box coloured by type, its status dot, its label and type; a button that selects.
#[component]
pub(super) fn GraphNodeView(
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
