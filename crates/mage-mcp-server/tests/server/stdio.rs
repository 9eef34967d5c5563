//! The server over stdio, driven by rmcp's own client: the tool interface's tools with their arguments
//! and widget `_meta`, the widget resource, every result against the published schemas, the error
//! envelopes, mutations, the `force` refusal, and no planted secret in any result or log line.

use std::collections::BTreeSet;
use std::process::Stdio;

use crate::common::*;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::ServiceExt;
use serde_json::{json, Value};
use tokio::io::AsyncReadExt;

/// The tool interface's tools with their required and optional arguments.
const INTERFACE_TOOLS: &[(&str, &[&str], &[&str])] = &[
    ("pipeline_list", &[], &[]),
    ("pipeline_get", &["uuid"], &[]),
    ("pipeline_create", &["name"], &["type"]),
    ("pipeline_update", &["uuid"], &["name", "description"]),
    ("pipeline_delete", &["uuid"], &[]),
    ("block_list", &["pipeline_uuid"], &[]),
    ("block_get", &["pipeline_uuid", "uuid"], &[]),
    (
        "block_create",
        &["pipeline_uuid", "name", "type"],
        &["language", "content", "upstream_blocks", "config"],
    ),
    (
        "block_update",
        &["pipeline_uuid", "uuid"],
        &["content", "name", "upstream_blocks"],
    ),
    ("block_templates_list", &[], &["force_refresh"]),
    ("run_pipeline", &["pipeline_uuid"], &["payload"]),
    ("run_logs", &["pipeline_run_id"], &[]),
    (
        "pipeline_schedules",
        &[],
        &["pipeline_uuid", "status", "schedule_type"],
    ),
    ("pipeline_triggers", &["pipeline_uuid"], &[]),
];

/// The tools rule 4 asks for besides the interface's own, and the interface's refusal as a tool.
const RESOURCE_TOOLS: &[&str] = &[
    "pipeline_runs",
    "pipeline_run_get",
    "block_runs",
    "block_outputs",
    "block_delete",
];

#[tokio::test]
async fn tools_list_names_the_interface_tools_with_their_arguments_and_widget_meta() {
    bounded(async {
        let widget = test_widget();
        let uri = expected_uri(&widget.bytes);
        let client = stdio_client(&widget, &[]).await;
        let tools = client.list_all_tools().await.expect("tools/list");
        let names: BTreeSet<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        for (name, required, optional) in INTERFACE_TOOLS {
            assert!(names.contains(name), "tools/list lacks {name}");
            let tool = tools.iter().find(|t| t.name == *name).expect("tool");
            assert_arguments(tool, required, optional);
        }
        for name in RESOURCE_TOOLS {
            assert!(names.contains(name), "tools/list lacks {name}");
        }
        for tool in &tools {
            assert_widget_meta(tool, &uri);
            assert_annotations(tool);
        }
        let info = client.peer_info().expect("server info");
        let capabilities = serde_json::to_value(&info.capabilities).expect("capabilities");
        assert_eq!(
            capabilities["extensions"]["io.modelcontextprotocol/ui"]["mimeTypes"],
            json!(["text/html;profile=mcp-app"])
        );
        assert!(capabilities["tools"].is_object() && capabilities["resources"].is_object());
        client.cancel().await.expect("close");
    })
    .await;
}

/// The tool's input schema requires exactly `required` and declares every argument.
fn assert_arguments(tool: &rmcp::model::Tool, required: &[&str], optional: &[&str]) {
    let name = &tool.name;
    let schema = Value::Object((*tool.input_schema).clone());
    let mut want_required: Vec<&str> = required.to_vec();
    want_required.sort_unstable();
    let mut got_required: Vec<&str> = schema["required"]
        .as_array()
        .map_or(vec![], |r| r.iter().filter_map(Value::as_str).collect());
    got_required.sort_unstable();
    assert_eq!(got_required, want_required, "required arguments of {name}");
    for argument in required.iter().chain(optional.iter()) {
        assert!(
            schema["properties"][argument].is_object(),
            "{name} has no argument {argument}"
        );
    }
}

/// The tool names the widget's resource under each key hosts read, and says it is callable from
/// the widget exactly when the widget calls it.
fn assert_widget_meta(tool: &rmcp::model::Tool, uri: &str) {
    let meta = Value::Object(tool.meta.as_ref().map(|m| m.0.clone()).unwrap_or_default());
    for key in [
        "ui/resourceUri",
        "host/outputTemplate",
        "openai/outputTemplate",
    ] {
        assert_eq!(meta[key], uri, "{}: _meta[{key:?}]", tool.name);
    }
    assert_eq!(
        meta["ui"]["resourceUri"], uri,
        "{}: _meta.ui.resourceUri",
        tool.name
    );
    let called_by_the_widget = widget_result::TOOLS_THE_WIDGET_CALLS.contains(&tool.name.as_ref());
    assert_eq!(
        meta.get("openai/widgetAccessible"),
        called_by_the_widget.then_some(&json!(true)),
        "{}: _meta[\"openai/widgetAccessible\"]",
        tool.name
    );
}

/// Reading tools say they only read, deleting tools that they destroy, and every tool whether it
/// is idempotent.
fn assert_annotations(tool: &rmcp::model::Tool) {
    let annotations = tool
        .annotations
        .as_ref()
        .unwrap_or_else(|| panic!("{} has annotations", tool.name));
    let reads_only = [
        "_list",
        "_get",
        "pipeline_runs",
        "block_runs",
        "block_outputs",
        "run_logs",
        "pipeline_schedules",
        "pipeline_triggers",
    ]
    .iter()
    .any(|p| tool.name.ends_with(p));
    assert_eq!(
        annotations.read_only_hint,
        Some(reads_only),
        "{}: readOnlyHint",
        tool.name
    );
    let destroys = tool.name.ends_with("_delete");
    assert_eq!(
        annotations.destructive_hint,
        Some(destroys),
        "{}: destructiveHint",
        tool.name
    );
    assert!(
        annotations.idempotent_hint.is_some(),
        "{}: idempotentHint",
        tool.name
    );
}

#[tokio::test]
async fn the_widget_is_listed_and_read_byte_for_byte_under_its_hashed_uri() {
    bounded(async {
        let widget = test_widget();
        let uri = expected_uri(&widget.bytes);
        let client = stdio_client(&widget, &[]).await;
        let resources = client.list_all_resources().await.expect("resources/list");
        assert_eq!(resources.len(), 1);
        let resource = serde_json::to_value(&resources[0]).expect("resource JSON");
        assert_eq!(resource["uri"], uri);
        assert_eq!(resource["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(resource["_meta"]["ui"]["csp"]["connectDomains"], json!([]));
        assert_eq!(resource["_meta"]["ui"]["csp"]["resourceDomains"], json!([]));
        assert_eq!(resource["_meta"]["ui"]["prefersBorder"], true);
        assert_eq!(
            resource["_meta"]["openai/widgetCSP"],
            json!({"connect_domains": [], "resource_domains": []})
        );
        assert_eq!(resource["_meta"]["openai/widgetPrefersBorder"], true);
        assert!(resource["_meta"]["openai/widgetDescription"].is_string());
        assert_eq!(
            resource["_meta"]["ui"]["permissions"],
            json!({"clipboardWrite": {}})
        );
        assert_eq!(
            resource["_meta"]["ui"].get("domain"),
            None,
            "no domain unless given"
        );

        let read = read_widget(&client, &uri).await;
        assert_eq!(read.contents.len(), 1);
        let contents = serde_json::to_value(&read.contents[0]).expect("contents JSON");
        assert_eq!(contents["uri"], uri);
        assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(
            contents["text"].as_str().expect("text").as_bytes(),
            widget.bytes.as_slice(),
            "served byte for byte"
        );
        assert_eq!(
            contents["_meta"], resource["_meta"],
            "the same _meta read as listed"
        );

        let unknown = client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "ui://pipeline-service/nope.html",
            ))
            .await;
        assert!(unknown.is_err(), "an unknown URI is an error");
        client.cancel().await.expect("close");
    })
    .await;
}

/// `--widget-domain` names the frame's origin on the listed resource and on its contents.
#[tokio::test]
async fn a_widget_domain_is_named_on_the_resource_when_given() {
    bounded(async {
        let widget = test_widget();
        let uri = expected_uri(&widget.bytes);
        let domain = "a904794854a047f6.claudemcpcontent.com";
        let client = stdio_client(&widget, &["--widget-domain", domain]).await;
        let resources = client.list_all_resources().await.expect("resources/list");
        let listed = serde_json::to_value(&resources[0]).expect("resource JSON");
        let read = read_widget(&client, &uri).await;
        let contents = serde_json::to_value(&read.contents[0]).expect("contents JSON");
        for meta in [&listed["_meta"], &contents["_meta"]] {
            assert_eq!(meta["ui"]["domain"], domain);
            assert_eq!(meta["ui"]["permissions"], json!({"clipboardWrite": {}}));
        }
        client.cancel().await.expect("close");
    })
    .await;
}

/// The resource and tool `_meta` the server answers are the registration the README shows
/// (`preview/registration.json`), under the widget's hashed URI.
#[tokio::test]
async fn the_server_answers_the_registration_the_readme_shows() {
    bounded(async {
        let registration: Value = serde_json::from_str(
            &std::fs::read_to_string(repo_root().join("preview/registration.json"))
                .expect("preview/registration.json"),
        )
        .expect("registration JSON");
        let widget = test_widget();
        let uri = expected_uri(&widget.bytes);
        let stable = registration["resource"]["uri"].as_str().expect("uri");
        let hashed = |value: &Value| {
            serde_json::from_str::<Value>(&value.to_string().replace(stable, &uri)).expect("JSON")
        };
        let client = stdio_client(&widget, &[]).await;
        let resources = client.list_all_resources().await.expect("resources/list");
        let listed = serde_json::to_value(&resources[0]).expect("resource JSON");
        assert_eq!(listed["_meta"], registration["resource"]["_meta"]);
        let name = registration["tool"]["name"].as_str().expect("name");
        let tools = client.list_all_tools().await.expect("tools/list");
        let tool = tools.iter().find(|t| t.name == name).expect("the tool");
        let meta = serde_json::to_value(&tool.meta).expect("tool _meta JSON");
        assert_eq!(meta, hashed(&registration["tool"]["_meta"]));
        assert_eq!(
            registration["toolsTheWidgetCalls"],
            json!(widget_result::TOOLS_THE_WIDGET_CALLS)
        );
        client.cancel().await.expect("close");
    })
    .await;
}

/// `cargo install` gives a binary and nothing else: copied alone into an empty folder and started
/// from `/`, it serves the widget built into it (the file `crates/pipeline-resource-widget` keeps).
#[tokio::test]
async fn the_binary_alone_serves_its_built_in_widget() {
    bounded(async {
        let kept =
            std::fs::read(repo_root().join("crates/pipeline-resource-widget/resource-widget.html"))
                .expect("the kept widget file");
        let alone = tempfile::tempdir().expect("temp dir");
        let binary = alone.path().join("mage-mcp-server");
        std::fs::copy(BINARY, &binary).expect("copy the binary");
        let transport =
            TokioChildProcess::builder(tokio::process::Command::new(&binary).configure(|cmd| {
                cmd.current_dir("/").arg("--stdio");
            }))
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the copied server")
            .0;
        let client = ().serve(transport).await.expect("MCP handshake over stdio");
        let uri = expected_uri(&kept);
        let tools = client.list_all_tools().await.expect("tools/list");
        let meta = serde_json::to_value(&tools[0].meta).expect("tool _meta JSON");
        assert_eq!(meta["ui"]["resourceUri"], uri);
        let read = read_widget(&client, &uri).await;
        let contents = serde_json::to_value(&read.contents[0]).expect("contents JSON");
        assert!(
            contents["text"].as_str().expect("text").as_bytes() == kept.as_slice(),
            "the built-in widget is the kept file, byte for byte"
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn every_tool_result_follows_the_contract_and_carries_no_planted_secret() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let schemas = schemas();
        let mut secrets = planted_secrets();
        // 14 schedule tokens (copied into runs and API trigger URLs), API keys, passwords, a
        // client secret, a private key, a webhook token that a log line and a URL repeat.
        assert!(
            secrets.len() >= 20,
            "the demo data plants secrets ({} found)",
            secrets.len()
        );
        // Secrets sent in arguments must not come back either.
        secrets.extend([
            "cfg-secret-1234567890".to_owned(),
            "payload-token-1234567890".to_owned(),
        ]);
        let mut violations = Vec::new();
        let mut tools_called = BTreeSet::new();
        for (tool, arguments) in every_tool_call() {
            let result = call(&client, tool, arguments.clone()).await;
            assert_ne!(
                result.is_error,
                Some(true),
                "{tool} {arguments} failed: {}",
                text(&result)
            );
            violations.extend(schemas.violations(tool, &result));
            let whole = serde_json::to_string(&result).expect("result JSON");
            for secret in &secrets {
                assert!(
                    !whole.contains(secret.as_str()),
                    "{tool} {arguments} leaks a planted secret ({}…)",
                    &secret[..6]
                );
            }
            tools_called.insert(tool);
        }
        assert!(
            violations.is_empty(),
            "contract violations:\n{}",
            violations.join("\n")
        );
        let listed: BTreeSet<String> = client
            .list_all_tools()
            .await
            .expect("tools/list")
            .into_iter()
            .map(|t| t.name.into_owned())
            .collect();
        let called: BTreeSet<String> = tools_called.into_iter().map(str::to_owned).collect();
        assert_eq!(called, listed, "every listed tool was called");
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn pipeline_get_carries_the_block_graph() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let result = structured(
            &call(
                &client,
                "pipeline_get",
                json!({"uuid": "warehouse_rebuild"}),
            )
            .await,
        );
        let blocks = result["records"][0]["blocks"]
            .as_array()
            .expect("blocks")
            .clone();
        let graph = &result["graph"];
        assert_eq!(graph["nodes"].as_array().map(Vec::len), Some(blocks.len()));
        assert_eq!(graph["totalNodes"], blocks.len());
        assert_eq!(graph["truncated"], false);
        assert!(
            (35..=45).contains(&blocks.len()),
            "about forty blocks, {}",
            blocks.len()
        );
        let dependencies: usize = blocks
            .iter()
            .map(|b| b["upstream_blocks"].as_array().map_or(0, Vec::len))
            .sum();
        assert_eq!(graph["edges"].as_array().map(Vec::len), Some(dependencies));
        let edge = &graph["edges"][0];
        let target = blocks
            .iter()
            .find(|b| b["uuid"] == edge["target"])
            .expect("edge target is a block");
        assert!(
            target["upstream_blocks"]
                .as_array()
                .expect("upstream")
                .contains(&edge["source"]),
            "edges run upstream → downstream"
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn a_mutation_is_visible_in_a_later_list() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let created = structured_call(
            &client,
            "pipeline_create",
            json!({"name": "Nightly export"}),
        )
        .await;
        assert_eq!(created["mutation"]["operation"], "create");
        assert_eq!(created["mutation"]["record"]["uuid"], "nightly_export");
        let listed = structured_call(&client, "pipeline_list", json!({})).await;
        assert!(uuids(&listed).contains(&"nightly_export".to_owned()));

        call(
            &client,
            "block_create",
            json!({"pipeline_uuid": "nightly_export", "name": "load", "type": "data_loader"}),
        )
        .await;
        let blocks = structured_call(
            &client,
            "block_list",
            json!({"pipeline_uuid": "nightly_export"}),
        )
        .await;
        assert_eq!(uuids(&blocks), vec!["load"]);

        let run = structured_call(
            &client,
            "run_pipeline",
            json!({"pipeline_uuid": "nightly_export"}),
        )
        .await;
        let run_id = run["mutation"]["id"].clone();
        assert_eq!(run["records"][0]["status"], "running");
        let runs = structured_call(
            &client,
            "pipeline_runs",
            json!({"pipeline_uuid": "nightly_export"}),
        )
        .await;
        assert_eq!(runs["records"][0]["id"], run_id);
        let logs = structured_call(
            &client,
            "run_logs",
            json!({"pipeline_run_id": run_id.to_string()}),
        )
        .await;
        assert_eq!(logs["state"], "ok");

        let deleted = structured_call(
            &client,
            "pipeline_delete",
            json!({"uuid": "nightly_export"}),
        )
        .await;
        assert_eq!(deleted["mutation"]["operation"], "delete");
        let listed = structured_call(&client, "pipeline_list", json!({})).await;
        assert!(!uuids(&listed).contains(&"nightly_export".to_owned()));
        let gone = call(&client, "pipeline_get", json!({"uuid": "nightly_export"})).await;
        assert_eq!(error_code(&gone), "API_ERROR");
        client.cancel().await.expect("close");
    })
    .await;
}

/// A tool call's structuredContent.
async fn structured_call(client: &Client, tool: &str, arguments: Value) -> Value {
    structured(&call(client, tool, arguments).await)
}

/// The `uuid` of each record of a list result.
fn uuids(list: &Value) -> Vec<String> {
    list["records"]
        .as_array()
        .expect("records")
        .iter()
        .filter_map(|r| r["uuid"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_block_with_downstream_blocks_is_not_deleted_without_force() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let refused = call(
            &client,
            "block_delete",
            json!({"pipeline_uuid": "etl_daily", "uuid": "clean_orders"}),
        )
        .await;
        assert_eq!(error_code(&refused), "API_ERROR");
        assert!(
            text(&refused).contains("force"),
            "the refusal names the way out: {}",
            text(&refused)
        );
        let blocks =
            structured(&call(&client, "block_list", json!({"pipeline_uuid": "etl_daily"})).await);
        assert!(
            uuids(&blocks).contains(&"clean_orders".to_owned()),
            "refused means not deleted"
        );

        let forced = call(
            &client,
            "block_delete",
            json!({"pipeline_uuid": "etl_daily", "uuid": "clean_orders", "force": true}),
        )
        .await;
        let forced = structured(&forced);
        assert_eq!(forced["mutation"]["operation"], "delete");
        assert_eq!(forced["mutation"]["record"]["uuid"], "clean_orders");
        let blocks =
            structured(&call(&client, "block_list", json!({"pipeline_uuid": "etl_daily"})).await);
        assert!(!uuids(&blocks).contains(&"clean_orders".to_owned()));
        for block in blocks["records"].as_array().expect("records") {
            assert!(!block["upstream_blocks"]
                .as_array()
                .expect("upstream")
                .contains(&json!("clean_orders")));
        }
        // A block nothing depends on goes without force.
        let leaf = call(
            &client,
            "block_delete",
            json!({"pipeline_uuid": "etl_daily", "uuid": "orders_chart"}),
        )
        .await;
        assert_ne!(leaf.is_error, Some(true), "{}", text(&leaf));
        client.cancel().await.expect("close");
    })
    .await;
}

fn config_file(dir: &tempfile::TempDir, name: &str, contents: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, contents).expect("write config");
    path.display().to_string()
}

#[tokio::test]
async fn each_error_code_arrives_as_the_envelope() {
    bounded(async {
        let widget = test_widget();
        let schemas = schemas();
        let dir = tempfile::tempdir().expect("temp dir");
        let token = "oauth-token-abcdef123456";
        let expired = config_file(&dir, "expired.json", &format!(
            r#"{{"cluster_url": "http://127.0.0.1:6789", "oauth_token": "{token}", "oauth_token_expires_at": "2026-01-01T00:00:00Z"}}"#
        ));
        let no_credentials = config_file(&dir, "empty.json", r#"{"cluster_url": "http://127.0.0.1:6789"}"#);
        let malformed = config_file(&dir, "malformed.json", r#"{"cluster_url": "#);
        let valid = config_file(&dir, "valid.json", &format!(r#"{{"cluster_url": "http://127.0.0.1:6789", "oauth_token": "{token}"}}"#));
        let missing = dir.path().join("missing.json").display().to_string();

        let mut seen = BTreeSet::new();
        let mut check = |tool: &str, result: &rmcp::model::CallToolResult, want: &str| {
            let code = error_code(result);
            assert_eq!(code, want, "{tool}: {}", text(result));
            assert!(schemas.violations(tool, result).is_empty(), "{:?}", schemas.violations(tool, result));
            assert!(!serde_json::to_string(result).expect("json").contains(token), "the token leaked");
            seen.insert(code);
        };

        for (config, want) in [(&missing, "CONFIG_INVALID"), (&malformed, "CONFIG_INVALID"), (&no_credentials, "AUTH_REQUIRED"), (&expired, "AUTH_EXPIRED")] {
            let client = stdio_client(&widget, &["--config", config]).await;
            let result = call(&client, "pipeline_list", json!({})).await;
            check("pipeline_list", &result, want);
            if want == "AUTH_EXPIRED" {
                assert!(text(&result).contains("login command again"), "the remedy: {}", text(&result));
            }
            client.cancel().await.expect("close");
        }

        let client = stdio_client(&widget, &["--config", &valid, "--fail-tool", "pipeline_list"]).await;
        check("pipeline_list", &call(&client, "pipeline_list", json!({})).await, "INTERNAL_ERROR");
        let ok = call(&client, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        assert_ne!(ok.is_error, Some(true), "a valid config authenticates: {}", text(&ok));
        check("pipeline_get", &call(&client, "pipeline_get", json!({"uuid": "no_such_pipeline"})).await, "API_ERROR");
        check("pipeline_get", &call(&client, "pipeline_get", json!({})).await, "API_ERROR");
        check("block_create", &call(&client, "block_create", json!({"pipeline_uuid": "etl_daily", "name": "x", "type": "teleporter"})).await, "API_ERROR");
        check("pipeline_archive", &call(&client, "pipeline_archive", json!({})).await, "TOOL_NOT_FOUND");
        client.cancel().await.expect("close");

        let every: BTreeSet<String> = ["CONFIG_INVALID", "AUTH_REQUIRED", "AUTH_EXPIRED", "API_ERROR", "TOOL_NOT_FOUND", "INTERNAL_ERROR"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(seen, every);
    })
    .await;
}

#[tokio::test]
async fn logs_go_to_stderr_and_hold_no_result_and_no_secret() {
    bounded(async {
        let widget = test_widget();
        let (transport, stderr) =
            TokioChildProcess::builder(tokio::process::Command::new(BINARY).configure(|cmd| {
                cmd.arg("--widget")
                    .arg(&widget.path)
                    .args(["--log-level", "debug"]);
            }))
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stderr = stderr.expect("stderr piped");
        let reader = tokio::spawn(async move {
            let mut log = String::new();
            let _ = stderr.read_to_string(&mut log).await;
            log
        });
        let client = ().serve(transport).await.expect("handshake");
        call(&client, "pipeline_get", json!({"uuid": "etl_daily"})).await;
        call(&client, "pipeline_schedules", json!({})).await;
        call(
            &client,
            "run_pipeline",
            json!({"pipeline_uuid": "etl_daily", "payload": {"api_key": "payload-key-0987654321"}}),
        )
        .await;
        client.cancel().await.expect("close");
        let log = reader.await.expect("stderr read");
        assert!(log.contains("tool call"), "tool calls are logged: {log}");
        for leaked in planted_secrets().iter().map(String::as_str).chain([
            "payload-key-0987654321",
            "Loads yesterday's orders",
            "svc_resource_widget",
        ]) {
            assert!(!log.contains(leaked), "the log holds {leaked:.12}…:\n{log}");
        }
    })
    .await;
}

#[tokio::test]
async fn data_loads_another_project_and_a_broken_one_is_refused_by_name() {
    bounded(async {
        let widget = test_widget();
        let dir = tempfile::tempdir().expect("temp dir");
        let project = json!({
            "version": 1,
            "project": {"name": "tiny", "uuid": "tiny"},
            "pipelines": [{"uuid": "only_one", "name": "Only one", "type": "streaming", "created_at": "2026-01-01 00:00:00", "updated_at": "2026-01-01 00:00:00",
                "blocks": [{"uuid": "source", "name": "source", "type": "data_loader", "language": "yaml", "status": "executed"},
                           {"uuid": "sink", "name": "sink", "type": "data_exporter", "language": "yaml", "status": "executed", "upstream_blocks": ["source"]}]}]
        });
        let path = dir.path().join("tiny.json");
        std::fs::write(&path, project.to_string()).expect("write data");
        let client = stdio_client(&widget, &["--data", path.to_str().expect("utf-8 path")]).await;
        let listed = structured(&call(&client, "pipeline_list", json!({})).await);
        assert_eq!(listed["records"].as_array().map(Vec::len), Some(1));
        assert_eq!(listed["records"][0]["uuid"], "only_one");
        let got = structured(&call(&client, "pipeline_get", json!({"uuid": "only_one"})).await);
        assert_eq!(got["graph"]["edges"], json!([{"source": "source", "target": "sink"}]));
        client.cancel().await.expect("close");

        let broken = dir.path().join("broken.json");
        let mut bad = project.clone();
        bad["pipelines"][0]["blocks"][1]["upstream_blocks"] = json!(["ghost"]);
        std::fs::write(&broken, bad.to_string()).expect("write data");
        let output = tokio::process::Command::new(BINARY)
            .arg("--widget")
            .arg(&widget.path)
            .arg("--data")
            .arg(&broken)
            .stdin(Stdio::null())
            .output()
            .await
            .expect("run");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("'ghost'"), "the error names the unknown block: {stderr}");
        assert!(output.stdout.is_empty(), "nothing but MCP on stdout");
    })
    .await;
}

/// The credentials file is read for every call off the async threads and under no lock: a call
/// whose read waits (the file is a pipe nobody writes yet) holds up no other call.
#[cfg(unix)]
#[tokio::test]
async fn a_call_waiting_on_the_credentials_file_holds_up_no_other_call() {
    bounded(async {
        let widget = test_widget();
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("config.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(made.success(), "mkfifo");
        let fifo_arg = fifo.display().to_string();
        let client = stdio_client(
            &widget,
            &["--config", &fifo_arg, "--fail-tool", "block_list"],
        )
        .await;
        let fifo_path = fifo.clone();
        let answered = {
            let waiting = call(&client, "pipeline_list", json!({}));
            tokio::pin!(waiting);
            let other = tokio::select! {
                _ = &mut waiting => panic!("pipeline_list answered before its credentials were written"),
                other = call(&client, "block_list", json!({"pipeline_uuid": "etl_daily"})) => other,
            };
            assert_eq!(error_code(&other), "INTERNAL_ERROR");
            let config = r#"{"cluster_url": "http://127.0.0.1:6789", "oauth_token": "fifo-token-1234567890"}"#;
            let writer = tokio::task::spawn_blocking(move || std::fs::write(&fifo_path, config));
            let answered = waiting.await;
            writer.await.expect("writer").expect("written");
            answered
        };
        assert_ne!(answered.is_error, Some(true), "{}", text(&answered));
        client.cancel().await.expect("close");
    })
    .await;
}
