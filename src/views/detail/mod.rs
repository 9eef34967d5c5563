//! One record as label/value rows: nested objects open, a block's source in a code block labelled
//! with its language, upstream and downstream blocks listed.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::{Cell, WidgetModel};

use crate::views::cell::{CellView, Room};

/// The first row of `model.table`, as a record.
///
/// - `model`: a result whose layout is `Detail`.
#[component]
pub fn RecordDetail(model: Arc<WidgetModel>) -> impl IntoView {
    let Some(row) = model.table.rows.first() else {
        return ().into_any();
    };
    let (blocks, fields): (Vec<_>, Vec<_>) = model
        .table
        .columns
        .iter()
        .zip(&row.cells)
        .partition(|(_, cell)| matches!(cell, Cell::Code { .. }));
    let rows = fields
        .into_iter()
        .map(|(column, cell)| {
            let wide = matches!(cell, Cell::Record { .. } | Cell::List { .. });
            view! {
                <div class="detail__row" class:detail__row--wide=wide>
                    <dt class="detail__label">{column.label.clone()}</dt>
                    <dd class="detail__value" dir="auto"><CellView cell=cell.clone() room=Room::Detail/></dd>
                </div>
            }
        })
        .collect_view();
    let code = blocks
        .into_iter()
        .map(|(column, cell)| {
            view! {
                <section class="detail__code" aria-label=column.label.clone()>
                    <CellView cell=cell.clone() room=Room::Detail/>
                </section>
            }
        })
        .collect_view();
    view! {
        <dl class="detail">{rows}</dl>
        {code}
    }
    .into_any()
}
