//! Redaction of a whole JSON tree, in place and at any depth: keys decide first, then every
//! string is redacted by what it is (an identifier, JSON held in a string, text).

use serde_json::{Map, Value};

use crate::keys::{is_identifier_key, key_secrecy, Secrecy};
use crate::learned::{LearnedSecrets, NoneLearned, Redactor};
use crate::marker::REDACTED;
use crate::text::{redact_plain_identifier, redact_plain_text};

/// [`Redactor::redact`] with nothing learned: the rules alone. Returns how many values changed.
pub fn redact_in_place(root: &mut Value) -> usize {
    Walk(&NoneLearned).redact(root, Place::Anywhere, 0)
}

/// [`redact_in_place`] for one edge of a graph (`{source, target, …}`) taken on its own: its ends
/// name blocks by id, so they are identifiers, as they are inside a whole `graph`.
pub fn redact_graph_edge(edge: &mut Value) -> usize {
    Walk(&NoneLearned).redact(edge, Place::Edge, 0)
}

/// A string with its secrets hidden, for showing as text: JSON is redacted as JSON (and shown
/// compact), anything else redacted word by word.
pub fn redact_text(s: &str) -> String {
    Walk(&NoneLearned)
        .redact_string(s, 0)
        .map_or_else(|| s.to_owned(), |(clean, _)| clean)
}

/// Where a value sits, for the few places whose keys mean more than their names: a graph's edges
/// name blocks by id in `source` and `target`.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Place {
    Anywhere,
    Graph,
    Edges,
    Edge,
}

impl Place {
    /// The place of the value under `key` of an object in `self`.
    pub(crate) fn child(self, key: &str) -> Place {
        match (self, key) {
            (_, "graph") => Place::Graph,
            (Place::Graph, "edges") => Place::Edges,
            _ => Place::Anywhere,
        }
    }

    /// Whether the string under `key` of an object in `self` is an identifier.
    pub(crate) fn is_identifier(self, key: &str) -> bool {
        is_identifier_key(key) || (self == Place::Edge && matches!(key, "source" | "target"))
    }

    /// The place of an item of a list in `self`.
    pub(crate) fn item(self) -> Place {
        if self == Place::Edges {
            Place::Edge
        } else {
            Place::Anywhere
        }
    }
}

/// Levels of JSON-in-a-string followed; deeper strings are redacted as plain text.
pub(crate) const MAX_EMBEDDED_JSON: usize = 3;

impl Redactor {
    /// Replaces, in place and at any depth, every value under a sensitive key with [`REDACTED`]
    /// (`null` stays `null`), and redacts every string: the secrets this redactor learned, wherever
    /// they were copied; in identifiers, credential shapes only; elsewhere, secrets embedded in
    /// text ([`redact_plain_text`]). A string that holds JSON (a CallToolResult's fallback text, a
    /// payload held as text) is redacted as JSON, so its keys count too. Returns how many values
    /// were changed.
    ///
    /// Iterative, so a deep tree costs heap, not stack; JSON inside strings is followed
    /// [`MAX_EMBEDDED_JSON`] levels deep.
    pub fn redact(&self, root: &mut Value) -> usize {
        Walk(self).redact(root, Place::Anywhere, 0)
    }

    /// The text with every learned secret and embedded credential hidden (JSON redacted as JSON),
    /// or `None` when it holds none: what [`Redactor::redact`] makes of a string that is no
    /// identifier.
    pub fn redact_text(&self, text: &str) -> Option<String> {
        Walk(self).redact_string(text, 0).map(|(clean, _)| clean)
    }
}

/// One walk over a tree with the secrets `L` learned. Generic, so that the widget's walk, which
/// learns none, carries no search for them.
pub(crate) struct Walk<'a, L: LearnedSecrets>(pub(crate) &'a L);

impl<L: LearnedSecrets> Walk<'_, L> {
    pub(crate) fn redact(&self, root: &mut Value, place: Place, embedded: usize) -> usize {
        let mut changed = 0;
        let mut stack: Vec<(&mut Value, Place)> = vec![(root, place)];
        while let Some((value, place)) = stack.pop() {
            match value {
                Value::Object(map) => {
                    changed += redact_table_columns(map);
                    changed += self.redact_keys(map);
                    for (key, child) in map.iter_mut() {
                        if let Some(secrecy) = key_secrecy(key.as_bytes()) {
                            changed += usize::from(redact_whole(secrecy, child));
                        } else if child.is_string() && place.is_identifier(key) {
                            if let Value::String(s) = child {
                                if let Some(clean) = self.redact_identifier(s) {
                                    *s = clean;
                                    changed += 1;
                                }
                            }
                        } else {
                            stack.push((child, place.child(key)));
                        }
                    }
                }
                Value::Array(items) => {
                    let inner = place.item();
                    stack.extend(items.iter_mut().map(|item| (item, inner)));
                }
                Value::String(s) => {
                    if let Some((clean, n)) = self.redact_string(s, embedded) {
                        *s = clean;
                        changed += n;
                    }
                }
                _ => {}
            }
        }
        changed
    }

    /// A string that is no identifier, redacted, with the count of values changed; `None` when
    /// nothing in it is secret. JSON is redacted as JSON, never also as plain text.
    fn redact_string(&self, s: &str, embedded: usize) -> Option<(String, usize)> {
        if let Some(json) = self.redact_embedded_json(s, embedded) {
            return json;
        }
        let known = self.0.hide_learned(s);
        let text = known.as_deref().unwrap_or(s);
        redact_plain_text(text).or(known).map(|clean| (clean, 1))
    }

    /// Renames, in place, the keys of `map` that are credentials (a key format, a JSON Web Token, a
    /// secret it learned: a token used as a key): `[redacted]`, then `[redacted] 2`, … so that no
    /// value is lost to a name shared with another. Their values stay and are redacted as usual.
    /// Returns how many keys were renamed.
    fn redact_keys(&self, map: &mut Map<String, Value>) -> usize {
        if !map.keys().any(|key| self.redact_identifier(key).is_some()) {
            return 0;
        }
        let original = std::mem::take(map);
        let kept: std::collections::HashSet<String> = original
            .keys()
            .filter(|key| self.redact_identifier(key).is_none())
            .cloned()
            .collect();
        let mut renamed = 0;
        for (key, value) in original {
            let key = match self.redact_identifier(&key) {
                Some(clean) => {
                    renamed += 1;
                    let mut candidate = clean.clone();
                    let mut n = 1;
                    while kept.contains(&candidate) || map.contains_key(&candidate) {
                        n += 1;
                        candidate = format!("{clean} {n}");
                    }
                    candidate
                }
                None => key,
            };
            map.insert(key, value);
        }
        renamed
    }

    /// An identifier with learned secrets and credential shapes hidden, or `None`.
    pub(crate) fn redact_identifier(&self, s: &str) -> Option<String> {
        let known = self.0.hide_learned(s);
        let text = known.as_deref().unwrap_or(s);
        redact_plain_identifier(text).or(known)
    }

    /// `None` when `s` is not a JSON object or array (or lies too deep); otherwise `s` redacted as
    /// JSON with the count of values changed, or `Some(None)` when it had nothing to redact.
    fn redact_embedded_json(&self, s: &str, embedded: usize) -> Option<Option<(String, usize)>> {
        if embedded >= MAX_EMBEDDED_JSON || !is_bracketed(s) {
            return None;
        }
        let mut inner: Value = serde_json::from_str(s.trim()).ok()?;
        match self.redact(&mut inner, Place::Anywhere, embedded + 1) {
            0 => Some(None),
            n => Some(Some((serde_json::to_string(&inner).ok()?, n))),
        }
    }
}

/// Whether `s` is bracketed as a JSON object or array is (`{…}`, `[…]`, spaces around allowed): a
/// string that may hold JSON, which is redacted as JSON.
pub(crate) fn is_bracketed(s: &str) -> bool {
    let t = s.trim();
    (t.starts_with('{') && t.ends_with('}')) || (t.starts_with('[') && t.ends_with(']'))
}

/// The positions of a table's columns (`{columns: [names], …}`) whose names are sensitive, with
/// what each names.
fn sensitive_columns(map: &Map<String, Value>) -> impl Iterator<Item = (usize, Secrecy)> + '_ {
    let columns = match map.get("columns") {
        Some(Value::Array(columns)) => columns.as_slice(),
        _ => &[],
    };
    columns.iter().enumerate().filter_map(|(i, c)| {
        c.as_str()
            .and_then(|name| key_secrecy(name.as_bytes()))
            .map(|secrecy| (i, secrecy))
    })
}

/// Whether `map` is a table with a sensitive column: its rows' cells in that column go whole.
pub(crate) fn has_sensitive_column(map: &Map<String, Value>) -> bool {
    sensitive_columns(map).next().is_some()
}

/// Whether the value under `key` is hidden whole: any value under a key that names a secret
/// (`password`, `api_key`, `ssh_key`, `password_2`) but nothing (`null`) and a flag
/// (`requires_password: true` holds no secret, and keeps its type); under a plural name
/// (`secrets`, `tokens`, `passwords`) a text, a list or an object, but not a count
/// (`max_tokens: 4096`). Under any other key, nothing is hidden whole.
pub fn is_hidden_under(key: &str, value: &Value) -> bool {
    key_secrecy(key.as_bytes()).is_some_and(|secrecy| hides_whole(secrecy, value))
}

/// [`is_hidden_under`] for a key of `secrecy`.
fn hides_whole(secrecy: Secrecy, value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(_) => false,
        Value::Number(_) => secrecy == Secrecy::One,
        Value::String(_) | Value::Array(_) | Value::Object(_) => true,
    }
}

/// Replaces a value under a sensitive key of `secrecy` with [`REDACTED`] when
/// [`is_hidden_under`] says so; whether that changed it.
fn redact_whole(secrecy: Secrecy, value: &mut Value) -> bool {
    if !hides_whole(secrecy, value) || matches!(value, Value::String(s) if s == REDACTED) {
        return false;
    }
    *value = Value::String(REDACTED.to_owned());
    true
}

/// In a table given as `{columns: [names], rows: [[values]]}` (a DataFrame sample), the values of
/// columns whose names are sensitive: no object key carries them, so the column name decides.
fn redact_table_columns(map: &mut Map<String, Value>) -> usize {
    let sensitive: Vec<(usize, Secrecy)> = sensitive_columns(map).collect();
    let Some(Value::Array(rows)) = map.get_mut("rows").filter(|_| !sensitive.is_empty()) else {
        return 0;
    };
    let mut changed = 0;
    for row in rows.iter_mut().filter_map(Value::as_array_mut) {
        for &(i, secrecy) in &sensitive {
            if let Some(cell) = row.get_mut(i) {
                changed += usize::from(redact_whole(secrecy, cell));
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_under_sensitive_keys_are_gone_at_any_depth() {
        let secret = "0123456789abcdef0123456789abcdef";
        let mut v = json!({
            "records": [{ "id": 1, "token": secret, "settings": { "nested": [{ "api_key": { "k": secret } }] } }],
            "summary": { "password": secret },
            "variables": { "snowflake_password": { "value": "x" } },
            "already": { "token": REDACTED }
        });
        let changed = redact_in_place(&mut v);
        assert_eq!(changed, 4);
        assert!(!v.to_string().contains(secret));
        assert_eq!(v["records"][0]["token"], REDACTED);
        assert_eq!(v["variables"]["snowflake_password"], REDACTED);
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
    fn table_columns_named_as_secrets_are_redacted() {
        let mut v = json!({ "sample_data": { "columns": ["user", "api_key", 3], "rows": [["a", "k1", 1], ["b", null, 2], "odd"] } });
        assert_eq!(redact_in_place(&mut v), 1);
        assert_eq!(v["sample_data"]["rows"][0], json!(["a", REDACTED, 1]));
        assert_eq!(v["sample_data"]["rows"][1][1], Value::Null);
    }

    #[test]
    fn null_secrets_stay_null() {
        let mut v = json!({ "token": null, "nested": [{ "password": null }] });
        assert_eq!(redact_in_place(&mut v), 0);
        assert!(v["token"].is_null());
        assert!(v["nested"][0]["password"].is_null());
    }

    #[test]
    fn identifiers_and_graph_edge_ends_keep_all_but_credential_shapes() {
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
            4,
            "the note, the non-edge source, and the JSON Web Token in an id and an edge end"
        );
        for key in ["id", "uuid", "schedule_id"] {
            assert_eq!(v[key], before[key], "{key}");
        }
        assert_eq!(v["pipeline_uuid"], REDACTED);
        assert_eq!(v["graph"]["nodes"], before["graph"]["nodes"]);
        assert_eq!(
            v["graph"]["edges"][0]["source"],
            before["graph"]["edges"][0]["source"]
        );
        assert_eq!(v["graph"]["edges"][0]["target"], REDACTED);
        assert_eq!(v["note"], "token=[redacted]");
        assert_eq!(v["source"], "https://[redacted]@host/x");

        // No real id starts with "Bearer " or is a key a service issued.
        let mut v = json!({
            "id": "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc",
            "run_uuid": "Basic dXNlcjpwYXNz",
            "graph": { "edges": [{ "source": "AKIAIOSFODNN7EXAMPLE", "target": "b" }] }
        });
        assert_eq!(redact_in_place(&mut v), 3);
        assert_eq!(
            v,
            json!({
                "id": "Bearer [redacted]",
                "run_uuid": "Basic [redacted]",
                "graph": { "edges": [{ "source": REDACTED, "target": "b" }] }
            })
        );
    }

    #[test]
    fn an_edge_on_its_own_is_redacted_as_inside_a_graph() {
        let hex = "0123456789abcdef0123456789abcdef";
        let mut edge = json!({ "source": format!("api_key={hex}"), "target": "AKIAIOSFODNN7EXAMPLE", "note": format!("token={hex}") });
        assert_eq!(redact_graph_edge(&mut edge), 2);
        assert_eq!(
            edge,
            json!({ "source": format!("api_key={hex}"), "target": REDACTED, "note": "token=[redacted]" })
        );
    }

    #[test]
    fn a_bare_bearer_credential_is_hidden_in_any_field() {
        let planted = "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        let mut v = json!({ "completed_at": planted, "has_callback": planted, "tags": [planted] });
        assert_eq!(redact_in_place(&mut v), 3);
        assert!(!v.to_string().contains("sk_live_"), "{v}");
    }

    #[test]
    fn a_credential_used_as_a_key_is_renamed_and_its_value_kept() {
        let mut v = json!({
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a": { "scopes": "repo" },
            "sk_live_4eC39HqLyjWDarjtT1zdp7dc": 3,
            "[redacted]": "taken",
            "name": "etl"
        });
        assert_eq!(redact_in_place(&mut v), 2);
        assert_eq!(
            v,
            json!({
                "[redacted] 2": { "scopes": "repo" },
                "[redacted] 3": 3,
                "[redacted]": "taken",
                "name": "etl"
            })
        );
        let text = v.to_string();
        assert!(
            !text.contains("ghp_") && !text.contains("sk_live_"),
            "{text}"
        );
        let mut learned = Redactor::default();
        learned.trust_secret("tok-0123456789abcdef");
        let mut v = json!({ "sessions": { "tok-0123456789abcdef": { "user": "a" } } });
        assert_eq!(learned.redact(&mut v), 1);
        assert_eq!(v, json!({ "sessions": { "[redacted]": { "user": "a" } } }));
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
