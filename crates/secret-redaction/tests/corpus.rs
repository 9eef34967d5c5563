//! The workspace's corpus of planted secrets (fixtures/secrets/corpus.json) through the engine:
//! every carrier loses its secret wherever it stands, every credential shape under any key, every
//! credential used as a key, every credential of a written text through every path (a tree, the
//! plain-text redaction, both in slices) with its names kept; every look-alike comes out as
//! written, and every flag and count under a secret's name as it is. The server's path (a
//! [`Redactor`]) and the widget's (`redact_in_place`) agree on all of it.

use secret_redaction::corpus::{Corpus, Written};
use secret_redaction::{
    is_hidden_under, redact_in_place, redact_plain_text, redact_text, Redactor, SlicedRedaction,
    SlicedTextRedaction,
};
use serde_json::{json, Value};

fn corpus() -> Corpus {
    Corpus::embedded().expect("fixtures/secrets/corpus.json")
}

/// `value` under `key` at the top, nested in an object and in a list, and inside JSON held as text.
fn placements(key: &str, value: &Value) -> Vec<Value> {
    let record = json!({ "uuid": "p1", "name": "etl", key: value.clone() });
    vec![
        record.clone(),
        json!({ "records": [record.clone()], "summary": { "nested": { key: value.clone() } } }),
        json!({ "content": [{ "type": "text", "text": json!({ "records": [record] }).to_string() }] }),
    ]
}

/// Both paths over a copy of `value`; they must agree.
fn redacted(value: &Value) -> Value {
    let mut widget = value.clone();
    redact_in_place(&mut widget);
    let mut server = value.clone();
    Redactor::default().redact(&mut server);
    assert_eq!(widget, server, "the two paths disagree on {value}");
    widget
}

#[test]
fn every_carrier_loses_its_secret_wherever_it_stands() {
    let mut found = Vec::new();
    for carrier in corpus().carriers {
        for (i, placed) in placements(&carrier.key, &carrier.value)
            .into_iter()
            .enumerate()
        {
            let out = redacted(&placed).to_string();
            if out.contains(&carrier.secret) {
                found.push(format!(
                    "{} survived under {} in placement {i}: {out}",
                    carrier.secret, carrier.key
                ));
            }
        }
    }
    assert_none(found);
}

#[test]
fn every_credential_shape_is_hidden_under_any_key_identifiers_included() {
    for shaped in corpus().shaped {
        for key in [
            "id",
            "uuid",
            "session_id",
            "pipeline_uuid",
            "name",
            "note",
            "completed_at",
            "tags",
        ] {
            for placed in placements(key, &json!(shaped.text)) {
                let out = redacted(&placed).to_string();
                assert!(
                    !out.contains(&shaped.secret),
                    "{} survived under {key}: {out}",
                    shaped.secret
                );
            }
        }
        let edge = json!({ "graph": { "nodes": [{ "id": "a" }], "edges": [{ "source": shaped.text, "target": "a" }] } });
        let out = redacted(&edge).to_string();
        assert!(!out.contains(&shaped.secret), "{out}");
    }
}

#[test]
fn a_credential_used_as_a_key_is_renamed() {
    for key in corpus().object_keys {
        for placed in placements(&key, &json!({ "scopes": "repo" })) {
            let out = redacted(&placed).to_string();
            assert!(!out.contains(&key), "{key} survived as a key: {out}");
            assert!(out.contains("repo"), "its value is kept: {out}");
        }
    }
}

#[test]
fn look_alikes_come_out_as_written() {
    for look_alike in corpus().look_alikes {
        for key in ["id", "uuid", "name", "description", "note", "message"] {
            for placed in placements(key, &json!(look_alike)) {
                assert_eq!(
                    redacted(&placed),
                    placed,
                    "{look_alike} under {key} was changed"
                );
            }
        }
    }
}

#[test]
fn the_server_learns_credentials_from_the_corpus_and_not_names_sent_as_tokens() {
    let corpus = corpus();
    let mut redactor = Redactor::default();
    for carrier in &corpus.carriers {
        redactor.learn(&json!({ carrier.key.clone(): carrier.value.clone() }));
    }
    // A run's payload may say `{"token": "<a pipeline's uuid>"}`: names are not learned.
    let names = [
        "daily_sales_pipeline_v2",
        "basic_etl_from_s3",
        "etl_run_2024_11_27",
        "Basic pipeline_v2_daily",
    ];
    for name in names {
        redactor.learn(&json!({ "token": name, "variables": { "api_key": name } }));
    }
    for name in names {
        let mut value = json!({ "name": name });
        assert_eq!(redactor.redact(&mut value), 0, "{name} was learned");
    }
    let mut copied = json!({ "log": "sent wJalrXUtnFEMI9K7MDENG8bPxRfiCY upstream" });
    assert_eq!(
        redactor.redact(&mut copied),
        1,
        "a learned credential is hidden where it is copied"
    );
}

/// What is wrong with `written`'s text after one path: each secret left, each kept part lost.
fn failures(written: &Written, path: &str, out: &str) -> Vec<String> {
    let left = written
        .secrets
        .iter()
        .filter(|secret| out.contains(secret.as_str()))
        .map(|secret| format!("{}: {path} left {secret:?}", written.what));
    let lost = written
        .kept
        .iter()
        .filter(|kept| !out.contains(kept.as_str()))
        .map(|kept| format!("{}: {path} lost {kept:?}", written.what));
    left.chain(lost).collect()
}

/// Fails with every failure found, each on a line (all of them, not the first: a change to the
/// engine is judged on the whole corpus).
fn assert_none(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `text` redacted by a [`SlicedTextRedaction`] in slices of `slice` bytes.
fn redacted_in_slices(text: &str, slice: usize) -> String {
    let mut redaction = SlicedTextRedaction::new(text.to_owned());
    while !redaction.is_done() {
        redaction.step(slice);
    }
    redaction.finish().0
}

#[test]
fn every_written_credential_is_hidden_and_its_names_kept_by_the_text_paths() {
    let mut found = Vec::new();
    for written in corpus().written {
        let whole = redact_plain_text(&written.text).unwrap_or_else(|| written.text.clone());
        found.extend(failures(&written, "redact_plain_text", &whole));
        found.extend(failures(
            &written,
            "redact_text",
            &redact_text(&written.text),
        ));
        let mut server = Redactor::default();
        server.trust_secret("not-in-any-text-0123456789");
        let redacted = server
            .redact_text(&written.text)
            .unwrap_or_else(|| written.text.clone());
        found.extend(failures(&written, "the server's redact_text", &redacted));
        // Every slice size up to a long line's, so that every value that spans words (a quoted
        // one with spaces, a cookie header, a YAML block) is cut between its words somewhere.
        for slice in (1..=80).chain([128, 4096]) {
            if redacted_in_slices(&written.text, slice) != whole {
                found.push(format!(
                    "{}: in slices of {slice} bytes, not as whole",
                    written.what
                ));
            }
        }
    }
    assert_none(found);
}

#[test]
fn every_written_credential_is_hidden_in_a_tree_whole_and_in_slices() {
    let mut found = Vec::new();
    for written in corpus().written {
        for (i, placed) in placements("content", &json!(written.text))
            .into_iter()
            .enumerate()
        {
            let out = redacted(&placed);
            let text = out.to_string();
            found.extend(
                written
                    .secrets
                    .iter()
                    .filter(|secret| text.contains(secret.as_str()))
                    .map(|secret| format!("{}: placement {i} left {secret:?}", written.what)),
            );
            for (long, slice) in [(0, 1), (16, 7), (64, 64), (1 << 20, 1)] {
                let mut sliced = SlicedRedaction::new(placed.clone(), long);
                while !sliced.is_done() {
                    sliced.step(slice);
                }
                if sliced.finish().0 != out {
                    found.push(format!(
                        "{}: placement {i} with texts over {long} bytes in slices of {slice}, not as whole",
                        written.what
                    ));
                }
            }
        }
        // The text where it was placed, for what must stay.
        let placed = placements("content", &json!(written.text));
        let first = redacted(&placed[0]);
        let nested = redacted(&placed[1]);
        for (path, out) in [
            ("a record", &first["content"]),
            ("a list's record", &nested["records"][0]["content"]),
            ("a nested object", &nested["summary"]["nested"]["content"]),
        ] {
            found.extend(failures(&written, path, out.as_str().unwrap_or_default()));
        }
    }
    assert_none(found);
}

#[test]
fn flags_counts_and_hints_under_a_secrets_name_come_out_as_they_are() {
    let mut found = Vec::new();
    for pair in corpus().kept_pairs {
        if is_hidden_under(&pair.key, &pair.value) {
            found.push(format!("{} under {} is hidden", pair.value, pair.key));
        }
        for placed in placements(&pair.key, &pair.value) {
            if redacted(&placed) != placed {
                found.push(format!("{} under {} was changed", pair.value, pair.key));
            }
        }
    }
    assert_none(found);
}
