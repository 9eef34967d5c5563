//! Redaction in depth. Producers redact before a value enters a tool result; the renderer does not
//! trust that. This pass runs first, over the whole parsed JSON, so the raw value of a sensitive key
//! is gone before anything else reads the input: it cannot reach a cell, a title, a tooltip, the
//! clipboard, storage or the console.

use serde_json::Value;

/// What a redacted value becomes in the JSON tree. Cells under a sensitive key render as a marker,
/// whatever the value, so a producer's own "[redacted]" string looks the same.
pub const REDACTED: &str = "[redacted]";

/// Key endings that mark a value as secret, compared case-insensitively with `_`, `-`, `.` and
/// spaces removed, so `X-API-KEY`, `apiKey` and `api_key` all match `apikey`. The list is the
/// contract's, plus `credential` (singular), which the contract's `credentials` does not cover.
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

/// Whether the value under `key` must never be shown. Called for every key of every record, so
/// it compares from the end without building a normalised copy.
pub fn is_sensitive_key(key: &str) -> bool {
    SENSITIVE_SUFFIXES.iter().any(|suffix| ends_with_normalized(key, suffix))
}

/// Whether `key`, lower-cased with `_`, `-`, `.` and spaces removed, ends with `suffix` (ASCII).
fn ends_with_normalized(key: &str, suffix: &str) -> bool {
    let mut key_bytes = key.bytes().rev().filter(|b| !matches!(b, b'_' | b'-' | b'.' | b' '));
    suffix.bytes().rev().all(|want| key_bytes.next().is_some_and(|got| got.to_ascii_lowercase() == want))
}

/// Replaces, in place and at any depth, every value under a sensitive key with [`REDACTED`], and
/// scrubs secrets embedded in strings (URL credentials, sensitive query parameters, schedule tokens
/// in trigger paths, bearer tokens). A string that holds JSON (a CallToolResult's fallback text, a
/// payload kept as text) is redacted as JSON, so its keys count too. Returns how many values were
/// changed.
///
/// Iterative, so a deep tree costs heap, not stack; JSON inside strings is followed
/// [`MAX_EMBEDDED_JSON`] levels deep.
pub fn redact_in_place(root: &mut Value) -> usize {
    redact_with_depth(root, 0)
}

/// Levels of JSON-in-a-string followed; deeper strings are scrubbed as plain text.
const MAX_EMBEDDED_JSON: usize = 3;

fn redact_with_depth(root: &mut Value, embedded: usize) -> usize {
    let mut changed = 0;
    let mut stack: Vec<&mut Value> = vec![root];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                for (key, child) in map.iter_mut() {
                    if is_sensitive_key(key) {
                        if !matches!(child, Value::String(s) if s == REDACTED) && !child.is_null() {
                            changed += 1;
                        }
                        if !child.is_null() {
                            *child = Value::String(REDACTED.to_owned());
                        }
                    } else {
                        stack.push(child);
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::String(s) => {
                if let Some(embedded_json) = redact_embedded_json(s, embedded) {
                    // JSON is never scrubbed as text as well: only its own strings are.
                    if let Some((clean, n)) = embedded_json {
                        *s = clean;
                        changed += n;
                    }
                } else if let Some(clean) = scrub_string(s) {
                    *s = clean;
                    changed += 1;
                }
            }
            _ => {}
        }
    }
    changed
}

/// `None` when `s` is not a JSON object or array (or lies too deep); otherwise `s` redacted as
/// JSON with the count of values changed, or `Some(None)` when it had nothing to redact.
fn redact_embedded_json(s: &str, embedded: usize) -> Option<Option<(String, usize)>> {
    let t = s.trim();
    let bracketed =
        (t.starts_with('{') && t.ends_with('}')) || (t.starts_with('[') && t.ends_with(']'));
    if embedded >= MAX_EMBEDDED_JSON || !bracketed {
        return None;
    }
    let mut inner: Value = serde_json::from_str(t).ok()?;
    match redact_with_depth(&mut inner, embedded + 1) {
        0 => Some(None),
        n => Some(Some((serde_json::to_string(&inner).ok()?, n))),
    }
}

/// Blanks, in place, the value of every sensitive key in `json` (a valid JSON text, as bytes),
/// keeping its length: a value becomes `"*"` (or `0` when shorter than three bytes) padded with
/// spaces, so the text stays valid JSON and its spans stay put. `null` values stay `null`. Returns
/// how many values were blanked and the deepest nesting seen.
///
/// This lets the model keep long lists as text, materialising rows only when they are drawn,
/// without keeping any raw secret: the blanked text parses to the same values as before, except
/// under sensitive keys. A single pass with no allocation (keys with escapes excepted). Text that
/// is not valid JSON is left as it is from the first unexpected byte on.
pub fn blank_sensitive_values(json: &mut [u8]) -> Blanked {
    /// What the innermost open container expects next.
    #[derive(Clone, Copy, PartialEq)]
    enum Open {
        Array,
        ObjectKey,
        ObjectValue,
    }
    let mut blanked = Blanked::default();
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < json.len() {
        match json[i] {
            b'{' | b'[' => {
                stack.push(if json[i] == b'{' { Open::ObjectKey } else { Open::Array });
                blanked.max_depth = blanked.max_depth.max(stack.len());
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
                let Some(end) = string_end(json, i) else { return blanked };
                if let Some(top @ Open::ObjectKey) = stack.last_mut() {
                    *top = Open::ObjectValue;
                    if key_is_sensitive(&json[i..end]) {
                        // The value follows the colon.
                        let Some(colon) = json[end..].iter().position(|&b| b == b':').map(|p| end + p) else {
                            return blanked;
                        };
                        let start = skip_whitespace(json, colon + 1);
                        let Some(stop) = value_end(json, start) else { return blanked };
                        if &json[start..stop] != b"null" && stop > start {
                            // The blanked value may have been deep: its depth still counts.
                            let depth = stack.len() + nesting(&json[start..stop]);
                            blanked.max_depth = blanked.max_depth.max(depth);
                            fill_blank(&mut json[start..stop]);
                            blanked.values += 1;
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
    blanked
}

/// What [`blank_sensitive_values`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blanked {
    /// Values blanked.
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
    let mut i = start + 1;
    while i < json.len() {
        match json[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
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
            let len = json[start..].iter().position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t'));
            Some(start + len.unwrap_or(json.len() - start))
        }
    }
}

/// A JSON key (with its quotes) is sensitive; keys with escapes are decoded first.
fn key_is_sensitive(quoted_key: &[u8]) -> bool {
    let inner = &quoted_key[1..quoted_key.len().saturating_sub(1).max(1)];
    if inner.contains(&b'\\') {
        let decoded = std::str::from_utf8(quoted_key).ok().and_then(|k| serde_json::from_str::<String>(k).ok());
        return decoded.is_some_and(|k| is_sensitive_key(&k));
    }
    std::str::from_utf8(inner).is_ok_and(is_sensitive_key)
}

/// Overwrites a value's bytes with a same-length stand-in.
fn fill_blank(value: &mut [u8]) {
    value.fill(b' ');
    if value.len() >= 3 {
        value[..3].copy_from_slice(b"\"*\"");
    } else {
        value[0] = b'0';
    }
}

/// A copy of `s` with embedded secrets hidden, or `None` when there was nothing to hide.
///
/// Besides URL credentials, sensitive query parameters and trigger-path tokens, it hides the value
/// of an inline `name=value` or `name: value` whose name is sensitive, the word after `Bearer` or
/// `Basic`, and any word of exactly 32 hexadecimal characters (the seed's schedule-token shape).
pub fn scrub_string(s: &str) -> Option<String> {
    if !might_hold_secret(s) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut hide_next = false;
    for part in split_keep_whitespace(s) {
        if part.trim().is_empty() {
            out.push_str(part);
            continue;
        }
        let is_scheme = part.eq_ignore_ascii_case("bearer") || part.eq_ignore_ascii_case("basic");
        if hide_next && part != REDACTED && !is_scheme {
            out.push_str(REDACTED);
            changed = true;
            hide_next = false;
            continue;
        }
        hide_next = is_secret_label(part);
        match scrub_word(part) {
            Some(clean) => {
                out.push_str(&clean);
                changed = true;
            }
            None => out.push_str(part),
        }
    }
    changed.then_some(out)
}

/// A cheap test that rules out almost every string before any copying: a secret needs a URL, a
/// bearer or basic scheme, a 32-hex run, or a name such as `token` next to `=` or `:`.
fn might_hold_secret(s: &str) -> bool {
    s.contains("://")
        || s.contains('?')
        || s.contains("/pipeline_runs/")
        || (s.contains(['=', ':']) && names_a_secret(s))
        || contains_ignore_case(s, "bearer")
        || contains_ignore_case(s, "basic")
        || has_hex_run(s, 32)
}

/// Whether `s` contains, in any case, a word that sensitive names end with.
fn names_a_secret(s: &str) -> bool {
    ["token", "key", "pass", "secret", "auth", "cookie", "credential"].iter().any(|w| contains_ignore_case(s, w))
}

fn has_hex_run(s: &str, len: usize) -> bool {
    let mut run = 0;
    for b in s.bytes() {
        run = if b.is_ascii_hexdigit() { run + 1 } else { 0 };
        if run >= len {
            return true;
        }
    }
    false
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack.len() >= needle.len()
        && haystack
            .as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

fn trim_quotes(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, '"' | '\'' | ',' | '{' | '}'))
}

/// "Bearer", "Basic", or a label such as `token:` / `"password":` / `api_key=` whose value follows.
fn is_secret_label(word: &str) -> bool {
    let word = trim_quotes(word);
    if word.eq_ignore_ascii_case("bearer") || word.eq_ignore_ascii_case("basic") {
        return true;
    }
    match word.strip_suffix(':').or_else(|| word.strip_suffix('=')) {
        Some(name) => is_sensitive_key(trim_quotes(name)),
        None => false,
    }
}

/// Hides the value of each `name=value` / `name:value` segment (segments end at `,` `;` `{` `}`
/// `[` `]`) whose name is sensitive.
fn scrub_inline_pairs(word: &str) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    let mut changed = false;
    let mut rest = word;
    while !rest.is_empty() {
        let end = rest
            .find([',', ';', '{', '}', '[', ']'])
            .unwrap_or(rest.len());
        let (segment, tail) = rest.split_at(end);
        match segment.find(['=', ':']) {
            Some(pos) => {
                let (name, value) = (
                    trim_quotes(&segment[..pos]),
                    trim_quotes(&segment[pos + 1..]),
                );
                if !value.is_empty() && value != REDACTED && is_sensitive_key(name) {
                    out.push_str(&segment[..=pos]);
                    out.push_str(REDACTED);
                    changed = true;
                } else {
                    out.push_str(segment);
                }
            }
            None => out.push_str(segment),
        }
        // Keep the separator itself.
        let mut chars = tail.chars();
        if let Some(separator) = chars.next() {
            out.push(separator);
        }
        rest = chars.as_str();
    }
    changed.then_some(out)
}

/// A string with its secrets hidden, for showing as text: JSON is redacted as JSON (and shown
/// compact), anything else scrubbed word by word.
pub fn redact_text(s: &str) -> String {
    match redact_embedded_json(s, 0) {
        Some(Some((clean, _))) => clean,
        Some(None) => s.to_owned(),
        None => scrub_string(s).unwrap_or_else(|| s.to_owned()),
    }
}

/// Splits into alternating runs of non-whitespace and whitespace, so joining them gives `s` back.
fn split_keep_whitespace(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut in_space = None;
    for (i, c) in s.char_indices() {
        let space = c.is_whitespace();
        if in_space.is_some_and(|prev| prev != space) {
            parts.push(&s[start..i]);
            start = i;
        }
        in_space = Some(space);
    }
    if start < s.len() {
        parts.push(&s[start..]);
    }
    parts
}

/// Scrubs one whitespace-free word: a URL, a path, an inline `name=value`, or a bare token.
fn scrub_word(word: &str) -> Option<String> {
    let mut changed = false;
    let mut out = word.to_owned();

    // https://user:password@host/…  →  https://[redacted]@host/…
    if let Some(scheme_end) = out.find("://") {
        let authority_start = scheme_end + 3;
        let authority_end = out[authority_start..]
            .find(['/', '?', '#'])
            .map_or(out.len(), |i| authority_start + i);
        if let Some(at) = out[authority_start..authority_end].rfind('@') {
            if &out[authority_start..authority_start + at] != REDACTED {
                out.replace_range(authority_start..authority_start + at, REDACTED);
                changed = true;
            }
        }
    }

    // …/pipeline_runs/<32 hex>  →  …/pipeline_runs/[redacted]  (the schedule token of a trigger URL)
    const TRIGGER: &str = "/pipeline_runs/";
    if let Some(pos) = out.find(TRIGGER) {
        let seg_start = pos + TRIGGER.len();
        let seg_end = out[seg_start..]
            .find(['/', '?', '#'])
            .map_or(out.len(), |i| seg_start + i);
        let segment = &out[seg_start..seg_end];
        if segment.len() >= 16 && segment.chars().all(|c| c.is_ascii_hexdigit()) {
            out.replace_range(seg_start..seg_end, REDACTED);
            changed = true;
        }
    }

    // ?api_key=…&token=…  →  values hidden
    if let Some(q) = out.find('?') {
        let query_end = out[q..].find('#').map_or(out.len(), |i| q + i);
        let query = &out[q + 1..query_end];
        let mut rebuilt = String::with_capacity(query.len());
        let mut query_changed = false;
        for (i, pair) in query.split('&').enumerate() {
            if i > 0 {
                rebuilt.push('&');
            }
            match pair.split_once('=') {
                Some((name, value))
                    if !value.is_empty() && value != REDACTED && is_sensitive_key(name) =>
                {
                    rebuilt.push_str(name);
                    rebuilt.push('=');
                    rebuilt.push_str(REDACTED);
                    query_changed = true;
                }
                _ => rebuilt.push_str(pair),
            }
        }
        if query_changed {
            out.replace_range(q + 1..query_end, &rebuilt);
            changed = true;
        }
    } else if out.contains(['=', ':']) {
        // token=abc / "api_key":"abc" / {"a":1,"token":"x"} written inline, outside a URL: every
        // name/value segment of the word is checked, not just the first.
        if let Some(clean) = scrub_inline_pairs(&out) {
            out = clean;
            changed = true;
        }
    }

    // A bare 32-hex word: the shape of a schedule token.
    let core = out.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    if core.len() == 32 && core.bytes().all(|b| b.is_ascii_hexdigit()) {
        out = out.replace(core, REDACTED);
        changed = true;
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn contract_keys_are_sensitive_in_any_spelling() {
        for key in [
            "token",
            "api_key",
            "apikey",
            "X-API-KEY",
            "apiKey",
            "password",
            "db_passwd",
            "client_secret",
            "oauth_token",
            "accessToken",
            "REFRESH_TOKEN",
            "Authorization",
            "cookie",
            "credentials",
            "private_key",
            "aws.secret",
        ] {
            assert!(is_sensitive_key(key), "{key} should be sensitive");
        }
        for key in [
            "id",
            "name",
            "tokens_used",
            "token_count",
            "status",
            "keys",
            "monkey",
        ] {
            assert!(!is_sensitive_key(key), "{key} should not be sensitive");
        }
    }

    #[test]
    fn values_under_sensitive_keys_are_gone_at_any_depth() {
        let secret = "0123456789abcdef0123456789abcdef";
        let mut v = json!({
            "records": [{ "id": 1, "token": secret, "settings": { "nested": [{ "api_key": { "k": secret } }] } }],
            "summary": { "password": secret }
        });
        let changed = redact_in_place(&mut v);
        assert_eq!(changed, 3);
        assert!(!v.to_string().contains(secret));
        assert_eq!(v["records"][0]["token"], REDACTED);
    }

    #[test]
    fn stored_copies_are_redacted() {
        let text = r#"{"structuredContent":{"records":[{"token":"0123456789abcdef0123456789abcdef","id":1}]}}"#;
        let copy = crate::redacted_json(text).expect("json");
        assert!(!copy.contains("0123456789abcdef"));
        assert!(copy.contains("\"id\":1"));
        assert_eq!(crate::redacted_json("{nope"), None);
    }

    #[test]
    fn json_inside_strings_is_redacted_as_json() {
        let inner = r#"{"headers":{"Cookie":"oauth_token=abc"},"token":"s3cr3t","ok":1}"#;
        let mut v = json!({ "content": [{ "type": "text", "text": inner }] });
        assert_eq!(redact_in_place(&mut v), 2);
        let text = v["content"][0]["text"].as_str().expect("text");
        let parsed: Value = serde_json::from_str(text).expect("still JSON");
        assert_eq!(parsed["token"], REDACTED);
        assert_eq!(parsed["headers"]["Cookie"], REDACTED);
        assert_eq!(parsed["ok"], 1);
        // JSON with nothing to hide is left byte for byte.
        let mut clean = json!({ "text": "{ \"a\": 1 }" });
        assert_eq!(redact_in_place(&mut clean), 0);
        assert_eq!(clean["text"], "{ \"a\": 1 }");
    }

    #[test]
    fn blanking_hides_sensitive_values_and_keeps_the_json_and_its_length() {
        let text = r#"{"id":1,"token":"0123456789abcdef0123456789abcdef","settings":{"api_key":{"k":[1,"x"]},"ok":"a,b"},"list":[{"password":"p"},{"Authorization":12},{"cookie":null}],"name":"token","to\u006ben":"esc"}"#;
        let mut bytes = text.as_bytes().to_vec();
        let n = blank_sensitive_values(&mut bytes);
        assert_eq!(n.values, 5);
        assert_eq!(n.max_depth, 4, "list > object > api_key object > array");
        assert_eq!(bytes.len(), text.len());
        let blanked = String::from_utf8(bytes).expect("utf-8");
        let v: Value = serde_json::from_str(&blanked).expect("still JSON");
        assert_eq!(v["token"], "*");
        assert_eq!(v["settings"]["api_key"], "*");
        assert_eq!(v["settings"]["ok"], "a,b");
        assert_eq!(v["list"][0]["password"], "*");
        assert_eq!(v["list"][1]["Authorization"], 0);
        assert!(v["list"][2]["cookie"].is_null());
        assert_eq!(v["name"], "token", "values that merely say token stay");
        assert!(!blanked.contains("0123456789abcdef"));
        assert!(!blanked.contains("esc"), "escaped keys are decoded before the check");
    }

    #[test]
    fn blanking_a_long_array_is_linear() {
        // 200,000 objects: a quadratic scan would take minutes, a linear one milliseconds.
        let text = format!("[{}]", vec![r#"{"id":1,"token":"abcdef","a":[1,2]}"#; 200_000].join(","));
        let mut bytes = text.into_bytes();
        let start = std::time::Instant::now();
        assert_eq!(blank_sensitive_values(&mut bytes).values, 200_000);
        assert!(start.elapsed().as_secs() < 5);
    }

    #[test]
    fn blanking_text_that_is_not_json_does_not_panic() {
        for text in ["", "{", "{\"token\"", "{\"token\":", "[\"a\\", "{\"a\":[}", "}}}]]]", "\"\\"] {
            let mut bytes = text.as_bytes().to_vec();
            blank_sensitive_values(&mut bytes);
        }
    }

    #[test]
    fn null_secrets_stay_null() {
        let mut v = json!({ "token": null });
        assert_eq!(redact_in_place(&mut v), 0);
        assert!(v["token"].is_null());
    }

    #[test]
    fn secrets_inside_urls_are_scrubbed() {
        let cases = [
            (
                "https://svc.example/api/pipelines?api_key=abc123&x=1",
                "https://svc.example/api/pipelines?api_key=[redacted]&x=1",
            ),
            (
                "https://user:hunter2@svc.example/path",
                "https://[redacted]@svc.example/path",
            ),
            (
                "POST /api/pipeline_schedules/3/pipeline_runs/0123456789abcdef0123456789abcdef",
                "POST /api/pipeline_schedules/3/pipeline_runs/[redacted]",
            ),
            (
                "Authorization: Bearer eyJhbGciOi.x.y",
                "Authorization: Bearer [redacted]",
            ),
            (
                "token 0123456789abcdef0123456789abcdef rotated",
                "token [redacted] rotated",
            ),
            ("password: hunter2 was set", "password: [redacted] was set"),
            ("retry with api_key=abc123", "retry with api_key=[redacted]"),
            (
                r#"{"client_secret":"s3cr3t"}"#,
                r#"{"client_secret":[redacted]}"#,
            ),
            (
                r#"{"schema_version":null,"token":"abc"}"#,
                r#"{"schema_version":null,"token":[redacted]}"#,
            ),
            ("Cookie: oauth_token=abc", "Cookie: [redacted]"),
            ("set oauth_token=abc", "set oauth_token=[redacted]"),
        ];
        for (input, expected) in cases {
            assert_eq!(scrub_string(input).as_deref(), Some(expected), "{input}");
        }
        assert_eq!(scrub_string("plain words, no secrets"), None);
        for (_, scrubbed) in cases {
            assert_eq!(
                scrub_string(scrubbed),
                None,
                "scrubbing is idempotent: {scrubbed}"
            );
        }
        assert_eq!(scrub_string("https://svc.example/a?page=2"), None);
        assert_eq!(scrub_string("status: running at 06:00:00, page=2"), None);
        assert_eq!(scrub_string("the token was rotated"), None);
    }

    #[test]
    fn deep_trees_do_not_overflow_the_stack() {
        let mut v = Value::Null;
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        redact_in_place(&mut v);
        // Dropping a deep Value recurses; unwind it iteratively for the test itself.
        let mut cur = v;
        while let Value::Array(mut items) = cur {
            cur = items.pop().unwrap_or(Value::Null);
        }
    }
}
