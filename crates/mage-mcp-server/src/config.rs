//! Credentials, read as the service's own agent reads them: `config.json` with `cluster_url`,
//! `oauth_token` and an optional `api_key`. Without `--config` the demo runs authenticated.
//!
//! The file is read again for every tool call, so fixing it (or "logging in again") takes effect
//! without a restart. For the demo, what the cluster would answer is simulated from the file:
//! - missing, unreadable, not JSON, or without `cluster_url` → `CONFIG_INVALID`;
//! - neither `oauth_token` nor `api_key` → `AUTH_REQUIRED`;
//! - `oauth_token_expires_at` (RFC 3339 or epoch seconds) in the past → the cluster answers 401 →
//!   `AUTH_EXPIRED`, whose remedy is the agent's login command.
//!
//! With a Mage server (`--mage`, `--mage-url`) the same rules hold before any request; after that
//! the server's own answers decide (a 401 or 403 is `AUTH_EXPIRED`, see `mage::client`).
//! `--mage-url URL` takes the values from the environment instead of a file:
//! [`ENV_OAUTH_TOKEN`] and [`ENV_API_KEY`].
//!
//! Error messages name fields, never their values.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::widget_result::{ErrorCode, ToolError};

/// The demo cluster's address when no config file names one (the service's default port).
pub const DEMO_CLUSTER_URL: &str = "http://127.0.0.1:6789";

/// The session token for `--mage-url` (a Mage session JWT or its `token` claim).
pub const ENV_OAUTH_TOKEN: &str = "MAGE_OAUTH_TOKEN";
/// The API key for `--mage-url` (Mage's `X-API-KEY`).
pub const ENV_API_KEY: &str = "MAGE_API_KEY";
/// Overrides the agent's hidden working directory.
pub const ENV_AGENT_HOME: &str = "SVC_AGENT_HOME";

/// The agent's hidden working directory: `$SVC_AGENT_HOME`, else `~/.svc_agent`. It holds
/// `config.json` and the `cache/` folder (block templates).
pub fn agent_home() -> PathBuf {
    if let Some(dir) = std::env::var_os(ENV_AGENT_HOME).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".svc_agent")
}

/// Where credentials come from.
#[derive(Debug, Clone)]
pub struct CredentialSource {
    kind: SourceKind,
}

#[derive(Debug, Clone)]
enum SourceKind {
    /// No config: the demo's built-in session.
    Demo,
    /// The agent's config.json.
    File(PathBuf),
    /// `--mage-url`: the URL given, the credentials from the environment.
    Env { cluster_url: String },
}

/// An authenticated session with the cluster (the demo's or a real one).
#[derive(Debug, Clone)]
pub struct Session {
    pub cluster_url: String,
    /// The credential values, for the redactor: they must never appear in a result.
    pub secrets: Vec<String>,
    pub oauth_token: Option<String>,
    pub api_key: Option<String>,
}

impl CredentialSource {
    pub fn new(config_file: Option<PathBuf>) -> Self {
        Self {
            kind: config_file.map_or(SourceKind::Demo, SourceKind::File),
        }
    }

    /// `--mage-url URL`: credentials from [`ENV_OAUTH_TOKEN`] and [`ENV_API_KEY`].
    pub fn from_env(cluster_url: String) -> Self {
        Self {
            kind: SourceKind::Env { cluster_url },
        }
    }

    pub fn describe(&self) -> String {
        match &self.kind {
            SourceKind::File(path) => format!("credentials from {}", path.display()),
            SourceKind::Demo => "the demo's built-in session (no --config)".to_owned(),
            SourceKind::Env { cluster_url } => {
                format!(
                    "{} with credentials from ${ENV_OAUTH_TOKEN} and ${ENV_API_KEY}",
                    shown_url(cluster_url)
                )
            }
        }
    }

    /// Whether [`CredentialSource::authenticate`] reads a file (and so may block).
    pub fn reads_a_file(&self) -> bool {
        matches!(self.kind, SourceKind::File(_))
    }

    /// The session for one tool call, or the error every tool answers with.
    pub fn authenticate(&self) -> Result<Session, ToolError> {
        match &self.kind {
            SourceKind::Demo => Ok(Session::with_credentials(
                DEMO_CLUSTER_URL.to_owned(),
                None,
                None,
            )),
            SourceKind::Env { cluster_url } => from_environment(cluster_url),
            SourceKind::File(path) => from_file(path),
        }
    }
}

impl Session {
    /// A session whose credentials are also the secrets to redact.
    fn with_credentials(
        cluster_url: String,
        oauth_token: Option<String>,
        api_key: Option<String>,
    ) -> Self {
        Session {
            cluster_url,
            secrets: oauth_token.iter().chain(api_key.iter()).cloned().collect(),
            oauth_token,
            api_key,
        }
    }
}

/// A cluster URL as it may be shown or written down: any `user:password@` taken out of it (the URL
/// itself, credentials and all, is only ever sent to the cluster).
pub fn shown_url(url: &str) -> String {
    let Some(authority_start) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let authority_end = url[authority_start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| authority_start + i);
    match url[authority_start..authority_end].rfind('@') {
        Some(at) => format!(
            "{}{}",
            &url[..authority_start],
            &url[authority_start + at + 1..]
        ),
        None => url.to_owned(),
    }
}

fn config_invalid(message: String) -> ToolError {
    ToolError::new(ErrorCode::ConfigInvalid, message)
}

/// The session a configuration file gives: its cluster and credentials, refused when either is
/// missing or the OAuth token has expired.
fn from_file(path: &Path) -> Result<Session, ToolError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| {
        config_invalid(format!(
            "The configuration file {shown} cannot be read: {error}."
        ))
    })?;
    let config = config_object(&text, &shown)?;
    let cluster_url = cluster_url_of(&config, &shown)?;
    let oauth_token = non_empty_string(&config, "oauth_token", &shown)?;
    let api_key = non_empty_string(&config, "api_key", &shown)?;
    if oauth_token.is_none() && api_key.is_none() {
        return Err(ToolError::new(
            ErrorCode::AuthRequired,
            format!(
                "No credentials found: {shown} has neither an oauth_token nor an api_key. Run the agent's login command."
            ),
        ));
    }
    if oauth_token.is_some() {
        if let Some(expired_at) = expiry_in_past(&config, &shown)? {
            return Err(ToolError::new(
                ErrorCode::AuthExpired,
                format!(
                    "The cluster answered 401 Unauthorized: the OAuth token in {shown} expired at {expired_at}. Run the agent's login command again to sign in anew."
                ),
            ));
        }
    }
    Ok(Session::with_credentials(cluster_url, oauth_token, api_key))
}

/// A configuration file's text as a JSON object. Parsed as a plain value first: serde_json's
/// syntax errors give only a position.
fn config_object(text: &str, shown: &str) -> Result<Map<String, Value>, ToolError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(config_invalid(format!(
            "The configuration file {shown} is not a JSON object."
        ))),
        Err(error) => Err(config_invalid(format!(
            "The configuration file {shown} is not valid JSON (line {}, column {}).",
            error.line(),
            error.column()
        ))),
    }
}

/// The configuration's `cluster_url`: a non-empty string.
fn cluster_url_of(config: &Map<String, Value>, shown: &str) -> Result<String, ToolError> {
    match config.get("cluster_url") {
        Some(Value::String(url)) if !url.trim().is_empty() => Ok(url.clone()),
        Some(_) => Err(config_invalid(format!(
            "The configuration file {shown} has a cluster_url that is not a non-empty string."
        ))),
        None => Err(config_invalid(format!(
            "The configuration file {shown} has no cluster_url."
        ))),
    }
}

fn from_environment(cluster_url: &str) -> Result<Session, ToolError> {
    let read = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let oauth_token = read(ENV_OAUTH_TOKEN);
    let api_key = read(ENV_API_KEY);
    if oauth_token.is_none() && api_key.is_none() {
        return Err(ToolError::new(
            ErrorCode::AuthRequired,
            format!(
                "No credentials found: neither ${ENV_OAUTH_TOKEN} nor ${ENV_API_KEY} is set for --mage-url. Run the agent's login command, or set them."
            ),
        ));
    }
    Ok(Session::with_credentials(
        cluster_url.to_owned(),
        oauth_token,
        api_key,
    ))
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
    fn a_shown_url_has_no_user_information() {
        assert_eq!(
            shown_url("https://user:pa55@mage.example:6789/x"),
            "https://mage.example:6789/x"
        );
        assert_eq!(shown_url("http://token@h"), "http://h");
        assert_eq!(shown_url("http://h:1/a@b"), "http://h:1/a@b");
        assert_eq!(shown_url("http://127.0.0.1:6789"), "http://127.0.0.1:6789");
        assert_eq!(shown_url("not a url"), "not a url");
        let source = CredentialSource::from_env("https://u:secret-pass@h".to_owned());
        assert!(
            !source.describe().contains("secret-pass"),
            "{}",
            source.describe()
        );
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
    fn a_config_is_a_json_object() {
        assert!(config_object(r#"{"cluster_url": "http://c"}"#, "f").is_ok());
        for text in ["[1]", "\"text\"", "{not json", ""] {
            let error = config_object(text, "f").expect_err(text);
            assert_eq!(error.code, ErrorCode::ConfigInvalid, "{text}");
        }
        let error = config_object("{\n  x", "f").expect_err("syntax");
        assert!(error.message.contains("line 2"), "{}", error.message);
    }

    #[test]
    fn the_cluster_url_is_a_non_empty_string() {
        let config = |text: &str| config_object(text, "f").expect("object");
        assert_eq!(
            cluster_url_of(&config(r#"{"cluster_url": "http://c"}"#), "f").ok(),
            Some("http://c".to_owned())
        );
        for text in [r#"{}"#, r#"{"cluster_url": " "}"#, r#"{"cluster_url": 1}"#] {
            let error = cluster_url_of(&config(text), "f").expect_err(text);
            assert_eq!(error.code, ErrorCode::ConfigInvalid, "{text}");
        }
    }

    #[test]
    fn a_session_redacts_the_credentials_it_holds() {
        let session = Session::with_credentials("http://c".to_owned(), Some("t".to_owned()), None);
        assert_eq!(session.secrets, ["t"]);
        assert!(Session::with_credentials("http://c".to_owned(), None, None)
            .secrets
            .is_empty());
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
