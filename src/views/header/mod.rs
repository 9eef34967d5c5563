//! The header above a result: title, subtitle, message, counts by status, filter chips, range.

use leptos::prelude::*;
use widget_model::{Chip, Header as HeaderModel};

use crate::views::cell::StatusPill;

/// The result's header.
///
/// - `header`: title, subtitle, message, status counts, total.
/// - `filters`: read-only filter chips.
/// - `range`: the pagination text ("1–20 of 134"), if any.
#[component]
pub fn Header(header: HeaderModel, filters: Vec<Chip>, range: Option<String>) -> impl IntoView {
    let counts = header.counts;
    let range = range.or(header.total_text);
    view! {
        <header class="header">
            <div class="header__titles">
                <h1 class="header__title" dir="auto">{header.title}</h1>
                {header.subtitle.map(|s| view! { <p class="header__subtitle" dir="auto">{s}</p> })}
            </div>
            {range.map(|r| view! { <p class="header__range">{r}</p> })}
            {header.message.map(|m| view! { <p class="header__message" dir="auto">{m}</p> })}
            {(!counts.is_empty()).then(|| view! {
                <ul class="header__counts" aria-label="Counts by status">
                    {counts.into_iter().map(|c| view! {
                        <li class="count"><StatusPill status=c.status/><span class="count__n">{c.count}</span></li>
                    }).collect_view()}
                </ul>
            })}
            {(!filters.is_empty()).then(|| view! {
                <ul class="header__filters" aria-label="Filters">
                    {filters.into_iter().map(|chip| view! {
                        <li class="chip"><span class="chip__label">{chip.label}</span><span class="chip__value" dir="auto">{chip.value}</span></li>
                    }).collect_view()}
                </ul>
            })}
        </header>
    }
}
