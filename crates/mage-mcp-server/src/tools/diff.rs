//! A change of a block's code as people read one: a unified line diff (the `similar` crate), its
//! size in lines either side, and how many lines it adds and removes. Bounded: past
//! [`MAX_DIFF_LINES`] lines of diff only the first hunks are sent (at least part of the first),
//! and the result says how many there were; code past [`MAX_CODE_LINES`] lines either side, or a
//! diff that takes longer than [`DIFF_TIMEOUT`], is named by its size only.
//!
//! Both versions are redacted whole before they are diffed: a hunk shows a few lines of context
//! and leaves the rest out, and a line of a private key's body, or of a value whose label sits on
//! a line left out, names no secret on its own. A change only to values hidden as secrets shows
//! no line, and says so.

use std::time::Duration;

use serde_json::{json, Value};
use similar::{ChangeTag, TextDiff};

use crate::redact::{redacted_text, Redactor};

/// Lines of diff (hunk headers included) sent at most.
pub const MAX_DIFF_LINES: usize = 400;
/// Code longer than this either side is not diffed.
pub const MAX_CODE_LINES: usize = 20_000;
/// Unchanged lines shown around each change.
pub const CONTEXT_LINES: usize = 3;
/// The diff gives up on finding the shortest edit after this (it is still correct, only longer).
pub const DIFF_TIMEOUT: Duration = Duration::from_millis(250);

/// "1 line", "12 lines": the size of a version of the code.
pub fn line_count(text: &str) -> String {
    match text.lines().count() {
        1 => "1 line".to_owned(),
        n => format!("{n} lines"),
    }
}

/// What a change only to hidden values says in place of lines.
pub const HIDDEN_CHANGE_NOTE: &str = "only values hidden as secrets changed; no line is shown";

/// A change of code as `{from, to, diff?}`: the sizes of both versions (`from` null for new code)
/// and the diff ([`unified`]) of the versions as `redactor` shows them, when the code is small
/// enough to diff; `diff_note` when the versions differ only in what it hides.
pub fn code_change(before: Option<&str>, after: &str, redactor: &Redactor) -> Value {
    let old = before.unwrap_or_default();
    let mut change = json!({ "from": before.map(line_count), "to": line_count(after) });
    let small = old.lines().count() <= MAX_CODE_LINES && after.lines().count() <= MAX_CODE_LINES;
    if let Value::Object(map) = &mut change {
        if small {
            let (shown_old, shown_new) =
                (redacted_text(redactor, old), redacted_text(redactor, after));
            map.insert("diff".to_owned(), unified(&shown_old, &shown_new));
            if shown_old == shown_new && old != after {
                map.insert("diff_note".to_owned(), json!(HIDDEN_CHANGE_NOTE));
            }
        } else {
            map.insert(
                "diff_omitted".to_owned(),
                json!(format!(
                    "the code is over {MAX_CODE_LINES} lines; compare the versions with block_get"
                )),
            );
        }
    }
    change
}

/// `{format: "unified", text, added, removed, hunks, hunks_shown, truncated}`: the hunks of the
/// unified diff (no file header) in `text`, cut after [`MAX_DIFF_LINES`] lines.
pub fn unified(before: &str, after: &str) -> Value {
    unified_within(before, after, DIFF_TIMEOUT)
}

/// [`unified`], looking for the shortest edit for at most `timeout` (a busy machine reaches the
/// bound sooner and sends a longer, still correct, diff).
fn unified_within(before: &str, after: &str, timeout: Duration) -> Value {
    let diff = TextDiff::configure()
        .timeout(timeout)
        .diff_lines(before, after);
    let (mut added, mut removed) = (0usize, 0usize);
    for change in diff.iter_all_changes() {
        match change.tag() {
            ChangeTag::Insert => added += 1,
            ChangeTag::Delete => removed += 1,
            ChangeTag::Equal => {}
        }
    }
    let mut unified = diff.unified_diff();
    unified.context_radius(CONTEXT_LINES);
    let hunks: Vec<String> = unified.iter_hunks().map(|h| h.to_string()).collect();
    let mut text = String::new();
    let mut lines = 0usize;
    let mut shown = 0usize;
    let mut cut = false;
    for hunk in &hunks {
        let length = hunk.lines().count();
        if lines + length <= MAX_DIFF_LINES {
            text.push_str(hunk);
            lines += length;
            shown += 1;
            continue;
        }
        if shown == 0 {
            // One hunk longer than the bound: its first lines, and the hunk counts as shown cut.
            for line in hunk.lines().take(MAX_DIFF_LINES) {
                text.push_str(line);
                text.push('\n');
            }
            shown = 1;
        }
        cut = true;
        break;
    }
    json!({
        "format": "unified",
        "text": text,
        "added": added,
        "removed": removed,
        "hunks": hunks.len(),
        "hunks_shown": shown,
        "truncated": cut,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_a_unified_diff_with_its_counts() {
        let before = "a\nb\nc\n";
        let after = "a\nB\nc\nd\n";
        let change = code_change(Some(before), after, &Redactor::default());
        assert_eq!(change["from"], "3 lines");
        assert_eq!(change["to"], "4 lines");
        let diff = &change["diff"];
        assert_eq!(diff["format"], "unified");
        assert_eq!(diff["text"], "@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n");
        assert_eq!(
            (diff["added"].as_u64(), diff["removed"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(
            (diff["hunks"].as_u64(), diff["hunks_shown"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(diff["truncated"], false);
    }

    #[test]
    fn new_code_is_all_added_and_has_no_size_before() {
        let change = code_change(None, "x = 1\n", &Redactor::default());
        assert_eq!(change["from"], Value::Null);
        assert_eq!(change["diff"]["text"], "@@ -0,0 +1 @@\n+x = 1\n");
        assert_eq!(change["diff"]["added"], 1);
    }

    #[test]
    fn a_long_diff_sends_its_first_hunks_and_says_it_was_cut() {
        // 300 changes 10 lines apart: 300 hunks of 8 lines each.
        let before: String = (0..3000).map(|i| format!("line {i}\n")).collect();
        let after: String = (0..3000)
            .map(|i| {
                if i % 10 == 5 {
                    format!("changed {i}\n")
                } else {
                    format!("line {i}\n")
                }
            })
            .collect();
        // The shortest edit, however busy the machine: the hunks counted are exact.
        let diff = unified_within(&before, &after, Duration::from_secs(600));
        let text = diff["text"].as_str().unwrap_or_default();
        assert!(
            text.lines().count() <= MAX_DIFF_LINES,
            "{}",
            text.lines().count()
        );
        assert_eq!(diff["hunks"], 300);
        let shown = diff["hunks_shown"].as_u64().unwrap_or_default();
        assert!(shown > 0 && shown < 300, "{shown}");
        assert_eq!(text.matches("@@ -").count() as u64, shown);
        assert_eq!(diff["truncated"], true);
        assert_eq!(
            (diff["added"].as_u64(), diff["removed"].as_u64()),
            (Some(300), Some(300))
        );
    }

    #[test]
    fn one_hunk_past_the_bound_is_cut_inside() {
        let after: String = (0..1000).map(|i| format!("new {i}\n")).collect();
        let diff = unified("", &after);
        assert_eq!(diff["hunks"], 1);
        assert_eq!(diff["hunks_shown"], 1);
        assert_eq!(diff["truncated"], true);
        assert_eq!(
            diff["text"].as_str().map(|t| t.lines().count()),
            Some(MAX_DIFF_LINES)
        );
    }

    #[test]
    fn code_too_long_to_diff_is_named_by_its_size() {
        let long: String = "x\n".repeat(MAX_CODE_LINES + 1);
        let change = code_change(Some("x\n"), &long, &Redactor::default());
        assert!(change.get("diff").is_none());
        assert!(change["diff_omitted"].is_string());
        assert_eq!(change["to"], format!("{} lines", MAX_CODE_LINES + 1));
    }

    /// What a result shows of a change: `code_change`, then redacted as every result is.
    fn shown_change(before: &str, after: &str) -> Value {
        let mut change = code_change(Some(before), after, &Redactor::default());
        Redactor::default().redact(&mut change);
        change
    }

    #[test]
    fn a_private_key_whose_begin_line_is_left_out_of_the_context_is_hidden() {
        // The change is below the key: the hunk's three lines of context are the key's last
        // body line, its END line and the line after; its BEGIN line is left out.
        let code = |last: &str| {
            format!(
                "KEY = \"\"\"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAfirstBODYline\nMIIEowIBAAKCAQEAkeyBODYsecretLINE\n-----END RSA PRIVATE KEY-----\"\"\"\n\nx = {last}\n"
            )
        };
        let change = shown_change(&code("1"), &code("2"));
        let text = change["diff"]["text"].as_str().unwrap_or_default();
        assert!(text.contains("-x = 1\n+x = 2"), "{text}");
        assert!(!text.contains("BODY"), "{text}");
    }

    #[test]
    fn a_url_in_a_context_line_shows_no_user_information() {
        // The diff cuts only between lines, so a URL keeps its scheme in whatever line shows it.
        let code = |last: &str| {
            format!("URL = \"postgresql://admin:hunter2@db.internal:5432/warehouse\"\nx = {last}\n")
        };
        let change = shown_change(&code("1"), &code("2"));
        let text = change["diff"]["text"].as_str().unwrap_or_default();
        assert!(text.contains("-x = 1\n+x = 2"), "{text}");
        assert!(
            !text.contains("hunter2") && !text.contains("admin:"),
            "{text}"
        );
    }

    #[test]
    fn a_change_only_to_a_hidden_value_says_so_and_shows_no_line() {
        let change = shown_change(
            "STRIPE = \"sk_live_4eC39HqLyjWDarjtT1zdp7dc\"\n",
            "STRIPE = \"sk_live_9fB27KqLyjWDarjtT1zdp8xq\"\n",
        );
        assert_eq!(change["diff"]["text"], "");
        assert_eq!(change["diff_note"], HIDDEN_CHANGE_NOTE);
        assert!(!change.to_string().contains("sk_live_"), "{change}");
    }
}
