//! The Streamable HTTP transport: rmcp's `StreamableHttpService` at `/mcp`, behind a guard that
//! admits only clients that hold the server's token, bounds the live sessions and what a request
//! may carry, and answers every refusal as a JSON-RPC error object.
//!
//! The server drives a cluster with the user's credentials, so no local process may call it
//! unasked: every request carries `Authorization: Bearer <token>` (RFC 6750), compared in
//! constant time; a request without it is answered 401 with `WWW-Authenticate` before anything
//! of it is read. The token comes from `MCP_AUTH_TOKEN` or `--auth-token-file` (and is then never
//! printed), else it is made at start and printed to the log, as Jupyter does. `--no-auth` turns the check off, on loopback
//! only. Past `--max-sessions` live sessions a new one is refused with 503.
//!
//! rmcp checks the Host and Origin headers (403), `Accept` (406), `Content-Type` (415) and the
//! session (404), and answers those in plain text; it answers a body that does not deserialise with
//! 415 "fail to deserialize request body". Clients expect JSON-RPC's own codes for that
//! (<https://www.jsonrpc.org/specification#error_object>): the guard answers a body that is not JSON
//! with -32700 (parse error) and JSON that is no JSON-RPC message with -32600 (invalid request),
//! both with HTTP 400; a body over the limit with 413 before it is read further; and rmcp's other
//! plain-text refusals keep their status with the text as a -32000 (server error) message.
//!
//! A client that sends slowly is cut off: the connection loop is the server's own (`serve_on`),
//! so that a request's headers have a time bound, and the guard bounds the time a body takes.
//!
//! Replicas behind a load balancer share their sessions through a store (`--session-store`,
//! [`crate::session_store`]): a session initialised on one continues on any other. The store is
//! then the judge of which sessions are live: a request naming a session the store no longer
//! holds (closed by its client on another replica, idle past the bound) is answered 404 here,
//! whatever this replica still holds in memory. A replica asked to stop drains: it stops taking
//! connections (the load balancer sends the next requests elsewhere), lets the calls in flight
//! end, then closes its sessions' streams.
//!
//! Clients of MCP `2026-07-28` have no session (SEP-2567): rmcp serves each of their requests
//! alone, with a server of its own ([`MageMcpServer::for_new_session`]); the session bound does
//! not apply to them.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use http_body_util::BodyExt;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::streamable_http_server::session::{SessionManager, SessionStore};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{json, Value};
use subtle::ConstantTimeEq;
use tokio_util::sync::CancellationToken;

use crate::server::MageMcpServer;
use crate::session_store::{RedisSessions, SESSION_IDLE};
use crate::sessions::ReplicaSessions;

/// The largest request body accepted by default: 4 MiB (a tool call's arguments are a few KB; a
/// block's code or a run's payload may be larger).
pub const DEFAULT_MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// Browser origins always allowed: pages served from this machine.
const LOOPBACK_ORIGINS: &[&str] = &[
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

/// JSON-RPC: the body is not JSON.
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC: the JSON is not a valid request object.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC's range for implementation-defined server errors: the transport's own refusals.
pub const TRANSPORT_REFUSAL: i64 = -32000;

/// The longest reason quoted in an error message: serde's messages can quote the input.
const MAX_REASON_CHARS: usize = 200;
/// rmcp's plain-text refusals are one line; a longer body is not read whole.
const MAX_REFUSAL_TEXT_BYTES: usize = 64 * 1024;
/// A body over the limit is read on, and dropped, up to this many bytes or [`DRAIN_TIME`], before
/// the 413: a server that closes while the client is still sending resets the connection, and the
/// client sees that instead of the answer (a lingering close, as web servers do).
const DRAIN_BYTES: usize = 32 * 1024 * 1024;
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// The most MCP sessions live at once unless `--max-sessions` says otherwise (rmcp closes a session
/// idle for five minutes).
pub const DEFAULT_MAX_SESSIONS: usize = 64;

/// The variable a token may be given in.
pub const ENV_AUTH_TOKEN: &str = "MCP_AUTH_TOKEN";

/// The shortest token accepted from the user: a guessable one protects nothing.
pub const MIN_TOKEN_CHARS: usize = 16;

pub struct HttpOptions {
    pub address: SocketAddr,
    pub allow_origins: Vec<String>,
    pub allow_hosts: Vec<String>,
    pub max_request_bytes: usize,
    pub auth: HttpAuth,
    pub max_sessions: usize,
    pub read_timeouts: ReadTimeouts,
    /// The store the replicas share their sessions through (`--session-store`); without it
    /// sessions live in this process only.
    pub session_store: Option<RedisSessions>,
}

/// How long the server waits for what a client sends: a client that sends its headers or its body
/// slowly holds a connection, a task and a buffer, so each has a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadTimeouts {
    /// For a request's line and headers, from when the connection waits for them (a new one, or
    /// one kept alive between requests): past it the connection is closed.
    pub headers: Duration,
    /// For a request's whole body, once its headers are read: past it the answer is 408.
    pub body: Duration,
}

/// A request's headers are a few hundred bytes: a client on this machine or a network sends them
/// at once.
pub const DEFAULT_HEADERS_TIMEOUT: Duration = Duration::from_secs(10);
/// A body is at most `--max-request-bytes` (4 MiB by default): a client sends it within seconds.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

impl Default for ReadTimeouts {
    fn default() -> Self {
        Self {
            headers: DEFAULT_HEADERS_TIMEOUT,
            body: DEFAULT_BODY_TIMEOUT,
        }
    }
}

/// Who may call the server over HTTP.
#[derive(Clone)]
pub enum HttpAuth {
    /// Clients that send this token as `Authorization: Bearer <token>`.
    Bearer {
        token: Arc<str>,
        origin: TokenOrigin,
    },
    /// Anyone who reaches the address (`--no-auth`, loopback only).
    Off,
}

/// Where the HTTP token came from, which decides whether the server prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenOrigin {
    /// Made at start: printed once to the log, the only way the user learns it.
    Generated,
    /// Given by the user, named for the log (`$MCP_AUTH_TOKEN`, `--auth-token-file`): the user
    /// has it already, so it is never printed.
    Given(&'static str),
}

impl HttpAuth {
    /// A token of 32 random bytes, hex-encoded.
    pub fn generated() -> anyhow::Result<HttpAuth> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| anyhow::anyhow!("no random source for a token: {e}"))?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Ok(HttpAuth::Bearer {
            token: token.into(),
            origin: TokenOrigin::Generated,
        })
    }

    /// A token the user gave through `source`, checked: long enough, and only characters a header
    /// carries. No error quotes it.
    pub fn given(token: &str, source: &'static str) -> anyhow::Result<HttpAuth> {
        let token = token.trim();
        if token.chars().count() < MIN_TOKEN_CHARS {
            anyhow::bail!("the HTTP token is shorter than {MIN_TOKEN_CHARS} characters");
        }
        if !token.bytes().all(|b| b.is_ascii_graphic()) {
            anyhow::bail!("the HTTP token holds characters a header cannot carry (spaces, control or non-ASCII characters)");
        }
        Ok(HttpAuth::Bearer {
            token: token.into(),
            origin: TokenOrigin::Given(source),
        })
    }

    /// What the log says at start of who may call: a generated token in full (the user has no
    /// other way to learn it), a given one only by where it came from.
    pub fn announcement(&self) -> String {
        match self {
            HttpAuth::Bearer {
                token,
                origin: TokenOrigin::Generated,
            } => format!(
                "clients send the header `Authorization: Bearer <token>`, with the token made at start:\n    {token}"
            ),
            HttpAuth::Bearer {
                origin: TokenOrigin::Given(source),
                ..
            } => format!(
                "clients send the header `Authorization: Bearer <token>`, with the token given in {source}"
            ),
            HttpAuth::Off => "--no-auth: every process on this machine can call the tools, with the cluster's credentials".to_owned(),
        }
    }

    /// Whether `headers` carry the token (always, with the check off).
    fn admits(&self, headers: &HeaderMap) -> bool {
        let HttpAuth::Bearer { token, .. } = self else {
            return true;
        };
        let Some(sent) = headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_credential)
        else {
            return false;
        };
        sent.as_bytes().ct_eq(token.as_bytes()).into()
    }
}

/// The credential of an `Authorization: Bearer <credential>` header (the scheme in any case).
fn bearer_credential(value: &str) -> Option<&str> {
    let (scheme, credential) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| credential.trim())
        .filter(|c| !c.is_empty())
}

/// Serves MCP at `http://ADDRESS/mcp` until Ctrl-C or SIGTERM.
pub async fn serve(server: MageMcpServer, options: HttpOptions) -> anyhow::Result<()> {
    let cancel = CancellationToken::new();
    if let Some(store) = &options.session_store {
        store.check().await?;
        tracing::info!(
            "sessions shared through the store at {} (a session idle for {} s ends)",
            store.shown(),
            SESSION_IDLE.as_secs()
        );
    }
    let router = router(server, &options, cancel.child_token());
    let listener = tokio::net::TcpListener::bind(options.address)
        .await
        .with_context(|| format!("cannot listen on {}", options.address))?;
    let bound = listener
        .local_addr()
        .context("the listening address is unknown")?;
    if !bound.ip().is_loopback() {
        tracing::warn!(
            "listening on {bound}, beyond this machine: anyone who can reach it can call the tools"
        );
    }
    tracing::info!(
        "serving MCP over Streamable HTTP at http://{bound}/mcp (request bodies up to {} bytes, at most {} live sessions)",
        options.max_request_bytes,
        options.max_sessions,
    );
    match &options.auth {
        HttpAuth::Off => tracing::warn!("{}", options.auth.announcement()),
        HttpAuth::Bearer { .. } => tracing::info!("{}", options.auth.announcement()),
    }
    serve_on(
        listener,
        router,
        options.read_timeouts.headers,
        async {
            stop_requested().await;
            tracing::info!(
                "stopping: no new connection; the calls in flight may end within {} s",
                DRAIN_WAIT.as_secs()
            );
        },
        Drain {
            wait: DRAIN_WAIT,
            then: cancel,
        },
    )
    .await;
    Ok(())
}

/// What a stopping server does once it takes no new connection: it lets the calls in flight end
/// within `wait`, then cancels `then` (its sessions and their streams).
pub struct Drain {
    pub wait: Duration,
    pub then: CancellationToken,
}

/// How long a stopping server lets the calls in flight end once it takes no new connection (a
/// deployment's restart: the load balancer sends the next requests to another replica).
pub const DRAIN_WAIT: Duration = Duration::from_secs(30);

/// What a stopping server waits for, counted from each one's start to when its mark is dropped:
/// the POST requests being answered, and the connections whose first request has begun to come
/// and not reached the router ([`serve_on`], [`FirstRequest`]).
#[derive(Clone, Default)]
pub struct InFlight {
    count: Arc<AtomicUsize>,
    changed: Arc<tokio::sync::Notify>,
}

impl InFlight {
    pub fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    /// One more, until the returned mark is dropped.
    fn begin(&self) -> InFlightMark {
        self.count.fetch_add(1, Ordering::SeqCst);
        InFlightMark(self.clone())
    }

    /// Resolves once none is in flight.
    pub async fn none_left(&self) {
        loop {
            let changed = self.changed.notified();
            if self.count() == 0 {
                return;
            }
            changed.await;
        }
    }
}

/// One call in flight; dropping it ends it.
struct InFlightMark(InFlight);

impl Drop for InFlightMark {
    fn drop(&mut self) {
        self.0.count.fetch_sub(1, Ordering::SeqCst);
        self.0.changed.notify_waiters();
    }
}

/// A connection's first request, for as long as a stop must wait for it: from the accept until
/// the connection is first found with nothing to read, and again from its first bytes until the
/// request reaches the router. A connection a client opened ahead of its requests (a pool's idle
/// socket) holds nothing, so a stop does not wait for it to send a request or time out.
struct FirstRequest {
    unread: InFlight,
    wait: std::sync::Mutex<FirstRequestWait>,
    routed: AtomicBool,
}

/// What a stop waits for while a connection's first request is on its way.
struct FirstRequestWait {
    /// Held while the stop must wait.
    mark: Option<InFlightMark>,
    /// The request's first bytes have come: from then on, only the router ends the wait.
    bytes_seen: bool,
}

impl FirstRequest {
    fn accepted(unread: &InFlight) -> Arc<Self> {
        Arc::new(Self {
            unread: unread.clone(),
            wait: std::sync::Mutex::new(FirstRequestWait {
                mark: Some(unread.begin()),
                bytes_seen: false,
            }),
            routed: AtomicBool::new(false),
        })
    }

    /// A read of the connection ended: with bytes, or with none to read yet (or its end).
    fn read(&self, got_bytes: bool) {
        if self.routed.load(Ordering::SeqCst) {
            return;
        }
        let Ok(mut wait) = self.wait.lock() else {
            return;
        };
        if got_bytes {
            wait.bytes_seen = true;
            if wait.mark.is_none() {
                wait.mark = Some(self.unread.begin());
            }
        } else if !wait.bytes_seen {
            wait.mark.take();
        }
    }

    /// The request reached the router, or the connection ended: nothing left to wait for.
    fn done(&self) {
        self.routed.store(true, Ordering::SeqCst);
        if let Ok(mut wait) = self.wait.lock() {
            wait.mark.take();
        }
    }
}

/// A connection's stream, telling its [`FirstRequest`] how each read ended.
struct WatchedStream {
    stream: tokio::net::TcpStream,
    first: Arc<FirstRequest>,
}

impl tokio::io::AsyncRead for WatchedStream {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        buffer: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buffer.filled().len();
        let read = std::pin::Pin::new(&mut this.stream).poll_read(context, buffer);
        match &read {
            std::task::Poll::Ready(Ok(())) => this.first.read(buffer.filled().len() > before),
            std::task::Poll::Pending => this.first.read(false),
            std::task::Poll::Ready(Err(_)) => {}
        }
        read
    }
}

impl tokio::io::AsyncWrite for WatchedStream {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        data: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_write(context, data)
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        data: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_write_vectored(context, data)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_flush(context)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().stream).poll_shutdown(context)
    }
}

/// A response body that holds its call's [`InFlightMark`] until it is dropped.
struct MarkedBody {
    inner: Body,
    _mark: InFlightMark,
}

impl hyper::body::Body for MarkedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        std::pin::Pin::new(&mut self.inner).poll_frame(context)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

/// How long a connection may stay open once the server is stopping (its sessions' streams end
/// with the server's cancellation).
const SHUTDOWN_WAIT: Duration = Duration::from_secs(5);
/// The pause after a failed accept (too many open files): the loop would otherwise spin.
const ACCEPT_RETRY_PAUSE: Duration = Duration::from_millis(100);

/// Serves `router` on `listener` until `stop` completes, one HTTP/1.1 connection per client,
/// whose request headers must arrive within `headers_timeout` of when the connection waits for
/// them (hyper's timer; axum's `serve` sets none, and without one hyper applies no bound). Then
/// it stops accepting, lets the requests already sent reach the router, tells every connection
/// to close after the request it is answering, lets the calls in flight end ([`Drain`]), and
/// gives open connections [`SHUTDOWN_WAIT`] more to end.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    headers_timeout: Duration,
    stop: impl Future<Output = ()>,
    drain: Drain,
) {
    let connections = GracefulShutdown::new();
    // Connections accepted whose first request has not reached the router yet, idle ones aside
    // ([`FirstRequest`]): a connection closed then would drop a request its client has already
    // sent.
    let unread = InFlight::default();
    // POST requests being answered, marked as hyper hands each to the router (so that none is
    // between the two counts), until the answer's body is dropped: sent whole, or its connection
    // gone (a call's result travels in a stream that outlives the handler).
    let calls = InFlight::default();
    let serve_connection = |stream: tokio::net::TcpStream| {
        let first = FirstRequest::accepted(&unread);
        let first_request = first.clone();
        let routed = TowerToHyperService::new(router.clone());
        let calls = calls.clone();
        let service = hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
            let call = (request.method() == Method::POST).then(|| calls.begin());
            first_request.done();
            let answered = hyper::service::Service::call(&routed, request);
            async move {
                let response = answered.await?;
                Ok::<_, std::convert::Infallible>(match call {
                    Some(mark) => {
                        response.map(|inner| Body::new(MarkedBody { inner, _mark: mark }))
                    }
                    None => response,
                })
            }
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(headers_timeout)
            .serve_connection(
                TokioIo::new(WatchedStream {
                    stream,
                    first: first.clone(),
                }),
                service,
            );
        let connection = connections.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("a connection ended with an error: {error}");
            }
            first.done();
        });
    };
    let mut stop = std::pin::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    tracing::debug!("a connection could not be accepted: {error}");
                    tokio::time::sleep(ACCEPT_RETRY_PAUSE).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        serve_connection(stream);
    }
    // Connections the system accepted already (its backlog) are served, not reset: their
    // clients may have sent a request.
    while let Ok(Ok((stream, _))) = tokio::time::timeout(Duration::ZERO, listener.accept()).await {
        serve_connection(stream);
    }
    drop(listener);
    // The requests already sent on accepted connections reach the router first (a connection
    // that sends nothing is closed within `headers_timeout`); then every connection is told to
    // close once its request is answered, so that none takes another; then the calls in flight
    // end, then the rest.
    let _ = tokio::time::timeout(headers_timeout, unread.none_left()).await;
    tracing::debug!(
        "stopping: every request sent has reached the router; {} call(s) in flight",
        calls.count()
    );
    let closing = tokio::spawn(connections.shutdown());
    if tokio::time::timeout(drain.wait, calls.none_left())
        .await
        .is_err()
    {
        tracing::warn!(
            "{} call(s) still in flight after {} s: their streams are closed",
            calls.count(),
            drain.wait.as_secs()
        );
    }
    tracing::debug!("stopping: no call in flight; closing the connections");
    drain.then.cancel();
    let _ = tokio::time::timeout(SHUTDOWN_WAIT, closing).await;
    tracing::debug!("stopping: connections closed");
}

/// `/mcp`: rmcp's service behind `guard`. Each MCP session gets its own server
/// ([`MageMcpServer::for_new_session`]): what one session's calls learn stays with it; a
/// sessionless request gets one of its own too.
pub fn router(
    server: MageMcpServer,
    options: &HttpOptions,
    cancel: CancellationToken,
) -> axum::Router {
    let mut config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(allowed_hosts(options))
        .with_allowed_origins(allowed_origins(options))
        .with_max_request_body_bytes(options.max_request_bytes)
        // A sessionless request's answer is one JSON body with its length, not an event stream:
        // rmcp's stream for it carries no event id, so a client whose replica died mid-answer
        // has nothing to resume from and waits for its own timeout, while a JSON body cut short
        // fails its call at once. (rmcp falls back to a stream when a tool sends anything before
        // its result; a session's calls keep their resumable streams.)
        .with_json_response(true)
        .with_cancellation_token(cancel);
    config.session_store = options
        .session_store
        .clone()
        .map(|store| Arc::new(store) as Arc<dyn SessionStore>);
    let sessions = Arc::new(ReplicaSessions::new(SESSION_IDLE));
    let service = StreamableHttpService::new(
        move || Ok(server.for_new_session()),
        sessions.clone(),
        config,
    );
    let admission = Admission {
        auth: options.auth.clone(),
        sessions,
        store: options.session_store.clone(),
        max_sessions: options.max_sessions,
        body_limit: options.max_request_bytes,
        body_timeout: options.read_timeouts.body,
    };
    axum::Router::new()
        .nest_service("/mcp", service)
        .layer(axum::middleware::from_fn_with_state(admission, guard))
}

/// Loopback names, the bound address when it is a specific non-loopback one (0.0.0.0 needs
/// `--allow-host`), and `--allow-host`.
fn allowed_hosts(options: &HttpOptions) -> Vec<String> {
    let ip = options.address.ip();
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    if !ip.is_loopback() && !ip.is_unspecified() {
        hosts.push(ip.to_string());
    }
    hosts.extend(options.allow_hosts.iter().cloned());
    hosts
}

fn allowed_origins(options: &HttpOptions) -> Vec<String> {
    LOOPBACK_ORIGINS
        .iter()
        .map(|o| (*o).to_owned())
        .chain(options.allow_origins.iter().cloned())
        .collect()
}

/// What the guard checks before rmcp sees a request.
#[derive(Clone)]
struct Admission {
    auth: HttpAuth,
    sessions: Arc<ReplicaSessions>,
    store: Option<RedisSessions>,
    max_sessions: usize,
    body_limit: usize,
    body_timeout: Duration,
}

/// The MCP session header: a request without it starts a session.
const SESSION_HEADER: &str = "mcp-session-id";

/// Admits a request that carries the token (401 otherwise, before its body is read), refuses a
/// session the shared store no longer holds (404), reads a POST's body (at most the limit) before
/// rmcp does, so that when rmcp cannot deserialise it the answer can say why, refuses a new
/// session past the bound (503); then rewrites rmcp's plain-text refusals as JSON-RPC errors.
async fn guard(State(admission): State<Admission>, request: Request, next: Next) -> Response {
    if !admission.auth.admits(request.headers()) {
        let mut response = refusal(
            StatusCode::UNAUTHORIZED,
            TRANSPORT_REFUSAL,
            "Unauthorized: send the server's token as `Authorization: Bearer <token>` (the one given in MCP_AUTH_TOKEN or --auth-token-file, else the one the server printed at start).",
            Value::Null,
        );
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Bearer realm=\"mage-mcp-server\""),
        );
        return response;
    }
    let session = request
        .headers()
        .get(SESSION_HEADER)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    if let (Some(store), Some(session)) = (&admission.store, &session) {
        if let Some(ended) = ended_in_the_store(store, &admission.sessions, session).await {
            return ended;
        }
    }
    if request.method() != Method::POST {
        return as_jsonrpc_refusal(next.run(request).await, None).await;
    }
    let (parts, body) = request.into_parts();
    let reading = read_body(body, admission.body_limit, declared_length(&parts.headers));
    let bytes = match tokio::time::timeout(admission.body_timeout, reading).await {
        Ok(Ok(bytes)) => Bytes::from(bytes),
        Ok(Err(refused)) => return refused,
        Err(_) => return too_slow(admission.body_timeout),
    };
    if session.is_none()
        && starts_a_session(&bytes)
        && admission.sessions.live().await >= admission.max_sessions
    {
        let mut response = refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            TRANSPORT_REFUSAL,
            &format!(
                "Too many sessions: {} are live, the most this server keeps (--max-sessions). Close one, or wait for an idle one to end.",
                admission.max_sessions
            ),
            Value::Null,
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
        return response;
    }
    let posted_json = declares_json(&parts.headers);
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes.clone())))
        .await;
    as_jsonrpc_refusal(response, posted_json.then_some(&bytes)).await
}

/// Whether a POST's body is an `initialize` request, the only one that makes a session. Clients
/// of MCP `2026-07-28` send none: their requests are served alone, and count against no bound.
fn starts_a_session(body: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Method<'a> {
        #[serde(borrow)]
        method: Option<std::borrow::Cow<'a, str>>,
    }
    serde_json::from_slice::<Method>(body)
        .ok()
        .and_then(|message| message.method)
        .is_some_and(|method| method == "initialize")
}

/// With a shared store: `None` when the store holds `session` (its idle bound starts again) or
/// cannot be asked (this replica then answers from what it holds); else the 404 a session that
/// ended gets, after this replica lets go of its copy.
async fn ended_in_the_store(
    store: &RedisSessions,
    sessions: &ReplicaSessions,
    session: &str,
) -> Option<Response> {
    match store.touch(session).await {
        Ok(true) => None,
        Ok(false) => {
            let _ = sessions.close_session(&session.to_owned().into()).await;
            Some(refusal(
                StatusCode::NOT_FOUND,
                TRANSPORT_REFUSAL,
                &format!("Not Found: the session has ended (closed, or idle for {} s); start a new session", SESSION_IDLE.as_secs()),
                Value::Null,
            ))
        }
        Err(error) => {
            tracing::warn!("the session store did not answer ({error}); the session is served from this replica's memory if it holds it");
            None
        }
    }
}

/// The body, at most `limit` bytes (a declared length over it is refused before any is read),
/// kept as it arrives: nothing is allocated by the length a client declares. Past the limit, the
/// answer is 413 once the rest is drained.
async fn read_body(
    mut body: Body,
    limit: usize,
    declared: Option<u64>,
) -> Result<Vec<u8>, Response> {
    if declared.is_some_and(|length| length > limit as u64) {
        drain(body).await;
        return Err(too_large(limit));
    }
    let mut kept = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|error| {
            refusal(
                StatusCode::BAD_REQUEST,
                TRANSPORT_REFUSAL,
                &format!("the request body could not be read: {error}"),
                Value::Null,
            )
        })?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if data.len() > limit - kept.len() {
            drain(body).await;
            return Err(too_large(limit));
        }
        kept.extend_from_slice(&data);
    }
    Ok(kept)
}

/// Reads and drops what is left of `body`, within [`DRAIN_BYTES`] and [`DRAIN_TIME`].
async fn drain(mut body: Body) {
    let mut dropped = 0usize;
    let _ = tokio::time::timeout(DRAIN_TIME, async {
        while let Some(Ok(frame)) = body.frame().await {
            dropped += frame.data_ref().map_or(0, |data| data.len());
            if dropped > DRAIN_BYTES {
                break;
            }
        }
    })
    .await;
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// `Content-Type: application/json`, parameters aside (rmcp's own test).
fn declares_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// 408, and the connection closed after it: the body did not arrive within `timeout`.
fn too_slow(timeout: Duration) -> Response {
    let mut response = refusal(
        StatusCode::REQUEST_TIMEOUT,
        TRANSPORT_REFUSAL,
        &format!(
            "Request Timeout: the request body did not arrive within {} s",
            timeout.as_secs_f64()
        ),
        Value::Null,
    );
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// 413, and the connection closed after it: what is left of the body may not have been read.
fn too_large(limit: usize) -> Response {
    let mut response = refusal(
        StatusCode::PAYLOAD_TOO_LARGE,
        INVALID_REQUEST,
        &format!("Invalid Request: the request body exceeds {limit} bytes"),
        Value::Null,
    );
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// rmcp's answer, or, when it is a plain-text refusal, the same status with a JSON-RPC error body.
/// `posted_json` is the body of a POST that declared JSON: rmcp answers 415 to such a POST only
/// when the body does not deserialise, which becomes [`unreadable_message`]'s answer.
async fn as_jsonrpc_refusal(response: Response, posted_json: Option<&Bytes>) -> Response {
    let status = response.status();
    if !status.is_client_error() || declares_json(response.headers()) {
        return response;
    }
    if let (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some(body)) = (status, posted_json) {
        let unreadable = unreadable_message(body);
        return refusal(
            StatusCode::BAD_REQUEST,
            unreadable.code,
            &unreadable.message,
            unreadable.id,
        );
    }
    let (mut parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, MAX_REFUSAL_TEXT_BYTES).await {
        Ok(text) => String::from_utf8_lossy(&text).trim().to_owned(),
        Err(_) => status.canonical_reason().unwrap_or("refused").to_owned(),
    };
    let mut rewritten = refusal(status, TRANSPORT_REFUSAL, &text, Value::Null);
    // rmcp's other headers (`Allow` on a 405) stay.
    parts.headers.remove(header::CONTENT_TYPE);
    parts.headers.remove(header::CONTENT_LENGTH);
    rewritten.headers_mut().extend(parts.headers);
    rewritten
}

/// Why a body is no MCP message, in JSON-RPC's terms.
#[derive(Debug, PartialEq)]
pub struct Unreadable {
    pub code: i64,
    pub message: String,
    /// The request's id when one can be read (JSON-RPC: null otherwise).
    pub id: Value,
}

/// A body that is not JSON (syntax, invalid UTF-8, a lone surrogate escape, nesting past serde_json's
/// recursion limit) is a parse error; JSON that rmcp cannot take as a client message is an invalid
/// request, answered with the request's id when it has a usable one.
pub fn unreadable_message(body: &[u8]) -> Unreadable {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => {
            return Unreadable {
                code: PARSE_ERROR,
                message: format!("Parse error: {}", bounded(&error.to_string())),
                id: Value::Null,
            }
        }
    };
    let reason = match serde_json::from_value::<ClientJsonRpcMessage>(value.clone()) {
        Ok(_) => "not a message this server takes".to_owned(),
        Err(error) => error.to_string(),
    };
    Unreadable {
        code: INVALID_REQUEST,
        message: format!("Invalid Request: {}", bounded(&reason)),
        id: usable_id(&value),
    }
}

/// A JSON-RPC id is a string or a number; anything else cannot be echoed.
fn usable_id(message: &Value) -> Value {
    match message.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    }
}

/// `text` redacted (serde's messages can quote the input), then cut to [`MAX_REASON_CHARS`]
/// characters.
fn bounded(text: &str) -> String {
    let text = secret_redaction::redact_text(text);
    match text.char_indices().nth(MAX_REASON_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A JSON-RPC error response with HTTP `status`.
fn refusal(status: StatusCode, code: i64, message: &str, id: Value) -> Response {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    let mut response = Response::new(Body::from(body.to_string()));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// Ctrl-C, or SIGTERM where there is one (what a process manager or a script's `kill` sends).
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut terminate) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::CredentialSource;
    use crate::demo::{DemoBackend, Project};
    use crate::server::ServerOptions;
    use crate::widget::WidgetResource;
    use std::collections::BTreeSet;
    use std::time::Duration;
    use tower::ServiceExt;

    const TOKEN: &str = "in-process-token-0123456789";

    /// The HTTP router over the demo project, as `serve` builds it.
    fn demo_router(auth: HttpAuth, max_sessions: usize) -> axum::Router {
        demo_router_with(auth, max_sessions, ReadTimeouts::default())
    }

    /// [`demo_router`] with `read_timeouts`.
    fn demo_router_with(
        auth: HttpAuth,
        max_sessions: usize,
        read_timeouts: ReadTimeouts,
    ) -> axum::Router {
        let project = Project::embedded().expect("the embedded demo project");
        let demo = DemoBackend::new(project);
        let server = MageMcpServer::new(
            ServerOptions {
                own_secrets: demo.secrets(),
                backend: Arc::new(demo),
                widget: WidgetResource::from_bytes("w.html".into(), b"<!doctype html>".to_vec())
                    .expect("widget"),
                credentials: CredentialSource::new(None),
                failing_tools: BTreeSet::new(),
                call_deadline: Duration::from_secs(30),
            },
            crate::tools::router(),
        );
        let options = HttpOptions {
            address: "127.0.0.1:0".parse().expect("address"),
            allow_origins: Vec::new(),
            allow_hosts: Vec::new(),
            max_request_bytes: DEFAULT_MAX_REQUEST_BYTES,
            auth,
            max_sessions,
            read_timeouts,
            session_store: None,
        };
        router(server, &options, CancellationToken::new())
    }

    /// One POST to `/mcp`: the status, the session header and the JSON-RPC message answered (read
    /// from an event stream or a JSON body).
    async fn post(
        app: &axum::Router,
        token: Option<&str>,
        session: Option<&str>,
        body: Value,
    ) -> (StatusCode, HeaderMap, Value) {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(session) = session {
            request = request
                .header(SESSION_HEADER, session)
                .header("mcp-protocol-version", "2025-06-18");
        }
        let request = request.body(Body::from(body.to_string())).expect("request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        let (parts, body) = response.into_parts();
        let bytes = tokio::time::timeout(
            Duration::from_secs(20),
            axum::body::to_bytes(body, 16 << 20),
        )
        .await
        .expect("the body ends")
        .expect("a body");
        let text = String::from_utf8_lossy(&bytes);
        let message = text
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .find(|m| m.get("id").is_some())
            .or_else(|| serde_json::from_str(&text).ok())
            .unwrap_or(Value::Null);
        (parts.status, parts.headers, message)
    }

    /// An initialised session; its id.
    async fn open_session(app: &axum::Router, token: Option<&str>) -> Result<String, StatusCode> {
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}});
        let (status, headers, _) = post(app, token, None, init).await;
        if status != StatusCode::OK {
            return Err(status);
        }
        let id = headers
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .expect("a session id")
            .to_owned();
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let (status, _, _) = post(app, token, Some(&id), initialized).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        Ok(id)
    }

    async fn call_tool(app: &axum::Router, session: &str, tool: &str, arguments: Value) -> Value {
        let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": tool, "arguments": arguments}});
        let (status, _, message) = post(app, Some(TOKEN), Some(session), body).await;
        assert_eq!(status, StatusCode::OK, "{tool}: {message}");
        message["result"].clone()
    }

    #[tokio::test]
    async fn a_request_without_the_token_is_refused_before_it_is_read() {
        let app = demo_router(HttpAuth::given(TOKEN, "a test").expect("token"), 8);
        for token in [None, Some("in-process-token-012345678"), Some("wrong")] {
            let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
            let (status, headers, message) = post(&app, token, None, init).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{token:?}");
            assert_eq!(
                headers
                    .get(header::WWW_AUTHENTICATE)
                    .and_then(|v| v.to_str().ok()),
                Some("Bearer realm=\"mage-mcp-server\"")
            );
            assert_eq!(message["error"]["code"], TRANSPORT_REFUSAL);
            assert!(!message.to_string().contains(TOKEN));
        }
        assert!(open_session(&app, Some(TOKEN)).await.is_ok());
        let open = demo_router(HttpAuth::Off, 8);
        assert!(
            open_session(&open, None).await.is_ok(),
            "--no-auth admits anyone"
        );
    }

    #[tokio::test]
    async fn sessions_past_the_bound_are_refused_with_503() {
        let app = demo_router(HttpAuth::given(TOKEN, "a test").expect("token"), 2);
        let first = open_session(&app, Some(TOKEN)).await.expect("first");
        open_session(&app, Some(TOKEN)).await.expect("second");
        assert_eq!(
            open_session(&app, Some(TOKEN)).await,
            Err(StatusCode::SERVICE_UNAVAILABLE)
        );
        // A live session still works.
        let listed = call_tool(&app, &first, "pipeline_list", json!({})).await;
        assert_eq!(listed["structuredContent"]["kind"], "svc_resource_widget");
    }

    #[tokio::test]
    async fn what_one_session_sends_never_changes_another_sessions_results() {
        let app = demo_router(HttpAuth::given(TOKEN, "a test").expect("token"), 8);
        let a = open_session(&app, Some(TOKEN)).await.expect("a");
        let b = open_session(&app, Some(TOKEN)).await.expect("b");
        let checksum = "9f86d081884c7d659a2feaa0c55ad015";
        let described = format!("checksum {checksum} of the last drop");
        let updated = call_tool(
            &app,
            &b,
            "pipeline_update",
            json!({"uuid": "etl_daily", "description": described}),
        )
        .await;
        assert_ne!(updated["isError"], true, "{updated}");
        let before = call_tool(&app, &b, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        // Session a sends a pipeline's uuid and the checksum as tokens (a prompt injection could).
        let run = call_tool(
            &app,
            &a,
            "run_pipeline",
            json!({"pipeline_uuid": "etl_daily",
            "payload": {"token": "etl_daily", "api_key": checksum}}),
        )
        .await;
        assert_ne!(run["isError"], true, "{run}");
        let after = call_tool(&app, &b, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        let redactions = |v: &Value| v.to_string().matches("[redacted]").count();
        assert_eq!(redactions(&after), redactions(&before), "{after}");
        assert_eq!(
            after["structuredContent"]["records"][0]["description"],
            before["structuredContent"]["records"][0]["description"]
        );
        assert!(
            after.to_string().contains(checksum),
            "b's own data is shown as it is"
        );
        assert_eq!(
            after["structuredContent"]["records"][0]["uuid"],
            "etl_daily"
        );
        // Session a learnt the checksum as a credential; a name it did not learn.
        let seen_by_a = call_tool(&app, &a, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        assert!(!seen_by_a.to_string().contains(checksum), "{seen_by_a}");
        assert_eq!(
            seen_by_a["structuredContent"]["records"][0]["uuid"],
            "etl_daily"
        );
    }

    #[test]
    fn a_body_that_is_not_json_is_a_parse_error() {
        for body in [
            &b""[..],
            b"{",
            b"not json",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} trailing",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\\ud800\"}",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\xfe\"}",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\0b\"}",
        ] {
            let answer = unreadable_message(body);
            assert_eq!(
                answer.code,
                PARSE_ERROR,
                "{:?}",
                String::from_utf8_lossy(body)
            );
            assert_eq!(answer.id, Value::Null);
            assert!(
                answer.message.starts_with("Parse error: "),
                "{}",
                answer.message
            );
        }
    }

    #[test]
    fn nesting_past_the_recursion_limit_is_a_parse_error_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert_eq!(unreadable_message(deep.as_bytes()).code, PARSE_ERROR);
    }

    #[test]
    fn json_that_is_no_message_is_an_invalid_request_with_its_id_when_usable() {
        let cases = [
            (json!([]), Value::Null),
            (json!(42), Value::Null),
            (json!({"jsonrpc": "2.0"}), Value::Null),
            (json!({"id": 7, "result": {}, "error": {}}), json!(7)),
            (
                json!({"jsonrpc": "2.0", "id": {"no": 1}, "method": "ping"}),
                Value::Null,
            ),
            (
                json!({"jsonrpc": "1.0", "id": "a", "method": "ping"}),
                json!("a"),
            ),
        ];
        for (body, id) in cases {
            let answer = unreadable_message(body.to_string().as_bytes());
            assert_eq!(answer.code, INVALID_REQUEST, "{body}");
            assert_eq!(answer.id, id, "{body}");
            assert!(
                answer.message.starts_with("Invalid Request: "),
                "{}",
                answer.message
            );
        }
    }

    #[test]
    fn a_quoted_reason_is_cut_to_a_bound() {
        let long = "é".repeat(MAX_REASON_CHARS * 5);
        let cut = bounded(&long);
        assert_eq!(cut.chars().count(), MAX_REASON_CHARS + 1);
        assert_eq!(bounded("short"), "short");
    }

    #[test]
    fn a_quoted_reason_is_redacted_before_it_is_cut() {
        // The cut falls inside the password: what is kept has `://` but no `@`.
        let kept_of_url = " postgresql://admin:hun";
        let padding = "x".repeat(MAX_REASON_CHARS - kept_of_url.len());
        let cut = bounded(&format!(
            "{padding} postgresql://admin:hunter2@db.internal:5432/warehouse"
        ));
        assert!(!cut.contains("admin:hun"), "{cut}");
        let key = format!(
            "invalid value: -----BEGIN RSA PRIVATE KEY-----\n{}-----END RSA PRIVATE KEY-----",
            "MIIEowIBAAKCAQEAkeyBODYsecretLINE\n".repeat(20)
        );
        assert!(!bounded(&key).contains("keyBODY"), "{}", bounded(&key));
    }

    #[test]
    fn only_a_json_content_type_counts_as_json() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(value));
            declares_json(&headers)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=utf-8"));
        assert!(!with("text/plain"));
        assert!(!with("application/json-seq"));
        assert!(!declares_json(&HeaderMap::new()));
    }

    fn status_of(result: Result<Vec<u8>, Response>) -> Result<Vec<u8>, StatusCode> {
        result.map_err(|response| response.status())
    }

    #[tokio::test]
    async fn nothing_is_allocated_by_the_length_a_client_declares() {
        // A client declares as much as the limit allows, and sends ten bytes.
        let limit = 1 << 30;
        let kept = read_body(Body::from(vec![b'x'; 10]), limit, Some(limit as u64))
            .await
            .expect("kept");
        assert_eq!(kept.len(), 10);
        assert!(kept.capacity() < 4096, "{} bytes reserved", kept.capacity());
    }

    /// A body that sends its first bytes and then nothing, ever.
    struct StalledBody {
        sent: bool,
    }

    impl hyper::body::Body for StalledBody {
        type Data = Bytes;
        type Error = std::convert::Infallible;

        fn poll_frame(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
            if self.sent {
                return std::task::Poll::Pending;
            }
            self.sent = true;
            std::task::Poll::Ready(Some(Ok(hyper::body::Frame::data(Bytes::from_static(
                b"{\"jsonrpc\": \"2.0\",",
            )))))
        }
    }

    /// Bounds a wait in a test of a timeout far shorter than it: a server that does not cut the
    /// client off fails the test instead of hanging it.
    const GUARD: Duration = Duration::from_secs(30);

    #[tokio::test]
    async fn a_body_that_stops_coming_is_answered_408() {
        let timeouts = ReadTimeouts {
            body: Duration::from_millis(300),
            ..ReadTimeouts::default()
        };
        let app = demo_router_with(
            HttpAuth::given(TOKEN, "a test").expect("token"),
            8,
            timeouts,
        );
        let request = Request::builder()
            .method(Method::POST)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {TOKEN}"))
            .body(Body::new(StalledBody { sent: false }))
            .expect("request");
        let response = tokio::time::timeout(GUARD, app.oneshot(request))
            .await
            .expect("the server answered a stalled body")
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        assert_eq!(
            response
                .headers()
                .get(header::CONNECTION)
                .and_then(|v| v.to_str().ok()),
            Some("close")
        );
    }

    /// The demo served on a loopback port with `headers_timeout`, until `stop`, calls in flight
    /// not waited for: its address, and the task that ends when serving does.
    async fn serve_demo(
        headers_timeout: Duration,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> (SocketAddr, tokio::task::JoinHandle<()>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address");
        let app = demo_router(HttpAuth::given(TOKEN, "a test").expect("token"), 8);
        let serving = tokio::spawn(serve_on(
            listener,
            app,
            headers_timeout,
            stop,
            Drain {
                wait: Duration::ZERO,
                then: CancellationToken::new(),
            },
        ));
        (address, serving)
    }

    /// Whether the server closes a connection on which a client sent `sent` and then nothing.
    async fn closes_a_connection_that_sent(sent: &[u8]) -> bool {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (address, _serving) =
            serve_demo(Duration::from_millis(300), std::future::pending()).await;
        let mut socket = tokio::net::TcpStream::connect(address)
            .await
            .expect("connect");
        socket.write_all(sent).await.expect("send");
        let mut buffer = vec![0_u8; 4096];
        let closed = async {
            while let Ok(read @ 1..) = socket.read(&mut buffer).await {
                let _ = read;
            }
        };
        tokio::time::timeout(GUARD, closed).await.is_ok()
    }

    #[test]
    fn a_first_request_is_waited_for_from_its_first_bytes_until_it_is_routed() {
        let unread = InFlight::default();
        let first = FirstRequest::accepted(&unread);
        assert_eq!(unread.count(), 1, "accepted, not read yet");
        first.read(false);
        assert_eq!(unread.count(), 0, "nothing to read: an idle connection");
        first.read(true);
        assert_eq!(unread.count(), 1, "its first bytes");
        first.read(false);
        assert_eq!(unread.count(), 1, "the rest of its headers still to come");
        first.done();
        assert_eq!(unread.count(), 0, "routed");
        first.read(true);
        assert_eq!(unread.count(), 0, "later requests are the connection's own");
    }

    #[tokio::test]
    async fn an_idle_connection_does_not_hold_a_stop() {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        // Headers may take far longer than the test waits: only an idle connection's not being
        // waited for lets the stop end in time.
        let (address, serving) = serve_demo(GUARD * 4, async {
            let _ = stopped.await;
        })
        .await;
        // A client's pool opens a connection ahead of its requests, and sends nothing.
        let idle = tokio::net::TcpStream::connect(address)
            .await
            .expect("connect");
        let _ = stop.send(());
        let ended = tokio::time::timeout(GUARD, serving).await;
        assert!(ended.is_ok(), "the stop waited for the idle connection");
        drop(idle);
    }

    #[tokio::test]
    async fn a_client_that_sends_its_headers_slowly_is_cut_off() {
        assert!(closes_a_connection_that_sent(b"").await, "nothing sent");
        assert!(
            closes_a_connection_that_sent(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n").await,
            "headers begun, never ended"
        );
    }

    #[tokio::test]
    async fn a_body_up_to_the_limit_is_kept_and_one_past_it_is_413() {
        let at = read_body(Body::from(vec![b'x'; 10]), 10, None).await;
        assert_eq!(status_of(at).map(|b| b.len()), Ok(10));
        let over = read_body(Body::from(vec![b'x'; 11]), 10, None).await;
        assert_eq!(status_of(over), Err(StatusCode::PAYLOAD_TOO_LARGE));
        let declared = read_body(Body::from(vec![b'x'; 5]), 10, Some(11)).await;
        assert_eq!(status_of(declared), Err(StatusCode::PAYLOAD_TOO_LARGE));
    }

    #[test]
    fn only_the_exact_token_as_a_bearer_credential_is_admitted() {
        let auth = HttpAuth::given("0123456789abcdef-token", "a test").expect("a token");
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, HeaderValue::from_static(value));
            auth.admits(&headers)
        };
        assert!(with("Bearer 0123456789abcdef-token"));
        assert!(with("bearer  0123456789abcdef-token "));
        assert!(!with("Bearer 0123456789abcdef-toke"));
        assert!(!with("Bearer 0123456789abcdef-token2"));
        assert!(!with("Basic 0123456789abcdef-token"));
        assert!(!with("0123456789abcdef-token"));
        assert!(!with("Bearer"));
        assert!(!auth.admits(&HeaderMap::new()));
        assert!(HttpAuth::Off.admits(&HeaderMap::new()));
    }

    #[test]
    fn a_given_token_is_long_enough_and_fits_a_header_and_a_made_one_is_random() {
        assert!(HttpAuth::given("short", "a test").is_err());
        assert!(HttpAuth::given("0123456789abcdef with space", "a test").is_err());
        assert!(HttpAuth::given("0123456789abcdéf", "a test").is_err());
        let (Ok(HttpAuth::Bearer { token: a, .. }), Ok(HttpAuth::Bearer { token: b, .. })) =
            (HttpAuth::generated(), HttpAuth::generated())
        else {
            panic!("a token is made");
        };
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }

    #[test]
    fn only_a_made_token_is_announced_in_full() {
        let given = HttpAuth::given("given-token-0123456789", "$MCP_AUTH_TOKEN").expect("a token");
        assert!(!given.announcement().contains("given-token-0123456789"));
        assert!(given.announcement().contains("$MCP_AUTH_TOKEN"));
        let Ok(made @ HttpAuth::Bearer { .. }) = HttpAuth::generated() else {
            panic!("a token is made");
        };
        let HttpAuth::Bearer { token, .. } = &made else {
            panic!("a bearer token");
        };
        assert!(made.announcement().contains(token.as_ref()));
    }

    #[test]
    fn a_declared_length_is_read_when_it_is_a_number() {
        let mut headers = HeaderMap::new();
        assert_eq!(declared_length(&headers), None);
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("123"));
        assert_eq!(declared_length(&headers), Some(123));
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("-1"));
        assert_eq!(declared_length(&headers), None);
    }
}
