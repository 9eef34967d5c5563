//! Property tests of the engine on its own: a credential shape planted under any key, identifiers
//! included, never survives; look-alikes under any key come out unchanged; redacting twice changes
//! nothing more. (The widget's model runs its own properties over the production path.)

use std::sync::LazyLock;

use proptest::prelude::*;
use secret_redaction::corpus::Corpus;
use secret_redaction::{redact_in_place, Redactor, REDACTED};
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
}
