//! The states around a result: loading, empty, error, cancelled.

use leptos::prelude::*;
use widget_model::words::{Msg, Text};
use widget_model::ErrorInfo;

use crate::views::locale::{locale, t};

/// A skeleton while the tool runs.
#[component]
pub fn LoadingState() -> impl IntoView {
    view! {
        <div class="state state--loading" role="status">
            <span class="visually-hidden">{t(&Msg::Loading)}</span>
            <div class="skeleton" aria-hidden="true">
                {(0..4).map(|_| view! { <div class="skeleton__row"></div> }).collect_view()}
            </div>
        </div>
    }
}

/// Nothing to show.
///
/// - `message`: the producer's `emptyMessage`, or the resource's default.
#[component]
pub fn EmptyState(message: String) -> impl IntoView {
    view! { <div class="state state--empty" role="status"><p class="state__text">{message}</p></div> }
}

/// The tool failed.
///
/// - `error`: code, message and remedy from the model.
#[component]
pub fn ErrorState(error: Option<ErrorInfo>) -> impl IntoView {
    let error = error.unwrap_or(ErrorInfo {
        code: None,
        message: Text::Own(Msg::SomethingWentWrong),
        remedy: None,
        detail: None,
    });
    let locale = locale();
    view! {
        <div class="state state--error" role="alert">
            {error.code.map(|code| view! { <p class="state__code" title=locale.t(&Msg::ErrorCodeLabel)>{code}</p> })}
            <p class="state__text">{locale.text(&error.message)}</p>
            {error.remedy.map(|remedy| view! { <p class="state__remedy">{locale.text(&remedy)}</p> })}
            {error.detail.map(|detail| view! { <pre class="state__detail">{detail}</pre> })}
        </div>
    }
}

/// The tool call was cancelled before it answered.
///
/// - `reason`: the host's reason, if it gave one.
#[component]
pub fn CancelledState(reason: Option<String>) -> impl IntoView {
    view! {
        <div class="state state--cancelled" role="status" data-reason="cancelled">
            <p class="state__text">{t(&Msg::Cancelled)}</p>
            {reason.map(|reason| view! { <p class="state__remedy">{reason}</p> })}
        </div>
    }
}
