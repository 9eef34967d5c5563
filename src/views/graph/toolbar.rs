//! The graph's toolbar: the count of blocks and dependencies, and the zoom buttons.

use leptos::prelude::*;
use widget_model::words::Msg;

use super::state::{GraphState, Zoom};
use crate::views::locale::locale;

/// The count of blocks and dependencies, and the zoom buttons.
#[component]
pub(super) fn GraphToolbar(blocks: usize, edges: usize, state: GraphState) -> impl IntoView {
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
