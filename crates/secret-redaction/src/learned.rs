//! Secrets a producer knows exactly (a credential from its configuration, a token read from a
//! response under a sensitive key): hidden wherever they were copied, identifiers included. The
//! widget learns none; the server teaches its redactor what it reads.
//!
//! What is learned from data is bounded and chosen: only values shaped like generated
//! credentials ([`is_credential_like`]), so that a name sent under a key called `token` (a
//! pipeline's uuid in a run's payload, say) is not redacted everywhere after; at most
//! [`MAX_LEARNED_SECRETS`] of them and [`MAX_LEARNED_BYTES`] in all, the oldest out first. The
//! secrets a producer trusts (its own credentials) are kept whatever their shape. Every secret is
//! found in one pass over a text, however many there are (Aho-Corasick).

use std::collections::VecDeque;
use std::sync::{Arc, OnceLock};

use aho_corasick::{AhoCorasick, MatchKind};
use serde_json::Value;

use crate::keys::is_sensitive_key;
use crate::marker::REDACTED;
use crate::shapes::is_embedded_credential;

/// Secrets shorter than this are not searched for inside other strings: a short value ("prod")
/// would redact ordinary words. Values under sensitive keys are redacted whatever their length.
pub const MIN_LEARNED_SECRET_LEN: usize = 8;

/// The shortest value learned from data unless it has a credential's format: a generated token
/// is longer (a Mage trigger token is 32 hexadecimal digits).
pub const MIN_CREDENTIAL_LEN: usize = 16;

/// The longest value learned: longer ones are documents, not credentials.
pub const MAX_CREDENTIAL_LEN: usize = 4096;

/// How many values learned from data a redactor keeps, and how many bytes of them in all.
pub const MAX_LEARNED_SECRETS: usize = 256;
pub const MAX_LEARNED_BYTES: usize = 64 * 1024;

/// Whether a value read under a sensitive key is shaped like a generated credential, and so worth
/// hiding wherever it is copied: a key format or a JSON Web Token; or 16 to 4096 printable
/// characters without spaces, with at least two letters and two digits, whose characters carry at
/// least 3.5 bits each (Shannon entropy; gitleaks' generic rule asks the same,
/// <https://github.com/gitleaks/gitleaks/blob/v8.30.0/config/gitleaks.toml>) or, for hexadecimal
/// text, 3.0 bits. Names (`daily_sales_pipeline_v2`, `etl_run_2024_11_27`), times and run ids are
/// not.
pub fn is_credential_like(value: &str) -> bool {
    let value = value.trim();
    if value.len() > MAX_CREDENTIAL_LEN {
        return false;
    }
    if is_embedded_credential(value) {
        return true;
    }
    let bytes = value.as_bytes();
    if bytes.len() < MIN_CREDENTIAL_LEN || !bytes.iter().all(|b| b.is_ascii_graphic()) {
        return false;
    }
    let digits = bytes.iter().filter(|b| b.is_ascii_digit()).count();
    let letters = bytes.iter().filter(|b| b.is_ascii_alphabetic()).count();
    if digits < 2 || letters < 2 {
        return false;
    }
    let hex = bytes.iter().all(u8::is_ascii_hexdigit);
    entropy_bits_per_byte(bytes) >= if hex { 3.0 } else { 3.5 }
}

/// The Shannon entropy of the bytes' distribution, in bits per byte.
fn entropy_bits_per_byte(bytes: &[u8]) -> f64 {
    let mut counts = [0u32; 256];
    for &b in bytes {
        counts[usize::from(b)] += 1;
    }
    let n = bytes.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum()
}

/// The redaction engine, with the exact secrets it has learned (none by default: then it applies
/// the rules alone, as `redact_in_place` does). Clones share their secrets until one learns more.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    secrets: Arc<Secrets>,
}

#[derive(Debug, Default, Clone)]
struct Secrets {
    /// Secrets the producer trusts to be secrets (its own credentials): kept whatever their shape.
    trusted: Vec<String>,
    /// Credential-like values learned from data, oldest first, within the bounds.
    learned: VecDeque<String>,
    learned_bytes: usize,
    /// The matcher over both, built when first needed after a change.
    matcher: OnceLock<Option<AhoCorasick>>,
}

impl PartialEq for Redactor {
    fn eq(&self, other: &Self) -> bool {
        self.secrets.trusted == other.secrets.trusted
            && self.secrets.learned == other.secrets.learned
    }
}

impl Eq for Redactor {}

impl Secrets {
    fn contains(&self, secret: &str) -> bool {
        self.trusted.iter().any(|s| s == secret) || self.learned.iter().any(|s| s == secret)
    }

    /// The matcher for every secret, longest match first, so a secret that contains another is
    /// hidden whole.
    fn matcher(&self) -> Option<&AhoCorasick> {
        self.matcher
            .get_or_init(|| {
                let patterns: Vec<&str> = self
                    .trusted
                    .iter()
                    .chain(&self.learned)
                    .map(String::as_str)
                    .collect();
                if patterns.is_empty() {
                    return None;
                }
                AhoCorasick::builder()
                    .match_kind(MatchKind::LeftmostLongest)
                    .build(patterns)
                    .ok()
            })
            .as_ref()
    }
}

impl Redactor {
    /// Learns every credential-like string (and number) under a sensitive key in `value`, at any
    /// depth ([`is_credential_like`]).
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

    /// Learns one value when it is credential-like ([`is_credential_like`]), within the bounds.
    pub fn learn_secret(&mut self, secret: &str) {
        if !is_credential_like(secret) || secret.len() > MAX_LEARNED_BYTES {
            return;
        }
        if self.secrets.contains(secret) {
            return;
        }
        let secrets = self.change();
        secrets.learned.push_back(secret.to_owned());
        secrets.learned_bytes += secret.len();
        while secrets.learned.len() > MAX_LEARNED_SECRETS
            || secrets.learned_bytes > MAX_LEARNED_BYTES
        {
            match secrets.learned.pop_front() {
                Some(oldest) => secrets.learned_bytes -= oldest.len(),
                None => break,
            }
        }
    }

    /// Keeps one secret the producer holds itself (a credential from its configuration), whatever
    /// its shape; too short ones are ignored.
    pub fn trust_secret(&mut self, secret: &str) {
        if secret.len() < MIN_LEARNED_SECRET_LEN
            || secret == REDACTED
            || self.secrets.contains(secret)
        {
            return;
        }
        self.change().trusted.push(secret.to_owned());
    }

    /// Adds every secret another redactor holds, each as it was held there.
    pub fn merge(&mut self, other: &Redactor) {
        if Arc::ptr_eq(&self.secrets, &other.secrets) {
            return;
        }
        for secret in &other.secrets.trusted {
            self.trust_secret(secret);
        }
        for secret in &other.secrets.learned {
            self.learn_secret(secret);
        }
    }

    /// How many secrets it holds (trusted and learned).
    pub fn len(&self) -> usize {
        self.secrets.trusted.len() + self.secrets.learned.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The secrets, ready to change: this redactor's own copy, its matcher to be built again.
    fn change(&mut self) -> &mut Secrets {
        let secrets = Arc::make_mut(&mut self.secrets);
        secrets.matcher = OnceLock::new();
        secrets
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
        let matcher = self.secrets.matcher()?;
        if !matcher.is_match(s) {
            return None;
        }
        Some(matcher.replace_all(s, &vec![REDACTED; matcher.patterns_len()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn held(redactor: &Redactor) -> Vec<&str> {
        redactor
            .secrets
            .trusted
            .iter()
            .chain(&redactor.secrets.learned)
            .map(String::as_str)
            .collect()
    }

    #[test]
    fn credential_like_values_are_learned_under_sensitive_keys_at_any_depth() {
        let mut redactor = Redactor::default();
        redactor.learn(&json!({
            "variables": { "slack_webhook_token": "xoxb-1234567890-abcdef", "name": "not-a-secret-value" },
            "list": [{ "api_key": { "nested": ["k3Y-9fQ2-0aZ7-Lm4p", 123456789012345678_u64, null] } }],
            "password": "short",
            "token": "daily_sales_pipeline_v2"
        }));
        let mut learned = held(&redactor);
        learned.sort();
        assert_eq!(
            learned,
            ["k3Y-9fQ2-0aZ7-Lm4p", "xoxb-1234567890-abcdef"],
            "a short value, a number and a name are not learned"
        );
    }

    #[test]
    fn names_times_and_ids_are_not_credential_like_and_generated_tokens_are() {
        for value in [
            "daily_sales_pipeline_v2",
            "etl_run_2024_11_27",
            "basic_etl_from_s3",
            "DailySalesPipelineV2",
            "2026-11-27T06:00:00.000000+00:00",
            "2026-11-27 06:00:00",
            "1732690800.123456",
            "run_42",
            "correct horse battery staple 42",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ] {
            assert!(!is_credential_like(value), "{value}");
        }
        for value in [
            "9e107d9d372bb6826bd81d3542a419d6",
            "a3f1c2d4e5b60718",
            "Zq8xT2mK9vL4pR7sW1nB",
            "k3Y-9fQ2-0aZ7-Lm4p",
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
            "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLE1KEY",
        ] {
            assert!(is_credential_like(value), "{value}");
        }
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
            redactor.redact_text("k xoxb1234567890abcdef").as_deref(),
            Some("k [redacted]")
        );
    }

    #[test]
    fn a_secret_that_contains_another_is_hidden_whole() {
        let mut redactor = Redactor::default();
        redactor.trust_secret("abcdefgh");
        redactor.trust_secret("abcdefgh-ijklmnop");
        redactor.trust_secret("abcdefgh");
        assert_eq!(redactor.len(), 2);
        assert_eq!(
            redactor
                .hide_learned("x abcdefgh-ijklmnop y abcdefgh")
                .as_deref(),
            Some("x [redacted] y [redacted]")
        );
    }

    #[test]
    fn trusted_secrets_are_kept_whatever_their_shape_and_learned_ones_within_bounds() {
        // Distinct hexadecimal tokens, as a cluster issues them.
        let token = |n: u64| {
            let mix = |x: u64| {
                x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29) ^ 0x0123_4567_89ab_cdef
            };
            format!("{:016x}{:016x}", mix(n), mix(n ^ 0xffff))
        };
        let mut redactor = Redactor::default();
        redactor.trust_secret("plainpassword");
        let total = MAX_LEARNED_SECRETS as u64 + 10;
        for n in 0..total {
            assert!(is_credential_like(&token(n)), "{}", token(n));
            redactor.learn_secret(&token(n));
        }
        assert_eq!(redactor.len(), MAX_LEARNED_SECRETS + 1);
        assert!(redactor.hide_learned("plainpassword").is_some(), "trusted");
        assert_eq!(
            redactor.hide_learned(&token(0)),
            None,
            "the oldest learned went first"
        );
        assert!(redactor.hide_learned(&token(total - 1)).is_some());
        let mut big = Redactor::default();
        let long = "aB3".repeat(1000);
        for n in 0..100 {
            big.learn_secret(&format!("{n:04}{long}"));
        }
        assert!(big.secrets.learned_bytes <= MAX_LEARNED_BYTES);
    }

    #[test]
    fn merging_adds_what_the_other_holds_and_clones_share_until_one_learns() {
        let mut a = Redactor::default();
        a.trust_secret("first-secret-1");
        let mut b = Redactor::default();
        b.learn_secret("9e107d9d372bb6826bd81d3542a419d6");
        b.trust_secret("first-secret-1");
        a.merge(&b);
        assert_eq!(
            held(&a),
            ["first-secret-1", "9e107d9d372bb6826bd81d3542a419d6"]
        );
        assert_eq!(Redactor::default().hide_learned("first-secret-1"), None);
        let c = a.clone();
        assert!(Arc::ptr_eq(&a.secrets, &c.secrets));
        let mut d = c.clone();
        d.trust_secret("another-secret-2");
        assert_eq!(c.len(), 2);
        assert_eq!(d.len(), 3);
        assert!(c.hide_learned("another-secret-2").is_none());
    }

    #[test]
    fn many_secrets_are_found_in_one_pass() {
        let mut redactor = Redactor::default();
        let secrets: Vec<String> = (0..200)
            .map(|n| format!("{n:04}-tOk3n-{:08x}", n * 7919))
            .collect();
        for secret in &secrets {
            redactor.trust_secret(secret);
        }
        let text = format!("a {} b {} c", secrets[0], secrets[199]);
        assert_eq!(
            redactor.hide_learned(&text).as_deref(),
            Some("a [redacted] b [redacted] c")
        );
    }
}
