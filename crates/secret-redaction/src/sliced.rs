//! A whole tree redacted a slice at a time: what [`crate::redact_in_place`] makes of it, with its
//! long texts (a run's log in a record, the JSON a fallback text holds) taken out first, worked on
//! in steps of about a given size, and put back at the end. A caller that runs one step a task
//! never holds the page longer than a slice takes.

use serde_json::Value;

use crate::keys::is_sensitive_key;
use crate::learned::NoneLearned;
use crate::text::SlicedTextRedaction;
use crate::tree::{has_sensitive_column, is_bracketed, Place, Walk, MAX_EMBEDDED_JSON};

/// A tree being redacted in steps. [`SlicedRedaction::new`] redacts everything but its texts
/// longer than the given size, which it takes out; each [`SlicedRedaction::step`] works on one of
/// them; [`SlicedRedaction::finish`] puts them back and gives the tree and the count of values
/// changed, both as [`crate::redact_in_place`] gives them. A text is taken out only where that
/// walk would redact it as a text of its own: not under a sensitive key (the whole value goes),
/// an identifier's key or a key that is itself a credential (renamed), nor in a table's rows
/// when one of its columns is sensitive.
#[derive(Clone)]
pub struct SlicedRedaction {
    root: Value,
    changed: usize,
    /// Long texts still to redact, the one worked on last.
    pending: Vec<LongText>,
    /// Long texts redacted, with their places.
    redacted: Vec<(Vec<Step>, String)>,
    long: usize,
    embedded: usize,
}

/// One move from a value to a value inside it.
#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// A [`Step`] while the tree is walked, its key borrowed from the tree.
#[derive(Clone, Copy)]
enum StepIn<'a> {
    Key(&'a str),
    Index(usize),
}

/// A long text taken out of the tree, with its place.
#[derive(Clone)]
struct LongText {
    path: Vec<Step>,
    work: Work,
}

/// What is left to do for a long text.
#[derive(Clone)]
enum Work {
    /// Redacted as plain text, a slice a step.
    Text(SlicedTextRedaction),
    /// Bracketed as JSON: parsed in its next step, and redacted as JSON if it is.
    Unparsed(String),
    /// JSON, redacted in steps of its own; the text as sent is kept for when nothing in it changes.
    Json(Box<SlicedRedaction>, String),
}

impl SlicedRedaction {
    /// Redacts `root` but for its texts over `long` bytes, which are taken out for the steps.
    pub fn new(root: Value, long: usize) -> Self {
        Self::at_depth(root, long, 0)
    }

    /// [`SlicedRedaction::new`] for a tree held as text `embedded` levels down.
    fn at_depth(mut root: Value, long: usize, embedded: usize) -> Self {
        let walk = Walk(&NoneLearned);
        let pending = take_long_texts(&walk, &mut root, long, embedded);
        let changed = walk.redact(&mut root, Place::Anywhere, embedded);
        Self {
            root,
            changed,
            pending,
            redacted: Vec::new(),
            long,
            embedded,
        }
    }

    /// Whether every long text is redacted.
    pub fn is_done(&self) -> bool {
        self.pending.is_empty()
    }

    /// The next step on one long text: about `bytes` more of it redacted, or, for JSON held as
    /// text, its parse, a step of its own redaction, or its writing out once that is done.
    pub fn step(&mut self, bytes: usize) {
        let Some(mut text) = self.pending.pop() else {
            return;
        };
        let finished = match text.work {
            Work::Text(ref mut redaction) => {
                redaction.step(bytes);
                redaction.is_done()
            }
            Work::Unparsed(ref mut raw) => {
                let raw = std::mem::take(raw);
                text.work = match serde_json::from_str::<Value>(raw.trim()) {
                    Ok(inner) => Work::Json(
                        Box::new(Self::at_depth(inner, self.long, self.embedded + 1)),
                        raw,
                    ),
                    // Not JSON after all: redacted as the text it is.
                    Err(_) => Work::Text(SlicedTextRedaction::new(raw)),
                };
                false
            }
            Work::Json(ref mut inner, _) if !inner.is_done() => {
                inner.step(bytes);
                false
            }
            Work::Json(..) => true,
        };
        if finished {
            self.put_aside(text);
        } else {
            self.pending.push(text);
        }
    }

    /// The tree redacted (the steps left run first), and how many values changed.
    pub fn finish(mut self) -> (Value, usize) {
        while !self.is_done() {
            self.step(usize::MAX);
        }
        for (path, text) in self.redacted {
            if let Some(place) = value_at(&mut self.root, &path) {
                *place = Value::String(text);
            }
        }
        (self.root, self.changed)
    }

    /// Keeps a finished text for [`SlicedRedaction::finish`], counting what it changed.
    fn put_aside(&mut self, text: LongText) {
        // A text redacted to its end, with the count of values that changed.
        let text_finished = |redaction: SlicedTextRedaction| {
            let (clean, changed) = redaction.finish();
            (clean, usize::from(changed))
        };
        let (clean, changed) = match text.work {
            Work::Text(redaction) => text_finished(redaction),
            Work::Json(inner, raw) => match inner.finish() {
                (_, 0) => (raw, 0),
                (value, n) => match serde_json::to_string(&value) {
                    Ok(clean) => (clean, n),
                    // As the walk does when it cannot write the JSON back: redacted as text.
                    Err(_) => text_finished(SlicedTextRedaction::new(raw)),
                },
            },
            Work::Unparsed(raw) => text_finished(SlicedTextRedaction::new(raw)),
        };
        self.changed += changed;
        self.redacted.push((text.path, clean));
    }
}

/// Never the tree: its long texts are not redacted yet.
impl std::fmt::Debug for SlicedRedaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SlicedRedaction")
            .field("pending", &self.pending.len())
            .field("redacted", &self.redacted.len())
            .finish_non_exhaustive()
    }
}

/// Takes out of `root` the texts over `long` bytes that `walk` would redact as texts of their own
/// (see [`SlicedRedaction`]), leaving empty strings in their places.
fn take_long_texts(
    walk: &Walk<'_, NoneLearned>,
    root: &mut Value,
    long: usize,
    embedded: usize,
) -> Vec<LongText> {
    let mut taken = Vec::new();
    // The path walked so far, its keys borrowed: owned only for a text taken out.
    let mut path: Vec<StepIn<'_>> = Vec::new();
    // Each value with its place, the length of its parent's path, and the step from the parent.
    let mut stack: Vec<(&mut Value, Place, usize, Option<StepIn<'_>>)> =
        vec![(root, Place::Anywhere, 0, None)];
    while let Some((value, place, depth, step)) = stack.pop() {
        path.truncate(depth);
        path.extend(step);
        let depth = path.len();
        match value {
            Value::Object(map) => {
                let sensitive_rows = has_sensitive_column(map);
                for (key, child) in map.iter_mut() {
                    // Left for the walk: a value that goes whole, an identifier, a value under a
                    // key the walk renames, and a table's parts (its column names decide which of
                    // its cells go whole).
                    let left_in_place = is_sensitive_key(key)
                        || (child.is_string() && place.is_identifier(key))
                        || walk.redact_identifier(key).is_some()
                        || key == "columns"
                        || (sensitive_rows && key == "rows");
                    if !left_in_place {
                        stack.push((child, place.child(key), depth, Some(StepIn::Key(key))));
                    }
                }
            }
            Value::Array(items) => {
                let inner = place.item();
                for (i, item) in items.iter_mut().enumerate() {
                    stack.push((item, inner, depth, Some(StepIn::Index(i))));
                }
            }
            Value::String(s) if s.len() > long => {
                let text = std::mem::take(s);
                let work = if embedded < MAX_EMBEDDED_JSON && is_bracketed(&text) {
                    Work::Unparsed(text)
                } else {
                    Work::Text(SlicedTextRedaction::new(text))
                };
                let path = path
                    .iter()
                    .map(|step| match *step {
                        StepIn::Key(key) => Step::Key(key.to_owned()),
                        StepIn::Index(i) => Step::Index(i),
                    })
                    .collect();
                taken.push(LongText { path, work });
            }
            _ => {}
        }
    }
    taken
}

/// The value at `path` in `root`, if it is still there.
fn value_at<'a>(root: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(root, |value, step| match step {
        Step::Key(key) => value.get_mut(key.as_str()),
        Step::Index(i) => value.get_mut(*i),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redact_in_place;
    use serde_json::json;

    /// Every step run, then finished.
    fn sliced(tree: &Value, long: usize) -> (Value, usize) {
        let mut sliced = SlicedRedaction::new(tree.clone(), long);
        while !sliced.is_done() {
            sliced.step(8);
        }
        sliced.finish()
    }

    #[test]
    fn json_held_as_text_is_followed_as_deep_as_the_walk_follows_it() {
        // A token's value of several words: as JSON it goes whole, as text only its first word.
        let mut tree = json!({ "token": "first second third" });
        for _ in 0..=MAX_EMBEDDED_JSON + 1 {
            tree = json!({ "content": tree.to_string() });
        }
        let mut whole = tree.clone();
        let changed = redact_in_place(&mut whole);
        assert!(
            whole.to_string().contains("third"),
            "text from some depth on"
        );
        assert_eq!(sliced(&tree, 0), (whole, changed));
    }

    #[test]
    fn text_bracketed_like_json_and_not_json_is_redacted_as_text() {
        let tree = json!(["{ token=sk_live_4eC39HqLyjWDarjtT1zdp7dc, not json }"]);
        let mut whole = tree.clone();
        let changed = redact_in_place(&mut whole);
        assert!(!whole.to_string().contains("4eC39HqLyjWDarjtT1zdp7dc"));
        assert_eq!(sliced(&tree, 0), (whole, changed));
    }

    #[test]
    fn its_debug_shows_no_text() {
        let tree = json!({ "log": "sk_live_4eC39HqLyjWDarjtT1zdp7dc and more words" });
        let pending = SlicedRedaction::new(tree, 4);
        assert!(!format!("{pending:?}").contains("sk_live"));
        assert!(!pending.is_done());
    }
}
