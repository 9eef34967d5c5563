//! A change of code drawn as a diff: numbered lines, added and removed lines marked by more than
//! colour, collapsible hunks, a long diff's cut said; a diff that cannot be read falls back to
//! the record with the reason.

use crate::mount::{all, one, text, widget_on, Recorder};
use wasm_bindgen_test::*;

const CODE: &str = include_str!("../../fixtures/blocks/update-code.json");
const LARGE: &str = include_str!("../../fixtures/blocks/update-large-diff.json");
const UNREADABLE: &str = include_str!("../../fixtures/adversarial/changes-unreadable.json");

#[wasm_bindgen_test]
async fn a_code_change_reads_as_a_diff() {
    let recorder = Recorder::default();
    let (section, _handle) = widget_on(CODE, &recorder).await;
    assert_eq!(
        text(&one(&section, ".diff__title")),
        "Content: 2 lines added, 1 removed"
    );
    let added = all(&section, ".diff__line--added");
    let removed = all(&section, ".diff__line--removed");
    assert_eq!((added.len(), removed.len()), (2, 1));
    // Marked by a sign and a word for screen readers, not by colour alone.
    assert_eq!(text(&one(&removed[0], ".diff__mark")), "−");
    assert_eq!(text(&one(&removed[0], ".visually-hidden")), "removed");
    assert_eq!(text(&one(&added[0], ".diff__mark")), "+");
    assert_eq!(text(&one(&added[0], ".visually-hidden")), "added");
    let numbers: Vec<String> = all(&removed[0], ".diff__num").iter().map(text).collect();
    assert_eq!(
        numbers,
        ["3", ""],
        "the removed line's number before, none after"
    );
    let numbers: Vec<String> = all(&added[1], ".diff__num").iter().map(text).collect();
    assert_eq!(numbers, ["", "4"]);
    assert!(text(&added[1]).contains("keep='last'"));
    let hunk = one(&section, "details.diff__hunk");
    assert!(
        hunk.has_attribute("open"),
        "a hunk starts open and can be closed"
    );
    assert_eq!(all(&section, ".diff__cut").len(), 0);
    assert_eq!(all(&section, "dl.detail").len(), 1, "the record below it");
}

#[wasm_bindgen_test]
async fn a_long_diff_shows_its_first_hunks_and_says_so() {
    let recorder = Recorder::default();
    let (section, _handle) = widget_on(LARGE, &recorder).await;
    let hunks = all(&section, "details.diff__hunk");
    assert_eq!(hunks.len(), 44);
    assert!(hunks[0].has_attribute("open"));
    assert!(
        !hunks[43].has_attribute("open"),
        "past the first ones, closed"
    );
    assert_eq!(
        text(&one(&section, ".diff__cut")),
        "The first 44 of 60 changed places; the whole code is in the record below."
    );
    assert_eq!(
        text(&one(&section, ".diff__title")),
        "Content: 60 lines added, 60 removed"
    );
}

#[wasm_bindgen_test]
async fn a_diff_that_cannot_be_read_falls_back_to_the_record() {
    let recorder = Recorder::default();
    let (section, _handle) = widget_on(UNREADABLE, &recorder).await;
    assert_eq!(all(&section, ".diff").len(), 0);
    assert!(text(&section).contains(
        "The change to Content could not be read as a diff (line 1); the record below is as it is now."
    ));
    assert_eq!(all(&section, "dl.detail").len(), 1, "the record");
}
