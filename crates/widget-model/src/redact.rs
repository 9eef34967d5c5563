//! Redaction in depth. Producers redact before a value enters a tool result; the renderer does not
//! trust that. The model runs the workspace's one redaction engine (the `secret-redaction` crate,
//! which the server runs too) first, over the whole parsed JSON, so the raw value of a sensitive
//! key is gone before anything else reads the input: it cannot reach a cell, a title, a tooltip,
//! the clipboard, storage or the console. The model learns no secrets: it applies the rules alone.

pub use secret_redaction::{
    blank_sensitive_values, is_identifier_key, is_sensitive_key, redact_graph_edge,
    redact_in_place, redact_records_deferring, redact_text, scrub_string, Blanked, LongText,
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
}
