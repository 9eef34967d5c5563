//! Replicas that share their sessions through Redis (`--session-store`): the built binary started
//! twice against one `redis-server` (on a Unix socket in a temporary folder, so that nothing
//! listens on the network), a client sending each request to whichever replica it picks, as a
//! load balancer without sticky sessions does. A session initialised on one replica continues
//! on the other and on a replica started after it; one closed on one replica has ended on every
//! replica; a call cut off by its replica's crash ends on another with an error that says its
//! answer is lost; what Redis holds is a digest of the session id and the handshake's least. The
//! demo project's changes go through the same Redis: a pipeline created and a run started on one
//! replica are found on the other, and on a replica started after both stopped.
//!
//! `redis-server` comes from `scripts/setup.sh` (Debian's package); where it is not installed
//! these tests say so and return.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use reqwest::header::{HeaderMap, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use serde_json::{json, Value};

use crate::common::*;
use crate::recorder;

/// A `redis-server` of the test's own, on a Unix socket, stopped when dropped.
struct RedisServer {
    child: tokio::process::Child,
    socket: PathBuf,
    _dir: tempfile::TempDir,
}

impl RedisServer {
    /// Started and answering, or `None` when Redis is not installed.
    async fn start() -> Option<RedisServer> {
        let installed = std::process::Command::new("redis-server")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !installed {
            eprintln!("redis-server is not installed (scripts/setup.sh installs it): the replicas' tests did not run");
            return None;
        }
        let dir = tempfile::tempdir().expect("a temporary folder");
        let socket = dir.path().join("redis.sock");
        let child = tokio::process::Command::new("redis-server")
            .args(["--port", "0", "--save", "", "--appendonly", "no"])
            .arg("--unixsocket")
            .arg(&socket)
            .arg("--dir")
            .arg(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("redis-server starts");
        let server = RedisServer {
            child,
            socket,
            _dir: dir,
        };
        for _ in 0..100 {
            if server.ask(&["PING"]).await.is_ok() {
                return Some(server);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("redis-server did not answer within 5 s");
    }

    fn url(&self) -> String {
        format!("redis+unix://{}", self.socket.display())
    }

    /// One command's answer.
    async fn ask(&self, command: &[&str]) -> redis::RedisResult<redis::Value> {
        let client = redis::Client::open(self.url())?;
        let mut connection = client.get_multiplexed_async_connection().await?;
        let mut cmd = redis::cmd(command[0]);
        for arg in &command[1..] {
            cmd.arg(*arg);
        }
        cmd.query_async(&mut connection).await
    }

    /// Every key Redis holds, with its value (a list's items one per line).
    async fn entries(&self) -> Vec<(String, String)> {
        let keys: Vec<String> = match self.ask(&["KEYS", "*"]).await.expect("KEYS") {
            redis::Value::Array(keys) => keys
                .into_iter()
                .filter_map(|key| redis::from_redis_value::<String>(key).ok())
                .collect(),
            other => panic!("KEYS answered {other:?}"),
        };
        let mut entries = Vec::new();
        for key in keys {
            let kind = self.ask(&["TYPE", &key]).await.expect("TYPE");
            let value = match redis::from_redis_value::<String>(kind)
                .expect("a type")
                .as_str()
            {
                "list" => {
                    let items = self
                        .ask(&["LRANGE", &key, "0", "-1"])
                        .await
                        .expect("LRANGE");
                    redis::from_redis_value::<Vec<String>>(items)
                        .expect("strings")
                        .join("\n")
                }
                _ => {
                    let value = self.ask(&["GET", &key]).await.expect("GET");
                    redis::from_redis_value::<String>(value).expect("a string")
                }
            };
            entries.push((key, value));
        }
        entries
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

/// A replica: the binary on a free loopback port with the shared store.
async fn replica(widget: &TestWidget, store: &RedisServer) -> HttpServer {
    http_server(widget, &["--session-store", &store.url()]).await
}

/// One JSON-RPC message POSTed to `url` in `session`: the status, the session header answered,
/// and the message (read from an event stream or a JSON body).
async fn post(url: &str, session: Option<&str>, message: Value) -> (u16, Option<String>, Value) {
    let mut headers = HeaderMap::new();
    headers.insert(AUTHORIZATION, bearer().parse().expect("header"));
    headers.insert(
        ACCEPT,
        "application/json, text/event-stream"
            .parse()
            .expect("header"),
    );
    headers.insert(CONTENT_TYPE, "application/json".parse().expect("header"));
    if let Some(session) = session {
        headers.insert("mcp-session-id", session.parse().expect("header"));
        headers.insert(
            "mcp-protocol-version",
            "2025-06-18".parse().expect("header"),
        );
    }
    let response = reqwest::Client::new()
        .post(url)
        .headers(headers)
        .body(message.to_string())
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let session = response
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = response.text().await.expect("the body");
    let message = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|m| m.get("id").is_some())
        .or_else(|| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    (status, session, message)
}

/// A session initialised on `url`; its id.
async fn open_session(url: &str) -> String {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "replicas-test", "title": "A title kept out of the store", "version": "1"}}});
    let (status, session, _) = post(url, None, initialize).await;
    assert_eq!(status, 200);
    let session = session.expect("a session id");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let (status, _, _) = post(url, Some(&session), initialized).await;
    assert_eq!(status, 202);
    session
}

/// `pipeline_list` in `session` on `url`: the status and the result.
async fn list_pipelines(url: &str, session: &str) -> (u16, Value) {
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "pipeline_list", "arguments": {}}});
    let (status, _, message) = post(url, Some(session), call).await;
    (status, message)
}

fn is_widget_result(message: &Value) -> bool {
    message["result"]["structuredContent"]["kind"] == "svc_resource_widget"
}

#[tokio::test]
async fn a_session_continues_on_another_replica_and_on_one_started_after_it() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        let first = replica(&widget, &store).await;
        let second = replica(&widget, &store).await;
        let session = open_session(&first.url).await;
        for url in [&second.url, &first.url, &second.url] {
            let (status, message) = list_pipelines(url, &session).await;
            assert_eq!(status, 200, "{message}");
            assert!(is_widget_result(&message), "{message}");
        }
        // Both replicas stop; one started after them continues the session.
        drop(first);
        drop(second);
        let third = replica(&widget, &store).await;
        let (status, message) = list_pipelines(&third.url, &session).await;
        assert_eq!(status, 200, "{message}");
        assert!(is_widget_result(&message), "{message}");
        // A replica without the store does not know the session.
        let alone = http_server(&widget, &[]).await;
        let (status, _) = list_pipelines(&alone.url, &session).await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn a_session_closed_on_one_replica_has_ended_on_every_replica() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        let first = replica(&widget, &store).await;
        let second = replica(&widget, &store).await;
        let session = open_session(&first.url).await;
        // The second replica holds the session in its memory from here on.
        assert_eq!(list_pipelines(&second.url, &session).await.0, 200);
        let closed = reqwest::Client::new()
            .delete(&first.url)
            .header(AUTHORIZATION, bearer())
            .header("mcp-session-id", &session)
            .header("mcp-protocol-version", "2025-06-18")
            .timeout(Duration::from_secs(30))
            .send()
            .await
            .expect("an answer");
        assert!(closed.status().is_success(), "{}", closed.status());
        for url in [&second.url, &first.url] {
            let (status, message) = list_pipelines(url, &session).await;
            assert_eq!(status, 404, "{message}");
            assert!(
                message["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("start a new session")),
                "{message}"
            );
        }
        assert!(store.entries().await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn the_store_holds_a_digest_of_the_session_and_the_least_its_handshake_needs() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        let replica = replica(&widget, &store).await;
        let session = open_session(&replica.url).await;
        let run = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "run_pipeline", "arguments": {"pipeline_uuid": "etl_daily",
            "payload": {"api_key": "9f86d081884c7d659a2feaa0c55ad015"}}}});
        let (status, _, message) = post(&replica.url, Some(&session), run).await;
        assert_eq!(status, 200, "{message}");
        let entries = store.entries().await;
        let (sessions, demo): (Vec<_>, Vec<_>) = entries
            .iter()
            .partition(|(key, _)| key.starts_with("mage-mcp-server:session:"));
        assert_eq!(sessions.len(), 1, "{entries:?}");
        // The run started is the demo journal's one entry, its payload's credential hidden.
        assert_eq!(demo.len(), 1, "{entries:?}");
        let (journal_key, journal) = demo[0];
        assert!(journal_key.contains(":demo-journal:"), "{journal_key}");
        assert!(journal.contains("run_pipeline"), "{journal}");
        assert!(
            !journal.contains("9f86d081884c7d659a2feaa0c55ad015"),
            "{journal}"
        );
        let (key, value) = sessions[0];
        assert!(
            !key.contains(&session) && !value.contains(&session),
            "{key}"
        );
        for kept_out in [
            "A title kept out of the store",
            "9f86d081884c7d659a2feaa0c55ad015",
            TEST_HTTP_TOKEN,
        ] {
            assert!(!value.contains(kept_out), "{value}");
        }
        let stored: Value = serde_json::from_str(value).expect("JSON");
        assert_eq!(stored["client_name"], "replicas-test");
        assert_eq!(stored["protocol_version"], "2025-06-18");
        let ttl = store.ask(&["TTL", key]).await.expect("TTL");
        let ttl: i64 = redis::from_redis_value(ttl).expect("seconds");
        assert!((1..=300).contains(&ttl), "{ttl}");
    })
    .await;
}

/// `tool` called with `arguments` in `session` on `url`: the result's structured content.
async fn call_tool(url: &str, session: &str, tool: &str, arguments: Value) -> Value {
    let call = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments}});
    let (status, _, message) = post(url, Some(session), call).await;
    assert_eq!(status, 200, "{message}");
    message["result"]["structuredContent"].clone()
}

#[tokio::test]
async fn the_demo_projects_changes_made_on_one_replica_are_found_on_every_replica() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        let first = replica(&widget, &store).await;
        let second = replica(&widget, &store).await;
        let session = open_session(&first.url).await;
        let created = call_tool(
            &first.url,
            &session,
            "pipeline_create",
            json!({"name": "Made on the first", "type": "python"}),
        )
        .await;
        assert_eq!(created["state"], "ok", "{created}");
        let listed = call_tool(&second.url, &session, "pipeline_list", json!({})).await;
        let uuids: Vec<&Value> = listed["records"]
            .as_array()
            .map(|records| records.iter().map(|r| &r["uuid"]).collect())
            .unwrap_or_default();
        assert!(uuids.contains(&&json!("made_on_the_first")), "{listed}");
        let started = call_tool(
            &second.url,
            &session,
            "run_pipeline",
            json!({"pipeline_uuid": "crm_to_warehouse"}),
        )
        .await;
        let id = started["mutation"]["id"].clone();
        assert!(id.is_i64() || id.is_string(), "{started}");
        let followed = call_tool(
            &first.url,
            &session,
            "pipeline_run_get",
            json!({"pipeline_run_id": id}),
        )
        .await;
        assert_eq!(followed["state"], "ok", "{followed}");
        assert_eq!(followed["records"][0]["id"], started["records"][0]["id"]);
        // Both stop; a replica started after them holds the same project.
        drop(first);
        drop(second);
        let third = replica(&widget, &store).await;
        let again = call_tool(
            &third.url,
            &session,
            "pipeline_run_get",
            json!({"pipeline_run_id": id}),
        )
        .await;
        assert_eq!(
            again["records"][0]["id"], started["records"][0]["id"],
            "{again}"
        );
        let listed = call_tool(&third.url, &session, "pipeline_list", json!({})).await;
        assert!(listed.to_string().contains("made_on_the_first"), "{listed}");
    })
    .await;
}

#[tokio::test]
async fn a_demo_replica_whose_store_stopped_answers_with_a_tool_error_not_from_its_own_copy() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        let replica = replica(&widget, &store).await;
        let session = open_session(&replica.url).await;
        // Answered while the store is up.
        let (status, listed) = list_pipelines(&replica.url, &session).await;
        assert_eq!(status, 200, "{listed}");
        assert!(is_widget_result(&listed), "{listed}");
        drop(store);
        let started = std::time::Instant::now();
        let (status, message) = list_pipelines(&replica.url, &session).await;
        // The session is in the replica's memory; the demo's changes are not to be trusted.
        assert_eq!(status, 200, "{message}");
        let text = message["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        assert!(message["result"]["isError"] == true, "{message}");
        assert!(text.contains("shared store did not answer"), "{text}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    })
    .await;
}

#[tokio::test]
async fn a_store_beyond_this_machine_is_refused_unless_meant_and_its_password_never_printed() {
    bounded(async {
        let output = tokio::process::Command::new(BINARY)
            .args([
                "--http",
                "127.0.0.1:0",
                "--session-store",
                "redis://:store-password-0123456789@192.0.2.1:6379/0",
            ])
            .env("MCP_AUTH_TOKEN", TEST_HTTP_TOKEN)
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output()
            .await
            .expect("the binary runs");
        assert!(!output.status.success());
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(printed.contains("redis://192.0.2.1:6379"), "{printed}");
        assert!(
            printed.contains("--session-store-beyond-loopback"),
            "{printed}"
        );
        assert!(!printed.contains("store-password"), "{printed}");
    })
    .await;
}

/// Reads `response`'s event stream until `found` holds for what was read, or it ends, or `limit`
/// passes; returns what was read.
async fn read_events(
    response: &mut reqwest::Response,
    limit: Duration,
    found: impl Fn(&str) -> bool,
) -> String {
    let mut read = String::new();
    let _ = tokio::time::timeout(limit, async {
        while let Ok(Some(chunk)) = response.chunk().await {
            read.push_str(&String::from_utf8_lossy(&chunk));
            if found(&read) {
                break;
            }
        }
    })
    .await;
    read
}

#[tokio::test]
async fn a_call_cut_off_by_its_replicas_crash_ends_on_another_replica_with_its_answer_lost() {
    bounded(async {
        let Some(store) = RedisServer::start().await else {
            return;
        };
        let widget = test_widget();
        // A cluster that never answers holds the call in flight on the first replica.
        let cluster = recorder::start_stalled().await;
        let args = ["--mage-url", &cluster.url, "--session-store", &store.url()];
        let env = [("MAGE_API_KEY", "stalled-api-key-123456")];
        let first = http_server_with_env(&widget, &args, &env).await;
        let second = http_server_with_env(&widget, &args, &env).await;
        let session = open_session(&first.url).await;
        // The second replica answers a call of the session first: its own streams of the
        // session are numbered as the first replica's are, and must not be taken for them.
        let tools = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/list"});
        let (status, _, listed) = post(&second.url, Some(&session), tools).await;
        assert_eq!(status, 200, "{listed}");
        let call = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
            "params": {"name": "pipeline_list", "arguments": {}}});
        let mut response = reqwest::Client::new()
            .post(&first.url)
            .header(AUTHORIZATION, bearer())
            .header(ACCEPT, "application/json, text/event-stream")
            .header(CONTENT_TYPE, "application/json")
            .header("mcp-session-id", &session)
            .header("mcp-protocol-version", "2025-06-18")
            .body(call.to_string())
            .send()
            .await
            .expect("the call's stream opens");
        let primed = read_events(&mut response, Duration::from_secs(10), |read| {
            read.lines().any(|line| line.starts_with("id:"))
        })
        .await;
        let event_id = primed
            .lines()
            .find_map(|line| line.strip_prefix("id:"))
            .map(|id| id.trim().to_owned())
            .unwrap_or_else(|| panic!("an event id to resume from: {primed:?}"));
        assert!(
            cluster
                .wait_for("GET /api/pipelines", Duration::from_secs(10))
                .await,
            "the call is in flight: {:?}",
            cluster.seen()
        );
        drop(first);
        let rest = read_events(&mut response, Duration::from_secs(10), |_| false).await;
        assert!(!rest.contains("\"result\""), "{rest}");
        // The client resumes the call's stream; the load balancer picks the second replica.
        let mut resumed = reqwest::Client::new()
            .get(&second.url)
            .header(AUTHORIZATION, bearer())
            .header(ACCEPT, "text/event-stream")
            .header("mcp-session-id", &session)
            .header("mcp-protocol-version", "2025-06-18")
            .header("last-event-id", &event_id)
            .send()
            .await
            .expect("the resumption is answered");
        assert_eq!(resumed.status().as_u16(), 200);
        let answer = read_events(&mut resumed, Duration::from_secs(10), |read| {
            read.contains("\"error\"")
        })
        .await;
        let message = answer
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .unwrap_or_else(|| panic!("a message on the resumed stream: {answer:?}"));
        assert!(
            message.get("result").is_none(),
            "another call's answer: {message}"
        );
        assert_eq!(
            message["id"], 9,
            "the error answers the call cut off: {message}"
        );
        assert!(
            message["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("which is lost") && m.contains("outcome is unknown")),
            "{message}"
        );
        // The session itself goes on (a request that asks the stalled cluster nothing).
        let tools = json!({"jsonrpc": "2.0", "id": 10, "method": "tools/list"});
        let (status, _, listed) = post(&second.url, Some(&session), tools).await;
        assert_eq!(status, 200, "{listed}");
        assert!(
            listed["result"]["tools"]
                .as_array()
                .is_some_and(|t| !t.is_empty()),
            "{listed}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_stopping_replica_answers_the_calls_in_flight_and_takes_no_new_connection() {
    bounded(async {
        let widget = test_widget();
        // A cluster that never answers holds the call until its deadline.
        let cluster = recorder::start_stalled().await;
        let mut server = http_server_with_env(
            &widget,
            &["--mage-url", &cluster.url, "--call-timeout", "3"],
            &[("MAGE_API_KEY", "stalled-api-key-123456")],
        )
        .await;
        let session = open_session(&server.url).await;
        let url = server.url.clone();
        let in_flight = tokio::spawn(async move { list_pipelines(&url, &session).await });
        assert!(
            cluster
                .wait_for("GET /api/pipelines", Duration::from_secs(10))
                .await,
            "the call is in flight: {:?}",
            cluster.seen()
        );
        server.terminate();
        // The call in flight ends with its own answer: past its deadline, nothing changed.
        let (status, message) = in_flight.await.expect("the call's task");
        assert_eq!(status, 200, "{message}");
        let text = message["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        assert!(text.contains("did not finish within 3 s"), "{message}");
        // No new connection is taken, and the process ends.
        let refused = reqwest::Client::new()
            .post(&server.url)
            .timeout(Duration::from_secs(5))
            .send()
            .await;
        assert!(
            refused.as_ref().is_err_and(|e| e.is_connect()),
            "{refused:?}"
        );
        assert!(server.exited_within(Duration::from_secs(10)).await);
    })
    .await;
}
