//! A change of code as people read one: a unified line diff (a mutation's `changes.<field>.diff`,
//! `{format: "unified", text, added?, removed?, hunks?, hunks_shown?, truncated?}`) read into hunks
//! of numbered lines. Reading is strict where drawing depends on it (a hunk header before any
//! line, each line marked ` `, `+`, `-` or `\`): a diff that is not one is refused with the line
//! that broke it, and the record is shown instead. Bounded by [`MAX_DIFF_LINES`] and
//! [`MAX_DIFF_LINE_CHARS`].

use serde_json::Value;

use crate::text::truncate_chars;

/// Lines of a diff read at most; the rest is counted as cut.
pub const MAX_DIFF_LINES: usize = 2_000;
/// Characters kept of one line of code.
pub const MAX_DIFF_LINE_CHARS: usize = 1_000;

/// What a line of a hunk is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Context,
    Added,
    Removed,
    /// `\ No newline at end of file`: a note about the line before.
    Note,
}

/// One line of a hunk with its numbers in the old and the new code.
#[derive(Clone, Debug, PartialEq)]
pub struct DiffLine {
    pub kind: LineKind,
    pub old: Option<u64>,
    pub new: Option<u64>,
    pub text: String,
}

/// A run of changes with the lines around them.
#[derive(Clone, Debug, PartialEq)]
pub struct Hunk {
    /// `@@ -1,3 +1,4 @@` and the producer's section name after it, if any.
    pub header: String,
    pub lines: Vec<DiffLine>,
    pub added: u64,
    pub removed: u64,
}

/// A change of code, read for drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeDiff {
    pub hunks: Vec<Hunk>,
    /// Lines added and removed by the whole change (the producer's count, else the lines read).
    pub added: u64,
    pub removed: u64,
    /// How many hunks the whole change has (the producer's count, else those read).
    pub total_hunks: u64,
    /// The diff shown is the start of a longer one (the producer cut it, or the bound did).
    pub cut: bool,
}

/// Why a diff could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiffProblem {
    /// Not an object with a `text` string, or a format other than `unified`.
    NotUnified,
    /// Line `n` (from 1) is neither a hunk header nor a line of a hunk.
    BadLine(u64),
}

/// Reads a `diff` value.
pub fn read_diff(value: &Value) -> Result<CodeDiff, DiffProblem> {
    let object = value.as_object().ok_or(DiffProblem::NotUnified)?;
    if object
        .get("format")
        .is_some_and(|f| f.as_str() != Some("unified"))
    {
        return Err(DiffProblem::NotUnified);
    }
    let text = object
        .get("text")
        .and_then(Value::as_str)
        .ok_or(DiffProblem::NotUnified)?;
    let (hunks, cut_here) = hunks_of(text)?;
    let count = |key: &str| object.get(key).and_then(Value::as_u64);
    let read_added = hunks.iter().map(|h| h.added).sum();
    let read_removed = hunks.iter().map(|h| h.removed).sum();
    let total_hunks = count("hunks")
        .unwrap_or(hunks.len() as u64)
        .max(hunks.len() as u64);
    let cut = cut_here
        || object.get("truncated").and_then(Value::as_bool) == Some(true)
        || total_hunks > hunks.len() as u64;
    Ok(CodeDiff {
        added: count("added").unwrap_or(read_added).max(read_added),
        removed: count("removed").unwrap_or(read_removed).max(read_removed),
        total_hunks,
        cut,
        hunks,
    })
}

/// The hunks of a unified diff's text (file headers before the first hunk are skipped), and
/// whether [`MAX_DIFF_LINES`] cut it.
fn hunks_of(text: &str) -> Result<(Vec<Hunk>, bool), DiffProblem> {
    let mut hunks: Vec<Hunk> = Vec::new();
    let (mut old, mut new) = (0u64, 0u64);
    for (index, line) in text.lines().enumerate() {
        if index >= MAX_DIFF_LINES {
            return Ok((hunks, true));
        }
        let number = index as u64 + 1;
        if let Some((old_start, new_start)) = hunk_header(line) {
            hunks.push(Hunk {
                header: truncate_chars(line, 200),
                lines: Vec::new(),
                added: 0,
                removed: 0,
            });
            (old, new) = (old_start, new_start);
            continue;
        }
        let Some(hunk) = hunks.last_mut() else {
            // What a diff may carry before its first hunk: the file names and git's lines.
            if ["--- ", "+++ ", "diff ", "index "]
                .iter()
                .any(|p| line.starts_with(p))
            {
                continue;
            }
            return Err(DiffProblem::BadLine(number));
        };
        let (kind, rest) = match line.chars().next() {
            // A context line whose leading space was lost (an empty line of code).
            None => (LineKind::Context, ""),
            Some(' ') => (LineKind::Context, &line[1..]),
            Some('+') => (LineKind::Added, &line[1..]),
            Some('-') => (LineKind::Removed, &line[1..]),
            Some('\\') => (LineKind::Note, line[1..].trim()),
            Some(_) => return Err(DiffProblem::BadLine(number)),
        };
        let (at_old, at_new) = match kind {
            LineKind::Context => (Some(old), Some(new)),
            LineKind::Added => (None, Some(new)),
            LineKind::Removed => (Some(old), None),
            LineKind::Note => (None, None),
        };
        match kind {
            LineKind::Context => {
                old += 1;
                new += 1;
            }
            LineKind::Added => {
                new += 1;
                hunk.added += 1;
            }
            LineKind::Removed => {
                old += 1;
                hunk.removed += 1;
            }
            LineKind::Note => {}
        }
        hunk.lines.push(DiffLine {
            kind,
            old: at_old,
            new: at_new,
            text: truncate_chars(rest, MAX_DIFF_LINE_CHARS),
        });
    }
    if hunks.is_empty() && !text.trim().is_empty() {
        return Err(DiffProblem::BadLine(1));
    }
    Ok((hunks, false))
}

/// `@@ -a[,b] +c[,d] @@…`: the first line numbers of the old and the new side (a side with no
/// lines starts after line `a`, so its next line is `a + 1`).
fn hunk_header(line: &str) -> Option<(u64, u64)> {
    let rest = line.strip_prefix("@@ -")?;
    let end = rest.find(" @@")?;
    let (old, new) = rest[..end].split_once(" +")?;
    let start = |range: &str| -> Option<u64> {
        let (first, count) = match range.split_once(',') {
            Some((first, count)) => (first.parse::<u64>().ok()?, count.parse::<u64>().ok()?),
            None => (range.parse::<u64>().ok()?, 1),
        };
        Some(if count == 0 { first + 1 } else { first })
    };
    Some((start(old)?, start(new)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn diff(text: &str) -> Result<CodeDiff, DiffProblem> {
        read_diff(&json!({"format": "unified", "text": text}))
    }

    #[test]
    fn lines_are_numbered_on_each_side() {
        let d = diff("@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n").expect("a diff");
        assert_eq!(d.hunks.len(), 1);
        let lines: Vec<(LineKind, Option<u64>, Option<u64>, &str)> = d.hunks[0]
            .lines
            .iter()
            .map(|l| (l.kind, l.old, l.new, l.text.as_str()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (LineKind::Context, Some(1), Some(1), "a"),
                (LineKind::Removed, Some(2), None, "b"),
                (LineKind::Added, None, Some(2), "B"),
                (LineKind::Context, Some(3), Some(3), "c"),
                (LineKind::Added, None, Some(4), "d"),
            ]
        );
        assert_eq!((d.added, d.removed, d.total_hunks, d.cut), (2, 1, 1, false));
    }

    #[test]
    fn new_code_starts_at_line_one_and_notes_are_kept() {
        let d = diff("--- a/x\n+++ b/x\n@@ -0,0 +1 @@\n+x = 1\n\\ No newline at end of file\n")
            .expect("a diff");
        let lines = &d.hunks[0].lines;
        assert_eq!((lines[0].kind, lines[0].new), (LineKind::Added, Some(1)));
        assert_eq!(lines[1].kind, LineKind::Note);
        assert_eq!(lines[1].text, "No newline at end of file");
    }

    #[test]
    fn the_producer_s_counts_and_cut_are_kept() {
        let d = read_diff(&json!({"format": "unified", "text": "@@ -5 +5 @@\n-a\n+b\n", "added": 40, "removed": 38, "hunks": 12, "hunks_shown": 1, "truncated": true}))
            .expect("a diff");
        assert_eq!(
            (d.added, d.removed, d.total_hunks, d.cut),
            (40, 38, 12, true)
        );
        let counted = diff("@@ -5 +5 @@\n-a\n+b\n").expect("a diff");
        assert_eq!((counted.added, counted.removed, counted.cut), (1, 1, false));
    }

    #[test]
    fn what_is_not_a_diff_says_where() {
        assert_eq!(diff("just words"), Err(DiffProblem::BadLine(1)));
        assert_eq!(diff("@@ -1 +1 @@\n a\n*b\n"), Err(DiffProblem::BadLine(3)));
        assert_eq!(
            read_diff(&json!("@@ -1 +1 @@")),
            Err(DiffProblem::NotUnified)
        );
        assert_eq!(
            read_diff(&json!({"format": "context", "text": ""})),
            Err(DiffProblem::NotUnified)
        );
        assert_eq!(read_diff(&json!({"text": 3})), Err(DiffProblem::NotUnified));
        assert_eq!(diff("").map(|d| d.hunks.len()), Ok(0), "no change");
    }

    #[test]
    fn a_long_diff_is_read_up_to_the_bound() {
        let mut text = String::from("@@ -1,3000 +1,3000 @@\n");
        for i in 0..3000 {
            text.push_str(&format!("+line {i}\n"));
        }
        let d = diff(&text).expect("a diff");
        assert!(d.cut);
        assert_eq!(d.hunks[0].lines.len(), MAX_DIFF_LINES - 1);
        let long = format!("@@ -1 +1 @@\n+{}\n", "x".repeat(5_000));
        let d = diff(&long).expect("a diff");
        assert!(d.hunks[0].lines[0].text.chars().count() <= MAX_DIFF_LINE_CHARS + 1);
    }
}
