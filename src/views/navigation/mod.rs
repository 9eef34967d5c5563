//! The widget's own tool calls in the view: the bar above a result (Back, Refresh, when the data
//! arrived, how the last call failed), a row's Open control, and the one function that starts a
//! call. What is asked and what an answer changes is decided in `widget_app` (`requests`,
//! `calls`); a control is shown only when the host takes tool calls, never as a dead button.

use std::rc::Rc;

use leptos::prelude::*;
use serde_json::{Map, Value};
use widget_model::words::Msg;
use widget_model::{Cell, Table};

use crate::app::requests::{open_record, RecordIds};
use crate::app::{AppState, CallFailure, CallPurpose, ToolRequest};
use crate::views::context::services;
use crate::views::locale::{locale, t};
use crate::views::states::ErrorState;

/// The app state, for views that start calls (provided by the root).
#[derive(Clone, Copy)]
pub struct Actions {
    pub state: RwSignal<AppState>,
}

/// Starts `request` unless a call is under way or the host takes none; its answer goes back into
/// the state.
pub fn start_call(request: ToolRequest, purpose: CallPurpose) {
    let Some(Actions { state }) = use_context::<Actions>() else {
        return;
    };
    let mut send = false;
    state.update(|s| send = s.begin_call(request.clone(), purpose));
    if !send {
        return;
    }
    let services = services();
    let (call, now) = services.with_value(|s| (Rc::clone(&s.call_tool), Rc::clone(&s.now_ms)));
    call(
        request,
        Box::new(move |outcome| state.update(|s| s.finish_call(outcome, now()))),
    );
}

/// Back to the previous screen, if there is one (the Back button and Escape).
pub fn go_back() -> bool {
    let Some(Actions { state }) = use_context::<Actions>() else {
        return false;
    };
    let mut went = false;
    state.update(|s| went = s.go_back());
    went
}

/// The bar above a result: Back, Refresh and the time the data arrived, and the last call's
/// failure. Empty (no element) when there is nothing to offer.
///
/// - `state`: the app state.
#[component]
pub fn CallBar(state: RwSignal<AppState>) -> impl IntoView {
    let can_call = Memo::new(move |_| state.with(|s| s.context.capabilities.call_tools));
    let has_back = Memo::new(move |_| state.with(|s| !s.calls.back.is_empty()));
    let refresh = Memo::new(move |_| {
        state
            .with(|s| s.calls.refresh_request())
            .filter(|_| can_call.get())
    });
    let pending =
        Memo::new(move |_| state.with(|s| s.calls.pending.as_ref().map(|(_, purpose)| *purpose)));
    let updated = Memo::new(move |_| state.with(|s| s.calls.updated_ms));
    let failure = Memo::new(move |_| state.with(|s| s.calls.failure.clone()));
    let shown =
        move || has_back.get() || refresh.with(Option::is_some) || failure.with(Option::is_some);
    move || {
        shown().then(|| {
            let back = move || {
                has_back.get().then(|| view! {
                    <button type="button" class="call-bar__button call-bar__back" on:click=move |_| { go_back(); }>
                        {t(&Msg::Back)}
                    </button>
                })
            };
            let refresh_button = move || {
                refresh.get().map(|request| {
                    let busy = move || pending.get().is_some();
                    view! {
                        <button
                            type="button"
                            class="call-bar__button call-bar__refresh"
                            aria-disabled=move || busy().then_some("true")
                            on:click=move |_| start_call(request.clone(), CallPurpose::Refresh)
                        >
                            {t(&Msg::Refresh)}
                        </button>
                    }
                })
            };
            let status = move || match pending.get() {
                Some(CallPurpose::Refresh) => Some(t(&Msg::Refreshing)),
                Some(CallPurpose::Open) => Some(t(&Msg::Opening)),
                None => updated.get().map(|ms| t(&Msg::UpdatedAt { epoch_ms: ms as i64 })),
            };
            view! {
                <div class="call-bar">
                    {back}
                    {refresh_button}
                    <span class="call-bar__status" role="status">{status}</span>
                    {move || failure.get().map(|f| view! { <CallFailureView failure=f/> })}
                </div>
            }
        })
    }
}

/// How the last call failed, where the user acted.
#[component]
fn CallFailureView(failure: CallFailure) -> impl IntoView {
    let locale = locale();
    match failure {
        CallFailure::Refused { tool, message } => view! {
            <p class="call-bar__failure" role="alert">{locale.t(&Msg::CallRefused { tool: tool.to_owned(), message })}</p>
        }
        .into_any(),
        CallFailure::TimedOut { tool } => view! {
            <p class="call-bar__failure" role="alert">{locale.t(&Msg::CallTimedOut { tool: tool.to_owned() })}</p>
        }
        .into_any(),
        CallFailure::ToolError { tool, model } => view! {
            // The error state below is the alert.
            <div class="call-bar__failure">
                <p>{locale.t(&Msg::CallFailed { tool: tool.to_owned() })}</p>
                <ErrorState error=model.error.clone()/>
            </div>
        }
        .into_any(),
    }
}

/// Which rows of a list open a record, and with what: the drill-down table of
/// `widget_app::requests`, over the columns that hold the ids.
#[derive(Clone, Debug)]
pub struct RowOpener {
    resource: String,
    list_arguments: Map<String, Value>,
    uuid: Option<usize>,
    id: Option<usize>,
    pipeline_uuid: Option<usize>,
}

impl RowOpener {
    /// An opener for a list of `resource` (the arguments of the call that listed it), when the
    /// host takes tool calls and the table has the columns a request needs.
    pub fn for_list(
        resource: &str,
        table: &Table,
        list_arguments: Map<String, Value>,
    ) -> Option<RowOpener> {
        let column = |key: &str| table.columns.iter().position(|c| c.key == key);
        let opener = RowOpener {
            resource: resource.to_owned(),
            list_arguments,
            uuid: column("uuid"),
            id: column("id"),
            pipeline_uuid: column("pipeline_uuid"),
        };
        // A list whose first row opens nothing opens nothing: its ids are not where we look.
        opener.request(table, 0).map(|_| opener)
    }

    /// What opening row `index` asks for.
    pub fn request(&self, table: &Table, index: usize) -> Option<ToolRequest> {
        let row = table.rows.get(index)?;
        let text = |column: Option<usize>| column.and_then(|i| row.cells.get(i)).and_then(id_text);
        let ids = RecordIds {
            uuid: text(self.uuid),
            id: text(self.id),
            pipeline_uuid: text(self.pipeline_uuid),
        };
        open_record(&self.resource, &ids, &self.list_arguments)
    }
}

/// An identifier as a cell holds it: ids and plain text as sent, whole numbers as written.
pub fn id_text(cell: &Cell) -> Option<String> {
    match cell {
        Cell::Id(s) | Cell::Text(s) => Some(s.clone()),
        Cell::Number { value, .. } if value.fract() == 0.0 && value.abs() < 1e15 => {
            Some(format!("{value:.0}"))
        }
        _ => None,
    }
}

/// A row's Open control.
///
/// - `request`: what opening the row asks for.
/// - `name`: the row's title, for the control's accessible name.
#[component]
pub fn OpenButton(request: ToolRequest, name: String) -> impl IntoView {
    let label = t(&Msg::OpenRecord { name });
    view! {
        <button type="button" class="row-open" aria-label=label on:click=move |_| start_call(request.clone(), CallPurpose::Open)>
            {t(&Msg::Open)}
        </button>
    }
}
