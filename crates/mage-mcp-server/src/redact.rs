//! Redaction by the producer (rule 5 of the tool interface): every value under a sensitive key,
//! every secret the server has learned wherever it is copied, and credentials embedded in strings
//! become `"[redacted]"` before anything enters structuredContent, the fallback text, `_meta` or a
//! log. The rules are the workspace's one engine (`secret-redaction`), the same the widget runs
//! on what it receives; the server adds only what it learns (its configuration's credentials, the
//! tokens in the responses it reads).

pub use secret_redaction::{Redactor, REDACTED};

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// One hostile corpus: secrets under sensitive keys at any depth, credentials with no label in
    /// ids, times and flags, key formats, JSON held as text, and benign look-alikes.
    fn hostile_corpus() -> Vec<Value> {
        vec![
            json!({
                "kind": "svc_resource_widget",
                "records": [{
                    "id": "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                    "uuid": "Basic dXNlcjpwYXNz",
                    "completed_at": "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                    "has_callback": "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                    "pipeline_uuid": "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
                    "name": "Bearer bond pricing",
                    "description": "Basic ETL",
                    "checksum": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
                    "variables": { "slack": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp" },
                    "settings": { "nested": [{ "X-API-KEY": { "k": ["hunter2-hunter2"] } }] }
                }],
                "graph": {
                    "nodes": [{ "id": "AKIAIOSFODNN7EXAMPLE" }, { "id": "load" }],
                    "edges": [{ "source": "AKIAIOSFODNN7EXAMPLE", "target": "load" }]
                }
            }),
            json!({
                "content": [{ "type": "text", "text": "{\"token\":\"tok-0123456789abcdef\",\"note\":\"curl -H 'Authorization: Basic YWRtaW46aHVudGVyMg=='\"}" }],
                "_meta": { "host/widgetData": { "title": "aws AKIAIOSFODNN7EXAMPLE key" } }
            }),
            json!([
                "https://admin:pa55word@svc.example/api?api_key=abc123&page=2",
                "POST /api/pipeline_schedules/3/pipeline_runs/0123456789abcdef0123456789abcdef",
                "GET https://bucket.example/o?X-Amz-Signature=0a1b2c3d4e&page=2",
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
                "Bearer abc", "token bucket rate limiter", "md5 9e107d9d372bb6826bd81d3542a419d6",
                { "password": null, "cookie": 12, "Authorization": "Bearer abc" }
            ]),
        ]
    }

    /// What must not survive of the corpus.
    const PLANTED: &[&str] = &[
        "4eC39HqLyjWDarjtT1zdp7dc",
        "dXNlcjpwYXNz",
        "16C7e42F292c6912E7710c838347Ae178B4a",
        "AbCdEfGhIjKlMnOp",
        "hunter2-hunter2",
        "IOSFODNN7EXAMPLE",
        "tok-0123456789abcdef",
        "YWRtaW46aHVudGVyMg",
        "pa55word",
        "abc123",
        "0123456789abcdef0123456789abcdef",
        "0a1b2c3d4e",
        "c2lnbmF0dXJl",
    ];

    /// What must come out as written.
    const KEPT: &[&str] = &[
        "Bearer bond pricing",
        "Basic ETL",
        "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        "\"Bearer abc\"",
        "token bucket rate limiter",
        "md5 9e107d9d372bb6826bd81d3542a419d6",
        "\"id\":\"load\"",
    ];

    #[test]
    fn the_server_and_the_widget_redact_a_hostile_corpus_alike() {
        for value in hostile_corpus() {
            // The server's path: what `into_call_tool_result` does to structuredContent and hints.
            let mut server = value.clone();
            Redactor::default().redact(&mut server);
            // The widget's path: the copy it keeps, redacted from the JSON text a host delivers,
            // and the model it draws from.
            let text = value.to_string();
            let kept = widget_model::redacted_json(&text).expect("the corpus is JSON");
            let widget: Value = serde_json::from_str(&kept).expect("the kept copy is JSON");
            assert_eq!(server, widget, "the two paths disagree on {text}");

            let model = format!("{:?}", widget_model::model_from_json_text(&text));
            for planted in PLANTED {
                assert!(
                    !server.to_string().contains(planted),
                    "{planted} survived: {server}"
                );
                assert!(
                    !model.contains(planted),
                    "{planted} reached the widget's model"
                );
            }
        }
        let all = hostile_corpus()
            .into_iter()
            .map(|mut v| {
                Redactor::default().redact(&mut v);
                v.to_string()
            })
            .collect::<String>();
        for kept in KEPT {
            assert!(all.contains(kept), "{kept} was changed: {all}");
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
