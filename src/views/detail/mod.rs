//! One record as label/value rows: nested objects open, a block's source in a code block labelled
//! with its language, upstream and downstream blocks listed.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Cell, Column, WidgetModel};

use crate::views::cell::{CellView, Room};
use crate::views::locale::{locale, t};

/// One label/value row.
fn field_row(column: &Column, cell: &Cell) -> impl IntoView {
    let wide = matches!(cell, Cell::Record { .. } | Cell::List { .. });
    view! {
        <div class="detail__row" class:detail__row--wide=wide>
            <dt class="detail__label">{locale().text(&column.label)}</dt>
            <dd class="detail__value" dir="auto"><CellView cell=cell.clone() room=Room::Detail/></dd>
        </div>
    }
}

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
    // Fields ranked last (empty ones) wait behind a disclosure, still reachable.
    let (secondary, primary): (Vec<_>, Vec<_>) =
        fields.into_iter().partition(|(column, _)| column.secondary);
    let rows = primary
        .into_iter()
        .map(|(column, cell)| field_row(column, cell))
        .collect_view();
    let more = (!secondary.is_empty()).then(|| {
        let count = secondary.len() as u64;
        let rows = secondary
            .into_iter()
            .map(|(column, cell)| field_row(column, cell))
            .collect_view();
        view! {
            <details class="detail__more">
                <summary class="detail__more-summary">{t(&Msg::MoreFields { count })}</summary>
                <dl class="detail-secondary">{rows}</dl>
            </details>
        }
    });
    let code = blocks
        .into_iter()
        .map(|(column, cell)| {
            view! {
                <section class="detail__code" aria-label=locale().text(&column.label)>
                    <CellView cell=cell.clone() room=Room::Detail/>
                </section>
            }
        })
        .collect_view();
    view! {
        <dl class="detail">{rows}</dl>
        {more}
        {code}
    }
    .into_any()
}
