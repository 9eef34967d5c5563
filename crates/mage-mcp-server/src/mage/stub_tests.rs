//! The Mage backend against a tiny local HTTP stub (no Mage): the error mapping (an error body
//! under HTTP 200 is API_ERROR without its traceback, a 401 is AUTH_EXPIRED), updates with PUT
//! (the stub answers PATCH with 405, as Mage does), outputs without `sample_count`, every page of
//! block runs, pipeline-level logs, bounded retries of GETs only, a trigger that carries no
//! credential and whose token no error repeats, answers bounded in size, lists cut at the page
//! cap and marked so, and a two-request block update that fails halfway saying what was applied;
//! a change a gateway answers with an unknown outcome, code never written over a pipeline that
//! changed since it was read, answers whose headers never come or whose body stops coming cut
//! off, and a call's paged lists stopped at its byte budget.

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::Response;
use serde_json::{json, Map, Value};

use super::blocks;
use super::client::{self, Mage, MageSettings};
use super::outputs;
use super::paging::{MAX_PAGES, PAGE_SIZE};
use super::pipelines;
use super::runs;
use crate::backend::{BlockEdit, ListBound, PipelineEdit};
use crate::config::Session;
use crate::redact::Redactor;
use crate::secrets::CallSecrets;
use crate::widget_result::ErrorCode;

/// One request as the stub saw it.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    query: String,
    api_key: Option<String>,
    oauth: Option<String>,
    body: String,
}

type Route = dyn Fn(&Seen, usize) -> (u16, Value) + Send + Sync;

struct Stub {
    seen: Mutex<Vec<Seen>>,
    route: Box<Route>,
}

async fn handle(State(stub): State<Arc<Stub>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let mut seen = Seen {
        method: parts.method.to_string(),
        path: parts.uri.path().to_owned(),
        query: parts.uri.query().unwrap_or_default().to_owned(),
        api_key: header("x-api-key"),
        oauth: header("oauth-token"),
        body: String::new(),
    };
    let bytes = axum::body::to_bytes(body, 1 << 20)
        .await
        .unwrap_or_default();
    seen.body = String::from_utf8_lossy(&bytes).into_owned();
    let count = {
        let mut all = stub.seen.lock().expect("lock");
        all.push(seen.clone());
        all.iter()
            .filter(|s| s.method == seen.method && s.path == seen.path)
            .count()
    };
    let (status, body) = (stub.route)(&seen, count);
    let text = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(Body::from(text))
        .expect("response")
}

/// Starts the stub on a free loopback port; `route(request, nth time this method+path was asked)`.
async fn start_stub(
    route: impl Fn(&Seen, usize) -> (u16, Value) + Send + Sync + 'static,
) -> (Mage, Arc<Stub>, tempfile::TempDir) {
    let (mage, stub, cache, _) = start_stub_full(client::DEFAULT_MAX_RESPONSE_BYTES, route).await;
    (mage, stub, cache)
}

/// [`start_stub`], with the secrets of the client's call.
async fn start_stub_with_secrets(
    route: impl Fn(&Seen, usize) -> (u16, Value) + Send + Sync + 'static,
) -> (Mage, Arc<Stub>, tempfile::TempDir, CallSecrets) {
    start_stub_full(client::DEFAULT_MAX_RESPONSE_BYTES, route).await
}

/// [`start_stub`], the client reading answers of at most `max_response_bytes`.
async fn start_stub_with_bound(
    max_response_bytes: u64,
    route: impl Fn(&Seen, usize) -> (u16, Value) + Send + Sync + 'static,
) -> (Mage, Arc<Stub>, tempfile::TempDir) {
    let (mage, stub, cache, _) = start_stub_full(max_response_bytes, route).await;
    (mage, stub, cache)
}

async fn start_stub_full(
    max_response_bytes: u64,
    route: impl Fn(&Seen, usize) -> (u16, Value) + Send + Sync + 'static,
) -> (Mage, Arc<Stub>, tempfile::TempDir, CallSecrets) {
    let state = Arc::new(Stub {
        seen: Mutex::new(Vec::new()),
        route: Box::new(route),
    });
    let app = axum::Router::new()
        .fallback(handle)
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let cache = tempfile::tempdir().expect("cache dir");
    let session = session_at(format!("http://{address}"));
    let secrets = CallSecrets::new(Redactor::default());
    let mage = MageSettings::new(cache.path().to_path_buf(), max_response_bytes)
        .expect("settings")
        .connect(&session, secrets.clone())
        .expect("client");
    (mage, state, cache, secrets)
}

/// The session the stub's clients run under: the stub's address and its credentials.
fn session_at(cluster_url: String) -> Session {
    Session {
        cluster_url,
        secrets: vec!["stub-session-token-1234".into(), "stub-api-key-5678".into()],
        oauth_token: Some("stub-session-token-1234".into()),
        api_key: Some("stub-api-key-5678".into()),
    }
}

/// The session of `mage`'s stub, for a call made through the tools.
fn stub_session(mage: &Mage) -> Session {
    session_at(mage.base_url())
}

fn seen(stub: &Stub) -> Vec<Seen> {
    stub.seen.lock().expect("lock").clone()
}

const TRACEBACK: &str = "Traceback (most recent call last):\n  File \"/home/mage/.venv/lib/python3.11/site-packages/mage_ai/api/resources/PipelineResource.py\", line 598, in member\n    raise Exception(f'Pipeline {pk} does not exist.')\nException: Pipeline nope does not exist.";

fn pipeline(uuid: &str, description: &str) -> Value {
    json!({"pipeline": {"uuid": uuid, "name": uuid, "type": "python", "description": description,
        "blocks": [{"uuid": "load", "name": "load", "type": "data_loader", "status": "executed", "upstream_blocks": [], "downstream_blocks": ["clean"], "content": "x = 1\n"},
                   {"uuid": "clean", "name": "clean", "type": "transformer", "status": "updated", "upstream_blocks": ["load"], "downstream_blocks": [], "content": "y = 2\n"}]}})
}

#[tokio::test]
async fn an_error_body_under_http_200_is_an_api_error_without_traceback_or_paths() {
    let (mage, _stub, _cache) = start_stub(|_, _| {
        (
            200,
            json!({"error": {"code": 500, "exception": "Pipeline nope does not exist.", "message": TRACEBACK,
                "errors": TRACEBACK.lines().collect::<Vec<_>>(), "type": "server_error"}, "url_parameters": {"pk": "nope"}}),
        )
    })
    .await;
    let error = pipelines::get(&mage, "nope").await.expect_err("an error");
    assert_eq!(error.code, ErrorCode::ApiError);
    assert!(
        error
            .message
            .contains("not found (Mage: Pipeline nope does not exist)"),
        "{}",
        error.message
    );
    for leaked in ["Traceback", "/home/mage", "site-packages", "line 598"] {
        assert!(
            !error.message.contains(leaked),
            "{leaked} in {}",
            error.message
        );
    }
}

#[tokio::test]
async fn http_401_is_auth_expired_with_the_remedy_and_credentials_travel_in_headers() {
    let (mage, stub, _cache) = start_stub(|_, _| {
        (
            401,
            json!({"error": {"code": 401, "message": "Invalid OAuth token.", "type": "invalid_oauth_token"}, "status": 200}),
        )
    })
    .await;
    let error = pipelines::list(&mage).await.expect_err("an error");
    assert_eq!(error.code, ErrorCode::AuthExpired);
    assert!(
        error.message.contains("login command again"),
        "{}",
        error.message
    );
    assert!(
        !error.message.contains("stub-session-token"),
        "{}",
        error.message
    );
    let first = &seen(&stub)[0];
    assert_eq!(first.api_key.as_deref(), Some("stub-api-key-5678"));
    assert_eq!(first.oauth.as_deref(), Some("stub-session-token-1234"));
    assert!(!first.query.contains("api_key"), "no credential in the URL");
}

#[tokio::test]
async fn an_error_code_403_under_http_200_is_auth_expired_too() {
    let (mage, _stub, _cache) = start_stub(|_, _| {
        (
            200,
            json!({"error": {"code": 403, "message": "Private access for list only, invalid scope.", "type": "unauthorized_access"}, "status": 200}),
        )
    })
    .await;
    let error = blocks::list(&mage, "p").await.expect_err("an error");
    assert_eq!(error.code, ErrorCode::AuthExpired);
}

#[tokio::test]
async fn updates_use_put_so_405_never_happens() {
    let (mage, stub, _cache) = start_stub(|request, _| match request.method.as_str() {
        "PATCH" => (405, Value::Null),
        "GET" if request.path == "/api/pipelines/p/blocks/clean" => (
            200,
            json!({"block": {"uuid": "clean", "name": "clean", "content": "y = 3\n"}}),
        ),
        "GET" => (200, pipeline("p", "old")),
        "PUT" if request.path == "/api/pipelines/p/blocks/clean" => {
            (200, json!({"block": {"uuid": "clean", "name": "clean"}}))
        }
        "PUT" => (200, pipeline("p", "new")),
        _ => (404, Value::Null),
    })
    .await;
    let edit = PipelineEdit {
        name: None,
        description: Some("new".into()),
    };
    let after = pipelines::update(&mage, "p", &edit).await.expect("updated");
    assert_eq!(after["description"], "new");
    let edit = BlockEdit {
        content: Some("y = 3\n".into()),
        ..BlockEdit::default()
    };
    let block = blocks::update(&mage, "p", "clean", &edit)
        .await
        .expect("block updated");
    assert_eq!(block["content"], "y = 3\n");
    let requests = seen(&stub);
    assert!(requests.iter().all(|r| r.method != "PATCH"), "{requests:?}");
    let puts: Vec<&Seen> = requests.iter().filter(|r| r.method == "PUT").collect();
    assert_eq!(puts.len(), 2, "{requests:?}");
    assert_eq!(puts[0].body, r#"{"pipeline":{"description":"new"}}"#);
    // A block's code goes through the pipeline, with every block listed in order.
    assert_eq!(puts[1].query, "update_content=true");
    let sent: Value = serde_json::from_str(&puts[1].body).expect("json");
    assert_eq!(
        sent,
        json!({"pipeline": {"blocks": [{"uuid": "load"}, {"uuid": "clean", "content": "y = 3\n"}]}})
    );
}

#[tokio::test]
async fn outputs_are_read_without_sample_count_and_keep_the_dataframe() {
    let (mage, stub, _cache) = start_stub(|request, _| {
        if request.query.contains("sample_count") {
            return (
                200,
                json!({"error": {"code": 500, "exception": "'>' not supported between instances of 'int' and 'str'", "message": TRACEBACK}}),
            );
        }
        (
            200,
            json!({"outputs": [{"outputs": [], "sample_data": {"columns": ["a", "b"], "rows": [[1, "x"], [2, null]]},
                "shape": [300, 2], "text_data": null, "type": "table", "variable_uuid": "output_0"},
                {"outputs": [], "sample_data": null, "shape": null, "text_data": "249", "type": "text", "variable_uuid": "output_1"}]}),
        )
    })
    .await;
    let records = outputs::outputs(&mage, 1).await.expect("outputs");
    assert_eq!(records[0]["shape"], json!([300, 2]));
    assert_eq!(records[0]["sample_data"]["rows"][1], json!([2, null]));
    assert_eq!(records[1]["text_data"], "249");
    assert!(seen(&stub)
        .iter()
        .all(|r| !r.query.contains("sample_count")));
}

#[tokio::test]
async fn block_runs_are_read_page_after_page() {
    let (mage, stub, _cache) = start_stub(|request, _| {
        if request.path == "/api/pipeline_runs/7" {
            return (200, json!({"pipeline_run": {"id": 7, "pipeline_uuid": "p", "status": "completed"}}));
        }
        // A server that pages by 2 whatever it is asked, 5 block runs in all.
        let offset: usize = request
            .query
            .split('&')
            .find_map(|kv| kv.strip_prefix("_offset="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let ids: Vec<usize> = (offset..5).take(2).collect();
        let runs: Vec<Value> = ids
            .iter()
            .map(|i| json!({"id": 100 - i, "block_uuid": format!("b{i}"), "pipeline_run_id": 7, "status": "completed",
                "started_at": "2026-11-23T16:30:09.000000", "completed_at": "2026-11-23 16:30:10.250000"}))
            .collect();
        (200, json!({"block_runs": runs, "metadata": {"count": 5, "next": offset + 2 < 5}}))
    })
    .await;
    let listing = runs::block_runs(&mage, 7).await.expect("block runs");
    assert_eq!(listing.records.len(), 5);
    assert!(listing.truncated.is_none());
    let pages = seen(&stub)
        .iter()
        .filter(|r| r.path == "/api/block_runs")
        .count();
    assert_eq!(pages, 3);
}

#[tokio::test]
async fn logs_keep_the_pipeline_level_files_of_a_run_that_failed_before_any_block() {
    let (mage, _stub, _cache) = start_stub(|request, _| {
        if request.path == "/api/pipeline_runs/9" {
            return (200, json!({"pipeline_run": {"id": 9, "pipeline_uuid": "p", "status": "failed", "block_runs": []}}));
        }
        assert_eq!(request.path, "/api/pipelines/p/logs");
        assert!(request.query.contains("pipeline_run_id%5B%5D=9"), "{}", request.query);
        (
            200,
            json!({"logs": [{"block_run_logs": [], "pipeline_run_logs": [
                {"name": "scheduler.log", "path": "/srv/project/pipelines/p/.logs/9/scheduler.log", "size": 120,
                 "modified_timestamp": 1795451630.12, "content": "2026-11-23T16:30:00 {\"level\": \"ERROR\", \"message\": \"Failed to start\"}\n"}],
                "total_block_run_log_count": 0, "total_pipeline_run_log_count": 1}]}),
        )
    })
    .await;
    let run = runs::fetch_run(&mage, 9).await.expect("run");
    let files = outputs::logs(&mage, &run).await.expect("logs");
    assert_eq!(files.len(), 1);
    let file = &files[0];
    assert_eq!(file["name"], "scheduler.log");
    assert_eq!(file["scope"], "pipeline");
    assert!(file.get("path").is_none(), "no server path in a log record");
    assert!(file["content"]
        .as_str()
        .is_some_and(|c| c.contains("Failed to start")));
}

#[tokio::test]
async fn gets_are_retried_a_bounded_number_of_times_and_posts_never() {
    let (mage, stub, _cache) = start_stub(|request, nth| match (request.method.as_str(), nth) {
        ("GET", 1) => (503, Value::Null),
        ("GET", _) => (
            200,
            json!({"pipelines": [], "metadata": {"count": 0, "next": false}}),
        ),
        _ => (503, Value::Null),
    })
    .await;
    pipelines::list(&mage)
        .await
        .expect("the second attempt answers");
    let error = pipelines::create(&mage, "x", crate::vocabulary::PipelineType::Python)
        .await
        .expect_err("503");
    assert_eq!(error.code, ErrorCode::ApiError);
    assert!(
        error.message.contains(client::OUTCOME_UNKNOWN),
        "a gateway's 503 to a change: {}",
        error.message
    );
    let requests = seen(&stub);
    assert_eq!(requests.iter().filter(|r| r.method == "POST").count(), 1);
    let (mage, stub, _cache) = start_stub(|_, _| (503, Value::Null)).await;
    assert!(pipelines::get(&mage, "p").await.is_err());
    assert_eq!(seen(&stub).len() as u32, client::GET_ATTEMPTS);
}

const SCHEDULE_TOKEN: &str = "0123456789abcdef0123456789abcdef";

#[tokio::test]
async fn a_run_is_triggered_without_credentials_and_no_error_repeats_the_token() {
    let accept = Arc::new(Mutex::new(true));
    let accepts = accept.clone();
    let (mage, stub, _cache, secrets) = start_stub_with_secrets(move |request, _| {
        match (request.method.as_str(), request.path.as_str()) {
            ("GET", "/api/pipelines/p") => (200, pipeline("p", "")),
            ("GET", "/api/pipelines/p/pipeline_schedules") => (
                200,
                json!({"pipeline_schedules": [{"id": 4, "name": "Nightly", "schedule_type": "api", "status": "active", "token": SCHEDULE_TOKEN}],
                    "metadata": {"count": 1, "next": false}}),
            ),
            ("POST", path) if path.starts_with("/api/pipeline_schedules/4/pipeline_runs/") => {
                if *accepts.lock().expect("lock") {
                    let sent: Value = serde_json::from_str(&request.body).unwrap_or_default();
                    (200, json!({"pipeline_run": {"id": 12, "pipeline_uuid": "p", "status": "initial",
                        "event_variables": sent, "pipeline_schedule_token": SCHEDULE_TOKEN}}))
                } else {
                    (200, json!({"error": {"code": 500, "exception": format!("Invalid token {SCHEDULE_TOKEN} for pipeline schedule ID 4."), "message": TRACEBACK}}))
                }
            }
            _ => (404, Value::Null),
        }
    })
    .await;
    let payload: Map<String, Value> = serde_json::from_value(
        json!({"variables": {"batch": 7}, "api_key": "payload-key-123456789"}),
    )
    .expect("map");
    mage.learn(&Value::Object(payload.clone()));
    let triggered = runs::run(&mage, "p", &payload).await.expect("triggered");
    let mut record = triggered.record.clone();
    secrets.redactor().redact(&mut record);
    let text = record.to_string();
    assert!(
        !text.contains(SCHEDULE_TOKEN) && !text.contains("payload-key-123456789"),
        "{text}"
    );
    assert_eq!(record["id"], 12);
    assert_eq!(record["event_variables"]["variables"], json!({"batch": 7}));
    assert!(
        triggered.how.contains("API trigger 'Nightly' (id 4)"),
        "{}",
        triggered.how
    );
    let trigger = seen(&stub)
        .into_iter()
        .find(|r| r.method == "POST")
        .expect("a trigger");
    assert!(
        trigger.api_key.is_none() && trigger.oauth.is_none(),
        "the token in the path is the credential"
    );
    let sent: Value = serde_json::from_str(&trigger.body).expect("json");
    assert_eq!(sent["pipeline_run"], json!({"variables": {"batch": 7}}));

    *accept.lock().expect("lock") = false;
    let error = runs::run(&mage, "p", &payload).await.expect_err("refused");
    let mut envelope = error.envelope();
    secrets.redactor().redact(&mut envelope);
    assert!(!envelope.to_string().contains(SCHEDULE_TOKEN), "{envelope}");
}

/// A list whose JSON is about `bytes` long.
fn pipelines_of_size(bytes: usize) -> Value {
    let filler = "x".repeat(bytes);
    json!({"pipelines": [{"uuid": "p", "name": "p", "description": filler}], "metadata": {"count": 1, "next": false}})
}

#[tokio::test]
async fn an_answer_past_the_bound_is_refused_with_the_bound_named() {
    let (mage, stub, _cache) =
        start_stub_with_bound(4096, |_, _| (200, pipelines_of_size(10_000))).await;
    let error = pipelines::list(&mage).await.expect_err("too large");
    assert_eq!(error.code, ErrorCode::ApiError);
    assert!(
        error.message.contains("larger than 4096 bytes")
            && error.message.contains("--max-response-bytes"),
        "{}",
        error.message
    );
    // Refused, not retried: a larger answer will not become smaller.
    assert_eq!(
        seen(&stub)
            .iter()
            .filter(|r| r.path == "/api/pipelines")
            .count(),
        1
    );
    let (mage, _stub, _cache) =
        start_stub_with_bound(4096, |_, _| (200, pipelines_of_size(1_000))).await;
    pipelines::list(&mage).await.expect("within the bound");
}

#[tokio::test]
async fn a_streamed_answer_without_a_length_stops_at_the_bound() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // A chunked answer without Content-Length, written by hand: 64 chunks of 1 KB.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = vec![0_u8; 4096];
            let _ = socket.read(&mut request).await;
            let mut answer = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n".to_vec();
            for _ in 0..64 {
                answer.extend_from_slice(b"400\r\n");
                answer.extend_from_slice(&[b'x'; 1024]);
                answer.extend_from_slice(b"\r\n");
            }
            answer.extend_from_slice(b"0\r\n\r\n");
            let _ = socket.write_all(&answer).await;
        }
    });
    let cache = tempfile::tempdir().expect("cache dir");
    let session = Session {
        cluster_url: format!("http://{address}"),
        secrets: vec![],
        oauth_token: None,
        api_key: Some("stub-api-key-5678".into()),
    };
    let mage = MageSettings::new(cache.path().to_path_buf(), 8 * 1024)
        .expect("settings")
        .connect(&session, CallSecrets::new(Redactor::default()))
        .expect("client");
    let error = pipelines::list(&mage).await.expect_err("too large");
    assert!(
        error.message.contains("larger than 8192 bytes"),
        "{}",
        error.message
    );
}

/// A cluster on a free loopback port that reads each request, writes `answer` and then nothing
/// more, holding the connection open; how many requests it received.
async fn start_stalling(answer: &'static [u8]) -> (String, Arc<Mutex<usize>>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let requests = Arc::new(Mutex::new(0));
    let counted = requests.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            *counted.lock().expect("lock") += 1;
            tokio::spawn(async move {
                let mut request = vec![0_u8; 4096];
                let _ = socket.read(&mut request).await;
                let _ = socket.write_all(answer).await;
                // Held open, answering nothing more, until the client lets go.
                let _ = socket.read(&mut request).await;
            });
        }
    });
    (format!("http://{address}"), requests)
}

/// A client of the cluster at `url` whose headers and body timeouts are short.
fn impatient_client(url: &str, cache: &tempfile::TempDir) -> Mage {
    let timeouts = client::Timeouts {
        headers: std::time::Duration::from_millis(200),
        body_stall: std::time::Duration::from_millis(200),
        ..client::Timeouts::default()
    };
    MageSettings::new(
        cache.path().to_path_buf(),
        client::DEFAULT_MAX_RESPONSE_BYTES,
    )
    .and_then(|settings| settings.with_timeouts(timeouts))
    .expect("settings")
    .connect(
        &session_at(url.to_owned()),
        CallSecrets::new(Redactor::default()),
    )
    .expect("client")
}

#[tokio::test]
async fn an_answer_whose_headers_never_come_is_cut_off_at_the_headers_timeout() {
    let (url, requests) = start_stalling(b"").await;
    let cache = tempfile::tempdir().expect("cache dir");
    let mage = impatient_client(&url, &cache);
    let error = pipelines::list(&mage).await.expect_err("no answer");
    assert!(
        error
            .message
            .contains("did not answer (no answer within 0.2 s)"),
        "{}",
        error.message
    );
    assert_eq!(
        *requests.lock().expect("lock"),
        client::GET_ATTEMPTS as usize
    );
    let error = pipelines::create(&mage, "x", crate::vocabulary::PipelineType::Python)
        .await
        .expect_err("no answer");
    assert!(
        error.message.contains(client::OUTCOME_UNKNOWN),
        "a change sent without an answer: {}",
        error.message
    );
}

#[tokio::test]
async fn an_answer_whose_body_stops_coming_is_cut_off_at_the_stall_timeout() {
    let (url, _requests) = start_stalling(
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"pipelines\": [",
    )
    .await;
    let cache = tempfile::tempdir().expect("cache dir");
    let mage = impatient_client(&url, &cache);
    let error = pipelines::list(&mage).await.expect_err("a stalled body");
    assert!(
        error
            .message
            .contains("the answer stopped coming for 0.2 s"),
        "{}",
        error.message
    );
}

#[tokio::test]
async fn a_list_longer_than_the_page_cap_returns_what_it_read_marked_truncated() {
    let (mage, stub, _cache) = start_stub(|request, _| {
        if request.path == "/api/pipeline_runs/7" {
            return (200, json!({"pipeline_run": {"id": 7, "pipeline_uuid": "p", "status": "running"}}));
        }
        // Always a full page, always more: a list far longer than the cap.
        let offset: u64 = request
            .query
            .split('&')
            .find_map(|kv| kv.strip_prefix("_offset="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let runs: Vec<Value> = (offset..offset + PAGE_SIZE as u64)
            .map(|i| json!({"id": i, "block_uuid": "b", "pipeline_run_id": 7, "status": "completed"}))
            .collect();
        (200, json!({"block_runs": runs, "metadata": {"count": 123_456, "next": true}}))
    })
    .await;
    let listing = runs::block_runs(&mage, 7).await.expect("block runs");
    let limit = MAX_PAGES * PAGE_SIZE;
    assert_eq!(listing.records.len(), limit);
    let cut = listing.truncated.expect("marked truncated");
    assert_eq!(
        (cut.total, cut.bound),
        (Some(123_456), ListBound::Records(limit))
    );
    let pages = seen(&stub)
        .iter()
        .filter(|r| r.path == "/api/block_runs")
        .count();
    assert_eq!(pages, MAX_PAGES);
}

#[tokio::test]
async fn a_call_that_pages_stops_at_its_byte_budget_not_only_per_page() {
    // Every page fits the bound on one answer; three of them do not fit it together.
    let budget = 8 * 1024;
    let (mage, stub, _cache) = start_stub_with_bound(budget, |request, _| {
        let offset: u64 = request
            .query
            .split('&')
            .find_map(|kv| kv.strip_prefix("_offset="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let runs: Vec<Value> = (offset..offset + PAGE_SIZE as u64)
            .map(|i| json!({"id": i, "block_uuid": "b", "status": "completed"}))
            .collect();
        (
            200,
            json!({"block_runs": runs, "metadata": {"count": 123_456, "next": true}}),
        )
    })
    .await;
    let page_bytes = json!({"block_runs": (0..PAGE_SIZE).map(|i| json!({"id": 10_000 + i, "block_uuid": "b", "status": "completed"})).collect::<Vec<_>>(), "metadata": {"count": 123_456, "next": true}})
        .to_string()
        .len() as u64;
    assert!(
        page_bytes < budget && 3 * page_bytes > budget,
        "{page_bytes}"
    );
    let listing = runs::block_runs(&mage, 7).await.expect("block runs");
    let cut = listing.truncated.expect("marked truncated");
    assert_eq!(cut.bound, ListBound::Bytes(budget));
    assert_eq!(
        listing.records.len() as u64,
        (budget / page_bytes) * PAGE_SIZE as u64
    );
    let pages = seen(&stub)
        .iter()
        .filter(|r| r.path == "/api/block_runs")
        .count() as u64;
    assert_eq!(
        pages,
        budget / page_bytes + 1,
        "the page past the budget is not read whole"
    );
}

#[tokio::test]
async fn a_block_update_that_fails_after_saving_the_code_says_what_was_applied() {
    let (mage, stub, _cache) = start_stub(|request, _| match request.method.as_str() {
        "GET" => (200, pipeline("p", "")),
        // The code is saved through the pipeline; the rename of the block then fails.
        "PUT" if request.path == "/api/pipelines/p" => (200, pipeline("p", "")),
        "PUT" => (
            200,
            json!({"error": {"code": 500, "exception": "Block clean is locked.", "message": TRACEBACK}}),
        ),
        _ => (404, Value::Null),
    })
    .await;
    let edit = BlockEdit {
        content: Some("y = 3\n".into()),
        name: Some("tidy".into()),
        upstream_blocks: Some(vec!["load".into()]),
        ..BlockEdit::default()
    };
    let error = blocks::update(&mage, "p", "clean", &edit)
        .await
        .expect_err("the second request failed");
    assert_eq!(error.code, ErrorCode::ApiError);
    assert!(
        error.message.starts_with(
            "Block 'p/clean' was changed only in part. Applied: code; not applied: name, upstream blocks."
        ) && error.message.contains("Block clean is locked."),
        "{}",
        error.message
    );
    let puts: Vec<String> = seen(&stub)
        .iter()
        .filter(|r| r.method == "PUT")
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(puts, ["/api/pipelines/p", "/api/pipelines/p/blocks/clean"]);
}

#[tokio::test]
async fn a_block_update_whose_first_request_a_gateway_answers_says_its_outcome_is_unknown() {
    let (mage, stub, _cache) = start_stub(|request, _| match request.method.as_str() {
        "GET" => (200, pipeline("p", "")),
        _ => (503, Value::Null),
    })
    .await;
    let edit = BlockEdit {
        content: Some("y = 3\n".into()),
        name: Some("tidy".into()),
        ..BlockEdit::default()
    };
    let error = blocks::update(&mage, "p", "clean", &edit)
        .await
        .expect_err("refused");
    assert!(!error.message.contains("in part"), "{}", error.message);
    assert!(error.message.contains("503"), "{}", error.message);
    assert!(
        error.message.contains(client::OUTCOME_UNKNOWN),
        "{}",
        error.message
    );
    // The rename was not sent after a change whose outcome is unknown.
    let puts = seen(&stub).iter().filter(|r| r.method == "PUT").count();
    assert_eq!(puts, 1);
}

/// `block_update` through the tool against the stand-in cluster, whose pipeline changes between
/// the tool's read (what the diff is made from) and the write.
#[tokio::test]
async fn code_diffed_against_an_older_read_of_the_pipeline_is_never_written() {
    let (mage, stub, _cache) = start_stub(|request, nth| match request.method.as_str() {
        // The first read is the tool's; by the second, another client has edited `clean`.
        "GET" if nth == 1 => (200, pipeline("p", "")),
        "GET" => {
            let mut edited = pipeline("p", "");
            edited["pipeline"]["blocks"][1]["content"] = json!("y = 99  # edited meanwhile\n");
            (200, edited)
        }
        _ => (200, pipeline("p", "")),
    })
    .await;
    let backend: Arc<dyn crate::backend::Backend> = Arc::new(super::MageBackend::new(
        MageSettings::new(mage.cache_dir.clone(), client::DEFAULT_MAX_RESPONSE_BYTES)
            .expect("settings"),
    ));
    let call = crate::backend::Call::new(
        stub_session(&mage),
        CallSecrets::new(Redactor::default()),
        backend,
    );
    let args: crate::tools::blocks::BlockUpdateArgs = serde_json::from_value(
        json!({"pipeline_uuid": "p", "uuid": "clean", "content": "y = 3\n"}),
    )
    .expect("arguments");
    let error = crate::tools::blocks::update(&call, args)
        .await
        .expect_err("refused");
    assert!(
        error.message.contains("changed since it was read"),
        "{}",
        error.message
    );
    let requests = seen(&stub);
    assert!(
        requests.iter().all(|r| r.method == "GET"),
        "nothing was written: {requests:?}"
    );
}

#[tokio::test]
async fn a_run_whose_trigger_was_made_but_not_fired_says_the_trigger_is_there() {
    let (mage, _stub, _cache) = start_stub(|request, _| {
        match (request.method.as_str(), request.path.as_str()) {
            ("GET", "/api/pipelines/p") => (200, pipeline("p", "")),
            ("GET", "/api/pipelines/p/pipeline_schedules") => (
                200,
                json!({"pipeline_schedules": [], "metadata": {"count": 0, "next": false}}),
            ),
            ("POST", "/api/pipelines/p/pipeline_schedules") => (
                200,
                json!({"pipeline_schedule": {"id": 9, "name": "API trigger (run_pipeline)", "schedule_type": "api", "token": SCHEDULE_TOKEN}}),
            ),
            _ => (503, Value::Null),
        }
    })
    .await;
    let error = runs::run(&mage, "p", &Map::new())
        .await
        .expect_err("the run was not started");
    assert!(
        error.message.starts_with(
            "Pipeline 'p' was changed only in part. Applied: a new API trigger 'API trigger (run_pipeline)' (id 9); not applied: the run."
        ),
        "{}",
        error.message
    );
    assert!(error.message.contains("503"), "{}", error.message);
}
