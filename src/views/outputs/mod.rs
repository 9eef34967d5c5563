//! A block's outputs: each table output as a data grid (windowed past 200 rows, numbers aligned and
//! written in the host's locale, nulls empty, nested values summarised) under its name, its whole
//! size ("838 rows × 13 columns") and, when the grid is a sample, how much of it; text outputs as
//! sent. A grid copies as TSV.

use std::sync::Arc;

use leptos::prelude::*;
use widget_model::outputs::{tsv, Output, OutputBody};
use widget_model::words::Msg;
use widget_model::Density;

use crate::views::context::{announce, services};
use crate::views::locale::t;
use crate::views::table::DataTable;

/// Every output of the result.
///
/// - `outputs`: the outputs, in the order the producer sent them.
/// - `density`: row height of the grids.
#[component]
pub fn OutputsView(outputs: Vec<Output>, density: Density) -> impl IntoView {
    view! { <div class="outputs">{outputs.into_iter().map(|output| view! { <OutputSection output density/> }).collect_view()}</div> }
}

/// One output under its name.
#[component]
fn OutputSection(output: Output, density: Density) -> impl IntoView {
    let name = output.name;
    let body = match output.body {
        OutputBody::Table { table, shape } => {
            let sample = table.rows.len() as u64;
            let mut meta = shape
                .map(|(rows, columns)| t(&Msg::Shape { rows, columns }))
                .unwrap_or_default();
            if shape.is_some_and(|(rows, _)| rows > sample) {
                meta.push_str(" · ");
                meta.push_str(&t(&Msg::SampleOf { count: sample }));
            }
            let text = tsv(&table);
            let copy = move |_| {
                let copied = services().with_value(|s| (s.copy_text)(&text));
                announce(&t(if copied {
                    &Msg::Copied
                } else {
                    &Msg::CopyFailed
                }));
            };
            view! {
                <div class="output__bar">
                    <span class="output__meta">{meta}</span>
                    <button type="button" class="output__copy" on:click=copy>{t(&Msg::CopyTsv)}</button>
                </div>
                <DataTable table=Arc::new(table) title=name.clone() density/>
            }
            .into_any()
        }
        OutputBody::Text(text) => {
            view! { <pre class="output__text" tabindex="0">{text}</pre> }.into_any()
        }
        OutputBody::Empty => {
            view! { <p class="output__empty">{t(&Msg::NoOutputData)}</p> }.into_any()
        }
    };
    view! {
        <section class="output" aria-label=name.clone()>
            <h2 class="output__name">{name.clone()}</h2>
            {body}
        </section>
    }
}
