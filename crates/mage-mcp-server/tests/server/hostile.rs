//! Hostile input on the Streamable HTTP transport, sent as raw HTTP requests: malformed JSON-RPC,
//! wrong content types, bodies over the limit, deep nesting, megabyte strings, huge and negative
//! paging values, unknown tools, methods and sessions, foreign Origin and Host, NUL and lone
//! surrogates. Each answer is checked (status, JSON-RPC error code, tool error code), and after
//! each the server still answers a normal tool call.
//!
//! The requests go to the HTTP router in process (`in_process`: `oneshot`, or the router served
//! on a loopback port for a body streamed over a socket). Two tests drive the binary over HTTP:
//! megabyte payloads leave the server process's resident memory under a bound, and the body limit
//! is a flag (`--max-request-bytes`); after each of their requests the process still runs.

use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE, HOST, ORIGIN};
use reqwest::Method;
use serde_json::{json, Value};

use crate::common::*;
use crate::in_process::{default_options, demo_router, oneshot, ServedRouter};

const ACCEPT_BOTH: &str = "application/json, text/event-stream";
const PROTOCOL_VERSION: &str = "2025-06-18";
const SESSION_HEADER: &str = "mcp-session-id";
/// The server's default request body limit (`--max-request-bytes`).
const BODY_LIMIT: usize = 4 * 1024 * 1024;
const MIB: usize = 1024 * 1024;
/// Resident memory the server may reach after the megabyte payloads: twice what a debug build
/// holds after them, for a 3 MiB body costs a few copies while it is answered.
const RSS_BOUND_KIB: u64 = 128 * 1024;
/// How much more it may hold after the last round of them than after the first.
const RSS_GROWTH_BOUND_KIB: u64 = 16 * 1024;
const ROUNDS: usize = 4;

/// An answer: the HTTP status and the JSON-RPC message in it (a JSON body, or the last message of
/// an event stream), `Value::Null` when there is none.
#[derive(Debug)]
struct Answer {
    status: u16,
    message: Value,
    session: Option<String>,
}

/// The answer of `status`, `headers` and the whole body; an event stream's `data:` lines are the
/// messages.
fn answer(status: u16, headers: &HeaderMap, bytes: &[u8]) -> Answer {
    let session = headers
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = String::from_utf8_lossy(bytes);
    let message = serde_json::from_str(&text).unwrap_or_else(|_| {
        text.lines()
            .rev()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .unwrap_or(Value::Null)
    });
    Answer {
        status,
        message,
        session,
    }
}

fn rpc(id: u64, method: &str, params: Value) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        .to_string()
        .into_bytes()
}

fn tool_call(name: &str, arguments: Value) -> Vec<u8> {
    rpc(
        2,
        "tools/call",
        json!({"name": name, "arguments": arguments}),
    )
}

/// A tools/call of `tool` whose arguments are `arguments` as they are, valid JSON or not.
fn raw_tool_call(tool: &str, arguments: &[u8]) -> Vec<u8> {
    [
        format!(r#"{{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{{"name":"{tool}","arguments":"#).as_bytes(),
        arguments,
        b"}}",
    ]
    .concat()
}

/// Where a session's requests go.
enum Via {
    /// The HTTP router, called in process.
    Router(axum::Router),
    /// A server at a URL (the binary, or the router served on a loopback port), over a plain HTTP
    /// client.
    Url { http: reqwest::Client, url: String },
}

impl Via {
    fn url(url: &str) -> Via {
        install_tls_provider();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("HTTP client");
        Via::Url {
            http,
            url: url.to_owned(),
        }
    }

    /// The answer to one request; `what` names it when there is none.
    async fn request(
        &self,
        method: Method,
        headers: HeaderMap,
        body: Vec<u8>,
        what: &str,
    ) -> Answer {
        match self {
            Via::Router(router) => {
                let (status, headers, bytes) = oneshot(router, method, headers, body).await;
                answer(status.as_u16(), &headers, &bytes)
            }
            Via::Url { http, url } => {
                let sent = http.request(method, url).headers(headers).body(body).send();
                match sent.await {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        let headers = response.headers().clone();
                        let bytes = response.bytes().await.unwrap_or_default();
                        answer(status, &headers, &bytes)
                    }
                    Err(error) => panic!("{what}: no HTTP answer: {error}"),
                }
            }
        }
    }
}

/// An initialised MCP session over raw HTTP.
struct Session {
    via: Via,
    id: String,
}

impl Session {
    async fn open(via: Via) -> Session {
        let init = rpc(
            1,
            "initialize",
            json!({"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "hostile-input", "version": "0"}}),
        );
        let opened = via
            .request(Method::POST, json_headers(), init, "initialize")
            .await;
        assert_eq!(opened.status, 200, "{opened:?}");
        let id = opened.session.expect("a session id");
        let session = Session { via, id };
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let notified = session
            .send(&Hostile::new(
                "initialized",
                initialized.to_string().into_bytes(),
            ))
            .await;
        assert_eq!(notified.status, 202, "{notified:?}");
        session
    }

    async fn send(&self, hostile: &Hostile) -> Answer {
        let value = |text: &str| HeaderValue::from_str(text).expect("a header value");
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, value(&bearer()));
        headers.insert(ACCEPT, value(hostile.accept));
        if let Some(content_type) = hostile.content_type {
            headers.insert(CONTENT_TYPE, value(content_type));
        }
        match &hostile.session {
            SessionHeader::Own => _ = headers.insert(SESSION_HEADER, value(&self.id)),
            SessionHeader::Absent => {}
            SessionHeader::Other(id) => _ = headers.insert(SESSION_HEADER, value(id)),
        }
        if hostile.session != SessionHeader::Absent {
            headers.insert("mcp-protocol-version", value(PROTOCOL_VERSION));
        }
        if let Some(origin) = hostile.origin {
            headers.insert(ORIGIN, value(origin));
        }
        if let Some(host) = hostile.host {
            headers.insert(HOST, value(host));
        }
        let (method, body) = (hostile.method.clone(), hostile.body.clone());
        self.via.request(method, headers, body, hostile.what).await
    }

    /// A normal tool call still answers with a widget result.
    async fn still_serves(&self, after: &str) {
        let served = self
            .send(&Hostile::new(
                "normal",
                tool_call("pipeline_list", json!({})),
            ))
            .await;
        assert_eq!(served.status, 200, "after {after}: {served:?}");
        assert_eq!(
            served.message["result"]["structuredContent"]["kind"], "svc_resource_widget",
            "after {after}: {}",
            served.message
        );
    }
}

fn json_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(ACCEPT, HeaderValue::from_static(ACCEPT_BOTH));
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if let Ok(bearer) = HeaderValue::from_str(&bearer()) {
        headers.insert(AUTHORIZATION, bearer);
    }
    headers
}

#[derive(Debug, Clone, PartialEq)]
enum SessionHeader {
    Own,
    Absent,
    Other(String),
}

/// What a hostile request must get back.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    /// Refused at the HTTP level: this status, a JSON-RPC error object with this code.
    Refused { status: u16, code: i64 },
    /// HTTP 200 carrying a JSON-RPC error with this code.
    RpcError(i64),
    /// HTTP 200 carrying a tool result with `isError` and this envelope code.
    ToolError(&'static str),
    /// HTTP 200 carrying a tool result that is no error.
    ToolResult,
    /// HTTP 202 and no body.
    Accepted,
}

/// One hostile request: the defaults are a well-formed POST in the open session.
struct Hostile {
    what: &'static str,
    method: Method,
    accept: &'static str,
    content_type: Option<&'static str>,
    session: SessionHeader,
    origin: Option<&'static str>,
    host: Option<&'static str>,
    body: Vec<u8>,
    expect: Expect,
}

impl Hostile {
    fn new(what: &'static str, body: Vec<u8>) -> Hostile {
        Hostile {
            what,
            method: Method::POST,
            accept: ACCEPT_BOTH,
            content_type: Some("application/json"),
            session: SessionHeader::Own,
            origin: None,
            host: None,
            body,
            expect: Expect::ToolResult,
        }
    }

    fn expect(mut self, expect: Expect) -> Hostile {
        self.expect = expect;
        self
    }

    fn refused(self, status: u16, code: i64) -> Hostile {
        self.expect(Expect::Refused { status, code })
    }
}

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;
const TRANSPORT_REFUSAL: i64 = -32000;

fn malformed() -> Vec<Hostile> {
    vec![
        Hostile::new(
            "truncated JSON",
            br#"{"jsonrpc":"2.0","id":1,"method":"#.to_vec(),
        )
        .refused(400, PARSE_ERROR),
        Hostile::new("text that is not JSON", b"hello".to_vec()).refused(400, PARSE_ERROR),
        Hostile::new("an empty body", Vec::new()).refused(400, PARSE_ERROR),
        Hostile::new(
            "JSON followed by more text",
            [rpc(1, "ping", json!({})), b" trailing".to_vec()].concat(),
        )
        .refused(400, PARSE_ERROR),
        Hostile::new("a bare number", b"42".to_vec()).refused(400, INVALID_REQUEST),
        Hostile::new(
            "an object with neither method, result nor error",
            br#"{"jsonrpc":"2.0","id":5}"#.to_vec(),
        )
        .refused(400, INVALID_REQUEST),
        Hostile::new(
            "a batch (MCP 2025-06-18 has none)",
            format!("[{}]", String::from_utf8_lossy(&rpc(1, "ping", json!({})))).into_bytes(),
        )
        .refused(400, INVALID_REQUEST),
        Hostile::new(
            "an object as id",
            br#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#.to_vec(),
        )
        .refused(400, INVALID_REQUEST),
        Hostile::new(
            "jsonrpc 1.0",
            br#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#.to_vec(),
        )
        .refused(400, INVALID_REQUEST),
        Hostile::new(
            "tools/call without params",
            br#"{"jsonrpc":"2.0","id":9,"method":"tools/call"}"#.to_vec(),
        )
        .expect(Expect::RpcError(INVALID_PARAMS)),
        Hostile::new(
            "resources/read with a number as uri",
            br#"{"jsonrpc":"2.0","id":11,"method":"resources/read","params":{"uri":5}}"#.to_vec(),
        )
        .expect(Expect::RpcError(INVALID_PARAMS)),
        Hostile::new("an unknown method", rpc(10, "no/such/method", json!({})))
            .expect(Expect::RpcError(METHOD_NOT_FOUND)),
    ]
}

/// Requests with a wrong Content-Type, Accept, method or session, each with its refusal (a table).
fn wrong_content_methods_and_sessions() -> Vec<Hostile> {
    vec![
        Hostile {
            content_type: Some("text/plain"),
            ..Hostile::new(
                "Content-Type text/plain",
                tool_call("pipeline_list", json!({})),
            )
        }
        .refused(415, TRANSPORT_REFUSAL),
        Hostile {
            content_type: None,
            ..Hostile::new("no Content-Type", tool_call("pipeline_list", json!({})))
        }
        .refused(415, TRANSPORT_REFUSAL),
        Hostile {
            content_type: Some("application/x-www-form-urlencoded"),
            ..Hostile::new("a form's Content-Type", b"a=1&b=2".to_vec())
        }
        .refused(415, TRANSPORT_REFUSAL),
        Hostile {
            accept: "application/json",
            ..Hostile::new(
                "Accept without text/event-stream",
                tool_call("pipeline_list", json!({})),
            )
        }
        .refused(406, TRANSPORT_REFUSAL),
        Hostile {
            method: Method::GET,
            accept: "application/json",
            ..Hostile::new("GET without Accept: text/event-stream", Vec::new())
        }
        .refused(406, TRANSPORT_REFUSAL),
        Hostile {
            method: Method::PUT,
            ..Hostile::new("PUT", tool_call("pipeline_list", json!({})))
        }
        .refused(405, TRANSPORT_REFUSAL),
        Hostile {
            session: SessionHeader::Other("no-such-session".into()),
            ..Hostile::new("an unknown session", tool_call("pipeline_list", json!({})))
        }
        .refused(404, TRANSPORT_REFUSAL),
        Hostile {
            session: SessionHeader::Other("x".repeat(8 * 1024)),
            ..Hostile::new("an 8 KiB session id", tool_call("pipeline_list", json!({})))
        }
        .refused(404, TRANSPORT_REFUSAL),
        Hostile {
            method: Method::DELETE,
            session: SessionHeader::Other("no-such-session".into()),
            ..Hostile::new("DELETE of an unknown session (ending it again)", Vec::new())
        }
        .expect(Expect::Accepted),
        Hostile {
            session: SessionHeader::Absent,
            ..Hostile::new(
                "a tool call without a session",
                tool_call("pipeline_list", json!({})),
            )
        }
        .refused(400, TRANSPORT_REFUSAL),
    ]
}

/// `initialize` from a foreign browser Origin or to a foreign Host (DNS rebinding), each refused.
fn foreign_origins_and_hosts() -> Vec<Hostile> {
    let initialize = || {
        rpc(
            1,
            "initialize",
            json!({"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "h", "version": "0"}}),
        )
    };
    let mut cases = Vec::new();
    for (what, origin) in [
        ("a foreign Origin", "https://evil.example"),
        (
            "a foreign Origin on a loopback port",
            "http://attacker.test:3001",
        ),
        ("Origin: null", "null"),
    ] {
        cases.push(
            Hostile {
                origin: Some(origin),
                session: SessionHeader::Absent,
                ..Hostile::new(what, initialize())
            }
            .refused(403, TRANSPORT_REFUSAL),
        );
    }
    cases.push(
        Hostile {
            host: Some("evil.example"),
            session: SessionHeader::Absent,
            ..Hostile::new("a foreign Host (DNS rebinding)", initialize())
        }
        .refused(403, TRANSPORT_REFUSAL),
    );
    cases
}

fn oversize_and_nested() -> Vec<Hostile> {
    let over = vec![b' '; BODY_LIMIT + 1];
    let deep_arrays = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_objects = "{\"a\":".repeat(100_000);
    let nested = |depth: usize| format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    vec![
        Hostile::new("a body one byte over the limit", over).refused(413, INVALID_REQUEST),
        Hostile::new("100,000 nested arrays", deep_arrays.clone().into_bytes())
            .refused(400, PARSE_ERROR),
        Hostile::new(
            "100,000 nested objects, unclosed",
            deep_objects.into_bytes(),
        )
        .refused(400, PARSE_ERROR),
        Hostile::new(
            "100,000 nested arrays in a tool's arguments",
            raw_tool_call(
                "pipeline_get",
                format!("{{\"uuid\":{deep_arrays}}}").as_bytes(),
            ),
        )
        .refused(400, PARSE_ERROR),
        Hostile::new(
            "100 nested arrays as an id argument",
            raw_tool_call(
                "pipeline_get",
                format!("{{\"uuid\":{}}}", nested(100)).as_bytes(),
            ),
        )
        .expect(Expect::ToolError("API_ERROR")),
    ]
}

fn megabyte_strings() -> Vec<Hostile> {
    let three_mib = "a".repeat(3 * MIB);
    vec![
        Hostile::new(
            "a 3 MiB pipeline uuid",
            tool_call("pipeline_get", json!({"uuid": three_mib})),
        )
        .expect(Expect::ToolError("API_ERROR")),
        Hostile::new(
            "a 3 MiB filter",
            tool_call("pipeline_runs", json!({"pipeline_uuid": three_mib})),
        )
        .expect(Expect::ToolError("API_ERROR")),
        Hostile::new("a 1 MiB tool name", tool_call(&"t".repeat(MIB), json!({})))
            .expect(Expect::ToolError("TOOL_NOT_FOUND")),
        Hostile::new("a 1 MiB method name", rpc(4, &"m".repeat(MIB), json!({})))
            .expect(Expect::RpcError(METHOD_NOT_FOUND)),
        Hostile::new(
            "a 3 MiB argument name",
            tool_call("pipeline_list", json!({ three_mib.clone(): 1 })),
        )
        .expect(Expect::ToolResult),
    ]
}

fn paging() -> Vec<Hostile> {
    let pipeline_runs = |what: &'static str, args: &str| {
        Hostile::new(what, raw_tool_call("pipeline_runs", args.as_bytes()))
            .expect(Expect::ToolError("API_ERROR"))
    };
    let run_logs = |what: &'static str, id: &str| {
        let args = format!(r#"{{"pipeline_run_id":{id}}}"#);
        Hostile::new(what, raw_tool_call("run_logs", args.as_bytes()))
            .expect(Expect::ToolError("API_ERROR"))
    };
    vec![
        pipeline_runs("page -1", r#"{"page":-1}"#),
        pipeline_runs("per_page -5", r#"{"per_page":-5}"#),
        pipeline_runs("page 0", r#"{"page":0}"#),
        pipeline_runs("per_page 0", r#"{"per_page":0}"#),
        pipeline_runs("per_page 1,000,000", r#"{"per_page":1000000}"#),
        pipeline_runs(
            "page u64::MAX",
            r#"{"page":18446744073709551615,"per_page":100}"#,
        ),
        pipeline_runs("page past u64", r#"{"page":18446744073709551616}"#),
        pipeline_runs("page 1e300", r#"{"page":1e300}"#),
        pipeline_runs("page 2.5", r#"{"page":2.5}"#),
        pipeline_runs("page as text", r#"{"page":"2"}"#),
        pipeline_runs(
            "page 1,000,000,000",
            r#"{"page":1000000000,"per_page":100}"#,
        )
        .expect(Expect::ToolResult),
        run_logs("run id -1", "-1"),
        run_logs("run id i64::MAX", "9223372036854775807"),
        run_logs("run id past i64", "9223372036854775808"),
        run_logs("run id 1e20", "1e20"),
        Hostile::new("an unknown tool", tool_call("no_such_tool", json!({})))
            .expect(Expect::ToolError("TOOL_NOT_FOUND")),
    ]
}

fn nul_and_surrogates() -> Vec<Hostile> {
    let uuid =
        |raw: &[u8]| raw_tool_call("pipeline_get", &[br#"{"uuid":""#, raw, br#""}"#].concat());
    vec![
        Hostile::new("a raw NUL byte in a string", uuid(b"a\0b")).refused(400, PARSE_ERROR),
        Hostile::new("an escaped NUL in an id", uuid(br"a\u0000b"))
            .expect(Expect::ToolError("API_ERROR")),
        Hostile::new("a lone leading surrogate escape", uuid(br"\ud800")).refused(400, PARSE_ERROR),
        Hostile::new("a lone trailing surrogate escape", uuid(br"\udc00x"))
            .refused(400, PARSE_ERROR),
        Hostile::new("a surrogate pair, as it should be", uuid(br"\ud83d\ude00"))
            .expect(Expect::ToolError("API_ERROR")),
        Hostile::new("raw bytes that are not UTF-8", uuid(b"\xff\xfe")).refused(400, PARSE_ERROR),
        Hostile::new("a surrogate encoded in UTF-8 bytes", uuid(b"\xed\xa0\x80"))
            .refused(400, PARSE_ERROR),
        Hostile::new("an overlong UTF-8 encoding", uuid(b"\xc0\xaf")).refused(400, PARSE_ERROR),
    ]
}

/// POSTs `body` in 64 KiB chunks with `Transfer-Encoding: chunked` (so no Content-Length to judge it
/// by) over a plain socket, and reads the answer; the server may stop reading the body early, so a
/// failed write ends the body instead of the request.
async fn post_chunked(url: &str, session: &str, body: &[u8]) -> Answer {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (authority, path) = rest.split_at(rest.find('/').expect("a path"));
    let mut socket = tokio::net::TcpStream::connect(authority)
        .await
        .expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nAuthorization: {}\r\nAccept: {ACCEPT_BOTH}\r\nContent-Type: application/json\r\n{SESSION_HEADER}: {session}\r\nmcp-protocol-version: {PROTOCOL_VERSION}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        bearer()
    );
    let mut wire = head.into_bytes();
    for chunk in body.chunks(64 * 1024) {
        wire.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        wire.extend_from_slice(chunk);
        wire.extend_from_slice(b"\r\n");
    }
    wire.extend_from_slice(b"0\r\n\r\n");
    let _ = tokio::time::timeout(Duration::from_secs(20), socket.write_all(&wire)).await;
    let mut received = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), socket.read_to_end(&mut received)).await;
    let text = String::from_utf8_lossy(&received);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP status in {:?}", &text[..text.len().min(200)]));
    let message = text
        .split_once("\r\n\r\n")
        .and_then(|(_, body)| serde_json::from_str(body).ok())
        .unwrap_or(Value::Null);
    Answer {
        status,
        message,
        session: None,
    }
}

/// The JSON-RPC error code of an answer.
fn rpc_code(answer: &Answer) -> Option<i64> {
    answer.message["error"]["code"].as_i64()
}

fn check(hostile: &Hostile, got: &Answer) {
    let what = hostile.what;
    match &hostile.expect {
        Expect::Refused { status, code } => {
            assert_eq!(got.status, *status, "{what}: {got:?}");
            assert_eq!(rpc_code(got), Some(*code), "{what}: {got:?}");
            assert_eq!(got.message["jsonrpc"], "2.0", "{what}: {got:?}");
        }
        Expect::RpcError(code) => {
            assert_eq!(got.status, 200, "{what}: {got:?}");
            assert_eq!(rpc_code(got), Some(*code), "{what}: {got:?}");
        }
        Expect::ToolError(code) => {
            assert_eq!(got.status, 200, "{what}: {got:?}");
            let result = &got.message["result"];
            assert_eq!(result["isError"], true, "{what}: {}", got.message);
            assert_eq!(
                result["structuredContent"]["error"]["code"], *code,
                "{what}: {}",
                got.message
            );
        }
        Expect::Accepted => {
            assert_eq!(got.status, 202, "{what}: {got:?}");
            assert_eq!(got.message, Value::Null, "{what}: {got:?}");
        }
        Expect::ToolResult => {
            assert_eq!(got.status, 200, "{what}: {got:?}");
            let result = &got.message["result"];
            assert_ne!(result["isError"], true, "{what}: {}", got.message);
            assert_eq!(
                result["structuredContent"]["kind"], "svc_resource_widget",
                "{what}: {}",
                got.message
            );
        }
    }
}

/// Sends every case in turn in one session with the router in process; after each, it still
/// serves.
async fn each_answered_and_served(cases: Vec<Hostile>) {
    let widget = test_widget();
    let router = demo_router(&widget, &default_options());
    let session = Session::open(Via::Router(router)).await;
    for hostile in &cases {
        let got = session.send(hostile).await;
        check(hostile, &got);
        session.still_serves(hostile.what).await;
    }
}

#[tokio::test]
async fn malformed_json_rpc_is_answered_with_json_rpc_errors() {
    bounded(each_answered_and_served(malformed())).await;
}

#[tokio::test]
async fn wrong_content_types_sessions_origins_and_hosts_are_refused() {
    let mut cases = wrong_content_methods_and_sessions();
    cases.extend(foreign_origins_and_hosts());
    bounded(each_answered_and_served(cases)).await;
}

#[tokio::test]
async fn oversize_bodies_are_refused_and_deep_nesting_is_a_parse_error() {
    bounded(each_answered_and_served(oversize_and_nested())).await;
}

#[tokio::test]
async fn huge_negative_and_fractional_paging_values_are_tool_errors() {
    bounded(each_answered_and_served(paging())).await;
}

#[tokio::test]
async fn nul_and_lone_surrogates_are_refused_or_tool_errors() {
    bounded(each_answered_and_served(nul_and_surrogates())).await;
}

#[tokio::test]
async fn megabyte_strings_are_answered_and_memory_stays_bounded() {
    bounded(async {
        let widget = test_widget();
        let mut server = http_server(&widget, &[]).await;
        let session = Session::open(Via::url(&server.url)).await;
        session.still_serves("start").await;
        let idle = server.rss_kib().expect("the server's VmRSS");
        // Four rounds of every megabyte case; after each, VmRSS. Memory kept per request would
        // grow round after round.
        let mut after_round = Vec::new();
        for _ in 0..ROUNDS {
            for hostile in &megabyte_strings() {
                let got = session.send(hostile).await;
                check(hostile, &got);
                assert!(server.is_running(), "the server died after {}", hostile.what);
            }
            after_round.push(server.rss_kib().expect("the server's VmRSS"));
        }
        session.still_serves("the megabyte strings").await;
        eprintln!(
            "megabyte strings: VmRSS {idle} KiB idle, {after_round:?} KiB after each round of {} requests (bound {RSS_BOUND_KIB} KiB, growth bound {RSS_GROWTH_BOUND_KIB} KiB)",
            megabyte_strings().len()
        );
        let highest = after_round.iter().copied().max().unwrap_or(0);
        assert!(
            highest < RSS_BOUND_KIB,
            "VmRSS reached {highest} KiB, over the bound of {RSS_BOUND_KIB} KiB"
        );
        let growth = highest.saturating_sub(after_round[0]);
        assert!(
            growth < RSS_GROWTH_BOUND_KIB,
            "VmRSS grew by {growth} KiB after the first round: {after_round:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_streamed_body_over_the_limit_is_refused_while_it_arrives() {
    bounded(async {
        let widget = test_widget();
        let served = ServedRouter::start(demo_router(&widget, &default_options())).await;
        let session = Session::open(Via::url(&served.url)).await;
        let over = Hostile::new(
            "a streamed body over the limit, no Content-Length",
            Vec::new(),
        )
        .refused(413, INVALID_REQUEST);
        let got = post_chunked(&served.url, &session.id, &vec![b' '; BODY_LIMIT + 1]).await;
        check(&over, &got);
        assert!(served.is_running());
        session.still_serves(over.what).await;
    })
    .await;
}

#[tokio::test]
async fn the_body_limit_is_a_flag() {
    bounded(async {
        let widget = test_widget();
        let mut server = http_server(&widget, &["--max-request-bytes", "2048"]).await;
        let session = Session::open(Via::url(&server.url)).await;
        let padded = |len: usize| {
            let mut body = tool_call("pipeline_list", json!({}));
            let pad = len - body.len();
            body.extend(std::iter::repeat_n(b' ', pad));
            body
        };
        let at_limit = Hostile::new("a body at the limit", padded(2048));
        check(&at_limit, &session.send(&at_limit).await);
        let over = Hostile::new("a body one byte over", padded(2049)).refused(413, INVALID_REQUEST);
        let got = session.send(&over).await;
        check(&over, &got);
        assert!(
            got.message["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("2048 bytes")),
            "the answer states the limit: {got:?}"
        );
        assert!(server.is_running());
    })
    .await;
}
