//! The list table: native `<table>` semantics, sortable columns in natural order (`aria-sort`), a
//! sticky header, numbers right-aligned. Below 480 px each row becomes a card (see table.css).
//!
//! Long lists are windowed: past [`window::WINDOW_AFTER`] rows only the rows in view (and a few
//! either side) are in the DOM, between two spacer rows, so the cost follows what is visible. Rows
//! then have a fixed height; sorting still orders every row; `aria-rowcount`/`aria-rowindex` tell
//! assistive technology where it is. Browser find-in-page cannot see rows that are not rendered,
//! so windowed tables get their own Find box, which searches every row.
//!
//! Parts: [`find::FindBox`], [`header::SortHeader`], [`body::TableRows`], sharing one
//! [`state::TableState`]; the arithmetic is in [`window`].

pub mod body;
pub mod find;
pub mod header;
pub mod state;
pub mod window;

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::WidgetModel;

use crate::views::locale::{locale, t};
use body::TableRows;
use find::FindBox;
use header::SortHeader;
use state::TableState;

/// Records as a table.
///
/// - `model`: the result; its `table` is drawn, its title names the table.
#[component]
pub fn ListTable(model: Arc<WidgetModel>) -> impl IntoView {
    let state = TableState::new(&model);
    let scroller = NodeRef::<Div>::new();
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            state.scroll_top.set(f64::from(el.scroll_top()));
            state.viewport.set(f64::from(el.client_height()));
        }
    };
    let title = locale().text(&model.header.title);
    let caption = title.clone();
    let columns = model.table.columns.len();
    let windowed = state.windowed;
    let omitted = model.table.omitted_rows;
    view! {
        {windowed.then(|| view! { <FindBox state scroller/> })}
        <div
            class="table-scroll"
            class:table-scroll--windowed=windowed
            role="region"
            aria-label=t(&Msg::TableOf { title: title.to_owned() })
            tabindex="0"
            node_ref=scroller
            on:scroll=on_scroll
            style=windowed.then(|| format!("--row-h: {:.0}px", state.row_px))
        >
            <table
                class="table"
                aria-rowcount=move || windowed.then(|| (state.shown() + 1).to_string())
                aria-colcount=windowed.then(|| columns.to_string())
            >
                <caption class="visually-hidden">{caption}</caption>
                <SortHeader columns=model.table.columns.clone() state/>
                <TableRows model=Arc::clone(&model) state/>
            </table>
        </div>
        {(omitted > 0).then(|| view! { <p class="table-note">{t(&Msg::MoreRecordsNotShown { count: omitted as u64 })}</p> })}
    }
}
