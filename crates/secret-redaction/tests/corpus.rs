//! The workspace's corpus of planted secrets (fixtures/secrets/corpus.json) through the engine:
//! every carrier loses its secret wherever it stands, every credential shape under any key, every
//! credential used as a key; every look-alike comes out as written. The server's path (a
//! [`Redactor`]) and the widget's (`redact_in_place`) agree on all of it.

use secret_redaction::corpus::Corpus;
use secret_redaction::{redact_in_place, Redactor};
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
    for carrier in corpus().carriers {
        for placed in placements(&carrier.key, &carrier.value) {
            let out = redacted(&placed).to_string();
            assert!(
                !out.contains(&carrier.secret),
                "{} survived under {}: {out}",
                carrier.secret,
                carrier.key
            );
        }
    }
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
