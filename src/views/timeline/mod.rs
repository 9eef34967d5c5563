//! A run at a glance: one bar per block on a shared time axis, from its start to its end, coloured
//! by its status (with the status in words beside it, never colour alone); a legend of statuses
//! with failed and cancelled first, unless the header already counts them.

use leptos::prelude::*;
use widget_model::timeline::Timeline;
use widget_model::words::Msg;
use widget_model::Tone;

use crate::views::cell::StatusPill;
use crate::views::locale::{locale, t};

/// The timeline of a run's blocks.
///
/// - `timeline`: bars, axis and legend from the model.
#[component]
pub fn RunTimeline(timeline: Timeline) -> impl IntoView {
    let locale = locale();
    let span = (timeline.end_ms - timeline.start_ms).max(1) as f64;
    let at = move |ms: i64| ((ms - timeline.start_ms) as f64 * 100.0 / span).clamp(0.0, 100.0);
    let has_legend = !timeline.legend.is_empty();
    let legend = timeline
        .legend
        .into_iter()
        .map(|c| view! { <li class="timeline__key"><StatusPill status=c.status/><span class="count__n">{locale.formats().integer(c.count)}</span></li> })
        .collect_view();
    let bars = timeline
        .bars
        .into_iter()
        .map(|bar| {
            let tone = bar.status.tone.css_name();
            let (left, width, when) = match (bar.start_ms, bar.end_ms) {
                (Some(start), Some(end)) => {
                    (at(start), (at(end) - at(start)).max(0.5), locale.formats().duration((end - start).max(0) as f64 / 1000.0))
                }
                (Some(start), None) if bar.status.tone == Tone::Running => (at(start), (100.0 - at(start)).max(0.5), t(&Msg::StillRunning)),
                (Some(start), None) => (at(start), 0.5, String::new()),
                (None, _) => (0.0, 0.0, t(&Msg::NotStarted)),
            };
            view! {
                <li class=format!("bar bar--{tone}")>
                    <span class="bar__block" title=bar.block.clone()>{bar.block.clone()}</span>
                    <span class="bar__track" aria-hidden="true">
                        <span class="bar__fill" style=format!("left: {left:.2}%; width: {width:.2}%")></span>
                    </span>
                    <span class="bar__status">{bar.status.label.clone()}</span>
                    <span class="bar__time">{when}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="timeline" aria-label=t(&Msg::RunTimeline)>
            <h2 class="timeline__title">{t(&Msg::RunTimeline)}</h2>
            {has_legend.then(|| view! { <ul class="timeline__legend" aria-label=t(&Msg::CountsByStatus)>{legend}</ul> })}
            <ol class="timeline__bars">{bars}</ol>
        </section>
    }
}
