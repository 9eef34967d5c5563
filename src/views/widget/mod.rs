//! The widget's root: the element hosts key on (`data-state`, `aria-busy`), the theme, and the
//! view for the current phase.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::{State, WidgetModel};

use crate::app::{AppState, HostServices, Phase, Theme};
use crate::views::states::{CancelledState, EmptyState, ErrorState, LoadingState};
use crate::views::table::ListTable;

/// The whole widget.
///
/// - `state`: the app state the bridge updates.
/// - `services`: what views may ask of the host (copy, open a link, the clock).
#[component]
pub fn Widget(state: RwSignal<AppState>, services: HostServices) -> impl IntoView {
    // Services hold the window, which is not Send: keep them in local storage.
    provide_context(StoredValue::new_local(services));
    let phase = Memo::new(move |_| state.with(|s| s.phase.clone()));
    let context = Memo::new(move |_| state.with(|s| s.context.clone()));
    let theme = move || match context.with(|c| c.theme) {
        Some(Theme::Light) => "widget theme-light",
        Some(Theme::Dark) => "widget theme-dark",
        None => "widget",
    };
    view! {
        <main
            id="widget"
            class=theme
            data-state=move || phase.with(Phase::data_state)
            aria-busy=move || phase.with(Phase::is_busy).then_some("true")
            style=move || context.with(|c| c.style_text())
        >
            {move || match phase.get() {
                Phase::Waiting | Phase::Loading => view! { <LoadingState/> }.into_any(),
                Phase::Cancelled { reason } => view! { <CancelledState reason/> }.into_any(),
                Phase::Ready { model, .. } => view! { <ResultView model/> }.into_any(),
            }}
        </main>
    }
}

/// One tool result.
#[component]
fn ResultView(model: Arc<WidgetModel>) -> impl IntoView {
    match model.state {
        State::Loading => view! { <LoadingState/> }.into_any(),
        State::Error => view! { <ErrorState error=model.error.clone()/> }.into_any(),
        State::Empty => view! { <EmptyState message=model.empty_message.clone()/> }.into_any(),
        State::Ok => view! {
            <header class="result-header">
                <h1 class="result-title">{model.header.title.clone()}</h1>
            </header>
            <ListTable model=Arc::clone(&model)/>
        }
        .into_any(),
    }
}
