//! Property tests of the engine on its own: a credential shape planted under any key, identifiers
//! included, never survives; look-alikes under any key come out unchanged; redacting twice changes
//! nothing more. (The widget's model runs its own properties over the production path.)

use std::sync::LazyLock;

use proptest::prelude::*;
use secret_redaction::corpus::Corpus;
use secret_redaction::{
    redact_in_place, redact_plain_text, Redactor, SlicedRedaction, SlicedTextRedaction, REDACTED,
};
use serde_json::{json, Map, Value};

/// The workspace's corpus of planted secrets (fixtures/secrets/corpus.json).
static CORPUS: LazyLock<Corpus> =
    LazyLock::new(|| Corpus::embedded().expect("fixtures/secrets/corpus.json"));

/// Credentials that carry no label: their shape alone says what they are.
static SHAPED: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| CORPUS.shaped.iter().map(|s| s.text.as_str()).collect());

/// What must not survive of each of [`SHAPED`].
static MARKERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| CORPUS.shaped.iter().map(|s| s.secret.as_str()).collect());

/// Strings that look like secrets and are not.
static LOOK_ALIKES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| CORPUS.look_alikes.iter().map(String::as_str).collect());

/// Keys of every kind: identifiers, times, flags, edge ends, plain names.
const KEYS: &[&str] = &[
    "id",
    "uuid",
    "pipeline_uuid",
    "schedule_id",
    "completed_at",
    "has_callback",
    "source",
    "target",
    "name",
    "description",
    "status",
    "graph",
    "edges",
    "records",
    "text",
];

fn key() -> impl Strategy<Value = String> {
    prop::sample::select(KEYS).prop_map(str::to_owned)
}

/// Arbitrary JSON over [`KEYS`], whose strings are drawn from `strings`.
fn tree(strings: &'static [&'static str]) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<i32>().prop_map(|n| json!(n)),
        prop::sample::select(strings).prop_map(|s| json!(s)),
        prop::sample::select(strings).prop_map(|s| json!(format!("note: {s}, then more"))),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Words of a log: labels, auth schemes, key-block markers and plain words, so that what one word
/// says of the next falls on every side of a slice's end.
const LOG_WORDS: &[&str] = &[
    "token:",
    "token",
    "\"api_key\":",
    "password=",
    "Authorization:",
    "Authorization:Bearer",
    "Bearer",
    "Basic",
    "-----BEGIN",
    "RSA",
    "PRIVATE",
    "KEY-----",
    "-----END",
    "MIIEpAIBAAKCAQEA",
    "https://user:hunter2@db.example/x?sig=abc&x=1",
    "/api/pipeline_schedules/3/pipeline_runs/0123456789abcdef0123456789abcdef",
    "2024-05-01T10:00:00Z",
    "{\"level\":",
    "\"INFO\",",
    "ETL",
    "done.",
    "é",
    // Credentials as code and configuration write them: names, operators, annotations, quotes
    // and brackets that run over several words, headers, SQL, YAML blocks, elements, literals.
    "PASSWORD",
    "api_key:",
    "=",
    ":=",
    "==",
    "str",
    "|",
    "None",
    "'quoted",
    "value'",
    "\"multi",
    "word\",",
    "{\"inner\":",
    "[1,",
    "}",
    "]",
    "Cookie:",
    "a=1;",
    "Token",
    "IDENTIFIED",
    "BY",
    "secrets:",
    "max_tokens:",
    "4096",
    "true",
    "<apiToken>",
    "</apiToken>",
    "\"literal\"",
    "password)",
    "--password",
    "-x",
    "PWD={a;b",
    "c};x=1",
    "https://hooks.slack.com/services/T0/B0/abc",
    "postgresql://u:a,b/c@db/x",
];

/// A text of [`LOG_WORDS`], corpus strings and anything, between runs of spaces and line breaks.
fn log_text() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        4 => prop::sample::select(LOG_WORDS).prop_map(str::to_owned),
        2 => prop::sample::select(SHAPED.clone()).prop_map(str::to_owned),
        1 => prop::sample::select(LOOK_ALIKES.clone()).prop_map(str::to_owned),
        1 => any::<String>(),
    ];
    let space =
        prop::sample::select(&[" ", "\n", "  ", "\r\n", "\t", "\u{2003}", "\n  ", "\n    "][..]);
    prop::collection::vec((word, space), 0..40).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(word, space)| word + space)
            .collect()
    })
}

/// `text` redacted by a [`SlicedTextRedaction`] in slices of `slice` bytes, as
/// [`redact_plain_text`] answers.
fn redacted_in_slices(text: &str, slice: usize) -> Option<String> {
    let mut redaction = SlicedTextRedaction::new(text.to_owned());
    let mut steps = 0;
    while !redaction.is_done() {
        redaction.step(slice);
        steps += 1;
        assert!(steps <= text.len() + 2, "a step reads at least one run");
    }
    let (out, changed) = redaction.finish();
    if !changed {
        assert_eq!(out, text, "unchanged means the same text");
    }
    changed.then_some(out)
}

/// Keys that change how a value is redacted: sensitive ones, identifiers, a credential used as a
/// key, a graph's edges, a table's columns and rows, and plain names.
const SLICED_KEYS: &[&str] = &[
    "content",
    "text",
    "token",
    "password",
    "id",
    "pipeline_uuid",
    "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "graph",
    "edges",
    "source",
    "target",
    "columns",
    "rows",
    "records",
];

/// Arbitrary JSON over [`SLICED_KEYS`] whose strings are logs (some bracketed like JSON),
/// credentials, column names, and JSON held as text (a tree of its own, written out); tables with
/// a sensitive column among them.
fn sliced_tree() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<i32>().prop_map(|n| json!(n)),
        log_text().prop_map(Value::String),
        // Bracketed like JSON, mostly not JSON: redacted as text.
        log_text().prop_map(|text| json!(format!("{{{text}}}"))),
        prop::sample::select(SHAPED.clone()).prop_map(|s| json!(s)),
        prop::sample::select(&["password", "name", "token"][..]).prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(5, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(SLICED_KEYS), inner.clone()), 0..5)
                .prop_map(|entries| Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect::<Map<_, _>>()
                )),
            inner
                .clone()
                .prop_map(|tree| Value::String(format!(" {tree} "))),
            (log_text(), inner).prop_map(|(text, cell)| json!({
                "columns": ["name", "password"],
                "rows": [[text.clone(), text], [cell.clone(), cell]],
            })),
        ]
    })
}

fn leaks(value: &Value) -> Option<&'static str> {
    let text = value.to_string();
    MARKERS.iter().copied().find(|m| text.contains(m))
}

proptest! {
    #[test]
    fn credential_shapes_never_survive_under_any_key(v in tree(&SHAPED)) {
        let mut v = v;
        redact_in_place(&mut v);
        prop_assert_eq!(leaks(&v), None, "{}", v);
    }

    #[test]
    fn credential_shapes_never_survive_in_json_held_as_text(v in tree(&SHAPED)) {
        let mut carrier = json!({ "content": [{ "type": "text", "text": v.to_string() }] });
        redact_in_place(&mut carrier);
        prop_assert_eq!(leaks(&carrier), None, "{}", carrier);
    }

    #[test]
    fn look_alikes_come_out_unchanged_under_any_key(v in tree(&LOOK_ALIKES)) {
        let mut redacted = v.clone();
        prop_assert_eq!(redact_in_place(&mut redacted), 0);
        prop_assert_eq!(redacted, v);
    }

    #[test]
    fn any_text_under_any_key_is_redacted_without_panic_and_for_good(
        text in any::<String>(),
        planted in prop::sample::select(SHAPED.clone()),
        key in key(),
    ) {
        let mut v = json!({ key.clone(): format!("{text} {planted}{text}"), "note": [text.clone(), format!("é{planted}…")] });
        redact_in_place(&mut v);
        let mut again = v.clone();
        prop_assert_eq!(redact_in_place(&mut again), 0);
        prop_assert_eq!(again, v);
    }

    #[test]
    fn redacting_twice_changes_nothing_more(v in tree(&SHAPED), learned in prop::sample::select(MARKERS.clone())) {
        let mut redactor = Redactor::default();
        redactor.trust_secret(learned);
        let mut once = v;
        redactor.redact(&mut once);
        let mut twice = once.clone();
        prop_assert_eq!(redactor.redact(&mut twice), 0);
        prop_assert_eq!(&twice, &once);
        prop_assert!(!twice.to_string().contains(learned) || learned == REDACTED);
    }

    #[test]
    fn a_text_redacted_in_slices_is_the_text_redacted_whole(text in log_text(), slice in 1usize..64) {
        prop_assert_eq!(redacted_in_slices(&text, slice), redact_plain_text(&text));
    }

    #[test]
    fn credential_shapes_never_survive_in_a_log_whatever_stands_before_them(text in log_text()) {
        let redacted = redact_plain_text(&text).unwrap_or(text);
        let left = MARKERS.iter().find(|m| redacted.contains(**m));
        prop_assert_eq!(left, None, "{}", redacted);
    }

    #[test]
    fn a_text_redacted_twice_changes_no_more(text in log_text()) {
        if let Some(once) = redact_plain_text(&text) {
            prop_assert_eq!(redact_plain_text(&once), None, "{}", once);
        }
    }

    #[test]
    fn a_tree_redacted_in_slices_is_the_tree_redacted_whole(
        tree in sliced_tree(),
        long in 0usize..48,
        slice in 1usize..64,
    ) {
        let mut whole = tree.clone();
        let changed_whole = redact_in_place(&mut whole);
        let mut sliced = SlicedRedaction::new(tree, long);
        let mut steps = 0;
        while !sliced.is_done() {
            sliced.step(slice);
            steps += 1;
            prop_assert!(steps < 1_000_000, "steps end");
        }
        let (redacted, changed) = sliced.finish();
        prop_assert_eq!(changed, changed_whole);
        prop_assert_eq!(redacted, whole);
    }
}
