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
        .filter_map(|change| Some((change.field, change.diff?)))
        .map(|(field, diff)| view! { <CodeDiffView field diff/> })
        .collect_view()
}

/// One field's diff.
///
/// - `field`: the changed field, in words ("Content").
/// - `diff`: its hunks and counts.
#[component]
pub fn CodeDiffView(field: String, diff: CodeDiff) -> impl IntoView {
    let heading = t(&Msg::DiffSummary {
        field,
        added: diff.added,
        removed: diff.removed,
    });
    let cut = diff.cut.then(|| {
        let note = t(&Msg::DiffCut {
            shown: diff.hunks.len() as u64,
            total: diff.total_hunks,
        });
        view! { <p class="diff__cut">{note}</p> }
    });
    let hunks = diff
        .hunks
        .into_iter()
        .enumerate()
        .map(|(i, hunk)| view! { <HunkView hunk open=i < OPEN_HUNKS/> })
        .collect_view();
    view! {
        <section class="diff">
            <h3 class="diff__title">{heading}</h3>
            {cut}
            {hunks}
        </section>
    }
}

/// One hunk: its header and counts as the summary, its lines as a table.
#[component]
fn HunkView(hunk: Hunk, open: bool) -> impl IntoView {
    let counts = t(&Msg::HunkCounts {
        added: hunk.added,
        removed: hunk.removed,
    });
    let (before, after, code) = (t(&Msg::LineBefore), t(&Msg::LineAfter), t(&Msg::CodeLine));
    let lines = hunk
        .lines
        .into_iter()
        .map(|line| view! { <LineRow line/> })
        .collect_view();
    view! {
        <details class="diff__hunk" open=open>
            <summary class="diff__header">
                <code class="diff__range" dir="ltr">{hunk.header}</code>
                <span class="diff__counts">{counts}</span>
            </summary>
            <div class="diff__scroll">
                <table class="diff__lines">
                    <thead class="visually-hidden">
                        <tr><th scope="col">{before}</th><th scope="col">{after}</th><th scope="col"></th><th scope="col">{code}</th></tr>
                    </thead>
                    <tbody>{lines}</tbody>
                </table>
            </div>
        </details>
    }
}

/// A line of a hunk: its numbers, its mark and its text.
#[component]
fn LineRow(line: DiffLine) -> impl IntoView {
    let (class, mark, said) = match line.kind {
        LineKind::Added => (
            "diff__line diff__line--added",
            "+",
            Some(t(&Msg::LineAdded)),
        ),
        LineKind::Removed => (
            "diff__line diff__line--removed",
            "−",
            Some(t(&Msg::LineRemoved)),
        ),
        LineKind::Context => ("diff__line", " ", None),
        LineKind::Note => ("diff__line diff__line--note", "\\", None),
    };
    let number = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
    view! {
        <tr class=class>
            <td class="diff__num">{number(line.old)}</td>
            <td class="diff__num">{number(line.new)}</td>
            <td class="diff__mark"><span aria-hidden="true">{mark}</span>{said.map(|s| view! { <span class="visually-hidden">{s}</span> })}</td>
            <td class="diff__code"><code dir="ltr">{line.text}</code></td>
        </tr>
    }
}
