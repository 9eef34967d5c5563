//! The panel under the drawing: the selected block's record, or the control that loads it.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Graph, NodeDetail};

use super::state::GraphState;
use crate::calls::capabilities;
use crate::views::cell::{FieldList, Room};
use crate::views::locale::t;
use crate::views::navigation::open;
use widget_app::requests::open_block;
use widget_app::CallPurpose;

/// The selected block's record, when the result carries it; otherwise, when the host takes tool
/// calls, a control that loads it (`block_get`).
#[component]
pub(super) fn NodePanel(
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
                                <button type="button" class="graph__button graph__load" on:click=move |_| open(request.clone(), CallPurpose::Open)>
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
