//! The server over Streamable HTTP: the binary on a free loopback port, where rmcp's client lists
//! the tools, reads the widget and calls tools, and sessions share one project; requests from a
//! foreign browser Origin are refused (DNS rebinding) by the HTTP router in process, loopback
//! origins pass, and an origin `--allow-origin` names passes through the binary.

use axum::http::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, ORIGIN};
use axum::http::{HeaderMap, HeaderValue, Method};
use serde_json::{json, Value};

use crate::common::*;
use crate::in_process::{default_options, demo_router, oneshot};

#[tokio::test]
async fn streamable_http_serves_the_tools_and_the_widget() {
    bounded(async {
        let widget = test_widget();
        let uri = expected_uri(&widget.bytes);
        let server = http_server(&widget, &[]).await;
        assert!(server.url.ends_with("/mcp"), "{}", server.url);
        let client = http_client(&server).await;
        let tools = client.list_all_tools().await.expect("tools/list");
        for name in [
            "pipeline_list",
            "pipeline_get",
            "run_pipeline",
            "pipeline_schedules",
            "pipeline_triggers",
            "block_outputs",
        ] {
            let tool = tools
                .iter()
                .find(|t| t.name == name)
                .unwrap_or_else(|| panic!("{name} listed"));
            let meta = Value::Object(tool.meta.as_ref().map(|m| m.0.clone()).unwrap_or_default());
            assert_eq!(meta["ui"]["resourceUri"], uri);
            assert_eq!(meta["ui/resourceUri"], uri);
            assert_eq!(meta["host/outputTemplate"], uri);
        }
        let read = read_widget(&client, &uri).await;
        let contents = serde_json::to_value(&read.contents[0]).expect("contents");
        assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(
            contents["text"].as_str().expect("text").as_bytes(),
            widget.bytes.as_slice()
        );

        let schemas = schemas();
        let result = call(&client, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        assert!(
            schemas.violations("pipeline_get", &result).is_empty(),
            "{:?}",
            schemas.violations("pipeline_get", &result)
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn a_change_made_in_one_session_shows_in_another() {
    bounded(async {
        let widget = test_widget();
        let server = http_server(&widget, &[]).await;
        let first = http_client(&server).await;
        let second = http_client(&server).await;
        let created = call(
            &first,
            "pipeline_create",
            json!({"name": "Shared across sessions"}),
        )
        .await;
        assert_ne!(created.is_error, Some(true));
        let listed = structured(&call(&second, "pipeline_list", json!({})).await);
        assert!(listed["records"]
            .as_array()
            .expect("records")
            .iter()
            .any(|r| r["uuid"] == "shared_across_sessions"));
        first.cancel().await.expect("close");
        second.cancel().await.expect("close");
    })
    .await;
}

/// A raw `initialize` request: its headers, with the given Origin header (or none), and its body.
fn initialize_request(origin: Option<&str>) -> (HeaderMap, Vec<u8>) {
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "origin-test", "version": "0"}}
    });
    let value = |text: &str| HeaderValue::from_str(text).expect("a header value");
    let mut headers = HeaderMap::new();
    headers.insert(AUTHORIZATION, value(&bearer()));
    headers.insert(ACCEPT, value("application/json, text/event-stream"));
    headers.insert(CONTENT_TYPE, value("application/json"));
    if let Some(origin) = origin {
        headers.insert(ORIGIN, value(origin));
    }
    (headers, body.to_string().into_bytes())
}

/// The HTTP status of a raw `initialize` POST with the given Origin (or none) to the router in
/// process.
async fn initialize_in_process(router: &axum::Router, origin: Option<&str>) -> u16 {
    let (headers, body) = initialize_request(origin);
    let (status, _, _) = oneshot(router, Method::POST, headers, body).await;
    status.as_u16()
}

/// The HTTP status of a raw `initialize` POST with the given Origin (or none) to the server at
/// `url`.
async fn initialize_with_origin(url: &str, origin: Option<&str>) -> u16 {
    let (headers, body) = initialize_request(origin);
    reqwest::Client::new()
        .post(url)
        .headers(headers)
        .body(body)
        .send()
        .await
        .expect("HTTP request")
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_foreign_origin_is_rejected_and_loopback_origins_pass() {
    bounded(async {
        let widget = test_widget();
        let router = demo_router(&widget, &default_options());
        assert_eq!(
            initialize_in_process(&router, Some("https://evil.example")).await,
            403
        );
        assert_eq!(
            initialize_in_process(&router, Some("http://attacker.test:3001")).await,
            403
        );
        assert_eq!(
            initialize_in_process(&router, Some("http://localhost:6274")).await,
            200
        );
        assert_eq!(
            initialize_in_process(&router, Some("http://127.0.0.1:5173")).await,
            200
        );
        assert_eq!(
            initialize_in_process(&router, None).await,
            200,
            "non-browser clients send no Origin"
        );
    })
    .await;
}

/// `--allow-origin` admits that origin besides the loopback ones, through the binary.
#[tokio::test]
async fn an_origin_allowed_by_the_flag_passes_and_others_do_not() {
    bounded(async {
        let widget = test_widget();
        let allowing = http_server(&widget, &["--allow-origin", "https://app.example:443"]).await;
        assert_eq!(
            initialize_with_origin(&allowing.url, Some("https://app.example")).await,
            200
        );
        assert_eq!(
            initialize_with_origin(&allowing.url, Some("https://evil.example")).await,
            403
        );
    })
    .await;
}

/// Starts the binary over HTTP (debug logging) with `args` and `env`, waits for the line saying
/// how clients authenticate, makes one call with `token` when given, stops the server, and
/// returns everything it wrote to stdout and stderr.
async fn everything_printed(
    widget: &TestWidget,
    args: &[&str],
    env: &[(&str, &str)],
    token: Option<&str>,
) -> String {
    use std::process::Stdio;
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
    install_tls_provider();
    let mut child = tokio::process::Command::new(BINARY)
        .env_remove("MCP_AUTH_TOKEN")
        .envs(env.iter().copied())
        .args(["--http", "127.0.0.1:0", "--log-level", "debug", "--widget"])
        .arg(&widget.path)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn the server");
    let mut stdout = child.stdout.take().expect("stdout piped");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr piped"));
    let mut printed = String::new();
    let mut url = None;
    while !printed.contains("clients send the header") {
        let mut line = String::new();
        if stderr.read_line(&mut line).await.expect("read stderr") == 0 {
            break;
        }
        if let Some(at) = line.find("http://127.0.0.1:") {
            url = line[at..].split_whitespace().next().map(str::to_owned);
        }
        printed.push_str(&line);
    }
    assert!(printed.contains("clients send the header"), "{printed}");
    if let (Some(token), Some(url)) = (token, url) {
        let (mut headers, body) = initialize_request(None);
        let value = HeaderValue::from_str(&format!("Bearer {token}")).expect("a header value");
        headers.insert(AUTHORIZATION, value);
        let answer = reqwest::Client::new()
            .post(&url)
            .headers(headers)
            .body(body)
            .send()
            .await
            .expect("HTTP request");
        assert_eq!(answer.status().as_u16(), 200);
    }
    child.start_kill().expect("stop the server");
    let _ = child.wait().await;
    stderr
        .read_to_string(&mut printed)
        .await
        .expect("read stderr");
    stdout
        .read_to_string(&mut printed)
        .await
        .expect("read stdout");
    printed
}

#[tokio::test]
async fn a_token_given_in_the_environment_or_a_file_is_never_printed() {
    bounded(async {
        let widget = test_widget();
        let from_env = "env-given-token-0123456789abcdef";
        let printed = everything_printed(
            &widget,
            &[],
            &[("MCP_AUTH_TOKEN", from_env)],
            Some(from_env),
        )
        .await;
        assert!(!printed.contains(from_env), "{printed}");
        assert!(printed.contains("given in $MCP_AUTH_TOKEN"), "{printed}");

        let folder = tempfile::tempdir().expect("temp dir");
        let file = folder.path().join("token");
        let from_file = "file-given-token-0123456789abcdef";
        std::fs::write(&file, format!("{from_file}\n")).expect("write the token file");
        let file = file.to_string_lossy().into_owned();
        let printed =
            everything_printed(&widget, &["--auth-token-file", &file], &[], Some(from_file)).await;
        assert!(!printed.contains(from_file), "{printed}");
        assert!(printed.contains("given in --auth-token-file"), "{printed}");
    })
    .await;
}

#[tokio::test]
async fn a_made_token_is_printed_once_so_that_the_user_learns_it() {
    bounded(async {
        let widget = test_widget();
        let printed = everything_printed(&widget, &[], &[], None).await;
        let token = printed
            .lines()
            .map(str::trim)
            .find(|line| line.len() == 64 && line.bytes().all(|b| b.is_ascii_hexdigit()))
            .unwrap_or_else(|| panic!("a made token in {printed}"));
        assert_eq!(printed.matches(token).count(), 1, "{printed}");
    })
    .await;
}
