//! The server's HTTP router built in this process, as `mage-mcp-server --http` builds it (the
//! library's `http::router` over the demo project, the widget file given as `--widget`, the token
//! of [`TEST_HTTP_TOKEN`]): requests go to it with `tower::ServiceExt::oneshot`, or, where a test
//! needs a real socket, to the router served on a free loopback port in this process. What would
//! stop the binary (an abort, a stack overflow) stops the test itself here.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use mage_mcp_server::config::CredentialSource;
use mage_mcp_server::demo::{DemoBackend, Project};
use mage_mcp_server::http::{self, HttpAuth, HttpOptions};
use mage_mcp_server::server::{MageMcpServer, ServerOptions, DEFAULT_CALL_DEADLINE};
use mage_mcp_server::tools;
use mage_mcp_server::widget::WidgetResource;
use tokio_util::sync::CancellationToken;

use crate::common::{TestWidget, TEST_HTTP_TOKEN};

/// The `Host` a client on this machine sends to the default address.
pub const LOOPBACK_HOST: &str = "127.0.0.1:3001";

/// The options `--http 127.0.0.1:0` gives, with `MCP_AUTH_TOKEN` set to [`TEST_HTTP_TOKEN`].
pub fn default_options() -> HttpOptions {
    HttpOptions {
        address: "127.0.0.1:0".parse().expect("a socket address"),
        allow_origins: Vec::new(),
        allow_hosts: Vec::new(),
        max_request_bytes: http::DEFAULT_MAX_REQUEST_BYTES,
        auth: HttpAuth::given(TEST_HTTP_TOKEN, "$MCP_AUTH_TOKEN").expect("the test token"),
        max_sessions: http::DEFAULT_MAX_SESSIONS,
        read_timeouts: http::ReadTimeouts::default(),
        session_store: None,
    }
}

/// The router over the embedded demo project serving `widget`, with `options`.
pub fn demo_router(widget: &TestWidget, options: &HttpOptions) -> axum::Router {
    let demo = DemoBackend::new(Project::embedded().expect("the embedded demo project"));
    let server = MageMcpServer::new(
        ServerOptions {
            own_secrets: demo.secrets(),
            backend: Arc::new(demo),
            widget: WidgetResource::load(Some(&widget.path)).expect("the test widget"),
            credentials: CredentialSource::new(None),
            failing_tools: BTreeSet::new(),
            call_deadline: DEFAULT_CALL_DEADLINE,
        },
        tools::router(),
    );
    http::router(server, options, CancellationToken::new())
}

/// `router` served on a free loopback port by a task of this process; the task ends when this is
/// dropped.
pub struct ServedRouter {
    pub url: String,
    task: tokio::task::JoinHandle<()>,
}

impl ServedRouter {
    pub async fn start(router: axum::Router) -> ServedRouter {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let address = listener.local_addr().expect("the bound address");
        let task = tokio::spawn(async move {
            axum::serve(listener, router)
                .await
                .expect("the HTTP server");
        });
        ServedRouter {
            url: format!("http://{address}/mcp"),
            task,
        }
    }

    /// The serving task has not ended.
    pub fn is_running(&self) -> bool {
        !self.task.is_finished()
    }
}

impl Drop for ServedRouter {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// How long one request to the router may take, its body read whole.
const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// One request to `router` as a client on this machine sends it (with a `Host`, unless `headers`
/// name one, and the body's length): the status, the headers and the whole body.
pub async fn oneshot(
    router: &axum::Router,
    method: Method,
    mut headers: HeaderMap,
    body: Vec<u8>,
) -> (StatusCode, HeaderMap, Bytes) {
    use tower::ServiceExt;
    if !headers.contains_key(header::HOST) {
        headers.insert(header::HOST, HeaderValue::from_static(LOOPBACK_HOST));
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    let mut request = Request::builder()
        .method(method)
        .uri("/mcp")
        .body(Body::from(body))
        .expect("a request");
    *request.headers_mut() = headers;
    tokio::time::timeout(REQUEST_TIMEOUT, async {
        let response = router.clone().oneshot(request).await.expect("an answer");
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX)
            .await
            .expect("the body");
        (parts.status, parts.headers, bytes)
    })
    .await
    .expect("the router answers within its time bound")
}
