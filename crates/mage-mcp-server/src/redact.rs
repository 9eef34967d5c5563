//! Redaction by the producer (rule 5 of the tool interface): every value under a sensitive key,
//! every secret the server knows wherever it is copied, and secrets embedded in strings (URL
//! credentials, sensitive query parameters, schedule tokens in trigger paths, bearer tokens) become
//! `"[redacted]"` before anything enters structuredContent, the fallback text, `_meta` or a log.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

/// What a redacted value becomes.
pub const REDACTED: &str = "[redacted]";

/// Key endings that mark a value as secret, compared case-insensitively with `_`, `-`, `.` and
/// spaces removed (so `X-API-KEY`, `apiKey` and `api_key` all end with `apikey`). The contract's
/// list, plus `credential` and `privatekey`, as the renderer does.
const SENSITIVE_SUFFIXES: &[&str] = &[
    "token",
    "apikey",
    "password",
    "passwd",
    "secret",
    "oauthtoken",
    "accesstoken",
    "refreshtoken",
    "authorization",
    "cookie",
    "credentials",
    "credential",
    "privatekey",
    "clientsecret",
];

/// Known secrets shorter than this are not searched for inside other strings: a short value
/// ("prod") would blank ordinary words. Values under sensitive keys are redacted whatever their
/// length.
const MIN_KNOWN_SECRET_LEN: usize = 8;

/// Whether the value under `key` is a secret.
pub fn is_sensitive_key(key: &str) -> bool {
    let normalized: String = key
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | '.' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    SENSITIVE_SUFFIXES
        .iter()
        .any(|suffix| normalized.ends_with(suffix))
}

/// Secrets embedded in strings, each with what replaces the match.
static EMBEDDED_SECRETS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        // user:password@ in URLs
        (r"(?i)([a-z][a-z0-9+.-]*://[^/\s:@]+):[^@\s/]+@", "${1}:[redacted]@"),
        // ?token=…, &api_key=…, oauth_token=… in URLs and cookies
        (
            r"(?i)([?&;\s]|^)([a-z0-9_.-]*(?:token|api[_-]?key|password|passwd|secret|signature|credentials?|private[_-]?key))=[^&#;\s]+",
            "${1}${2}=[redacted]",
        ),
        // the trigger endpoint carries the schedule token in its path
        (r"(?i)(/pipeline_runs/)[0-9a-f]{32}\b", "${1}[redacted]"),
        // Authorization: Bearer …, Authorization: Basic …
        (r"(?i)\b(bearer)\s+[a-z0-9._~+/=-]{8,}", "${1} [redacted]"),
        (r"(?i)(authorization:\s*basic)\s+[a-z0-9+/=]{8,}", "${1} [redacted]"),
    ]
    .into_iter()
    .filter_map(|(pattern, replacement)| Regex::new(pattern).ok().map(|re| (re, replacement)))
    .collect()
});

/// Redacts values and remembers the secrets it has seen, so a secret copied under an ordinary key
/// (a token inside a URL, a webhook token in a log line) is blanked too.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    known: BTreeSet<String>,
}

impl Redactor {
    /// Learns every string under a sensitive key in `value`, at any depth.
    pub fn learn(&mut self, value: &Value) {
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(map) => {
                    for (key, child) in map {
                        if is_sensitive_key(key) {
                            self.learn_secret_value(child);
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

    /// Adds every secret another redactor knows.
    pub fn merge(&mut self, other: &Redactor) {
        self.known.extend(other.known.iter().cloned());
    }

    /// Learns one secret (a credential from the config file, say).
    pub fn learn_secret(&mut self, secret: &str) {
        if secret.len() >= MIN_KNOWN_SECRET_LEN && secret != REDACTED {
            self.known.insert(secret.to_owned());
        }
    }

    fn learn_secret_value(&mut self, value: &Value) {
        match value {
            Value::String(s) => self.learn_secret(s),
            Value::Number(n) => self.learn_secret(&n.to_string()),
            Value::Array(_) | Value::Object(_) => {
                let mut stack = vec![value];
                while let Some(value) = stack.pop() {
                    match value {
                        Value::String(s) => self.learn_secret(s),
                        Value::Array(items) => stack.extend(items),
                        Value::Object(map) => stack.extend(map.values()),
                        _ => {}
                    }
                }
            }
            Value::Null | Value::Bool(_) => {}
        }
    }

    /// Redacts `value` in place: values under sensitive keys (except `null`) become
    /// [`REDACTED`], strings elsewhere are scrubbed.
    pub fn redact(&self, value: &mut Value) {
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(map) => {
                    for (key, child) in map.iter_mut() {
                        if is_sensitive_key(key) {
                            if !child.is_null() {
                                *child = Value::String(REDACTED.to_owned());
                            }
                        } else {
                            stack.push(child);
                        }
                    }
                }
                Value::Array(items) => stack.extend(items.iter_mut()),
                Value::String(text) => {
                    if let Some(scrubbed) = self.scrub_text(text) {
                        *text = scrubbed;
                    }
                }
                _ => {}
            }
        }
    }

    /// The text with every known secret and embedded credential replaced, or `None` when it holds
    /// none.
    pub fn scrub_text(&self, text: &str) -> Option<String> {
        let mut result: Option<String> = None;
        for secret in &self.known {
            let current = result.as_deref().unwrap_or(text);
            if current.contains(secret.as_str()) {
                result = Some(current.replace(secret.as_str(), REDACTED));
            }
        }
        for (pattern, replacement) in EMBEDDED_SECRETS.iter() {
            let current = result.as_deref().unwrap_or(text);
            if pattern.is_match(current) {
                result = Some(pattern.replace_all(current, *replacement).into_owned());
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
    fn sensitive_keys_match_whatever_their_spelling() {
        for key in [
            "token",
            "api_key",
            "X-API-KEY",
            "apiKey",
            "snowflake_password",
            "client_secret",
            "pipeline_schedule_token",
            "Authorization",
            "private_key",
            "Cookie",
        ] {
            assert!(is_sensitive_key(key), "{key}");
        }
        for key in [
            "name",
            "tokens_used",
            "status",
            "passed_sla",
            "secretary_name",
            "keyword",
        ] {
            assert!(!is_sensitive_key(key), "{key}");
        }
    }

    #[test]
    fn values_under_sensitive_keys_are_redacted_at_any_depth() {
        let mut value = json!({"token": "0123456789abcdef0123456789abcdef", "nested": [{"api_key": 42, "password": null}],
            "variables": {"snowflake_password": {"value": "x"}}, "name": "kept"});
        Redactor::default().redact(&mut value);
        assert_eq!(
            value,
            json!({"token": REDACTED, "nested": [{"api_key": REDACTED, "password": null}],
            "variables": {"snowflake_password": REDACTED}, "name": "kept"})
        );
    }

    #[test]
    fn a_known_secret_is_blanked_wherever_it_was_copied() {
        let mut redactor = Redactor::default();
        redactor.learn(&json!({"variables": {"slack_webhook_token": "xoxb1234567890abcdef"}}));
        let mut value = json!({"content": "POST https://hooks.example/x?t=xoxb1234567890abcdef 200", "note": "xoxb1234567890abcdef"});
        redactor.redact(&mut value);
        assert_eq!(
            value,
            json!({"content": "POST https://hooks.example/x?t=[redacted] 200", "note": REDACTED})
        );
    }

    #[test]
    fn credentials_embedded_in_strings_are_blanked() {
        let redactor = Redactor::default();
        let cases = [
            ("https://svc.example/api/pipeline_schedules/3/pipeline_runs/0123456789abcdef0123456789abcdef",
             "https://svc.example/api/pipeline_schedules/3/pipeline_runs/[redacted]"),
            ("https://svc.example/hook?api_key=abc123&x=1", "https://svc.example/hook?api_key=[redacted]&x=1"),
            ("postgresql://sync:hunter22@db.internal:5432/inv", "postgresql://sync:[redacted]@db.internal:5432/inv"),
            ("curl -H \"Authorization: Bearer abcdefgh12345678\"", "curl -H \"Authorization: Bearer [redacted]\""),
            ("Cookie: oauth_token=eyJhbGciOi.x.y", "Cookie: oauth_token=[redacted]"),
        ];
        for (input, expected) in cases {
            assert_eq!(
                redactor.scrub_text(input).as_deref(),
                Some(expected),
                "{input}"
            );
        }
        assert_eq!(redactor.scrub_text("Processed batch 3 (750 rows)"), None);
    }
}
