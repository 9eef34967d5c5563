//! A change of code as people read a diff: a heading with the lines added and removed, then each
//! hunk (collapsible, `<details>`) as a table of lines with their numbers before and after, added
//! and removed lines marked by `+` and `−` (named for screen readers) as well as by colour. A diff
//! the producer cut says how many of its hunks are shown.

use leptos::prelude::*;
use widget_model::diff::{CodeDiff, DiffLine, Hunk, LineKind};
use widget_model::words::Msg;
use widget_model::Change;

use crate::views::locale::t;

/// Hunks open at first; past them they start closed (still one click away).
const OPEN_HUNKS: usize = 12;

/// The diffs of a mutation's changes, one per changed field that has one; nothing when none has.
///
/// - `changes`: the mutation's changes.
#[component]
pub fn CodeChanges(changes: Vec<Change>) -> impl IntoView {
    changes
        .into_iter()
        .filter_map(|change| Some(code_diff(change.field, change.diff?)))
        .collect_view()
}

/// One field's diff: its heading, what was cut, its hunks.
fn code_diff(field: String, diff: CodeDiff) -> impl IntoView {
    let heading = t(&Msg::DiffSummary {
        field,
        added: diff.added,
        removed: diff.removed,
    });
    let cut = diff.cut.then(|| {
        t(&Msg::DiffCut {
            shown: diff.hunks.len() as u64,
            total: diff.total_hunks,
        })
    });
    let hunks = diff
        .hunks
        .into_iter()
        .enumerate()
        .map(|(i, hunk)| hunk_view(hunk, i < OPEN_HUNKS))
        .collect_view();
    view! {
        <section class="diff">
            <h3 class="diff__title">{heading}</h3>
            {cut.map(|note| view! { <p class="diff__cut">{note}</p> })}
            {hunks}
        </section>
    }
}

/// One hunk: its header and counts as the summary, its lines as a table (its column names for
/// screen readers only).
fn hunk_view(hunk: Hunk, open: bool) -> impl IntoView {
    let counts = t(&Msg::HunkCounts {
        added: hunk.added,
        removed: hunk.removed,
    });
    let lines = hunk.lines.into_iter().map(line_row).collect_view();
    view! {
        <details class="diff__hunk" open=open>
            <summary class="diff__header">
                <code class="diff__range" dir="ltr">{hunk.header}</code>
                <span class="diff__counts">{counts}</span>
            </summary>
            <div class="diff__scroll">
                <table class="diff__lines">
                    <thead class="visually-hidden">
                        <tr><th scope="col">{t(&Msg::Before)}</th><th scope="col">{t(&Msg::After)}</th><th scope="col">{t(&Msg::Code)}</th></tr>
                    </thead>
                    <tbody>{lines}</tbody>
                </table>
            </div>
        </details>
    }
}

/// A line of a hunk: its numbers, its mark (and, for screen readers, what it is) and its text.
fn line_row(line: DiffLine) -> impl IntoView {
    let (class, mark, said) = match line.kind {
        LineKind::Added => ("diff__line diff__line--added", "+", Some(Msg::LineAdded)),
        LineKind::Removed => (
            "diff__line diff__line--removed",
            "−",
            Some(Msg::LineRemoved),
        ),
        LineKind::Context => ("diff__line", " ", None),
        LineKind::Note => ("diff__line diff__line--note", "\\", None),
    };
    let number = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
    let said = said.map(|m| t(&m)).unwrap_or_default();
    view! {
        <tr class=class>
            <td class="diff__num">{number(line.old)}</td>
            <td class="diff__num">{number(line.new)}</td>
            <td class="diff__code">
                <span class="diff__mark" aria-hidden="true">{mark}</span>
                <span class="visually-hidden">{said}</span>
                <code dir="ltr">{line.text}</code>
            </td>
        </tr>
    }
}
