//! Redaction of sensitive values inside JSON text, without parsing it into values: lets a long list
//! stay as text (its rows built when drawn) while no raw secret under a sensitive key is kept.

use crate::keys::{key_secrecy, Secrecy};

/// Redacts, in place, the value of every sensitive key in `json` (a valid JSON text, as bytes),
/// keeping its length: a value becomes `"*"` (or `0` when shorter than three bytes) padded with
/// spaces, so the text stays valid JSON and its spans stay put. What [`crate::is_hidden_under`]
/// keeps stays: `null`, flags, and counts under a plural name. Returns how many values were
/// redacted and the deepest nesting seen.
///
/// This lets the model keep long lists as text, materialising rows only when they are drawn,
/// without keeping any raw secret: the redacted text parses to the same values as before, except
/// under sensitive keys. A single pass with no allocation (keys with escapes excepted). Text that
/// is not valid JSON is left as it is from the first unexpected byte on.
pub fn redact_json_text_in_place(json: &mut [u8]) -> JsonTextRedaction {
    /// What the innermost open container expects next.
    #[derive(Clone, Copy, PartialEq)]
    enum Open {
        Array,
        ObjectKey,
        ObjectValue,
    }
    let mut redacted = JsonTextRedaction::default();
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < json.len() {
        match json[i] {
            b'{' | b'[' => {
                stack.push(if json[i] == b'{' {
                    Open::ObjectKey
                } else {
                    Open::Array
                });
                redacted.max_depth = redacted.max_depth.max(stack.len());
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => {
                if let Some(top @ Open::ObjectValue) = stack.last_mut() {
                    *top = Open::ObjectKey;
                }
            }
            b'"' => {
                let Some((end, escaped)) = string_end_escaped(json, i) else {
                    return redacted;
                };
                if let Some(top @ Open::ObjectKey) = stack.last_mut() {
                    *top = Open::ObjectValue;
                    if let Some(secrecy) = key_is_sensitive(&json[i..end], escaped) {
                        // The value follows the colon.
                        let Some(colon) =
                            json[end..].iter().position(|&b| b == b':').map(|p| end + p)
                        else {
                            return redacted;
                        };
                        let start = skip_whitespace(json, colon + 1);
                        let Some(stop) = value_end(json, start) else {
                            return redacted;
                        };
                        if stop > start && hides(secrecy, &json[start..stop]) {
                            // The redacted value may have been deep: its depth still counts.
                            let depth = stack.len() + nesting(&json[start..stop]);
                            redacted.max_depth = redacted.max_depth.max(depth);
                            fill_stand_in(&mut json[start..stop]);
                            redacted.values += 1;
                        }
                        i = stop;
                        continue;
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    redacted
}

/// What [`redact_json_text_in_place`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonTextRedaction {
    /// Values redacted.
    pub values: usize,
    /// The deepest nesting of objects and arrays seen (1 for a flat object).
    pub max_depth: usize,
}

/// The deepest nesting of brackets in a JSON value (strings skipped).
fn nesting(json: &[u8]) -> usize {
    let (mut depth, mut deepest, mut i) = (0usize, 0usize, 0usize);
    while i < json.len() {
        match json[i] {
            b'"' => {
                i = string_end(json, i).unwrap_or(json.len());
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    deepest
}

/// The index just past the closing quote of the string opening at `start`.
fn string_end(json: &[u8], start: usize) -> Option<usize> {
    string_end_escaped(json, start).map(|(end, _)| end)
}

/// [`string_end`], and whether the string holds an escape.
fn string_end_escaped(json: &[u8], start: usize) -> Option<(usize, bool)> {
    let mut escaped = false;
    let mut i = start + 1;
    while i < json.len() {
        match json[i] {
            b'\\' => {
                escaped = true;
                i += 2;
            }
            b'"' => return Some((i + 1, escaped)),
            _ => i += 1,
        }
    }
    None
}

fn skip_whitespace(json: &[u8], mut i: usize) -> usize {
    while i < json.len() && matches!(json[i], b' ' | b'\n' | b'\r' | b'\t') {
        i += 1;
    }
    i
}

/// The index just past the JSON value starting at `start`.
fn value_end(json: &[u8], start: usize) -> Option<usize> {
    match json.get(start)? {
        b'"' => string_end(json, start),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = start;
            while i < json.len() {
                match json[i] {
                    b'"' => {
                        i = string_end(json, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let len = json[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t'));
            Some(start + len.unwrap_or(json.len() - start))
        }
    }
}

/// What a JSON key (with its quotes) says of its value; keys with escapes are decoded first.
fn key_is_sensitive(quoted_key: &[u8], escaped: bool) -> Option<Secrecy> {
    if escaped {
        let decoded = std::str::from_utf8(quoted_key)
            .ok()
            .and_then(|k| serde_json::from_str::<String>(k).ok());
        return decoded.and_then(|k| key_secrecy(k.as_bytes()));
    }
    key_secrecy(&quoted_key[1..quoted_key.len().saturating_sub(1).max(1)])
}

/// Whether a value (its JSON text) under a key of `secrecy` is redacted: as
/// [`crate::is_hidden_under`] decides for the parsed value.
fn hides(secrecy: Secrecy, value: &[u8]) -> bool {
    match value.first() {
        Some(b'n' | b't' | b'f') | None => false,
        Some(b'-' | b'0'..=b'9') => secrecy == Secrecy::One,
        Some(_) => true,
    }
}

/// Overwrites a value's bytes with a same-length stand-in.
fn fill_stand_in(value: &mut [u8]) {
    value.fill(b' ');
    if value.len() >= 3 {
        value[..3].copy_from_slice(b"\"*\"");
    } else {
        value[0] = b'0';
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn redacting_json_text_hides_sensitive_values_and_keeps_the_json_and_its_length() {
        let text = r#"{"id":1,"token":"0123456789abcdef0123456789abcdef","settings":{"api_key":{"k":[1,"x"]},"ok":"a,b"},"list":[{"password":"p"},{"Authorization":12},{"cookie":null}],"name":"token","to\u006ben":"esc"}"#;
        let mut bytes = text.as_bytes().to_vec();
        let n = redact_json_text_in_place(&mut bytes);
        assert_eq!(n.values, 5);
        assert_eq!(n.max_depth, 4, "list > object > api_key object > array");
        assert_eq!(bytes.len(), text.len());
        let redacted = String::from_utf8(bytes).expect("utf-8");
        let v: Value = serde_json::from_str(&redacted).expect("still JSON");
        assert_eq!(v["token"], "*");
        assert_eq!(v["settings"]["api_key"], "*");
        assert_eq!(v["settings"]["ok"], "a,b");
        assert_eq!(v["list"][0]["password"], "*");
        assert_eq!(v["list"][1]["Authorization"], 0);
        assert!(v["list"][2]["cookie"].is_null());
        assert_eq!(v["name"], "token", "values that merely say token stay");
        assert!(!redacted.contains("0123456789abcdef"));
        assert!(
            !redacted.contains("esc"),
            "escaped keys are decoded before the check"
        );
    }

    #[test]
    fn redacting_json_text_keeps_what_the_tree_keeps_under_a_secrets_name() {
        let text = r#"{"requires_password":true,"has_api_key":false,"max_tokens":4096,"tokens":["a"],"password":1234,"secrets":{"k":"v"},"password_2":"x"}"#;
        let sent: Value = serde_json::from_str(text).expect("JSON");
        let mut tree = sent.clone();
        crate::redact_in_place(&mut tree);
        let mut bytes = text.as_bytes().to_vec();
        assert_eq!(redact_json_text_in_place(&mut bytes).values, 4);
        let redacted: Value = serde_json::from_slice(&bytes).expect("still JSON");
        for key in ["requires_password", "has_api_key", "max_tokens"] {
            assert_eq!(redacted[key], sent[key], "{key}");
            assert_eq!(tree[key], sent[key], "{key}");
        }
        for key in ["tokens", "password", "secrets", "password_2"] {
            assert_ne!(redacted[key], sent[key], "{key}");
            assert_eq!(tree[key], crate::REDACTED, "{key}");
        }
    }

    #[test]
    fn redacting_json_text_a_long_array_is_linear() {
        // 200,000 objects: a quadratic scan would take minutes, a linear one milliseconds.
        let text = format!(
            "[{}]",
            vec![r#"{"id":1,"token":"abcdef","a":[1,2]}"#; 200_000].join(",")
        );
        let mut bytes = text.into_bytes();
        let start = std::time::Instant::now();
        assert_eq!(redact_json_text_in_place(&mut bytes).values, 200_000);
        assert!(start.elapsed().as_secs() < 5);
    }

    #[test]
    fn redacting_json_text_text_that_is_not_json_does_not_panic() {
        for text in [
            "",
            "{",
            "{\"token\"",
            "{\"token\":",
            "[\"a\\",
            "{\"a\":[}",
            "}}}]]]",
            "\"\\",
        ] {
            let mut bytes = text.as_bytes().to_vec();
            redact_json_text_in_place(&mut bytes);
        }
    }
}
