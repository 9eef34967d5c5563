//! One suite of tool behaviour that every backend must pass, as `object_store` runs one suite
//! against each of its stores: results that follow the published schemas, the errors of the tool
//! interface, ids that would leave their request path refused, paging, a whole round of changes on
//! a scratch pipeline, each record's page in the service's UI (the `recordUrl` hint: Mage's
//! pages, none for the demo), and no secret in any result. It runs here against the demo project,
//! and in the Mage lane (`mage.rs`, scripts/mage-test.sh) against a real Mage server.

use serde_json::{json, Value};
use widget_result::record_url::{expand, HINT};

use crate::common::*;

/// What the suite needs to know of the project it runs against.
pub struct Fixture {
    /// A pipeline with a block graph of at least three blocks.
    pub pipeline: &'static str,
    /// A block of it that other blocks depend on.
    pub upstream_block: &'static str,
    /// Values that must never appear in a result.
    pub secrets: Vec<String>,
    /// The address of the service's UI, where results link each record to its page (Mage's
    /// `http://host:port`); `None` for a service without one, whose results link nowhere.
    pub pages: Option<String>,
}

/// Calls a tool, checks its result against the schemas, keeps its text for the secret check.
struct Session<'a> {
    client: &'a Client,
    schemas: Schemas,
    texts: Vec<(String, String)>,
    /// The fixture's `pages`.
    pages: Option<String>,
    /// The last result's `recordUrl` hint.
    record_url: Option<String>,
}

impl Session<'_> {
    async fn call(&mut self, tool: &str, args: Value) -> Value {
        let result = call(self.client, tool, args.clone()).await;
        let violations = self.schemas.violations(tool, &result);
        assert!(violations.is_empty(), "{tool} {args}: {violations:#?}");
        self.record_url = result
            .meta
            .as_ref()
            .and_then(|m| m.0.get("host/widgetData"))
            .and_then(|hints| hints.get(HINT))
            .map(|url| url.as_str().expect("recordUrl is a string").to_owned());
        match (&self.pages, &self.record_url) {
            (None, Some(url)) => panic!("{tool} {args}: a page ({url}) in a service without a UI"),
            (Some(pages), Some(url)) => assert!(
                url.starts_with(&format!("{pages}/pipelines/")),
                "{tool} {args}: {url} is no page of {pages}"
            ),
            _ => {}
        }
        self.texts.push((
            format!("{tool} {args}"),
            serde_json::to_string(&result).expect("json"),
        ));
        structured(&result)
    }

    async fn ok(&mut self, tool: &str, args: Value) -> Value {
        let value = self.call(tool, args.clone()).await;
        assert_eq!(
            value["kind"], "svc_resource_widget",
            "{tool} {args}: {value}"
        );
        value
    }

    /// The page the last result's hint gives `record`, if any.
    fn page_of(&self, record: &Value) -> Option<String> {
        let field = |name: &str| match &record[name] {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        };
        let fields = ["uuid", "id", "pipeline_uuid"].map(|name| (name, field(name)));
        expand(self.record_url.as_deref()?, |name| {
            fields
                .iter()
                .find(|(key, _)| *key == name)
                .and_then(|(_, value)| value.as_deref())
        })
    }

    /// The last result links `record` to `path` under the service's UI, or, without a UI,
    /// nowhere.
    fn links(&self, record: &Value, path: &str) {
        let want = self.pages.as_ref().map(|pages| format!("{pages}{path}"));
        assert_eq!(self.page_of(record), want, "the page of {record}");
    }

    /// The last result links no record anywhere.
    fn links_nothing(&self, what: &str) {
        assert_eq!(self.record_url, None, "{what}");
    }

    /// An API_ERROR whose message holds `says`.
    async fn refused(&mut self, tool: &str, args: Value, says: &str) -> String {
        let value = self.call(tool, args.clone()).await;
        assert_eq!(
            value["error"]["code"], "API_ERROR",
            "{tool} {args}: {value}"
        );
        let message = value["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(message.contains(says), "{tool} {args}: {message}");
        message
    }
}

fn records(value: &Value) -> &Vec<Value> {
    value["records"].as_array().expect("records")
}

/// A record's string field, or "" without one.
fn text_of<'v>(record: &'v Value, key: &str) -> &'v str {
    record[key].as_str().unwrap_or_default()
}

fn uuids(value: &Value) -> Vec<&str> {
    records(value)
        .iter()
        .filter_map(|r| r["uuid"].as_str())
        .collect()
}

const SCRATCH: &str = "mcp_suite_scratch";
const PAYLOAD_TOKEN: &str = "suite-payload-token-1234567890";
const CONFIG_KEY: &str = "suite-config-key-1234567890";

/// Reads: every list and detail the fixture's pipeline has, each a widget result.
async fn reads(s: &mut Session<'_>, f: &Fixture) {
    let list = s.ok("pipeline_list", json!({})).await;
    assert!(uuids(&list).contains(&f.pipeline), "{:?}", uuids(&list));
    let listed_pipeline = records(&list)
        .iter()
        .find(|p| p["uuid"] == f.pipeline)
        .expect("the pipeline listed");
    s.links(listed_pipeline, &format!("/pipelines/{}", f.pipeline));
    let pipeline = s.ok("pipeline_get", json!({"uuid": f.pipeline})).await;
    s.links(
        &records(&pipeline)[0],
        &format!("/pipelines/{}", f.pipeline),
    );
    let blocks = records(&pipeline)[0]["blocks"]
        .as_array()
        .expect("blocks")
        .clone();
    assert!(blocks.len() >= 3, "a graph of three blocks or more");
    let graph = &pipeline["graph"];
    assert_eq!(graph["nodes"].as_array().map(Vec::len), Some(blocks.len()));
    assert_eq!(graph["totalNodes"], blocks.len());
    let edges: usize = blocks
        .iter()
        .map(|b| b["upstream_blocks"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(graph["edges"].as_array().map(Vec::len), Some(edges));
    let listed = s
        .ok("block_list", json!({"pipeline_uuid": f.pipeline}))
        .await;
    assert_eq!(records(&listed).len(), blocks.len());
    let listed_block = records(&listed)
        .iter()
        .find(|b| b["uuid"] == f.upstream_block)
        .expect("the block listed");
    let block_page = format!(
        "/pipelines/{}/edit?block_uuid={}",
        f.pipeline, f.upstream_block
    );
    s.links(listed_block, &block_page);
    assert!(
        records(&listed).iter().all(|b| b.get("content").is_none()),
        "no code in a list"
    );
    let block = s
        .ok(
            "block_get",
            json!({"pipeline_uuid": f.pipeline, "uuid": f.upstream_block}),
        )
        .await;
    assert!(
        records(&block)[0]["content"].is_string(),
        "a block with its code"
    );
    assert_eq!(records(&block)[0]["pipeline_uuid"], f.pipeline);
    s.links(&records(&block)[0], &block_page);
    let templates = s
        .ok("block_templates_list", json!({"force_refresh": true}))
        .await;
    assert!(!records(&templates).is_empty());
    s.links_nothing("a template has no page");
    s.ok("pipeline_triggers", json!({"pipeline_uuid": f.pipeline}))
        .await;
    s.links_nothing("a trigger's configuration has no page");
    for (tool, args) in [
        ("pipeline_schedules", json!({})),
        (
            "pipeline_schedules",
            json!({"pipeline_uuid": f.pipeline, "schedule_type": "api"}),
        ),
        ("backfill_list", json!({})),
    ] {
        let listed = s.ok(tool, args).await;
        for record in records(&listed) {
            let page = format!(
                "/pipelines/{}/{}/{}",
                text_of(record, "pipeline_uuid"),
                if tool == "backfill_list" {
                    "backfills"
                } else {
                    "triggers"
                },
                record["id"]
            );
            s.links(record, &page);
        }
    }
    let api = s
        .ok("pipeline_schedules", json!({"schedule_type": "api"}))
        .await;
    for trigger in records(&api) {
        assert!(
            trigger["trigger_url"]
                .as_str()
                .is_some_and(|u| u.ends_with("/pipeline_runs/[redacted]")),
            "{}",
            trigger["trigger_url"]
        );
    }
}

/// Paging: pages of one run are distinct and agree on the total; out-of-range pages are refused.
async fn paging(s: &mut Session<'_>) {
    let first = s
        .ok("pipeline_runs", json!({"page": 1, "per_page": 1}))
        .await;
    let total = first["pagination"]["total"].as_u64().expect("total");
    assert!(total >= 2, "the project has two runs or more ({total})");
    assert_eq!(first["pagination"]["has_more"], true);
    let second = s
        .ok("pipeline_runs", json!({"page": 2, "per_page": 1}))
        .await;
    assert_eq!(second["pagination"]["total"], total);
    assert_eq!(second["pagination"]["page"], 2);
    assert_ne!(records(&first)[0]["id"], records(&second)[0]["id"]);
    let last = s
        .ok("pipeline_runs", json!({"page": total, "per_page": 1}))
        .await;
    assert_eq!(last["pagination"]["has_more"], false);
    let past = s
        .ok("pipeline_runs", json!({"page": total + 1, "per_page": 1}))
        .await;
    assert_eq!(past["state"], "empty");
    s.refused("pipeline_runs", json!({"page": 0}), "page starts at 1")
        .await;
    s.refused(
        "pipeline_runs",
        json!({"per_page": 101}),
        "per_page is 1 to 100",
    )
    .await;
    s.refused(
        "pipeline_runs",
        json!({"page": u64::MAX, "per_page": 100}),
        "past any list",
    )
    .await;
    let runs = s.ok("pipeline_runs", json!({})).await;
    for run in records(&runs) {
        assert!(run["block_runs_count"].is_u64() && run["completed_block_runs_count"].is_u64());
        let page = format!(
            "/pipelines/{}/runs/{}",
            text_of(run, "pipeline_uuid"),
            run["id"]
        );
        s.links(run, &page);
    }
    let run_id = records(&runs)[0]["id"].clone();
    let run_pipeline = text_of(&records(&runs)[0], "pipeline_uuid").to_owned();
    let block_runs = s
        .ok("block_runs", json!({"pipeline_run_id": run_id.to_string()}))
        .await;
    for block_run in records(&block_runs) {
        assert!(block_run.get("duration").is_some(), "{block_run}");
        let page = format!(
            "/pipelines/{run_pipeline}/logs?block_run_id[]={}",
            block_run["id"]
        );
        s.links(block_run, &page);
    }
    // The logs say their run's status as their one count: the widget follows a running run's logs.
    let logs = s.ok("run_logs", json!({"pipeline_run_id": run_id})).await;
    let status = records(&runs)[0]["status"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(logs["summary"]["counts"], json!({ status: 1 }), "{logs}");
    s.links_nothing("logs have no page of their own");
}

/// Errors: unknown records, bad ids, places outside the project in free-form arguments, and
/// changes the tools refuse.
async fn errors(s: &mut Session<'_>, f: &Fixture) {
    s.refused(
        "pipeline_get",
        json!({"uuid": "no_such_pipeline_here"}),
        "not found",
    )
    .await;
    s.refused(
        "run_logs",
        json!({"pipeline_run_id": "987654321"}),
        "not found",
    )
    .await;
    s.refused(
        "pipeline_update",
        json!({"uuid": f.pipeline}),
        "Nothing to update",
    )
    .await;
    s.refused("pipeline_create", json!({"name": "   "}), "name")
        .await;
    s.refused(
        "block_outputs",
        json!({"pipeline_uuid": f.pipeline}),
        "Pass block_run_id",
    )
    .await;
    s.refused(
        "block_delete",
        json!({"pipeline_uuid": f.pipeline, "uuid": f.upstream_block}),
        "force: true",
    )
    .await;
    let still = s
        .ok("block_list", json!({"pipeline_uuid": f.pipeline}))
        .await;
    assert!(
        uuids(&still).contains(&f.upstream_block),
        "refused means not deleted"
    );
    let calls = every_bad_id_is_refused_by_name(s.client, &s.schemas).await;
    assert!(calls > 0);
    let calls = every_bad_place_is_refused_by_name(s.client, &s.schemas).await;
    assert!(calls > 0);
}

/// A whole round of changes on a scratch pipeline, each seen by a later read; each step works on
/// what the one before left.
async fn changes(s: &mut Session<'_>) {
    pipeline_changes(s).await;
    block_changes(s).await;
    a_run(s).await;
    deletions(s).await;
}

/// The scratch pipeline created, updated, updated again with nothing new, read back.
async fn pipeline_changes(s: &mut Session<'_>) {
    let created = s
        .ok(
            "pipeline_create",
            json!({"name": "MCP suite scratch", "type": "python"}),
        )
        .await;
    assert_eq!(created["mutation"]["id"], SCRATCH);
    s.links(
        &created["mutation"]["record"],
        &format!("/pipelines/{SCRATCH}"),
    );
    let updated = s
        .ok(
            "pipeline_update",
            json!({"uuid": SCRATCH, "description": "Made by the suite."}),
        )
        .await;
    assert_eq!(
        updated["mutation"]["changes"]["description"]["to"],
        "Made by the suite."
    );
    let same = s
        .ok(
            "pipeline_update",
            json!({"uuid": SCRATCH, "description": "Made by the suite."}),
        )
        .await;
    assert!(same["mutation"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("nothing changed")));
    let reread = s.ok("pipeline_get", json!({"uuid": SCRATCH})).await;
    assert_eq!(records(&reread)[0]["description"], "Made by the suite.");
}

/// Two blocks created (a template applied; a missing upstream refused), one updated, a cycle
/// refused, and the graph read back with its edge.
async fn block_changes(s: &mut Session<'_>) {
    let loader = s
        .ok(
            "block_create",
            json!({"pipeline_uuid": SCRATCH, "name": "suite numbers", "type": "data_loader"}),
        )
        .await;
    assert!(
        loader["mutation"]["record"]["content"]
            .as_str()
            .is_some_and(|c| c.contains("@data_loader")),
        "a template applied: {}",
        loader["mutation"]
    );
    let double = s
        .ok(
            "block_create",
            json!({"pipeline_uuid": SCRATCH, "name": "suite double", "type": "transformer",
            "upstream_blocks": ["suite_numbers"], "config": {"api_key": CONFIG_KEY},
            "content": "@transformer\ndef double(data, *args, **kwargs):\n    return data\n"}),
        )
        .await;
    assert_eq!(
        double["mutation"]["changes"]["content"]["diff"]["added"], 3,
        "new code is all added: {}",
        double["mutation"]
    );
    s.refused(
        "block_create",
        json!({"pipeline_uuid": SCRATCH, "name": "orphan", "type": "transformer", "upstream_blocks": ["not_a_block"]}),
        "not found",
    )
    .await;
    let code = "@transformer\ndef double(data, *args, **kwargs):\n    return {'n': 2}\n";
    let block = s
        .ok(
            "block_update",
            json!({"pipeline_uuid": SCRATCH, "uuid": "suite_double", "content": code}),
        )
        .await;
    assert_eq!(records(&block)[0]["content"], code);
    let change = &block["mutation"]["changes"]["content"];
    assert_eq!(
        (&change["from"], &change["to"]),
        (&json!("3 lines"), &json!("3 lines"))
    );
    // The code change as a line diff (what else a service keeps of the code may differ: only
    // the changed line is asserted).
    let diff = change["diff"]["text"].as_str().unwrap_or_default();
    assert!(diff.starts_with("@@ -1,"), "{diff}");
    assert!(
        diff.contains("\n-    return data\n+    return {'n': 2}\n"),
        "{diff}"
    );
    assert!(change["diff"]["added"].as_u64() >= Some(1), "{change}");
    assert!(change["diff"]["removed"].as_u64() >= Some(1), "{change}");
    s.refused(
        "block_update",
        json!({"pipeline_uuid": SCRATCH, "uuid": "suite_numbers", "upstream_blocks": ["suite_double"]}),
        "cycle",
    )
    .await;
    let graph = s.ok("pipeline_get", json!({"uuid": SCRATCH})).await;
    assert_eq!(
        graph["graph"]["edges"],
        json!([{"source": "suite_numbers", "target": "suite_double"}])
    );
}

/// A run of the scratch pipeline with its payload, listed first, with its block runs.
async fn a_run(s: &mut Session<'_>) {
    let run = s
        .ok("run_pipeline", json!({"pipeline_uuid": SCRATCH, "payload": {"variables": {"batch": 7}, "token": PAYLOAD_TOKEN}}))
        .await;
    let run_id = run["mutation"]["id"].clone();
    assert_eq!(
        records(&run)[0]["event_variables"]["variables"],
        json!({"batch": 7})
    );
    s.links(
        &records(&run)[0],
        &format!("/pipelines/{SCRATCH}/runs/{run_id}"),
    );
    let runs = s
        .ok("pipeline_runs", json!({"pipeline_uuid": SCRATCH}))
        .await;
    assert_eq!(records(&runs)[0]["id"], run_id);
    s.ok("block_runs", json!({"pipeline_run_id": run_id})).await;
    let now = s
        .ok("pipeline_run_get", json!({"pipeline_run_id": run_id}))
        .await;
    let run = &records(&now)[0];
    assert_eq!(run["id"], run_id);
    assert!(
        run["block_runs"].is_array(),
        "the run with its block runs: {run}"
    );
    assert!(
        ["initial", "running", "completed", "failed", "cancelled"]
            .contains(&run["status"].as_str().unwrap_or_default()),
        "{}",
        run["status"]
    );
}

/// A block with a downstream block deleted only with force, then the pipeline, gone from the list.
async fn deletions(s: &mut Session<'_>) {
    s.refused(
        "block_delete",
        json!({"pipeline_uuid": SCRATCH, "uuid": "suite_numbers"}),
        "force",
    )
    .await;
    let forced = s
        .ok(
            "block_delete",
            json!({"pipeline_uuid": SCRATCH, "uuid": "suite_numbers", "force": true}),
        )
        .await;
    assert_eq!(forced["mutation"]["record"]["uuid"], "suite_numbers");
    s.links_nothing("a deleted block has no page");
    let left = s.ok("block_list", json!({"pipeline_uuid": SCRATCH})).await;
    assert_eq!(uuids(&left), vec!["suite_double"]);
    assert_eq!(records(&left)[0]["upstream_blocks"], json!([]));
    s.ok("pipeline_delete", json!({"uuid": SCRATCH})).await;
    s.links_nothing("a deleted pipeline has no page");
    s.refused("pipeline_get", json!({"uuid": SCRATCH}), "not found")
        .await;
    let listed = s.ok("pipeline_list", json!({})).await;
    assert!(!uuids(&listed).contains(&SCRATCH));
}

/// Runs the whole suite on `client`; returns how many calls it made.
pub async fn run_suite(client: &Client, fixture: &Fixture) -> usize {
    let mut s = Session {
        client,
        schemas: schemas(),
        texts: Vec::new(),
        pages: fixture.pages.clone(),
        record_url: None,
    };
    reads(&mut s, fixture).await;
    paging(&mut s).await;
    errors(&mut s, fixture).await;
    changes(&mut s).await;
    let secrets = fixture
        .secrets
        .iter()
        .map(String::as_str)
        .chain([PAYLOAD_TOKEN, CONFIG_KEY]);
    for secret in secrets {
        for (call, text) in &s.texts {
            assert!(
                !text.contains(secret),
                "{call} holds a secret {:.6}…",
                secret
            );
        }
    }
    s.texts.len()
}

#[tokio::test]
async fn the_suite_passes_against_the_demo_project() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let fixture = Fixture {
            pipeline: "etl_daily",
            upstream_block: "clean_orders",
            secrets: planted_secrets(),
            pages: None,
        };
        let calls = run_suite(&client, &fixture).await;
        assert!(calls >= 40, "{calls} calls");
        client.cancel().await.expect("close");
    })
    .await;
}
