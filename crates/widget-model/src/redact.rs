//! Redaction in depth. Producers redact before a value enters a tool result; the renderer does not
//! trust that. The model runs the workspace's one redaction engine (the `secret-redaction` crate,
//! which the server runs too) first, over the whole parsed JSON, so the raw value of a sensitive
//! key is gone before anything else reads the input: it cannot reach a cell, a title, a tooltip,
//! the clipboard, storage or the console. The model learns no secrets: it applies the rules alone.

pub use secret_redaction::{
    is_hidden_under, is_identifier_key, is_sensitive_key, redact_graph_edge, redact_in_place,
    redact_json_text_in_place, redact_plain_text, redact_text, JsonTextRedaction, SlicedRedaction,
    REDACTED,
};

#[cfg(test)]
mod tests {
    #[test]
    fn stored_copies_are_redacted() {
        let text = r#"{"structuredContent":{"records":[{"token":"0123456789abcdef0123456789abcdef","id":"Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc"}]}}"#;
        let copy = crate::redacted_json(text).expect("json");
        assert!(!copy.contains("0123456789abcdef"));
        assert!(!copy.contains("sk_live_"));
        assert!(copy.contains("\"id\":\"Bearer [redacted]\""));
        assert_eq!(crate::redacted_json("{nope"), None);
    }

    #[test]
    fn a_long_logs_remembered_copy_is_redacted_a_slice_a_step() {
        use crate::limits::TEXT_SLICE_BYTES;
        use serde_json::{json, Value};
        let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        let log = format!("{}token: {secret}\n", "INFO block done\n".repeat(20_000));
        let result = json!({
            "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_run",
            "action": "logs", "state": "ok", "records": [{ "name": "a.log", "content": log }]
        });
        // The log twice: in structuredContent, and in the JSON of the fallback text.
        let payload = json!({
            "content": [{ "type": "text", "text": result.to_string() }],
            "structuredContent": result
        })
        .to_string();
        let mut remembered = crate::RedactedJson::new(&payload).expect("json");
        assert!(!format!("{remembered:?}").contains(secret));
        let mut steps = 0;
        while !remembered.is_done() {
            remembered.step();
            steps += 1;
        }
        assert!(
            steps >= 2 * (log.len() / TEXT_SLICE_BYTES),
            "each log a slice a step: {steps} steps"
        );
        let copy = remembered.finish().expect("written");
        assert!(!copy.contains(secret));
        let mut whole: Value = serde_json::from_str(&payload).expect("json");
        super::redact_in_place(&mut whole);
        assert_eq!(
            copy,
            whole.to_string(),
            "what the whole tree's redaction gives"
        );
    }
}
