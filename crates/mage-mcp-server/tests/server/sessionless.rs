//! Clients of MCP `2026-07-28`, which has no sessions (SEP-2567): rmcp's client negotiates it with
//! `server/discover` and sends every request with its own metadata; the server serves each alone.
//! The whole suite of tool behaviour and the widget's `resources/read` pass over such a client;
//! its requests never count against `--max-sessions`; and what one request learns (a credential
//! it sent) redacts nothing in the next request's results: learned secrets are kept per request.

use rmcp::model::ProtocolVersion;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientLifecycleMode, ClientServiceExt};
use serde_json::json;

use crate::common::*;
use crate::suite::{run_suite, Fixture};

/// A client of `server` that negotiates `2026-07-28` (no `initialize`, no session).
async fn sessionless_client(server: &HttpServer) -> Client {
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(server.url.clone())
            .auth_header(TEST_HTTP_TOKEN),
    );
    let client = ()
        .serve_with_lifecycle(
            transport,
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("server/discover over Streamable HTTP");
    let agreed = client.peer_info().map(|info| info.protocol_version.clone());
    assert_eq!(agreed, Some(ProtocolVersion::V_2026_07_28));
    client
}

#[tokio::test]
async fn a_sessionless_client_is_served_every_tool_and_the_widget() {
    bounded(async {
        let widget = test_widget();
        let server = http_server(&widget, &[]).await;
        let client = sessionless_client(&server).await;
        let fixture = Fixture {
            pipeline: "etl_daily",
            upstream_block: "clean_orders",
            secrets: planted_secrets(),
            pages: None,
        };
        let calls = run_suite(&client, &fixture).await;
        assert!(calls >= 40, "{calls} calls");
        let uri = expected_uri(&widget.bytes);
        let read = read_widget(&client, &uri).await;
        let contents = serde_json::to_value(&read.contents[0]).expect("contents");
        assert_eq!(contents["uri"], uri);
        assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(
            contents["text"].as_str().map(str::as_bytes),
            Some(widget.bytes.as_slice())
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn sessionless_requests_never_count_against_the_session_bound() {
    bounded(async {
        let widget = test_widget();
        let server = http_server(&widget, &["--max-sessions", "1"]).await;
        let legacy = http_client(&server).await;
        let client = sessionless_client(&server).await;
        for _ in 0..3 {
            let listed = call(&client, "pipeline_list", json!({})).await;
            assert_ne!(listed.is_error, Some(true), "{}", text(&listed));
        }
        assert_ne!(
            call(&legacy, "pipeline_list", json!({})).await.is_error,
            Some(true)
        );
        // The bound still holds for sessions.
        let transport = StreamableHttpClientTransport::from_config(
            StreamableHttpClientTransportConfig::with_uri(server.url.clone())
                .auth_header(TEST_HTTP_TOKEN),
        );
        assert!(rmcp::ServiceExt::serve((), transport).await.is_err());
    })
    .await;
}

#[tokio::test]
async fn what_one_sessionless_request_sends_never_changes_the_next_requests_results() {
    bounded(async {
        let widget = test_widget();
        let server = http_server(&widget, &[]).await;
        let client = sessionless_client(&server).await;
        let checksum = "9f86d081884c7d659a2feaa0c55ad015";
        let described = format!("checksum {checksum} of the last drop");
        let updated = call(
            &client,
            "pipeline_update",
            json!({"uuid": "etl_daily", "description": described}),
        )
        .await;
        assert_ne!(updated.is_error, Some(true), "{}", text(&updated));
        // One request sends the checksum as a credential; its own result hides it.
        let run = call(
            &client,
            "run_pipeline",
            json!({"pipeline_uuid": "etl_daily", "payload": {"api_key": checksum}}),
        )
        .await;
        assert_ne!(run.is_error, Some(true), "{}", text(&run));
        assert!(!text(&run).contains(checksum), "{}", text(&run));
        // The next request learnt nothing from it: the description shows as it is.
        let after = call(&client, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        assert_eq!(
            structured(&after)["records"][0]["description"],
            json!(described)
        );
    })
    .await;
}

/// A sessionless call's answer is one JSON body with its length: its stream would carry no event
/// id, so a client whose replica died mid-answer could not tell a cut answer from a slow one and
/// would wait for its own timeout; a JSON body cut short is an error at once.
#[tokio::test]
async fn a_sessionless_answer_is_one_json_body_with_its_length() {
    use reqwest::header::{CONTENT_LENGTH, CONTENT_TYPE};

    bounded(async {
        let widget = test_widget();
        let server = http_server(&widget, &[]).await;
        let body = json!({
            "jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "pipeline_list", "arguments": {}, "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "answer-shape", "version": "0"}
            }}
        });
        let response = reqwest::Client::new()
            .post(&server.url)
            .header("authorization", bearer())
            .header("accept", "application/json, text/event-stream")
            .header("content-type", "application/json")
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", "tools/call")
            .header("mcp-name", "pipeline_list")
            .body(body.to_string())
            .send()
            .await
            .expect("an answer");
        let status = response.status().as_u16();
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let (content_type, length) = (header(CONTENT_TYPE), header(CONTENT_LENGTH));
        let bytes = response.bytes().await.expect("the body");
        let shown = String::from_utf8_lossy(&bytes);
        assert_eq!(status, 200, "{shown}");
        assert_eq!(content_type.as_deref(), Some("application/json"), "{shown}");
        assert_eq!(length, Some(bytes.len().to_string()));
        let answer: serde_json::Value = serde_json::from_slice(&bytes).expect("one JSON body");
        assert_eq!(answer["id"], 7);
        assert_eq!(
            answer["result"]["structuredContent"]["resource"],
            "pipelines"
        );
    })
    .await;
}
