//! The workspace's one corpus of planted secrets and look-alikes (`fixtures/secrets/corpus.json`),
//! for the tests of every crate that redacts: the engine's, the server's and the widget's read
//! the same file through this module (feature `test-corpus`, enabled by their dev-dependencies
//! only; nothing shipped carries it).

use serde_json::Value;

/// The corpus file, as committed.
pub const CORPUS_JSON: &str = include_str!("../../../fixtures/secrets/corpus.json");

/// A value that, under its key anywhere in a result, must lose its secret.
#[derive(Debug, Clone)]
pub struct Carrier {
    pub key: String,
    pub value: Value,
    pub secret: String,
}

/// A credential recognised by its shape alone, under any key, identifiers included.
#[derive(Debug, Clone)]
pub struct Shaped {
    pub text: String,
    pub secret: String,
}

/// A value that must come out as it is, type included, under its key though the key names a
/// secret or secrets: a flag (`requires_password: true`), a count (`max_tokens: 4096`), a hint.
#[derive(Debug, Clone)]
pub struct KeptPair {
    pub key: String,
    pub value: Value,
}

/// A text as people write credentials in code and configuration: it must lose every one of
/// `secrets` and keep every one of `kept` (the names, type annotations and look-alikes beside
/// them), whichever path reads it.
#[derive(Debug, Clone)]
pub struct Written {
    /// What the text is, for a failure's message.
    pub what: String,
    pub text: String,
    pub secrets: Vec<String>,
    pub kept: Vec<String>,
}

/// Every planted secret and look-alike.
#[derive(Debug, Clone)]
pub struct Corpus {
    pub carriers: Vec<Carrier>,
    pub shaped: Vec<Shaped>,
    /// Credentials used as object keys.
    pub object_keys: Vec<String>,
    /// Strings that must come out as written under any key that is not sensitive.
    pub look_alikes: Vec<String>,
    pub kept_pairs: Vec<KeptPair>,
    pub written: Vec<Written>,
}

impl Corpus {
    /// The committed corpus, or what about the file is not as described.
    pub fn embedded() -> Result<Corpus, String> {
        let file: Value = serde_json::from_str(CORPUS_JSON).map_err(|e| format!("corpus: {e}"))?;
        let text = |v: &Value, field: &str| -> Result<String, String> {
            v[field]
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("corpus: {field} is not a string in {v}"))
        };
        let list = |field: &str| -> Result<&Vec<Value>, String> {
            file[field]
                .as_array()
                .ok_or_else(|| format!("corpus: {field} is not a list"))
        };
        let strings_of = |list: &Vec<Value>, field: &str| -> Result<Vec<String>, String> {
            list.iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("corpus: {field} holds {v}"))
                })
                .collect()
        };
        let strings = |field: &str| strings_of(list(field)?, field);
        let strings_in = |v: &Value, field: &str| -> Result<Vec<String>, String> {
            let list = v[field]
                .as_array()
                .ok_or_else(|| format!("corpus: {field} is not a list in {v}"))?;
            strings_of(list, field)
        };
        Ok(Corpus {
            carriers: list("carriers")?
                .iter()
                .map(|c| {
                    Ok(Carrier {
                        key: text(c, "key")?,
                        value: c["value"].clone(),
                        secret: text(c, "secret")?,
                    })
                })
                .collect::<Result<_, String>>()?,
            shaped: list("shaped")?
                .iter()
                .map(|s| {
                    Ok(Shaped {
                        text: text(s, "text")?,
                        secret: text(s, "secret")?,
                    })
                })
                .collect::<Result<_, String>>()?,
            object_keys: strings("object_keys")?,
            look_alikes: strings("look_alikes")?,
            kept_pairs: list("kept_pairs")?
                .iter()
                .map(|p| {
                    Ok(KeptPair {
                        key: text(p, "key")?,
                        value: p["value"].clone(),
                    })
                })
                .collect::<Result<_, String>>()?,
            written: list("written")?
                .iter()
                .map(|w| {
                    Ok(Written {
                        what: text(w, "what")?,
                        text: text(w, "text")?,
                        secrets: strings_in(w, "secrets")?,
                        kept: strings_in(w, "kept")?,
                    })
                })
                .collect::<Result<_, String>>()?,
        })
    }

    /// Every string that must never survive redaction.
    pub fn secrets(&self) -> Vec<&str> {
        self.carriers
            .iter()
            .map(|c| c.secret.as_str())
            .chain(self.shaped.iter().map(|s| s.secret.as_str()))
            .chain(self.object_keys.iter().map(String::as_str))
            .chain(
                self.written
                    .iter()
                    .flat_map(|w| w.secrets.iter().map(String::as_str)),
            )
            .collect()
    }

    /// Every value a result may carry a secret in, as `(key, value)` to add to an object: the
    /// carriers, the credentials used as keys (over a plain value), and the written texts under
    /// a key that names no secret (`content`, as a block's code or a log is sent), so that only
    /// the text's own words can hide them.
    pub fn planted(&self) -> Vec<(String, Value)> {
        self.carriers
            .iter()
            .map(|c| (c.key.clone(), c.value.clone()))
            .chain(
                self.object_keys
                    .iter()
                    .map(|k| (k.clone(), Value::from("a value"))),
            )
            .chain(
                self.written
                    .iter()
                    .map(|w| ("content".to_owned(), Value::from(w.text.as_str()))),
            )
            .collect()
    }
}
