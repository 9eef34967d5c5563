//! Credentials, read as the seed's agent reads them: `config.json` with `cluster_url`,
//! `oauth_token` and an optional `api_key`. Without `--config` the demo runs authenticated.
//!
//! The file is read again for every tool call, so fixing it (or "logging in again") takes effect
//! without a restart. What the demo cluster would answer is simulated from the file itself:
//! - missing, unreadable, not JSON, or without `cluster_url` → `CONFIG_INVALID`;
//! - neither `oauth_token` nor `api_key` → `AUTH_REQUIRED`;
//! - `oauth_token_expires_at` (RFC 3339 or epoch seconds) in the past → the cluster answers 401 →
//!   `AUTH_EXPIRED`, whose remedy is the agent's login command.
//!
//! Error messages name fields, never their values.

use std::path::PathBuf;

use serde_json::{Map, Value};

use crate::widget_result::{ErrorCode, ToolError};

/// The demo cluster's address when no config file names one (the service's default port).
pub const DEMO_CLUSTER_URL: &str = "http://127.0.0.1:6789";

/// Where credentials come from.
#[derive(Debug, Clone)]
pub struct CredentialSource {
    config_file: Option<PathBuf>,
}

/// An authenticated session with the (demo) cluster.
#[derive(Debug, Clone)]
pub struct Session {
    pub cluster_url: String,
    /// The credential values, for the redactor: they must never appear in a result.
    pub secrets: Vec<String>,
}

impl CredentialSource {
    pub fn new(config_file: Option<PathBuf>) -> Self {
        Self { config_file }
    }

    pub fn describe(&self) -> String {
        match &self.config_file {
            Some(path) => format!("credentials from {}", path.display()),
            None => "the demo's built-in session (no --config)".to_owned(),
        }
    }

    /// The session for one tool call, or the error every tool answers with.
    pub fn authenticate(&self) -> Result<Session, ToolError> {
        let Some(path) = &self.config_file else {
            return Ok(Session {
                cluster_url: DEMO_CLUSTER_URL.to_owned(),
                secrets: Vec::new(),
            });
        };
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|error| {
            ToolError::new(
                ErrorCode::ConfigInvalid,
                format!("The configuration file {shown} cannot be read: {error}."),
            )
        })?;
        // Parsed as a plain value first: serde_json's syntax errors give only a position.
        let config: Map<String, Value> = match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => {
                return Err(ToolError::new(
                    ErrorCode::ConfigInvalid,
                    format!("The configuration file {shown} is not a JSON object."),
                ))
            }
            Err(error) => {
                return Err(ToolError::new(
                    ErrorCode::ConfigInvalid,
                    format!(
                        "The configuration file {shown} is not valid JSON (line {}, column {}).",
                        error.line(),
                        error.column()
                    ),
                ))
            }
        };
        let cluster_url = match config.get("cluster_url") {
            Some(Value::String(url)) if !url.trim().is_empty() => url.clone(),
            Some(_) => {
                return Err(ToolError::new(
                    ErrorCode::ConfigInvalid,
                    format!("The configuration file {shown} has a cluster_url that is not a non-empty string."),
                ))
            }
            None => {
                return Err(ToolError::new(
                    ErrorCode::ConfigInvalid,
                    format!("The configuration file {shown} has no cluster_url."),
                ))
            }
        };
        let oauth_token = non_empty_string(&config, "oauth_token", &shown.to_string())?;
        let api_key = non_empty_string(&config, "api_key", &shown.to_string())?;
        if oauth_token.is_none() && api_key.is_none() {
            return Err(ToolError::new(
                ErrorCode::AuthRequired,
                format!(
                    "No credentials found: {shown} has neither an oauth_token nor an api_key. Run the agent's login command."
                ),
            ));
        }
        if oauth_token.is_some() {
            if let Some(expired_at) = expiry_in_past(&config, &shown.to_string())? {
                return Err(ToolError::new(
                    ErrorCode::AuthExpired,
                    format!(
                        "The cluster answered 401 Unauthorized: the OAuth token in {shown} expired at {expired_at}. Run the agent's login command again to sign in anew."
                    ),
                ));
            }
        }
        Ok(Session {
            cluster_url,
            secrets: oauth_token.into_iter().chain(api_key).collect(),
        })
    }
}

fn non_empty_string(
    config: &Map<String, Value>,
    key: &str,
    shown: &str,
) -> Result<Option<String>, ToolError> {
    match config.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ToolError::new(
            ErrorCode::ConfigInvalid,
            format!("The configuration file {shown} has a {key} that is not a string."),
        )),
    }
}

/// `oauth_token_expires_at` when it lies in the past, as RFC 3339 for the message.
fn expiry_in_past(config: &Map<String, Value>, shown: &str) -> Result<Option<String>, ToolError> {
    let invalid = || {
        ToolError::new(
            ErrorCode::ConfigInvalid,
            format!("The configuration file {shown} has an oauth_token_expires_at that is neither an RFC 3339 time nor epoch seconds."),
        )
    };
    let expires_at = match config.get("oauth_token_expires_at") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) => chrono::DateTime::parse_from_rfc3339(text)
            .map(|t| t.with_timezone(&chrono::Utc))
            .map_err(|_| invalid())?,
        Some(Value::Number(n)) => {
            let seconds = n.as_f64().ok_or_else(invalid)?;
            chrono::DateTime::from_timestamp(seconds.floor() as i64, 0).ok_or_else(invalid)?
        }
        Some(_) => return Err(invalid()),
    };
    Ok((expires_at <= chrono::Utc::now()).then(|| expires_at.to_rfc3339()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn source_with(text: &str) -> (tempfile::NamedTempFile, CredentialSource) {
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        file.write_all(text.as_bytes()).expect("write");
        let source = CredentialSource::new(Some(file.path().to_path_buf()));
        (file, source)
    }

    fn code_of(text: &str) -> Option<ErrorCode> {
        let (_file, source) = source_with(text);
        source.authenticate().err().map(|e| e.code)
    }

    #[test]
    fn no_config_is_the_demo_session() {
        assert!(CredentialSource::new(None).authenticate().is_ok());
    }

    #[test]
    fn each_broken_config_gives_its_code() {
        assert_eq!(code_of("{not json"), Some(ErrorCode::ConfigInvalid));
        assert_eq!(code_of("[1]"), Some(ErrorCode::ConfigInvalid));
        assert_eq!(
            code_of(r#"{"oauth_token": "abc"}"#),
            Some(ErrorCode::ConfigInvalid)
        );
        assert_eq!(
            code_of(r#"{"cluster_url": "http://c", "oauth_token": ""}"#),
            Some(ErrorCode::AuthRequired)
        );
        assert_eq!(
            code_of(
                r#"{"cluster_url": "http://c", "oauth_token": "abcdefgh", "oauth_token_expires_at": "2020-01-01T00:00:00Z"}"#
            ),
            Some(ErrorCode::AuthExpired)
        );
        assert_eq!(
            code_of(
                r#"{"cluster_url": "http://c", "oauth_token": "abcdefgh", "oauth_token_expires_at": 1577836800}"#
            ),
            Some(ErrorCode::AuthExpired)
        );
        assert_eq!(
            code_of(r#"{"cluster_url": "http://c", "api_key": "k1234567"}"#),
            None
        );
        assert_eq!(
            code_of(
                r#"{"cluster_url": "http://c", "oauth_token": "abcdefgh", "oauth_token_expires_at": "2999-01-01T00:00:00Z"}"#
            ),
            None
        );
        let missing = CredentialSource::new(Some(PathBuf::from("/nonexistent/config.json")));
        assert_eq!(
            missing.authenticate().err().map(|e| e.code),
            Some(ErrorCode::ConfigInvalid)
        );
    }

    #[test]
    fn messages_never_quote_the_values() {
        let (_file, source) =
            source_with(r#"{"cluster_url": "http://c", "oauth_token": 123456789}"#);
        let error = source.authenticate().expect_err("not a string");
        assert!(!error.message.contains("123456789"), "{}", error.message);
        let (_file, source) = source_with(
            r#"{"cluster_url": "http://c", "oauth_token": "s3cr3t-token", "oauth_token_expires_at": 1}"#,
        );
        let error = source.authenticate().expect_err("expired");
        assert!(!error.message.contains("s3cr3t"), "{}", error.message);
        assert!(
            error.message.contains("login command again"),
            "{}",
            error.message
        );
    }
}
