//! Notes the widget owes its reader: a newer schema shown best effort, records left out, a result
//! restored after a reload.

use leptos::prelude::*;

/// One line per note.
///
/// - `notes`: the texts, already plain and bounded.
#[component]
pub fn Notices(notes: Vec<String>) -> impl IntoView {
    (!notes.is_empty()).then(|| {
        view! {
            <ul class="notices">
                {notes.into_iter().map(|n| view! { <li class="notice">{n}</li> }).collect_view()}
            </ul>
        }
    })
}
