//! A graph too large to read as a drawing, listed as a table of its blocks.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::Graph;

use super::state::GraphState;
use crate::views::locale::t;
use crate::views::table::DataTable;

/// A graph too large to read as a drawing: why, the button that draws it anyway, and its blocks
/// as a table.
#[component]
pub(super) fn BlocksTable(graph: Arc<Graph>, state: GraphState) -> impl IntoView {
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
