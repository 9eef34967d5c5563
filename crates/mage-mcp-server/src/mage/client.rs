//! The HTTP client of the Mage backend: credentials on every request, timeouts, bounded retries of
//! GETs, and the mapping of what Mage answers onto the tool errors.
//!
//! What Mage 0.9.80 answers (docs/mage.md, measured):
//! - most errors come back as HTTP 200 with `{"error": {"code", "message", "exception"?, …}}`; a
//!   code 500 carries the server's traceback and paths in `message`: only the one-line
//!   `exception` (server paths replaced by `[path]`) reaches a tool error;
//! - HTTP 401 (bad API key, unknown session token) or an error code 401 (no session) →
//!   `AUTH_EXPIRED` with the remedy; a 403 is the same code, said as what it is: permission
//!   denied to this account;
//! - a change (POST, PUT, DELETE) sent without an answer coming back, or answered 502, 503 or 504
//!   by a proxy or gateway in front of the cluster: its outcome is unknown, and the error says so
//!   and how to look before trying again (a retry could make it twice); one that never reached the
//!   cluster says nothing was changed.
//! - error code 404 (its text is a generic "Email/username and/or password invalid.") → `API_ERROR`
//!   naming what was asked for.
//!
//! Every JSON body is shown to the call's redactor before anything else reads it, so a schedule
//! token learnt from one response is redacted wherever it is copied.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use base64::Engine as _;
use regex::Regex;
use reqwest::header::{HeaderMap, HeaderValue, ACCEPT};
use serde_json::Value;

pub use crate::backend::shown_bytes;
use crate::config::{shown_url, Session};
use crate::ids::path_segment;
use crate::redact::{redacted_text, Redactor};
use crate::secrets::CallSecrets;
use crate::widget_result::{ErrorCode, ToolError};

/// Time to open a connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Time from sending a request to the answer's status line and headers (Mage builds an answer
/// whole before it sends it, a pipeline with its code included).
pub const HEADERS_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest pause between two pieces of an answer's body: an answer that stops coming is cut
/// off, whatever is left of the whole request's time.
pub const BODY_STALL_TIMEOUT: Duration = Duration::from_secs(15);
/// Time for a whole request, body included (a run's logs can be a few MB).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// How long a request to the cluster may take, stage by stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// To open a connection.
    pub connect: Duration,
    /// From sending the request to the answer's headers.
    pub headers: Duration,
    /// Between two pieces of the answer's body.
    pub body_stall: Duration,
    /// For the whole request, body included.
    pub whole: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            connect: CONNECT_TIMEOUT,
            headers: HEADERS_TIMEOUT,
            body_stall: BODY_STALL_TIMEOUT,
            whole: REQUEST_TIMEOUT,
        }
    }
}
/// Attempts of an idempotent GET (the first one included).
pub const GET_ATTEMPTS: u32 = 3;
/// Pause before the second attempt; tripled before each later one.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The largest answer read from the cluster unless `--max-response-bytes` says otherwise: a run's
/// logs or a pipeline with its code are a few MB; anything past this is refused, not buffered.
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 32 * 1024 * 1024;
/// Longest reason quoted from Mage in a tool error.
const MAX_REASON_CHARS: usize = 240;

/// The remedy every `AUTH_EXPIRED` names.
pub const LOGIN_REMEDY: &str = "Run the agent's login command again to sign in anew.";

/// What a change whose outcome is unknown says after why: a retry could make it twice.
pub const OUTCOME_UNKNOWN: &str = "Its outcome is unknown: the change may have been made. Read the record (pipeline_get, block_get, pipeline_runs) before trying again, so that it is not made twice.";

/// What the server keeps for the Mage backend across calls: the HTTP client (its connection pool)
/// and where the agent's cache lives.
#[derive(Debug, Clone)]
pub struct MageSettings {
    http: reqwest::Client,
    pub cache_dir: PathBuf,
    /// The largest answer body read, in bytes.
    pub max_response_bytes: u64,
    timeouts: Timeouts,
}

impl MageSettings {
    pub fn new(cache_dir: PathBuf, max_response_bytes: u64) -> Result<Self, String> {
        Ok(Self {
            http: http_client(&Timeouts::default())?,
            cache_dir,
            max_response_bytes,
            timeouts: Timeouts::default(),
        })
    }

    /// The same settings with other timeouts.
    pub fn with_timeouts(self, timeouts: Timeouts) -> Result<Self, String> {
        Ok(Self {
            http: http_client(&timeouts)?,
            timeouts,
            ..self
        })
    }

    /// The client for one tool call, with that call's credentials; every answer is shown to the
    /// call's `secrets` before anything reads it.
    pub fn connect(&self, session: &Session, secrets: CallSecrets) -> Result<Mage, ToolError> {
        let base = session.cluster_url.trim().trim_end_matches('/').to_owned();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(ToolError::new(
                ErrorCode::ConfigInvalid,
                "The cluster_url is not an http:// or https:// URL.",
            ));
        }
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
        if let Some(key) = &session.api_key {
            secrets.know_secret(key);
            let mut value = HeaderValue::from_str(key).map_err(|_| {
                ToolError::new(
                    ErrorCode::ConfigInvalid,
                    "The api_key holds characters a header cannot carry.",
                )
            })?;
            value.set_sensitive(true);
            headers.insert("X-API-KEY", value);
        }
        if let Some(token) = &session.oauth_token {
            secrets.know_secret(token);
            let sent = session_token(token)?;
            secrets.know_secret(&sent);
            let mut value = HeaderValue::from_str(&sent).map_err(|_| {
                ToolError::new(
                    ErrorCode::ConfigInvalid,
                    "The oauth_token holds characters a header cannot carry.",
                )
            })?;
            value.set_sensitive(true);
            headers.insert("OAUTH-TOKEN", value);
        }
        Ok(Mage {
            http: self.http.clone(),
            base,
            headers,
            secrets,
            cache_dir: self.cache_dir.clone(),
            max_response_bytes: self.max_response_bytes,
            list_budget: Arc::new(AtomicU64::new(self.max_response_bytes)),
            timeouts: self.timeouts,
        })
    }
}

/// The HTTP client every call shares (its connection pool), with the connection's and the whole
/// request's timeouts; the headers' and the body's are kept by each request.
fn http_client(timeouts: &Timeouts) -> Result<reqwest::Client, String> {
    // reqwest is built without a default TLS provider: rustls with ring, installed once.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .connect_timeout(timeouts.connect)
        .timeout(timeouts.whole)
        // Credentials travel in headers: never follow a redirect elsewhere with them.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!(
            env!("CARGO_PKG_NAME"),
            "/",
            env!("CARGO_PKG_VERSION")
        ))
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}

/// What Mage takes as `OAUTH-TOKEN`: the `token` claim of a session JWT (what `POST /api/sessions`
/// returns), or the value itself when it is not a JWT. A JWT whose `expires` claim is past is
/// refused here, as the cluster would refuse it.
pub fn session_token(oauth_token: &str) -> Result<String, ToolError> {
    let parts: Vec<&str> = oauth_token.split('.').collect();
    if parts.len() != 3 {
        return Ok(oauth_token.to_owned());
    }
    let Some(claims) = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(parts[1].trim_end_matches('='))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
    else {
        return Ok(oauth_token.to_owned());
    };
    if let Some(expires) = claims.get("expires").and_then(Value::as_f64) {
        if expires <= chrono::Utc::now().timestamp() as f64 {
            return Err(ToolError::new(
                ErrorCode::AuthExpired,
                format!("The session in the oauth_token expired; the cluster would answer 401. {LOGIN_REMEDY}"),
            ));
        }
    }
    Ok(claims
        .get("token")
        .and_then(Value::as_str)
        .map_or_else(|| oauth_token.to_owned(), str::to_owned))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// The client for one tool call.
#[derive(Debug, Clone)]
pub struct Mage {
    http: reqwest::Client,
    base: String,
    headers: HeaderMap,
    secrets: CallSecrets,
    pub cache_dir: PathBuf,
    max_response_bytes: u64,
    /// What is left of the call's budget for paged lists, in bytes: every page of every list the
    /// call reads is taken from it, so a call that pages stops at a total, not only per page.
    list_budget: Arc<AtomicU64>,
    timeouts: Timeouts,
}

/// Why a request got no complete answer.
#[derive(Debug)]
enum Failure {
    /// Below HTTP: no connection, a timeout, a cut-off body.
    Transport(reqwest::Error),
    /// The answer's headers did not come within [`Timeouts::headers`].
    NoHeaders,
    /// The answer's body stopped coming for [`Timeouts::body_stall`].
    BodyStalled,
    /// The answer is larger than the bound (declared so, or found so while reading it).
    TooLarge,
}

impl From<reqwest::Error> for Failure {
    fn from(error: reqwest::Error) -> Self {
        Failure::Transport(error)
    }
}

impl Failure {
    /// Worth another attempt of an idempotent request.
    fn is_transient(&self) -> bool {
        match self {
            Failure::Transport(e) => e.is_timeout() || e.is_connect() || e.is_request(),
            Failure::NoHeaders | Failure::BodyStalled => true,
            Failure::TooLarge => false,
        }
    }
}

/// Reads an answer's body, at most `limit` bytes, kept as it arrives (nothing is allocated by the
/// declared length): a declared length past the limit is refused before reading, a body without
/// one stops being read once it passes it, and one that pauses longer than `stall` is cut off.
async fn bounded_body(
    mut response: reqwest::Response,
    limit: u64,
    stall: Duration,
) -> Result<Vec<u8>, Failure> {
    if response
        .content_length()
        .is_some_and(|length| length > limit)
    {
        return Err(Failure::TooLarge);
    }
    let mut body = Vec::new();
    while let Some(chunk) = tokio::time::timeout(stall, response.chunk())
        .await
        .map_err(|_| Failure::BodyStalled)??
    {
        if (body.len() as u64).saturating_add(chunk.len() as u64) > limit {
            return Err(Failure::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// One path segment: the id checked (no `.`, `..`, empty or control characters) and
/// percent-encoded, so it cannot name another route (`path_segment`).
pub fn seg(text: &str) -> Result<String, ToolError> {
    path_segment(text)
}

impl Mage {
    /// The cluster's URL as it may be shown or written down (no user information).
    pub fn base_url(&self) -> String {
        shown_url(&self.base)
    }

    /// Shows a value to the call's secrets (an answer, or what the caller sends).
    pub fn learn(&self, value: &Value) {
        self.secrets.learn(value);
    }

    /// GET with retries; `what` names the thing asked for in errors ("Pipeline 'x'").
    pub async fn get(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
    ) -> Result<Value, ToolError> {
        self.send(Method::Get, path, query, None, what).await
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
        what: &str,
    ) -> Result<Value, ToolError> {
        match self
            .exchange(method, path, query, body, self.max_response_bytes)
            .await
        {
            Ok((status, bytes)) => self.interpret_answer(status, &bytes, method, what),
            Err(failure) => Err(self.failure_error(&failure, method, what)),
        }
    }

    /// One page of a list: a GET read within what is left of the call's budget for paged lists
    /// (and within `--max-response-bytes`). `None` when the budget is spent, or when this page
    /// would pass it: the list stops there.
    pub async fn get_page(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
    ) -> Result<Option<Value>, ToolError> {
        let left = self.list_budget.load(Ordering::Acquire);
        if left == 0 {
            return Ok(None);
        }
        let limit = left.min(self.max_response_bytes);
        match self.exchange(Method::Get, path, query, None, limit).await {
            Ok((status, bytes)) => {
                let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
                let _ =
                    self.list_budget
                        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |left| {
                            Some(left.saturating_sub(read))
                        });
                self.interpret_answer(status, &bytes, Method::Get, what)
                    .map(Some)
            }
            Err(Failure::TooLarge) if limit < self.max_response_bytes => Ok(None),
            Err(failure) => Err(self.failure_error(&failure, Method::Get, what)),
        }
    }

    /// The call's budget for paged lists, in bytes (`--max-response-bytes`).
    pub fn list_budget(&self) -> u64 {
        self.max_response_bytes
    }

    /// One request, a GET tried again on a transient failure ([`GET_ATTEMPTS`] in all), its
    /// answer read up to `limit` bytes.
    async fn exchange(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
        limit: u64,
    ) -> Result<(u16, Vec<u8>), Failure> {
        let attempts = if method == Method::Get {
            GET_ATTEMPTS
        } else {
            1
        };
        let mut backoff = FIRST_BACKOFF;
        let mut attempt = 1;
        loop {
            let outcome = self.once(method, path, query, body, true, limit).await;
            let retry = attempt < attempts
                && match &outcome {
                    Err(failure) => failure.is_transient(),
                    Ok((status, _)) => matches!(status, 429 | 502 | 503 | 504),
                };
            if !retry {
                return outcome;
            }
            tracing::debug!(
                method = method.as_str(),
                attempt,
                "retrying an idempotent request"
            );
            tokio::time::sleep(backoff).await;
            backoff *= 3;
            attempt += 1;
        }
    }

    /// An answer read whole: its JSON, learnt as the call's secrets, or the tool error for it.
    fn interpret_answer(
        &self,
        status: u16,
        bytes: &[u8],
        method: Method,
        what: &str,
    ) -> Result<Value, ToolError> {
        let redactor = self.secrets.redactor();
        let value = interpret(status, bytes, method.as_str(), what, &redactor)?;
        self.learn(&value);
        Ok(value)
    }

    /// `POST /api/pipeline_schedules/:id/pipeline_runs/:token`: authorised by the token in the path,
    /// so it carries no other credential; never retried (it starts a run). Errors never name the
    /// path.
    pub async fn trigger(
        &self,
        schedule_id: i64,
        token: &str,
        body: &Value,
        what: &str,
    ) -> Result<Value, ToolError> {
        self.secrets.learn_secret(token);
        let path = format!(
            "/api/pipeline_schedules/{schedule_id}/pipeline_runs/{}",
            seg(token)?
        );
        match self
            .once(
                Method::Post,
                &path,
                &[],
                Some(body),
                false,
                self.max_response_bytes,
            )
            .await
        {
            Ok((status, bytes)) => self.interpret_answer(status, &bytes, Method::Post, what),
            Err(failure) => Err(self.failure_error(&failure, Method::Post, what)),
        }
    }

    async fn once(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
        with_credentials: bool,
        limit: u64,
    ) -> Result<(u16, Vec<u8>), Failure> {
        let url = format!("{}{path}", self.base);
        let mut request = match method {
            Method::Get => self.http.get(&url),
            Method::Post => self.http.post(&url),
            Method::Put => self.http.put(&url),
            Method::Delete => self.http.delete(&url),
        };
        if !query.is_empty() {
            request = request.query(query);
        }
        if with_credentials {
            request = request.headers(self.headers.clone());
        } else {
            request = request.header(ACCEPT, "application/json");
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = tokio::time::timeout(self.timeouts.headers, request.send())
            .await
            .map_err(|_| Failure::NoHeaders)??;
        let status = response.status().as_u16();
        let bytes = bounded_body(response, limit, self.timeouts.body_stall).await?;
        Ok((status, bytes))
    }

    /// A request without a complete answer, as a tool error without the URL (a trigger URL
    /// carries a token).
    fn failure_error(&self, failure: &Failure, method: Method, what: &str) -> ToolError {
        match failure {
            Failure::Transport(error) => self.transport_error(error, method, what),
            Failure::NoHeaders => self.no_whole_answer(
                method,
                what,
                &format!("no answer within {}", seconds(self.timeouts.headers)),
            ),
            Failure::BodyStalled => self.no_whole_answer(
                method,
                what,
                &format!(
                    "the answer stopped coming for {}",
                    seconds(self.timeouts.body_stall)
                ),
            ),
            Failure::TooLarge => ToolError::api(format!(
                "{what}: the cluster's answer is larger than {} (the server's --max-response-bytes); nothing of it was used.",
                shown_bytes(self.max_response_bytes)
            )),
        }
    }

    /// A failure below HTTP. A change that was sent and got no answer may have been made.
    fn transport_error(&self, error: &reqwest::Error, method: Method, what: &str) -> ToolError {
        if error.is_connect() {
            let nothing = if method == Method::Get {
                String::new()
            } else {
                " Nothing was sent, so nothing was changed.".to_owned()
            };
            return ToolError::api(format!(
                "{what}: the cluster at {} could not be reached (the connection was refused or could not be opened).{nothing}",
                self.base_url()
            ));
        }
        let reason = if error.is_timeout() {
            format!("no answer within {}", seconds(self.timeouts.whole))
        } else if error.is_decode() || error.is_body() {
            "the answer was cut off".to_owned()
        } else {
            "the request failed".to_owned()
        };
        self.no_whole_answer(method, what, &reason)
    }

    /// A request that was sent and got no whole answer, for `reason`: a read did not answer, a
    /// change's outcome is unknown.
    fn no_whole_answer(&self, method: Method, what: &str, reason: &str) -> ToolError {
        let cluster = self.base_url();
        if method == Method::Get {
            return ToolError::api(format!(
                "{what}: the cluster at {cluster} did not answer ({reason})."
            ));
        }
        ToolError::api(format!(
            "{what}: the {} request was sent to the cluster at {cluster} but no whole answer came back ({reason}). {OUTCOME_UNKNOWN}",
            method.as_str()
        ))
    }
}

/// A duration as a reader says it: `30 s`, `0.2 s`.
fn seconds(duration: Duration) -> String {
    if duration.subsec_millis() == 0 {
        format!("{} s", duration.as_secs())
    } else {
        format!("{:.1} s", duration.as_secs_f64())
    }
}

static SERVER_PATH: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r#"(^|[\s'"(=:\[])(/[\w.@~+-]+(?:/[\w.@~+-]*)+)"#).ok());

/// A one-line reason from Mage's error object, without tracebacks or server paths. The whole
/// text is redacted with what the call knows before a line of it is chosen and cut: a line or a
/// cut can separate a credential from what names it.
pub fn short_reason(error: &serde_json::Map<String, Value>, redactor: &Redactor) -> Option<String> {
    let code = error.get("code").and_then(Value::as_i64);
    let text = error
        .get("exception")
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty())
        .or_else(|| {
            // A 500's message is the whole traceback: never quoted.
            (code != Some(500))
                .then(|| error.get("message").and_then(Value::as_str))
                .flatten()
        })?;
    let text = redacted_text(redactor, text);
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("Traceback"))?;
    let line = match SERVER_PATH.as_ref() {
        Some(re) => re.replace_all(line, "${1}[path]").into_owned(),
        None => line.to_owned(),
    };
    let mut short: String = line.chars().take(MAX_REASON_CHARS).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    Some(short)
}

/// Whether Mage's reason says that what was asked for does not exist.
fn says_missing(reason: &str) -> bool {
    reason.contains("does not exist") || reason.contains("not found")
}

/// What one answer means: the JSON body, or the tool error for it (a reason quoted from it
/// redacted with `redactor` before it is cut).
pub fn interpret(
    status: u16,
    body: &[u8],
    method: &str,
    what: &str,
    redactor: &Redactor,
) -> Result<Value, ToolError> {
    let parsed: Option<Value> = serde_json::from_slice(body).ok();
    let error = parsed
        .as_ref()
        .and_then(|v| v.get("error"))
        .and_then(Value::as_object);
    let error_code = error.and_then(|e| e.get("code")).and_then(Value::as_i64);
    let reason = error.and_then(|error| short_reason(error, redactor));
    if matches!(status, 401 | 403) || matches!(error_code, Some(401 | 403)) {
        let shown = if matches!(status, 401 | 403) {
            status as i64
        } else {
            error_code.unwrap_or(401)
        };
        let why = reason.map(|r| format!(" ({r})")).unwrap_or_default();
        // The tool interface answers both with AUTH_EXPIRED; the message says which it is.
        let message = if shown == 403 {
            format!("The cluster answered 403 Forbidden{why}: permission denied. The account signed in may not do this; ask the cluster's admin for the role, or sign in with an account that has it ({LOGIN_REMEDY})")
        } else {
            format!("The cluster answered 401 Unauthorized{why}: the session is expired or unknown. {LOGIN_REMEDY}")
        };
        return Err(ToolError::new(ErrorCode::AuthExpired, message));
    }
    if error.is_some() {
        return Err(match error_code {
            Some(404) => ToolError::api(format!("{what} not found (404).")),
            // Mage raises "Pipeline x does not exist." as a server error: it is a not-found.
            Some(500) if reason.as_deref().is_some_and(says_missing) => ToolError::api(format!(
                "{what} not found (Mage: {}).",
                reason.unwrap_or_default().trim_end_matches('.')
            )),
            Some(code) => ToolError::api(match reason {
                Some(reason) => format!("{what}: Mage answered error {code}: {reason}"),
                None => format!("{what}: Mage answered error {code}."),
            }),
            None => ToolError::api(format!("{what}: Mage answered an error.")),
        });
    }
    if !(200..300).contains(&status) {
        let name = match status {
            404 => "Not Found",
            405 => "Method Not Allowed",
            500 => "Internal Server Error",
            502 => "Bad Gateway",
            503 => "Service Unavailable",
            504 => "Gateway Timeout",
            _ => "",
        };
        // A gateway's status is a proxy's word, not the cluster's: a change it passed on may
        // have been made after the proxy gave up waiting.
        if method != "GET" && matches!(status, 502..=504) {
            return Err(ToolError::api(format!(
                "{what}: the {method} request was answered HTTP {status} {name} by a proxy or gateway in front of the cluster, not by the cluster. {OUTCOME_UNKNOWN}"
            )));
        }
        return Err(ToolError::api(format!(
            "{what}: the cluster answered HTTP {status} {name} to {method}."
        )));
    }
    match parsed {
        Some(value) => Ok(value),
        None => Err(ToolError::api(format!(
            "{what}: the cluster's answer to {method} is not JSON."
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_error_body_under_http_200_is_an_api_error_without_its_traceback() {
        let body = json!({"error": {"code": 500, "exception": "Pipeline nope does not exist.",
            "message": "Traceback (most recent call last):\n  File \"/srv/venv/lib/python3.11/site-packages/mage_ai/x.py\", line 3\nException: Pipeline nope does not exist.",
            "errors": ["  File \"/srv/venv/lib/x.py\""]}, "url_parameters": {}});
        let error = interpret(
            200,
            body.to_string().as_bytes(),
            "GET",
            "Pipeline 'nope'",
            &Redactor::default(),
        )
        .expect_err("error");
        assert_eq!(error.code, ErrorCode::ApiError);
        assert_eq!(
            error.message,
            "Pipeline 'nope' not found (Mage: Pipeline nope does not exist)."
        );
        let body = json!({"error": {"code": 500, "message": "Traceback (most recent call last):\n  File \"/srv/x.py\"\nKeyError: 1"}});
        let error = interpret(
            200,
            body.to_string().as_bytes(),
            "GET",
            "Run 1",
            &Redactor::default(),
        )
        .expect_err("error");
        assert!(
            !error.message.contains("Traceback") && !error.message.contains("/srv"),
            "{}",
            error.message
        );
    }

    #[test]
    fn server_paths_in_a_reason_are_replaced_by_a_placeholder() {
        let error = json!({"code": 500, "exception": "File for block x does not exist at /home/u/proj/data_loaders/x.py."});
        assert_eq!(
            short_reason(error.as_object().expect("object"), &Redactor::default()).as_deref(),
            Some("File for block x does not exist at [path]")
        );
    }

    /// What a result shows of the reason Mage gave: the error's envelope, redacted as every
    /// result is.
    fn shown_reason(exception: &str) -> String {
        let body = json!({"error": {"code": 400, "exception": exception}});
        let error = interpret(
            200,
            body.to_string().as_bytes(),
            "GET",
            "Pipeline 'p'",
            &Redactor::default(),
        )
        .expect_err("error");
        let mut envelope = error.envelope();
        Redactor::default().redact(&mut envelope);
        envelope["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    #[test]
    fn a_url_cut_after_its_scheme_in_a_reason_shows_no_user_information() {
        // The cut falls inside the password: what is kept has `://` but no `@`.
        let lead = "could not connect to";
        let kept_of_url = " postgresql://admin:hun";
        let padding = "x".repeat(MAX_REASON_CHARS - lead.len() - kept_of_url.len());
        let shown = shown_reason(&format!(
            "{lead}{padding} postgresql://admin:hunter2@db.internal:5432/warehouse failed"
        ));
        assert!(!shown.contains("admin:hun"), "{shown}");
        assert!(shown.contains("postgresql://"), "{shown}");
    }

    #[test]
    fn a_private_key_whose_begin_line_is_not_the_line_quoted_is_hidden() {
        // The first line is skipped as a traceback's; the next is the key's body.
        let shown = shown_reason(
            "Traceback (most recent call last): loading key -----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAkeyBODYsecretLINE\n-----END RSA PRIVATE KEY-----\nValueError: the key could not be read",
        );
        assert!(!shown.contains("keyBODY"), "{shown}");
        assert!(
            shown.contains("ValueError: the key could not be read"),
            "{shown}"
        );
    }

    #[test]
    fn a_401_or_an_error_code_403_is_auth_expired_with_the_remedy() {
        let body = json!({"error": {"code": 401, "message": "Invalid OAuth token.", "type": "invalid_oauth_token"}, "status": 200});
        let error = interpret(
            401,
            body.to_string().as_bytes(),
            "GET",
            "Pipelines",
            &Redactor::default(),
        )
        .expect_err("error");
        assert_eq!(error.code, ErrorCode::AuthExpired);
        assert!(
            error.message.contains("Invalid OAuth token.")
                && error.message.contains("login command again")
        );
        let body = json!({"error": {"code": 403, "message": "Private access for list only, invalid scope."}, "status": 200});
        let error = interpret(
            200,
            body.to_string().as_bytes(),
            "GET",
            "Pipelines",
            &Redactor::default(),
        )
        .expect_err("error");
        assert_eq!(error.code, ErrorCode::AuthExpired);
        assert!(
            error.message.contains("permission denied"),
            "{}",
            error.message
        );
        assert!(!error.message.contains("expired"), "{}", error.message);
        assert_eq!(
            interpret(403, b"", "GET", "x", &Redactor::default())
                .expect_err("error")
                .code,
            ErrorCode::AuthExpired
        );
    }

    #[test]
    fn a_404_names_what_was_asked_for_not_mages_generic_text() {
        let body = json!({"error": {"code": 404, "message": "Email/username and/or password invalid.", "type": "record_not_found"}});
        let error = interpret(
            200,
            body.to_string().as_bytes(),
            "GET",
            "Pipeline run '9'",
            &Redactor::default(),
        )
        .expect_err("error");
        assert_eq!(error.message, "Pipeline run '9' not found (404).");
    }

    #[test]
    fn http_errors_and_non_json_bodies_are_api_errors() {
        let error =
            interpret(405, b"", "PATCH", "Pipeline 'x'", &Redactor::default()).expect_err("error");
        assert_eq!(error.code, ErrorCode::ApiError);
        assert!(error.message.contains("405"));
        assert!(interpret(200, b"<html>", "GET", "x", &Redactor::default()).is_err());
        assert_eq!(
            interpret(
                200,
                br#"{"pipelines": []}"#,
                "GET",
                "x",
                &Redactor::default()
            )
            .expect("ok"),
            json!({"pipelines": []})
        );
    }

    #[test]
    fn a_change_answered_by_a_gateway_has_an_unknown_outcome_and_a_read_does_not() {
        for status in [502, 503, 504] {
            for method in ["POST", "PUT", "DELETE"] {
                let error = interpret(
                    status,
                    b"<html>Bad Gateway</html>",
                    method,
                    "Pipeline 'p'",
                    &Redactor::default(),
                )
                .expect_err("an error");
                assert_eq!(error.code, ErrorCode::ApiError);
                assert!(error.message.contains(OUTCOME_UNKNOWN), "{}", error.message);
                assert!(
                    error.message.contains(&status.to_string()),
                    "{}",
                    error.message
                );
            }
            let read = interpret(status, b"", "GET", "Pipeline 'p'", &Redactor::default())
                .expect_err("an error");
            assert!(!read.message.contains("outcome"), "{}", read.message);
        }
        let refused = interpret(500, b"", "POST", "Pipeline 'p'", &Redactor::default())
            .expect_err("an error");
        assert!(!refused.message.contains("outcome"), "{}", refused.message);
    }

    #[test]
    fn a_session_jwt_is_sent_as_its_token_claim_and_refused_once_expired() {
        let encode = |claims: Value| {
            format!(
                "eyJhbGciOiJIUzI1NiJ9.{}.c2lnbmF0dXJl",
                base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string())
            )
        };
        let live = encode(json!({"expires": 4_102_444_800.0_f64, "token": "abcdefghijklmnop"}));
        assert_eq!(session_token(&live).expect("live"), "abcdefghijklmnop");
        let expired = encode(json!({"expires": 1_600_000_000.5_f64, "token": "abcdefghijklmnop"}));
        assert_eq!(
            session_token(&expired).expect_err("expired").code,
            ErrorCode::AuthExpired
        );
        assert_eq!(
            session_token("plain-token-value").expect("plain"),
            "plain-token-value"
        );
    }

    #[test]
    fn byte_bounds_read_as_a_reader_says_them() {
        assert_eq!(shown_bytes(DEFAULT_MAX_RESPONSE_BYTES), "32 MB");
        assert_eq!(shown_bytes(3 * 1024 * 1024 / 2), "1.5 MB");
        assert_eq!(shown_bytes(4096), "4096 bytes");
    }

    #[test]
    fn path_segments_are_encoded_and_dot_segments_refused() {
        assert_eq!(seg("etl_daily").ok().as_deref(), Some("etl_daily"));
        assert_eq!(
            seg("dbt/models/x").ok().as_deref(),
            Some("dbt%2Fmodels%2Fx")
        );
        assert!(seg("a/b?c").is_err() && seg("/srv/x").is_err());
        assert!(seg("..").is_err() && seg(".").is_err());
    }
}
