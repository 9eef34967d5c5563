//! The header above a result: title, subtitle, what every row of a list shares, message, counts
//! by status, filter chips, range.

use leptos::prelude::*;
use widget_model::words::{Msg, Pagination};
use widget_model::{Chip, Header as HeaderModel};

use crate::views::cell::StatusPill;
use crate::views::locale::locale;

/// The result's header.
///
/// - `header`: title, subtitle, what every row shares ("Pipeline: etl_daily", said once here
///   rather than in every row), message, status counts, total.
/// - `filters`: read-only filter chips.
/// - `range`: where the records sit in the producer's pages ("1–20 of 134"), if known.
#[component]
pub fn ResultHeader(
    header: HeaderModel,
    filters: Vec<Chip>,
    range: Option<Pagination>,
) -> impl IntoView {
    let locale = locale();
    let counts = header.counts;
    let shared = header.shared;
    let range = range
        .map(Msg::Pagination)
        .or(header.total)
        .map(|m| locale.t(&m));
    view! {
        <header class="header">
            <div class="header__titles">
                <h1 class="header__title" dir="auto">{locale.text(&header.title)}</h1>
                {header.subtitle.map(|s| view! { <p class="header__subtitle" dir="auto">{locale.text(&s)}</p> })}
                {shared.into_iter().map(|m| view! { <p class="header__shared" dir="auto">{locale.t(&m)}</p> }).collect_view()}
            </div>
            {range.map(|r| view! { <p class="header__range">{r}</p> })}
            {header.message.map(|m| view! { <p class="header__message" dir="auto">{m}</p> })}
            {(!counts.is_empty()).then(|| view! {
                <ul class="header__counts" aria-label=locale.t(&Msg::CountsByStatus)>
                    {counts.into_iter().map(|c| view! {
                        <li class="count"><StatusPill status=c.status/><span class="count__n">{locale.formats().integer(c.count)}</span></li>
                    }).collect_view()}
                </ul>
            })}
            {(!filters.is_empty()).then(|| view! {
                <ul class="header__filters" aria-label=locale.t(&Msg::Filters)>
                    {filters.into_iter().map(|chip| view! {
                        <li class="chip"><span class="chip__label">{chip.label}</span><span class="chip__value" dir="auto">{chip.value}</span></li>
                    }).collect_view()}
                </ul>
            })}
        </header>
    }
}
