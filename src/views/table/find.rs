//! The Find box of a windowed table: browser find cannot see rows that are not drawn, so this one
//! filters every row (all columns, case-insensitive) and says how many match.

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::words::Msg;

use super::state::TableState;
use crate::views::locale::t;

/// The Find box.
///
/// - `state`: the table's shared state (its query and order).
/// - `scroller`: the table's scroll box, scrolled back to the top on each search.
#[component]
pub fn FindBox(state: TableState, scroller: NodeRef<Div>) -> impl IntoView {
    let total = state.count as u64;
    let shown = move || {
        if state.query.with(String::is_empty) {
            t(&Msg::Rows { count: total })
        } else {
            t(&Msg::RowsMatch {
                shown: state.shown() as u64,
                total,
            })
        }
    };
    let on_input = move |ev| {
        state.query.set(event_target_value(&ev));
        state.scroll_top.set(0.0);
        if let Some(el) = scroller.get_untracked() {
            el.set_scroll_top(0);
        }
    };
    view! {
        // data-ready: every row's text is built, so a search filters only (benchmarks wait on it).
        <div class="table-find" data-ready=move || state.find_ready.get().then_some("")>
            <label class="table-find__label">
                {t(&Msg::Find)}
                <input type="search" class="table-find__input" placeholder=t(&Msg::FindPlaceholder) on:input=on_input/>
            </label>
            <span class="table-find__count" role="status">{shown}</span>
        </div>
    }
}
