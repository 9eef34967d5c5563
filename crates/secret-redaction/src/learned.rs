//! Secrets a producer knows exactly (a credential from its configuration, a token read from a
//! response under a sensitive key): hidden wherever they were copied, identifiers included. The
//! widget learns none; the server teaches its redactor what it reads.

use serde_json::Value;

use crate::keys::is_sensitive_key;
use crate::marker::REDACTED;

/// Learned secrets shorter than this are not searched for inside other strings: a short value
/// ("prod") would blank ordinary words. Values under sensitive keys are redacted whatever their
/// length.
pub const MIN_LEARNED_SECRET_LEN: usize = 8;

/// The redaction engine, with the exact secrets it has learned (none by default: then it applies
/// the rules alone, as `redact_in_place` does).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Redactor {
    /// Longest first, so a secret that contains another is hidden whole.
    learned: Vec<String>,
}

impl Redactor {
    /// Learns every string (and number) under a sensitive key in `value`, at any depth.
    pub fn learn(&mut self, value: &Value) {
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(map) => {
                    for (key, child) in map {
                        if is_sensitive_key(key) {
                            self.learn_all_under(child);
                        } else {
                            stack.push(child);
                        }
                    }
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
    }

    /// Learns one secret (a credential from the config file, say); too short ones are ignored.
    pub fn learn_secret(&mut self, secret: &str) {
        if secret.len() < MIN_LEARNED_SECRET_LEN || secret == REDACTED {
            return;
        }
        let order = |s: &String| (std::cmp::Reverse(s.len()), s.clone());
        let wanted = (std::cmp::Reverse(secret.len()), secret.to_owned());
        if let Err(at) = self.learned.binary_search_by_key(&wanted, order) {
            self.learned.insert(at, secret.to_owned());
        }
    }

    /// Adds every secret another redactor learned.
    pub fn merge(&mut self, other: &Redactor) {
        for secret in &other.learned {
            self.learn_secret(secret);
        }
    }

    /// Every string and number in `value`.
    fn learn_all_under(&mut self, value: &Value) {
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match value {
                Value::String(s) => self.learn_secret(s),
                Value::Number(n) => self.learn_secret(&n.to_string()),
                Value::Array(items) => stack.extend(items),
                Value::Object(map) => stack.extend(map.values()),
                Value::Null | Value::Bool(_) => {}
            }
        }
    }
}

/// Exact secrets hidden wherever they were copied.
pub(crate) trait LearnedSecrets {
    /// `s` with every learned secret replaced by [`REDACTED`], or `None` when it holds none.
    fn hide_learned(&self, s: &str) -> Option<String>;
}

/// No secret learned: the rules alone (the widget's case).
pub(crate) struct NoneLearned;

impl LearnedSecrets for NoneLearned {
    fn hide_learned(&self, _: &str) -> Option<String> {
        None
    }
}

impl LearnedSecrets for Redactor {
    fn hide_learned(&self, s: &str) -> Option<String> {
        let mut result: Option<String> = None;
        for secret in &self.learned {
            let current = result.as_deref().unwrap_or(s);
            if current.contains(secret.as_str()) {
                result = Some(current.replace(secret.as_str(), REDACTED));
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secrets_under_sensitive_keys_are_learned_at_any_depth() {
        let mut redactor = Redactor::default();
        redactor.learn(&json!({
            "variables": { "slack_webhook_token": "xoxb1234567890abcdef", "name": "not-a-secret-value" },
            "list": [{ "api_key": { "nested": ["k-1234567890", 12345678901_u64, null] } }],
            "password": "short"
        }));
        assert_eq!(
            redactor.learned,
            ["xoxb1234567890abcdef", "k-1234567890", "12345678901"],
            "longest first; a short value is not learned"
        );
    }

    #[test]
    fn a_learned_secret_is_hidden_wherever_it_was_copied_identifiers_included() {
        let mut redactor = Redactor::default();
        redactor.learn(&json!({"variables": {"slack_webhook_token": "xoxb1234567890abcdef"}}));
        let mut value = json!({
            "content": "POST https://hooks.example/x?t=xoxb1234567890abcdef 200",
            "note": "xoxb1234567890abcdef",
            "run_id": "run-xoxb1234567890abcdef",
            "text": "{\"message\": \"sent xoxb1234567890abcdef\"}"
        });
        assert_eq!(redactor.redact(&mut value), 4);
        assert_eq!(
            value,
            json!({
                "content": "POST https://hooks.example/x?t=[redacted] 200",
                "note": REDACTED,
                "run_id": "run-[redacted]",
                "text": "{\"message\":\"sent [redacted]\"}"
            })
        );
        assert_eq!(
            redactor.scrub_text("k xoxb1234567890abcdef").as_deref(),
            Some("k [redacted]")
        );
    }

    #[test]
    fn a_secret_that_contains_another_is_hidden_whole() {
        let mut redactor = Redactor::default();
        redactor.learn_secret("abcdefgh");
        redactor.learn_secret("abcdefgh-ijklmnop");
        redactor.learn_secret("abcdefgh");
        assert_eq!(redactor.learned.len(), 2);
        assert_eq!(
            redactor
                .hide_learned("x abcdefgh-ijklmnop y abcdefgh")
                .as_deref(),
            Some("x [redacted] y [redacted]")
        );
    }

    #[test]
    fn merging_adds_what_the_other_learned() {
        let mut a = Redactor::default();
        a.learn_secret("first-secret-1");
        let mut b = Redactor::default();
        b.learn_secret("second-secret-2");
        b.learn_secret("first-secret-1");
        a.merge(&b);
        assert_eq!(a.learned, ["second-secret-2", "first-secret-1"]);
        assert_eq!(Redactor::default().hide_learned("first-secret-1"), None);
    }
}
