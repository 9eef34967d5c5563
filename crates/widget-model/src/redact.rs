//! Redaction in depth. Producers redact before a value enters a tool result; the renderer does not
//! trust that. This pass runs first, over the whole parsed JSON, so the raw value of a sensitive key
//! is gone before anything else reads the input: it cannot reach a cell, a title, a tooltip, the
//! clipboard, storage or the console.
//!
//! It hides secrets and nothing else. Keys decide first (the contract's list, at any depth). Inside
//! strings, only what names itself a credential is hidden: URL credentials, sensitive query
//! parameters, the schedule token of a trigger path, JSON Web Tokens, and the value after a label
//! that names a secret (`token=…`, `"api_key": "…"`, `Authorization: Bearer …`). Identifiers (`id`,
//! `uuid`, `*_id`, `*_uuid`, a graph's edge ends) are never changed, and neither is an ordinary word
//! after "Basic" or "Bearer", nor a hexadecimal checksum.

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

/// Whether the value under `key` must never be shown. Called for every key of every record (and
/// over the whole text of a long list), so it lower-cases the key's tail once, on the stack.
pub fn is_sensitive_key(key: &str) -> bool {
    is_sensitive_key_bytes(key.as_bytes())
}

/// [`is_sensitive_key`] over a key's bytes (UTF-8; only ASCII letters can match).
fn is_sensitive_key_bytes(key: &[u8]) -> bool {
    // The key's last LONGEST bytes, lower-cased, with `_`, `-`, `.` and spaces removed.
    let mut tail = [0u8; LONGEST_SUFFIX];
    let mut len = 0;
    for &b in key.iter().rev() {
        if matches!(b, b'_' | b'-' | b'.' | b' ') {
            continue;
        }
        len += 1;
        tail[LONGEST_SUFFIX - len] = b.to_ascii_lowercase();
        if len == LONGEST_SUFFIX {
            break;
        }
    }
    let tail = &tail[LONGEST_SUFFIX - len..];
    SENSITIVE_SUFFIXES
        .iter()
        .any(|suffix| tail.ends_with(suffix.as_bytes()))
}

/// The longest of [`SENSITIVE_SUFFIXES`].
const LONGEST_SUFFIX: usize = {
    let mut longest = 0;
    let mut i = 0;
    while i < SENSITIVE_SUFFIXES.len() {
        if SENSITIVE_SUFFIXES[i].len() > longest {
            longest = SENSITIVE_SUFFIXES[i].len();
        }
        i += 1;
    }
    longest
};

/// Whether the value under `key` identifies a record (`id`, `uuid`, `pipeline_uuid`,
/// `pipeline_schedule_id`…): such values are shown exactly as sent, whatever they look like.
pub fn is_identifier_key(key: &str) -> bool {
    let k = key.as_bytes();
    let ends = |suffix: &str| {
        k.len() >= suffix.len()
            && k[k.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
    };
    key.eq_ignore_ascii_case("id")
        || key.eq_ignore_ascii_case("uuid")
        || ends("_id")
        || ends("_uuid")
}

/// Where a value sits, for the few places whose keys mean more than their names: a graph's edges
/// name blocks by id in `source` and `target`.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Anywhere,
    Graph,
    Edges,
    Edge,
}

impl Place {
    /// The place of the value under `key` of an object in `self`.
    fn child(self, key: &str) -> Place {
        match (self, key) {
            (_, "graph") => Place::Graph,
            (Place::Graph, "edges") => Place::Edges,
            _ => Place::Anywhere,
        }
    }

    /// Whether the string under `key` of an object in `self` is an identifier.
    fn is_identifier(self, key: &str) -> bool {
        is_identifier_key(key) || (self == Place::Edge && matches!(key, "source" | "target"))
    }
}

/// Replaces, in place and at any depth, every value under a sensitive key with [`REDACTED`], and
/// scrubs secrets embedded in strings ([`scrub_string`]). A string that holds JSON (a
/// CallToolResult's fallback text, a payload kept as text) is redacted as JSON, so its keys count
/// too. Identifiers are left as they are. Returns how many values were changed.
///
/// Iterative, so a deep tree costs heap, not stack; JSON inside strings is followed
/// [`MAX_EMBEDDED_JSON`] levels deep.
pub fn redact_in_place(root: &mut Value) -> usize {
    redact_with_depth(root, 0)
}

/// In a table given as `{columns: [names], rows: [[values]]}` (a DataFrame sample), the values of
/// columns whose names are sensitive: no object key carries them, so the column name decides.
fn redact_table_columns(map: &mut serde_json::Map<String, Value>) -> usize {
    let sensitive: Vec<usize> = match map.get("columns") {
        Some(Value::Array(columns)) => columns
            .iter()
            .enumerate()
            .filter(|(_, c)| c.as_str().is_some_and(is_sensitive_key))
            .map(|(i, _)| i)
            .collect(),
        _ => return 0,
    };
    let Some(Value::Array(rows)) = map.get_mut("rows").filter(|_| !sensitive.is_empty()) else {
        return 0;
    };
    let mut changed = 0;
    for row in rows.iter_mut().filter_map(Value::as_array_mut) {
        for &i in &sensitive {
            if let Some(cell) = row
                .get_mut(i)
                .filter(|c| !c.is_null() && c.as_str() != Some(REDACTED))
            {
                *cell = Value::String(REDACTED.to_owned());
                changed += 1;
            }
        }
    }
    changed
}

/// Levels of JSON-in-a-string followed; deeper strings are scrubbed as plain text.
const MAX_EMBEDDED_JSON: usize = 3;

fn redact_with_depth(root: &mut Value, embedded: usize) -> usize {
    let mut changed = 0;
    let mut stack: Vec<(&mut Value, Place)> = vec![(root, Place::Anywhere)];
    while let Some((value, place)) = stack.pop() {
        match value {
            Value::Object(map) => {
                changed += redact_table_columns(map);
                for (key, child) in map.iter_mut() {
                    if is_sensitive_key(key) {
                        if !matches!(child, Value::String(s) if s == REDACTED) && !child.is_null() {
                            changed += 1;
                        }
                        if !child.is_null() {
                            *child = Value::String(REDACTED.to_owned());
                        }
                    } else if !(child.is_string() && place.is_identifier(key)) {
                        stack.push((child, place.child(key)));
                    }
                }
            }
            Value::Array(items) => {
                let inner = if place == Place::Edges {
                    Place::Edge
                } else {
                    Place::Anywhere
                };
                stack.extend(items.iter_mut().map(|item| (item, inner)));
            }
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
                stack.push(if json[i] == b'{' {
                    Open::ObjectKey
                } else {
                    Open::Array
                });
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
                let Some((end, escaped)) = string_end_escaped(json, i) else {
                    return blanked;
                };
                if let Some(top @ Open::ObjectKey) = stack.last_mut() {
                    *top = Open::ObjectValue;
                    if key_is_sensitive(&json[i..end], escaped) {
                        // The value follows the colon.
                        let Some(colon) =
                            json[end..].iter().position(|&b| b == b':').map(|p| end + p)
                        else {
                            return blanked;
                        };
                        let start = skip_whitespace(json, colon + 1);
                        let Some(stop) = value_end(json, start) else {
                            return blanked;
                        };
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

/// A JSON key (with its quotes) is sensitive; keys with escapes are decoded first.
fn key_is_sensitive(quoted_key: &[u8], escaped: bool) -> bool {
    if escaped {
        let decoded = std::str::from_utf8(quoted_key)
            .ok()
            .and_then(|k| serde_json::from_str::<String>(k).ok());
        return decoded.is_some_and(|k| is_sensitive_key(&k));
    }
    is_sensitive_key_bytes(&quoted_key[1..quoted_key.len().saturating_sub(1).max(1)])
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
/// Hidden: URL credentials, sensitive query parameters, the schedule token of a trigger path, JSON
/// Web Tokens, an inline `name=value` or `name: value` whose name is sensitive, the word after a
/// label that names a secret (`password: …`, `Authorization: Bearer …`), and, after a bare
/// sensitive word (`token …`), the next word only when it looks like a secret value. Nothing else:
/// "Basic ETL", "Bearer bond" and a 32-hex checksum stay as written.
pub fn scrub_string(s: &str) -> Option<String> {
    if !might_hold_secret(s) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut next = Next::Keep;
    for part in split_keep_whitespace(s) {
        if part.trim().is_empty() {
            out.push_str(part);
            continue;
        }
        let hide = match next {
            Next::Hide => !is_auth_scheme(part),
            Next::HideIfSecretLike => looks_like_secret_value(part),
            Next::Keep => false,
        };
        if hide && trim_quotes(part) != REDACTED {
            if let Some(hidden) = hide_value(part) {
                out.push_str(&hidden);
                changed = true;
                next = Next::Keep;
                continue;
            }
        }
        // An auth scheme after a label passes the label on: "Authorization: Bearer <secret>".
        next = match next {
            Next::Hide if is_auth_scheme(part) => Next::Hide,
            _ => label_kind(part),
        };
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

/// `part` with its value hidden and the quoting around it kept: `"abc",` → `"[redacted]",`,
/// `partner-portal\n",` (a value inside JSON held in a string) → `[redacted]\n",`, so the
/// carrier stays what it was. `None` when there is no value (only quotes and punctuation).
fn hide_value(part: &str) -> Option<String> {
    let start = part.len() - part.trim_start_matches(['"', '\'', '\\']).len();
    let rest = &part[start..];
    if rest.starts_with(REDACTED) {
        return None;
    }
    let end = rest
        .find(['"', '\'', '\\', ',', ';', ')', '}', ']'])
        .unwrap_or(rest.len());
    (end > 0).then(|| format!("{}{REDACTED}{}", &part[..start], &rest[end..]))
}

/// What a word says of the word after it.
#[derive(Clone, Copy, PartialEq)]
enum Next {
    Keep,
    /// A label that names a secret (`token:`, `"api_key":`, `password=`): the next word is its value.
    Hide,
    /// A sensitive word on its own (`token`): the next word is hidden only if it looks like a secret.
    HideIfSecretLike,
}

/// A cheap test that rules out almost every string before any copying: a secret needs a URL, a
/// query, a trigger path, a JSON Web Token, or a word such as `token` or `password`.
fn might_hold_secret(s: &str) -> bool {
    s.contains("://")
        || s.contains('?')
        || s.contains("/pipeline_runs/")
        || s.contains("eyJ")
        || names_a_secret(s)
}

/// Whether `s` contains, in any case, a word that sensitive names end with.
fn names_a_secret(s: &str) -> bool {
    [
        "token",
        "key",
        "pass",
        "secret",
        "auth",
        "cookie",
        "credential",
    ]
    .iter()
    .any(|w| contains_ignore_case(s, w))
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

/// "Bearer" or "Basic", the HTTP schemes that come between a credential's label and its value.
fn is_auth_scheme(word: &str) -> bool {
    let word = trim_quotes(word);
    word.eq_ignore_ascii_case("bearer") || word.eq_ignore_ascii_case("basic")
}

/// Whether `word` labels a secret: `token:` / `"password":` / `api_key=` (the next word is the
/// value), or a bare sensitive word such as `token` (the next word may be).
fn label_kind(word: &str) -> Next {
    let word = trim_quotes(word);
    match word.strip_suffix(':').or_else(|| word.strip_suffix('=')) {
        Some(name) if is_sensitive_key(trim_quotes(name)) => Next::Hide,
        Some(_) => Next::Keep,
        None if !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && is_sensitive_key(word) =>
        {
            Next::HideIfSecretLike
        }
        None => Next::Keep,
    }
}

/// A word shaped like a generated secret: at least 12 characters of letters, digits and `-_./+=`,
/// with both a letter and a digit. Ordinary words ("handling", "rotated") are not.
fn looks_like_secret_value(word: &str) -> bool {
    let w = trim_quotes(word).trim_end_matches(['.', ';', ')']);
    w.len() >= 12
        && w.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/' | b'+' | b'=')
        })
        && w.bytes().any(|b| b.is_ascii_digit())
        && w.bytes().any(|b| b.is_ascii_alphabetic())
}

/// A JSON Web Token: three base64url segments separated by dots, the first a JSON header (`eyJ`).
fn is_jwt(word: &str) -> bool {
    let mut parts = word.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let base64url = |p: &str| {
        p.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    header.len() > 3
        && header.starts_with("eyJ")
        && !payload.is_empty()
        && [header, payload, signature].iter().all(|p| base64url(p))
}

/// `word` with every JSON Web Token in it replaced by [`REDACTED`], or `None` when it holds none.
fn hide_jwts(word: &str) -> Option<String> {
    if !word.contains("eyJ") {
        return None;
    }
    let is_token_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let mut out = String::with_capacity(word.len());
    let mut found = false;
    let mut rest = word;
    while !rest.is_empty() {
        let run = rest.find(|c: char| !is_token_char(c)).unwrap_or(rest.len());
        let (piece, tail) = rest.split_at(run);
        let core = piece.trim_matches('.');
        if is_jwt(core) {
            out.push_str(&piece.replacen(core, REDACTED, 1));
            found = true;
        } else {
            out.push_str(piece);
        }
        let gap = tail.find(is_token_char).unwrap_or(tail.len());
        out.push_str(&tail[..gap]);
        rest = &tail[gap..];
    }
    found.then_some(out)
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

    // A JSON Web Token anywhere in the word (after `Bearer`, in a header dump, in a URL).
    if let Some(clean) = hide_jwts(&out) {
        out = clean;
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
    fn the_key_check_is_the_contracts_rule_on_every_kind_of_key() {
        // The rule as the contract states it: lower-cased, `_`, `-`, `.` and spaces removed, then
        // a suffix of the list.
        let rule = |key: &str| {
            let normalized: String = key
                .chars()
                .filter(|c| !matches!(c, '_' | '-' | '.' | ' '))
                .map(|c| c.to_ascii_lowercase())
                .collect();
            SENSITIVE_SUFFIXES.iter().any(|s| normalized.ends_with(s))
        };
        let mut keys = vec![
            String::new(),
            "_".into(),
            "ñ".into(),
            "tökén".into(),
            "token\u{0}".into(),
        ];
        for suffix in SENSITIVE_SUFFIXES {
            for prefix in [
                "",
                "x",
                "db_",
                "Ü-",
                "a.b c-",
                "very_long_prefix_of_many_words_",
            ] {
                let upper = suffix.to_ascii_uppercase();
                let spaced: String = suffix.chars().flat_map(|c| [c, '_']).collect();
                for body in [
                    suffix.to_string(),
                    upper,
                    spaced,
                    suffix[1..].to_string(),
                    format!("{suffix}s"),
                    format!("{suffix}_"),
                ] {
                    keys.push(format!("{prefix}{body}"));
                }
            }
        }
        for key in &keys {
            assert_eq!(is_sensitive_key(key), rule(key), "{key:?}");
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
        assert!(
            !blanked.contains("esc"),
            "escaped keys are decoded before the check"
        );
    }

    #[test]
    fn blanking_a_long_array_is_linear() {
        // 200,000 objects: a quadratic scan would take minutes, a linear one milliseconds.
        let text = format!(
            "[{}]",
            vec![r#"{"id":1,"token":"abcdef","a":[1,2]}"#; 200_000].join(",")
        );
        let mut bytes = text.into_bytes();
        let start = std::time::Instant::now();
        assert_eq!(blank_sensitive_values(&mut bytes).values, 200_000);
        assert!(start.elapsed().as_secs() < 5);
    }

    #[test]
    fn blanking_text_that_is_not_json_does_not_panic() {
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
            blank_sensitive_values(&mut bytes);
        }
    }

    #[test]
    fn table_columns_named_as_secrets_are_redacted() {
        let mut v = json!({ "sample_data": { "columns": ["user", "api_key", 3], "rows": [["a", "k1", 1], ["b", null, 2], "odd"] } });
        assert_eq!(redact_in_place(&mut v), 1);
        assert_eq!(v["sample_data"]["rows"][0], json!(["a", REDACTED, 1]));
        assert_eq!(v["sample_data"]["rows"][1][1], Value::Null);
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
            (
                r#"say "api_key": "abc123", then"#,
                r#"say "api_key": "[redacted]", then"#,
            ),
            // A value inside JSON held in a string (a log line): the quoting after it stays.
            (
                r#"{"message": "refresh token: partner-portal
", "next": 1}"#,
                r#"{"message": "refresh token: [redacted]
", "next": 1}"#,
            ),
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
        assert_eq!(
            scrub_string("Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").as_deref(),
            Some("Bearer [redacted]")
        );
        assert_eq!(scrub_string("https://svc.example/a?page=2"), None);
        assert_eq!(scrub_string("status: running at 06:00:00, page=2"), None);
        assert_eq!(scrub_string("the token was rotated"), None);
    }

    /// Real names and identifiers that merely look like secrets come out exactly as they went in.
    #[test]
    fn look_alikes_are_left_alone() {
        for text in [
            "Basic ETL from S3",
            "Bearer bond pricing",
            "checksum a1b2c3d4e5f60718293a4b5c6d7e8f90 of the last file",
            "token bucket rate limiter",
            "Rotate the token weekly",
            "the token was rotated",
            "Password reset emails",
            "Secret santa sign-ups",
            "API key rotation report",
            "md5 9e107d9d372bb6826bd81d3542a419d6",
            "commit 3f786850e387550fdab836ed7e6dc881de23001b",
            "Basic auth is disabled for this cluster",
            "see https://svc.example/docs/tokens?page=2",
            "eyJ is how a JSON header starts in base64",
        ] {
            assert_eq!(scrub_string(text), None, "{text}");
        }
    }

    #[test]
    fn identifiers_and_graph_edge_ends_are_never_changed() {
        let hex = "0123456789abcdef0123456789abcdef";
        let jwt_like = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln";
        let mut v = json!({
            "id": format!("token={hex}"),
            "uuid": hex,
            "pipeline_uuid": jwt_like,
            "schedule_id": "Bearer abc",
            "graph": {
                "nodes": [{ "id": format!("api_key={hex}") }],
                "edges": [{ "source": format!("api_key={hex}"), "target": jwt_like }]
            },
            "note": format!("token={hex}"),
            "source": "https://user:pw@host/x"
        });
        let before = v.clone();
        assert_eq!(
            redact_in_place(&mut v),
            2,
            "only the note and the non-edge source"
        );
        for key in ["id", "uuid", "pipeline_uuid", "schedule_id", "graph"] {
            assert_eq!(v[key], before[key], "{key}");
        }
        assert_eq!(v["note"], "token=[redacted]");
        assert_eq!(v["source"], "https://[redacted]@host/x");
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
