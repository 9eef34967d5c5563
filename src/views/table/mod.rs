//! The list table.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::WidgetModel;

/// Records as a table, one column per model column.
///
/// - `model`: the result; its `table` is drawn.
#[component]
pub fn ListTable(model: Arc<WidgetModel>) -> impl IntoView {
    let columns = model.table.columns.clone();
    let rows = model.table.rows.clone();
    view! {
        <div class="table-scroll">
            <table class="table">
                <thead>
                    <tr>{columns.into_iter().map(|c| view! { <th scope="col">{c.label}</th> }).collect_view()}</tr>
                </thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|row| {
                            view! {
                                <tr>{row.cells.iter().map(|cell| view! { <td>{cell.plain_text()}</td> }).collect_view()}</tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}
