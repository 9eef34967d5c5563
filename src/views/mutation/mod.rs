//! What a mutating tool did: a banner naming the operation, the changed fields, and a footer; or,
//! for a delete that returned no record, a compact success state.

use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::{Mutation, Operation};

use crate::views::cell::{CellView, Room};
use crate::views::diff::CodeChanges;
use crate::views::locale::{locale, t};

fn tone(operation: &Operation) -> &'static str {
    match operation {
        Operation::Create => "banner banner--create",
        Operation::Update => "banner banner--update",
        Operation::Delete => "banner banner--delete",
        Operation::Run | Operation::Sync | Operation::Other(_) => "banner banner--other",
    }
}

/// The banner above a mutated record, then the diffs of its changes of code (outside the
/// banner's status region: a diff is read at will, not announced).
///
/// - `mutation`: banner text, message and changes.
#[component]
pub fn MutationBanner(mutation: Mutation) -> impl IntoView {
    let locale = locale();
    let diffs = view! { <CodeChanges changes=mutation.changes.clone()/> };
    let changes = mutation.changes;
    view! {
        <div class=tone(&mutation.operation) role="status">
            <p class="banner__title"><span class="banner__icon" aria-hidden="true">"✓"</span>{locale.t(&mutation.banner)}</p>
            {mutation.message.map(|m| view! { <p class="banner__message" dir="auto">{m}</p> })}
            {(!changes.is_empty()).then(|| view! {
                <table class="changes">
                    <caption class="visually-hidden">{locale.t(&Msg::ChangedFields)}</caption>
                    <thead><tr><th scope="col">{locale.t(&Msg::Field)}</th><th scope="col">{locale.t(&Msg::Before)}</th><th scope="col">{locale.t(&Msg::After)}</th></tr></thead>
                    <tbody>
                        {changes.into_iter().map(|c| view! {
                            <tr>
                                <th scope="row">{c.field}</th>
                                <td>{match c.before {
                                    Some(before) => view! { <CellView cell=before room=Room::Table/> }.into_any(),
                                    None => view! { <span class="missing">"—"</span> }.into_any(),
                                }}</td>
                                <td><CellView cell=c.after room=Room::Table/></td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            })}
        </div>
        {diffs}
    }
}

/// The line below a mutated record: "Created pipeline · etl_daily".
#[component]
pub fn MutationFooter(text: Msg) -> impl IntoView {
    view! { <footer class="mutation-footer">{t(&text)}</footer> }
}

/// A delete that returned no record: the whole result is this line.
#[component]
pub fn CompactSuccess(mutation: Mutation) -> impl IntoView {
    view! {
        <div class="compact-success" role="status">
            <span class="compact-success__icon" aria-hidden="true">"✓"</span>
            <div>
                <p class="compact-success__title">{t(&mutation.banner)}</p>
                {mutation.message.map(|m| view! { <p class="compact-success__message" dir="auto">{m}</p> })}
            </div>
        </div>
    }
}
