//! Shared by the integration tests: the built binary driven by rmcp's own client over stdio or
//! Streamable HTTP, the project's JSON Schemas, and the secrets planted in the demo data.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, CallToolResult, ReadResourceRequestParams};
use rmcp::service::RunningService;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{ConfigureCommandExt, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
// The key rule the server and the widget redact by: the workspace's one redaction engine.
use secret_redaction::is_sensitive_key;
use serde_json::{json, Map, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};

pub const BINARY: &str = env!("CARGO_BIN_EXE_mage-mcp-server");
/// Every test runs under this bound.
pub const TEST_TIMEOUT: Duration = Duration::from_secs(90);

pub type Client = RunningService<RoleClient, ()>;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A small HTML file standing in for the built widget (the tests do not need a widget build);
/// non-ASCII on purpose, to see that every byte comes back.
pub struct TestWidget {
    _dir: tempfile::TempDir,
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

pub fn test_widget() -> TestWidget {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("resource-widget.html");
    let bytes = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Widget é ✓</title></head>\r\n<body><main id=\"app\">Rendering…</main></body></html>\n"
        .as_bytes()
        .to_vec();
    std::fs::write(&path, &bytes).expect("write widget");
    TestWidget {
        _dir: dir,
        path,
        bytes,
    }
}

/// The URI the server must give the widget: sha256 of the bytes, first 8 hex digits.
pub fn expected_uri(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let short: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("ui://pipeline-service/resource-widget-{short}.html")
}

/// Starts the server on stdio with `--widget` and `extra` arguments and connects rmcp's client.
pub async fn stdio_client(widget: &TestWidget, extra: &[&str]) -> Client {
    let transport =
        TokioChildProcess::builder(tokio::process::Command::new(BINARY).configure(|cmd| {
            cmd.arg("--stdio")
                .arg("--widget")
                .arg(&widget.path)
                .args(extra);
        }))
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the server")
        .0;
    ().serve(transport).await.expect("MCP handshake over stdio")
}

/// The server on stdio with `args` and `env` (the Mage credentials of the test's environment
/// removed first); its stderr is collected.
pub async fn spawn_with_env(
    widget: &TestWidget,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Client, tokio::task::JoinHandle<String>) {
    let (transport, stderr) =
        TokioChildProcess::builder(tokio::process::Command::new(BINARY).configure(|cmd| {
            cmd.arg("--widget").arg(&widget.path).args(args);
            cmd.env_remove("MAGE_OAUTH_TOKEN")
                .env_remove("MAGE_API_KEY");
            for (key, value) in env {
                cmd.env(key, value);
            }
        }))
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the server");
    let mut stderr = stderr.expect("stderr piped");
    let reader = tokio::spawn(async move {
        let mut log = String::new();
        let _ = stderr.read_to_string(&mut log).await;
        log
    });
    let client = ().serve(transport).await.expect("MCP handshake over stdio");
    (client, reader)
}

/// A server on Streamable HTTP at a free loopback port; killed when dropped.
pub struct HttpServer {
    child: tokio::process::Child,
    pub url: String,
}

impl HttpServer {
    /// The process has not exited.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process's resident memory now (VmRSS in /proc/PID/status), in KiB.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()?)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Asks the process to stop, as a process manager does (SIGTERM).
    pub fn terminate(&self) {
        let pid = self.child.id().expect("the server is running").to_string();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM sent to {pid}");
    }

    /// Waits, at most `limit`, for the process to exit.
    pub async fn exited_within(&mut self, limit: Duration) -> bool {
        tokio::time::timeout(limit, self.child.wait()).await.is_ok()
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

/// The package builds reqwest without a default TLS provider (the server installs ring itself):
/// every HTTP client in the tests, rmcp's included, needs it installed first.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The token the tests' HTTP servers are started with (`MCP_AUTH_TOKEN`).
pub const TEST_HTTP_TOKEN: &str = "test-http-token-0123456789abcdef";

/// `Authorization: Bearer` with [`TEST_HTTP_TOKEN`], for raw HTTP requests.
pub fn bearer() -> String {
    format!("Bearer {TEST_HTTP_TOKEN}")
}

/// Starts `--http 127.0.0.1:0` (clients need [`TEST_HTTP_TOKEN`]) and reads the bound address from
/// the server's log on stderr.
pub async fn http_server(widget: &TestWidget, extra: &[&str]) -> HttpServer {
    http_server_with_env(widget, extra, &[]).await
}

/// [`http_server`] with more variables in its environment.
pub async fn http_server_with_env(
    widget: &TestWidget,
    extra: &[&str],
    env: &[(&str, &str)],
) -> HttpServer {
    install_tls_provider();
    let mut child = tokio::process::Command::new(BINARY)
        .env("MCP_AUTH_TOKEN", TEST_HTTP_TOKEN)
        .envs(env.iter().copied())
        .arg("--http")
        .arg("127.0.0.1:0")
        .arg("--widget")
        .arg(&widget.path)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn the server");
    let stderr = child.stderr.take().expect("stderr piped");
    let mut lines = BufReader::new(stderr).lines();
    let url = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = lines.next_line().await.expect("read stderr") {
            // The line that names the server's own address (a Mage URL can be on another).
            if let Some(at) = line
                .contains("serving MCP")
                .then(|| line.find("http://127.0.0.1:"))
                .flatten()
            {
                return line[at..].split_whitespace().next().map(str::to_owned);
            }
        }
        None
    })
    .await
    .expect("the server announces its address within 30 s")
    .expect("an http://127.0.0.1:PORT/mcp line on stderr");
    // Keep draining stderr so the server never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    HttpServer { child, url }
}

pub async fn http_client(server: &HttpServer) -> Client {
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(server.url.clone())
            .auth_header(TEST_HTTP_TOKEN),
    );
    ().serve(transport)
        .await
        .expect("MCP handshake over Streamable HTTP")
}

pub async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    let arguments: Map<String, Value> = match arguments {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => panic!("arguments must be an object, not {other}"),
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
        .unwrap_or_else(|error| panic!("tools/call {tool} failed at the protocol level: {error}"))
}

pub async fn read_widget(client: &Client, uri: &str) -> rmcp::model::ReadResourceResult {
    client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
        .expect("resources/read")
}

pub fn structured(result: &CallToolResult) -> Value {
    result
        .structured_content
        .clone()
        .expect("structuredContent")
}

pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .expect("content[0].text")
}

/// The error code of an error result, checking the envelope on the way.
pub fn error_code(result: &CallToolResult) -> String {
    assert_eq!(
        result.is_error,
        Some(true),
        "an error result has isError: true"
    );
    let envelope = structured(result);
    assert_eq!(envelope["status"], "error");
    assert_eq!(
        serde_json::from_str::<Value>(&text(result)).expect("text is JSON"),
        envelope
    );
    envelope["error"]["code"]
        .as_str()
        .expect("error.code")
        .to_owned()
}

/// The project's JSON Schemas, compiled.
pub struct Schemas {
    pub widget_result: jsonschema::Validator,
    pub widget_data: jsonschema::Validator,
    pub tool_error: jsonschema::Validator,
}

pub fn schemas() -> Schemas {
    let load = |name: &str| -> jsonschema::Validator {
        let path = repo_root().join("schema").join(name);
        let schema: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("schema file"))
                .expect("schema JSON");
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name} is draft 2020-12"
        );
        jsonschema::draft202012::new(&schema).expect("schema compiles")
    };
    Schemas {
        widget_result: load("widget-result.schema.json"),
        widget_data: load("widget-data.schema.json"),
        tool_error: load("tool-error.schema.json"),
    }
}

fn errors_of(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

impl Schemas {
    /// Checks one tool result against the contract; returns what is wrong.
    pub fn violations(&self, tool: &str, result: &CallToolResult) -> Vec<String> {
        let mut found = Vec::new();
        let Some(structured) = result.structured_content.as_ref() else {
            return vec![format!("{tool}: no structuredContent")];
        };
        match serde_json::from_str::<Value>(&text(result)) {
            Ok(parsed) if &parsed == structured => {}
            _ => found.push(format!(
                "{tool}: content[0].text is not the structuredContent"
            )),
        }
        if result.is_error == Some(true) {
            found.extend(
                errors_of(&self.tool_error, structured)
                    .into_iter()
                    .map(|e| format!("{tool} (error envelope): {e}")),
            );
        } else {
            found.extend(
                errors_of(&self.widget_result, structured)
                    .into_iter()
                    .map(|e| format!("{tool}: {e}")),
            );
            match result
                .meta
                .as_ref()
                .and_then(|m| m.0.get("host/widgetData"))
            {
                Some(hints) => found.extend(
                    errors_of(&self.widget_data, hints)
                        .into_iter()
                        .map(|e| format!("{tool} hints: {e}")),
                ),
                None => found.push(format!("{tool}: no _meta[\"host/widgetData\"]")),
            }
        }
        found
    }
}

/// Every string under a sensitive key in the embedded demo data: schedule tokens, the tokens
/// copied into runs, passwords, API keys, the webhook token, the private key.
pub fn planted_secrets() -> Vec<String> {
    let path = repo_root().join("fixtures/demo/project.json");
    let project: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("demo data")).expect("JSON");
    let mut secrets = std::collections::BTreeSet::new();
    let mut stack = vec![(false, &project)];
    while let Some((under_secret, value)) = stack.pop() {
        match value {
            Value::Object(map) => stack.extend(
                map.iter()
                    .map(|(k, v)| (under_secret || is_sensitive_key(k), v)),
            ),
            Value::Array(items) => stack.extend(items.iter().map(|v| (under_secret, v))),
            Value::String(s) if under_secret && s.len() >= 8 => {
                secrets.insert(s.clone());
            }
            _ => {}
        }
    }
    secrets.into_iter().collect()
}

/// `(tool, arguments)` reaching every tool, read-only ones first, then mutations.
pub fn every_tool_call() -> Vec<(&'static str, Value)> {
    vec![
        ("pipeline_list", json!({})),
        ("pipeline_get", json!({"uuid": "etl_daily"})),
        ("pipeline_get", json!({"uuid": "warehouse_rebuild"})),
        ("block_list", json!({"pipeline_uuid": "warehouse_rebuild"})),
        (
            "block_get",
            json!({"pipeline_uuid": "inventory_sync", "uuid": "postgres_inventory"}),
        ),
        ("block_templates_list", json!({})),
        ("block_templates_list", json!({"force_refresh": true})),
        ("pipeline_runs", json!({})),
        (
            "pipeline_runs",
            json!({"pipeline_uuid": "etl_daily", "status": "failed", "page": 1, "per_page": 5}),
        ),
        ("block_runs", json!({"pipeline_run_id": "1298"})),
        ("pipeline_run_get", json!({"pipeline_run_id": "1298"})),
        (
            "block_outputs",
            json!({"pipeline_uuid": "etl_daily", "block_uuid": "load_orders"}),
        ),
        (
            "block_outputs",
            json!({"pipeline_uuid": "customer_360", "block_uuid": "score_churn_risk"}),
        ),
        ("run_logs", json!({"pipeline_run_id": "1298"})),
        ("pipeline_schedules", json!({})),
        ("pipeline_schedules", json!({"schedule_type": "api"})),
        ("pipeline_triggers", json!({"pipeline_uuid": "etl_daily"})),
        ("backfill_list", json!({})),
        (
            "pipeline_create",
            json!({"name": "Orders hourly", "type": "streaming"}),
        ),
        (
            "pipeline_update",
            json!({"uuid": "orders_hourly", "description": "Hourly orders."}),
        ),
        (
            "block_create",
            json!({"pipeline_uuid": "orders_hourly", "name": "orders source", "type": "data_loader", "language": "yaml"}),
        ),
        (
            "block_create",
            json!({"pipeline_uuid": "orders_hourly", "name": "mask", "type": "transformer", "upstream_blocks": ["orders_source"], "config": {"api_key": "cfg-secret-1234567890"}}),
        ),
        (
            "block_update",
            json!({"pipeline_uuid": "orders_hourly", "uuid": "mask", "content": "def mask(df):\n    return df\n"}),
        ),
        (
            "run_pipeline",
            json!({"pipeline_uuid": "etl_daily", "payload": {"variables": {"batch": 7}, "token": "payload-token-1234567890"}}),
        ),
        (
            "block_delete",
            json!({"pipeline_uuid": "orders_hourly", "uuid": "mask"}),
        ),
        ("pipeline_delete", json!({"uuid": "orders_hourly"})),
    ]
}

/// Runs `body` under the test time bound.
pub async fn bounded<F: std::future::Future<Output = ()>>(body: F) {
    tokio::time::timeout(TEST_TIMEOUT, body)
        .await
        .expect("the test finished within its time bound");
}

/// A call of every tool that puts an id into a request path, with that id (and only it) set to
/// `bad`, naming the argument the refusal must name. Real ids fill the other arguments.
/// One table on purpose, one entry per tool and id argument, in three parts by what the tools
/// read.
pub fn calls_with_bad_id(bad: &str) -> Vec<(&'static str, Value, &'static str)> {
    [
        pipeline_calls_with_bad_id(bad),
        block_calls_with_bad_id(bad),
        run_and_schedule_calls_with_bad_id(bad),
    ]
    .concat()
}

/// The pipeline tools' part of [`calls_with_bad_id`].
fn pipeline_calls_with_bad_id(bad: &str) -> Vec<(&'static str, Value, &'static str)> {
    vec![
        ("pipeline_get", json!({"uuid": bad}), "uuid"),
        (
            "pipeline_update",
            json!({"uuid": bad, "description": "x"}),
            "uuid",
        ),
        ("pipeline_delete", json!({"uuid": bad}), "uuid"),
    ]
}

/// The block tools' part of [`calls_with_bad_id`].
fn block_calls_with_bad_id(bad: &str) -> Vec<(&'static str, Value, &'static str)> {
    vec![
        ("block_list", json!({"pipeline_uuid": bad}), "pipeline_uuid"),
        (
            "block_get",
            json!({"pipeline_uuid": bad, "uuid": "load_orders"}),
            "pipeline_uuid",
        ),
        (
            "block_get",
            json!({"pipeline_uuid": "etl_daily", "uuid": bad}),
            "uuid",
        ),
        (
            "block_create",
            json!({"pipeline_uuid": bad, "name": "x", "type": "transformer"}),
            "pipeline_uuid",
        ),
        (
            "block_create",
            json!({"pipeline_uuid": "etl_daily", "name": "x", "type": "transformer", "upstream_blocks": [bad]}),
            "upstream_blocks",
        ),
        (
            "block_update",
            json!({"pipeline_uuid": bad, "uuid": "load_orders", "content": "x"}),
            "pipeline_uuid",
        ),
        (
            "block_update",
            json!({"pipeline_uuid": "etl_daily", "uuid": bad, "content": "x"}),
            "uuid",
        ),
        (
            "block_delete",
            json!({"pipeline_uuid": bad, "uuid": "load_orders"}),
            "pipeline_uuid",
        ),
        (
            "block_delete",
            json!({"pipeline_uuid": "etl_daily", "uuid": bad, "force": true}),
            "uuid",
        ),
    ]
}

/// The run, output, log and schedule tools' part of [`calls_with_bad_id`].
fn run_and_schedule_calls_with_bad_id(bad: &str) -> Vec<(&'static str, Value, &'static str)> {
    vec![
        (
            "run_pipeline",
            json!({"pipeline_uuid": bad}),
            "pipeline_uuid",
        ),
        (
            "pipeline_runs",
            json!({"pipeline_uuid": bad}),
            "pipeline_uuid",
        ),
        (
            "block_runs",
            json!({"pipeline_run_id": bad}),
            "pipeline_run_id",
        ),
        (
            "pipeline_run_get",
            json!({"pipeline_run_id": bad}),
            "pipeline_run_id",
        ),
        (
            "block_outputs",
            json!({"block_run_id": bad}),
            "block_run_id",
        ),
        (
            "block_outputs",
            json!({"pipeline_uuid": bad, "block_uuid": "load_orders"}),
            "pipeline_uuid",
        ),
        (
            "block_outputs",
            json!({"pipeline_uuid": "etl_daily", "block_uuid": bad}),
            "block_uuid",
        ),
        (
            "run_logs",
            json!({"pipeline_run_id": bad}),
            "pipeline_run_id",
        ),
        (
            "pipeline_schedules",
            json!({"pipeline_uuid": bad}),
            "pipeline_uuid",
        ),
        (
            "pipeline_triggers",
            json!({"pipeline_uuid": bad}),
            "pipeline_uuid",
        ),
        (
            "backfill_list",
            json!({"pipeline_uuid": bad}),
            "pipeline_uuid",
        ),
    ]
}

/// Ids no tool may put into a path: URL parsers resolve `.` and `..` to another route, Mage joins
/// an absolute path (or a drive, a share, a home folder) onto its project folder and leaves it.
pub const BAD_IDS: &[&str] = &[
    "..",
    ".",
    "",
    "a/../b",
    "etl\u{0}daily",
    "/srv/other-project/pipelines/etl_daily",
    "C:\\Users\\me\\pipelines\\etl_daily",
    "\\\\server\\share",
    "~/pipelines/etl_daily",
    "%2Fetc%2Fpasswd",
];

/// Calls every path-building tool with each bad id and checks the refusal: the envelope's
/// API_ERROR naming the argument. What reached the cluster is for the caller to check.
pub async fn every_bad_id_is_refused_by_name(client: &Client, schemas: &Schemas) -> usize {
    let mut calls = 0;
    for bad in BAD_IDS {
        calls += the_bad_id_is_refused_by_name(client, schemas, bad).await;
    }
    calls
}

/// Every call of [`calls_with_bad_id`] with `bad` as its id: each a schema-valid `API_ERROR`
/// whose message starts with the argument's name and says nothing was sent. Returns how many.
pub async fn the_bad_id_is_refused_by_name(client: &Client, schemas: &Schemas, bad: &str) -> usize {
    each_is_refused_by_name(client, schemas, &calls_with_bad_id(bad)).await
}

/// Places no free-form argument may name: Mage joins a block configuration's paths onto its
/// project folder (an absolute one, also percent-encoded or climbing with `..`, leaves it), and
/// makes a file name of a block's name.
pub const BAD_PLACES: &[&str] = &[
    "/srv/other-project/dbt/models/orders.sql",
    "%2Fsrv%2Fother-project%2Fdbt",
    "../../other-project/dbt",
    "dbt/../../../etc/passwd",
    "C:\\Users\\me\\dbt",
    "~/dbt/models/orders.sql",
];

/// A block_create or block_update with `bad` in one place Mage makes a file or a path of, naming
/// the argument the refusal must name.
pub fn calls_with_bad_place(bad: &str) -> Vec<(&'static str, Value, &'static str)> {
    let create = |config: Value| json!({"pipeline_uuid": "etl_daily", "name": "x", "type": "dbt", "language": "sql", "config": config});
    vec![
        (
            "block_create",
            create(json!({"file_path": bad})),
            "config.file_path",
        ),
        (
            "block_create",
            create(json!({"file_source": {"path": bad}})),
            "config.file_source.path",
        ),
        (
            "block_create",
            create(json!({"file_source": {"path": "dbt/demo/models/x.sql", "project_path": bad}})),
            "config.file_source.project_path",
        ),
        (
            "block_create",
            create(json!({"dbt_project_name": bad})),
            "config.dbt_project_name",
        ),
        (
            "block_create",
            create(json!({"dbt_profiles_file_path": bad})),
            "config.dbt_profiles_file_path",
        ),
        (
            "block_create",
            create(json!({"global_data_product": {"project": bad}})),
            "config.global_data_product.project",
        ),
    ]
}

/// Names Mage would make a file outside the project of, or too long a file name.
pub fn calls_with_bad_name() -> Vec<(&'static str, Value, &'static str)> {
    let long = "n".repeat(201);
    vec![
        (
            "block_create",
            json!({"pipeline_uuid": "etl_daily", "name": "/tmp/outside", "type": "transformer"}),
            "name",
        ),
        (
            "block_update",
            json!({"pipeline_uuid": "etl_daily", "uuid": "load_orders", "name": "\"/tmp/outside"}),
            "name",
        ),
        (
            "block_create",
            json!({"pipeline_uuid": "etl_daily", "name": long, "type": "transformer"}),
            "name",
        ),
        ("pipeline_create", json!({"name": long}), "name"),
        (
            "pipeline_update",
            json!({"uuid": "etl_daily", "name": long}),
            "name",
        ),
    ]
}

/// Every call of [`calls_with_bad_place`] with each of [`BAD_PLACES`], and every call of
/// [`calls_with_bad_name`], refused by name before any request. Returns how many.
pub async fn every_bad_place_is_refused_by_name(client: &Client, schemas: &Schemas) -> usize {
    let mut calls = each_is_refused_by_name(client, schemas, &calls_with_bad_name()).await;
    for bad in BAD_PLACES {
        calls += each_is_refused_by_name(client, schemas, &calls_with_bad_place(bad)).await;
    }
    calls
}

/// Each call: a schema-valid `API_ERROR` whose message starts with the argument's name and says
/// nothing was sent. Returns how many.
async fn each_is_refused_by_name(
    client: &Client,
    schemas: &Schemas,
    calls: &[(&'static str, Value, &'static str)],
) -> usize {
    for (tool, args, field) in calls {
        let result = call(client, tool, args.clone()).await;
        assert_eq!(
            error_code(&result),
            "API_ERROR",
            "{tool} {args}: {}",
            text(&result)
        );
        assert!(
            schemas.violations(tool, &result).is_empty(),
            "{tool} {args}"
        );
        let message = structured(&result)["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            message.starts_with(&format!("{field} ")),
            "{tool} {args}: {message}"
        );
        assert!(
            message.contains("nothing was sent"),
            "{tool} {args}: {message}"
        );
    }
    calls.len()
}
