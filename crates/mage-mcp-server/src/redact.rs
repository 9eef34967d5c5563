//! Redaction by the producer (rule 5 of the tool interface): every value under a sensitive key,
//! every secret the server has learned wherever it is copied, and credentials embedded in strings
//! become `"[redacted]"` before anything enters structuredContent, the fallback text, `_meta` or a
//! log. The rules are the workspace's one engine (`secret-redaction`), the same the widget runs
//! on what it receives; the server adds only what it learns (its configuration's credentials, the
//! tokens in the responses it reads).

use std::borrow::Cow;

pub use secret_redaction::{Redactor, REDACTED};

/// `text` as a result would show it: every secret `redactor` knows and every credential shape
/// hidden (JSON held in the text redacted as JSON). A text the server shortens (a log's end, a
/// diff's context, a quoted reason) is passed through this first and cut after: a cut can
/// separate a credential from what names it (a private key's body from its `BEGIN` line,
/// `user:pass@` from its URL's `scheme://`), and the redaction of the result, which comes later,
/// would then see neither.
pub fn redacted_text<'a>(redactor: &Redactor, text: &'a str) -> Cow<'a, str> {
    match redactor.redact_text(text) {
        Some(clean) => Cow::Owned(clean),
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secret_redaction::corpus::Corpus;
    use serde_json::{json, Value};

    /// The workspace's corpus (fixtures/secrets/corpus.json), each entry placed as a producer
    /// would: in a record, in the summary, in the hints and in the fallback text.
    fn results() -> (Vec<Value>, Vec<String>, Vec<String>) {
        let corpus = Corpus::embedded().expect("fixtures/secrets/corpus.json");
        let mut results = Vec::new();
        let widget = |record: Value| {
            json!({
                "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipelines",
                "action": "list", "state": "ok", "records": [record],
            })
        };
        for carrier in &corpus.carriers {
            let structured =
                widget(json!({ "uuid": "p1", carrier.key.clone(): carrier.value.clone() }));
            results.push(json!({
                "structuredContent": structured,
                "content": [{ "type": "text", "text": structured.to_string() }],
                "_meta": { "host/widgetData": { carrier.key.clone(): carrier.value.clone() } }
            }));
        }
        for shaped in &corpus.shaped {
            results.push(json!({ "structuredContent": widget(json!({
                "id": shaped.text, "session_id": shaped.text, "name": shaped.text
            })) }));
        }
        for key in &corpus.object_keys {
            results.push(json!({ "structuredContent": widget(json!({ "uuid": "p2", "scopes": { key.clone(): "repo" } })) }));
        }
        // Credentials as code and configuration write them: a block's code, a log, a config.
        for written in &corpus.written {
            let structured = widget(json!({ "uuid": "p3", "content": written.text }));
            results.push(json!({
                "structuredContent": structured,
                "content": [{ "type": "text", "text": structured.to_string() }],
            }));
        }
        // Flags and counts under a secret's name, as they are.
        for pair in &corpus.kept_pairs {
            results.push(json!({ "structuredContent": widget(json!({ "uuid": "p4", pair.key.clone(): pair.value.clone() })) }));
        }
        let look_alikes = corpus.look_alikes.clone();
        for look_alike in &look_alikes {
            results.push(json!({ "structuredContent": widget(json!({ "uuid": look_alike, "description": look_alike })) }));
        }
        let secrets = corpus.secrets().into_iter().map(str::to_owned).collect();
        (results, secrets, look_alikes)
    }

    #[test]
    fn the_server_and_the_widget_redact_the_corpus_alike() {
        let (results, secrets, look_alikes) = results();
        let mut all = String::new();
        for value in results {
            // The server's path: what `into_call_tool_result` does to structuredContent and hints.
            let mut server = value.clone();
            Redactor::default().redact(&mut server);
            // The widget's path: the copy it remembers, redacted from the JSON text a host
            // delivers, and the model it draws from.
            let text = value.to_string();
            let remembered = widget_model::redacted_json(&text).expect("the corpus is JSON");
            let widget: Value =
                serde_json::from_str(&remembered).expect("the remembered copy is JSON");
            assert_eq!(server, widget, "the two paths disagree on {text}");
            let model = format!("{:?}", widget_model::model_from_json_text(&text));
            for secret in &secrets {
                assert!(
                    !server.to_string().contains(secret.as_str()),
                    "{secret} survived: {server}"
                );
                assert!(
                    !model.contains(secret.as_str()),
                    "{secret} reached the widget's model"
                );
            }
            all.push_str(&server.to_string());
        }
        for look_alike in look_alikes {
            assert!(all.contains(&look_alike), "{look_alike} was changed");
        }
    }

    #[test]
    fn the_server_keeps_flags_and_counts_under_a_secrets_name() {
        let corpus = Corpus::embedded().expect("fixtures/secrets/corpus.json");
        for pair in &corpus.kept_pairs {
            let mut value = json!({ "records": [{ pair.key.clone(): pair.value.clone() }] });
            let sent = value.clone();
            Redactor::default().redact(&mut value);
            assert_eq!(value, sent, "{} under {}", pair.value, pair.key);
        }
    }

    #[test]
    fn a_learned_secret_is_hidden_on_top_of_the_rules() {
        let mut redactor = Redactor::default();
        redactor.learn(&json!({"variables": {"slack_webhook_token": "hook1234567890abcdef"}}));
        let mut value = json!({
            "content": "POST https://hooks.example/x?t=hook1234567890abcdef 200",
            "block_uuid": "hook1234567890abcdef",
            "note": "Bearer bond pricing"
        });
        redactor.redact(&mut value);
        assert_eq!(
            value,
            json!({
                "content": "POST https://hooks.example/x?t=[redacted] 200",
                "block_uuid": REDACTED,
                "note": "Bearer bond pricing"
            })
        );
    }
}
