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

/// Every planted secret and look-alike.
#[derive(Debug, Clone)]
pub struct Corpus {
    pub carriers: Vec<Carrier>,
    pub shaped: Vec<Shaped>,
    /// Credentials used as object keys.
    pub object_keys: Vec<String>,
    /// Strings that must come out as written under any key that is not sensitive.
    pub look_alikes: Vec<String>,
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
        let strings = |field: &str| -> Result<Vec<String>, String> {
            list(field)?
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("corpus: {field} holds {v}"))
                })
                .collect()
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
        })
    }

    /// Every string that must never survive redaction.
    pub fn secrets(&self) -> Vec<&str> {
        self.carriers
            .iter()
            .map(|c| c.secret.as_str())
            .chain(self.shaped.iter().map(|s| s.secret.as_str()))
            .chain(self.object_keys.iter().map(String::as_str))
            .collect()
    }
}
