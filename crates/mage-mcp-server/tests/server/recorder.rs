//! A recording HTTP server on a free loopback port: every request it receives is kept (method,
//! path, query). Without an upstream it answers every request with an empty list, as a stand-in
//! cluster; with one (a real Mage server) it forwards each request there and relays the answer, so
//! a test can show which requests reached the cluster and which never left the MCP server. A
//! stalled recorder ([`start_stalled`]) answers nothing and notes `GONE <request>` when the MCP
//! server drops a request it was waiting on (a call cancelled, or past its deadline).

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::Response;

/// One request as the recorder received it: `METHOD /path?query`.
pub type Seen = String;

struct Shared {
    seen: Mutex<Vec<Seen>>,
    upstream: Option<String>,
    stalled: bool,
    http: reqwest::Client,
}

/// Notes `GONE <request>` when the handler of a stalled request is dropped.
struct GoneWhenDropped {
    shared: Arc<Shared>,
    line: String,
}

impl Drop for GoneWhenDropped {
    fn drop(&mut self) {
        if let Ok(mut seen) = self.shared.seen.lock() {
            seen.push(format!("GONE {}", self.line));
        }
    }
}

pub struct Recorder {
    pub url: String,
    shared: Arc<Shared>,
}

impl Recorder {
    /// Every request so far, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.shared.seen.lock().expect("lock").clone()
    }
}

/// The headers a Mage request carries that the proxy passes on (credentials and the body's type).
const FORWARDED_HEADERS: &[&str] = &[
    "x-api-key",
    "oauth-token",
    "cookie",
    "content-type",
    "accept",
];

async fn forward(shared: &Shared, upstream: &str, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let target = format!(
        "{upstream}{}",
        parts.uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let bytes = axum::body::to_bytes(body, 64 << 20)
        .await
        .unwrap_or_default();
    let mut outgoing = shared
        .http
        .request(parts.method.clone(), target)
        .body(bytes);
    for name in FORWARDED_HEADERS {
        if let Some(value) = parts.headers.get(*name) {
            outgoing = outgoing.header(*name, value.clone());
        }
    }
    match outgoing.send().await {
        Ok(answer) => {
            let status = answer.status();
            let bytes = answer.bytes().await.unwrap_or_default();
            Response::builder()
                .status(status)
                .header("content-type", "application/json")
                .body(Body::from(bytes))
                .expect("response")
        }
        Err(_) => Response::builder()
            .status(502)
            .body(Body::empty())
            .expect("response"),
    }
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let line = format!(
        "{} {}",
        request.method(),
        request.uri().path_and_query().map_or("/", |p| p.as_str())
    );
    shared.seen.lock().expect("lock").push(line.clone());
    if shared.stalled {
        let _gone = GoneWhenDropped {
            shared: shared.clone(),
            line,
        };
        std::future::pending::<()>().await;
    }
    match &shared.upstream {
        Some(upstream) => forward(&shared, upstream, request).await,
        None => Response::builder()
            .status(200)
            .header("content-type", "application/json")
            .body(Body::from(
                r#"{"pipelines": [], "pipeline_runs": [], "metadata": {"count": 0, "next": false}}"#,
            ))
            .expect("response"),
    }
}

/// Starts the recorder; `upstream` is the server it forwards to (`http://127.0.0.1:6789`), if any.
pub async fn start(upstream: Option<&str>) -> Recorder {
    serve(upstream, false).await
}

/// Starts a recorder that never answers (a cluster that hangs).
pub async fn start_stalled() -> Recorder {
    serve(None, true).await
}

impl Recorder {
    /// Waits (at most `limit`) until a request line starting with `prefix` is seen.
    pub async fn wait_for(&self, prefix: &str, limit: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        while tokio::time::Instant::now() < deadline {
            if self.seen().iter().any(|line| line.starts_with(prefix)) {
                return true;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        false
    }
}

async fn serve(upstream: Option<&str>, stalled: bool) -> Recorder {
    crate::common::install_tls_provider();
    let shared = Arc::new(Shared {
        seen: Mutex::new(Vec::new()),
        stalled,
        upstream: upstream.map(|u| u.trim_end_matches('/').to_owned()),
        http: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client"),
    });
    let app = axum::Router::new()
        .fallback(handle)
        .with_state(shared.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Recorder { url, shared }
}
