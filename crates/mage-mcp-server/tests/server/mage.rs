//! The server against a real Mage server (mage-ai 0.9.80), driven by rmcp's own client over stdio.
//! Run by `scripts/mage-test.sh`, which installs and starts Mage, builds the small project
//! (`build_project.py --minimal --one-process --with-failure`: two pipelines, one with a graph, a
//! completed run with a DataFrame output, a failed run), logs in and sets:
//!
//! - `MAGE_TEST_URL`: the server;
//! - `MAGE_TEST_CONFIG`: a config.json with `cluster_url`, `oauth_token` (the session JWT) and
//!   `api_key`;
//! - `MAGE_TEST_BUILD`: build_project.py's summary (pipelines, run ids);
//! - `MAGE_TEST_RESULTS` (optional): a directory where the CallToolResults of `pipeline_list`,
//!   `pipeline_get` (with its graph), `pipeline_runs` (the project's runs: the completed one and
//!   the failed one), `block_outputs` (a DataFrame) and the failed run's `run_logs` are written as
//!   they came over the wire, for `tests/e2e/mage-live.spec.mjs` to load into the widget while
//!   Mage still runs.
//!
//! Without `MAGE_TEST_URL` every test here returns at once (it says so on stderr).
//!
//! Checked: the shared suite of tool behaviour (`suite.rs`: results, errors, paging, a round of
//! changes on a scratch pipeline, no secret in any result), every read tool's result against the
//! published schemas, no token or credential in any result or log line, the three faults of the
//! Python agent avoided (pipelines updated with PUT, not PATCH, in the suite; outputs read without
//! `sample_count` show the DataFrame; pipeline-level logs present), each pipeline's and each run's
//! page in Mage's UI (the `recordUrl` hint, what "Open in Mage" opens) on Mage's own address,
//! without user information, with the record's route, answered by Mage with 200, an unknown or
//! expired session answered with AUTH_EXPIRED, and, behind a recording proxy, no request for an id
//! that would leave its path.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::*;
use base64::Engine as _;
use serde_json::{json, Value};
use widget_result::record_url;

/// A Mage round trip is slower than the demo: each test gets this bound.
const MAGE_TEST_TIMEOUT: Duration = Duration::from_secs(180);

/// How long Mage may take to answer a page of its UI.
const MAGE_PAGE_TIMEOUT: Duration = Duration::from_secs(15);

struct Target {
    url: String,
    config: PathBuf,
    build: Value,
    jwt: String,
    api_key: String,
}

fn target(test: &str) -> Option<Target> {
    let Ok(url) = std::env::var("MAGE_TEST_URL") else {
        eprintln!(
            "{test}: MAGE_TEST_URL is not set, nothing to drive (scripts/mage-test.sh sets it)"
        );
        return None;
    };
    let config = PathBuf::from(std::env::var("MAGE_TEST_CONFIG").expect("MAGE_TEST_CONFIG"));
    let values: Value =
        serde_json::from_str(&std::fs::read_to_string(&config).expect("config")).expect("JSON");
    let build_path = std::env::var("MAGE_TEST_BUILD").expect("MAGE_TEST_BUILD");
    let build: Value =
        serde_json::from_str(&std::fs::read_to_string(build_path).expect("build summary"))
            .expect("JSON");
    Some(Target {
        url,
        config,
        build,
        jwt: values["oauth_token"]
            .as_str()
            .expect("oauth_token")
            .to_owned(),
        api_key: values["api_key"].as_str().expect("api_key").to_owned(),
    })
}

async fn bounded_mage<F: std::future::Future<Output = ()>>(body: F) {
    tokio::time::timeout(MAGE_TEST_TIMEOUT, body)
        .await
        .expect("the test finished within its time bound");
}

/// Every secret the Mage server holds for this project: schedule tokens (also copied into runs),
/// the session JWT and its token claim, the API key.
async fn mage_secrets(t: &Target) -> Vec<String> {
    install_tls_provider();
    let http = reqwest::Client::new();
    let get = |path: &str| {
        http.get(format!("{}{path}", t.url))
            .header("X-API-KEY", &t.api_key)
            .header("Cookie", format!("oauth_token={}", t.jwt))
            .send()
    };
    let mut secrets = vec![t.jwt.clone(), t.api_key.clone()];
    let claims = t.jwt.split('.').nth(1).expect("a JWT");
    let claims: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(claims.trim_end_matches('='))
            .expect("base64"),
    )
    .expect("claims");
    secrets.push(claims["token"].as_str().expect("token claim").to_owned());
    let schedules: Value = get("/api/pipeline_schedules")
        .await
        .expect("schedules")
        .json()
        .await
        .expect("JSON");
    for s in schedules["pipeline_schedules"].as_array().expect("list") {
        if let Some(token) = s["token"].as_str() {
            secrets.push(token.to_owned());
        }
    }
    secrets.sort();
    secrets.dedup();
    secrets
}

struct Checked {
    schemas: Schemas,
    texts: Vec<(String, String)>,
    calls: usize,
}

impl Checked {
    /// Calls a tool, checks its result against the schemas, keeps its text for the secret check.
    async fn call(&mut self, client: &Client, tool: &str, args: Value) -> Value {
        let started = Instant::now();
        let result = call(client, tool, args.clone()).await;
        let violations = self.schemas.violations(tool, &result);
        assert!(violations.is_empty(), "{tool} {args}: {violations:#?}");
        self.texts.push((
            format!("{tool} {args}"),
            serde_json::to_string(&result).expect("json"),
        ));
        self.calls += 1;
        eprintln!(
            "  {tool:<22} {:>5} ms  {}",
            started.elapsed().as_millis(),
            if result.is_error == Some(true) {
                error_code(&result)
            } else {
                "ok".to_owned()
            }
        );
        structured(&result)
    }

    /// With `MAGE_TEST_RESULTS` set, writes the last call's CallToolResult (its JSON, as sent) there
    /// as `name.json`.
    fn save(&self, name: &str) {
        let Ok(dir) = std::env::var("MAGE_TEST_RESULTS") else {
            return;
        };
        let (call, text) = self.texts.last().expect("a call to save");
        std::fs::create_dir_all(&dir).expect("the results directory");
        let path = Path::new(&dir).join(format!("{name}.json"));
        std::fs::write(&path, text).expect("write the result");
        eprintln!("  saved {call} as {}", path.display());
    }

    /// The last call's whole CallToolResult (its `_meta` with the hints included).
    fn last_result(&self) -> Value {
        let (_, text) = self.texts.last().expect("a call");
        serde_json::from_str(text).expect("JSON")
    }

    async fn ok(&mut self, client: &Client, tool: &str, args: Value) -> Value {
        let value = self.call(client, tool, args.clone()).await;
        assert_eq!(
            value["kind"], "svc_resource_widget",
            "{tool} {args}: {value}"
        );
        value
    }
}

fn records(value: &Value) -> &Vec<Value> {
    value["records"].as_array().expect("records")
}

/// The page of `record` in the service's UI, as the `recordUrl` hint of `result` (a whole
/// CallToolResult) gives it: what the widget's "Open in Mage" asks the host to open.
fn record_page(result: &Value, record: &Value) -> String {
    let template = result["_meta"]["host/widgetData"][record_url::HINT]
        .as_str()
        .unwrap_or_else(|| panic!("a {} hint in {result:.300}", record_url::HINT));
    let fields: Vec<(&str, String)> = record_url::FIELDS
        .iter()
        .filter_map(|&name| match &record[name] {
            Value::String(s) => Some((name, s.clone())),
            Value::Number(n) => Some((name, n.to_string())),
            _ => None,
        })
        .collect();
    let field = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    };
    record_url::expand(template, field)
        .unwrap_or_else(|| panic!("{template} filled by {record:.300}"))
}

/// `page` is an `http:` URL on the Mage server at `mage` (its own address, no user information),
/// at `route`, and Mage answers it with 200. (Mage serves its UI's page for any path under
/// `/pipelines/`: the answer says the address and the place are Mage's, the route is held to the
/// record's fields.)
async fn mage_answers_its_page(mage: &str, page: &str, route: &str) {
    let parsed = url::Url::parse(page).unwrap_or_else(|e| panic!("{page}: {e}"));
    let base = url::Url::parse(mage).expect("Mage's address");
    assert_eq!(parsed.scheme(), "http", "{page}");
    assert!(
        parsed.username().is_empty() && parsed.password().is_none(),
        "user information in {page}"
    );
    assert_eq!(
        parsed.origin(),
        base.origin(),
        "{page} on Mage's address {mage}"
    );
    assert_eq!((parsed.path(), parsed.query()), (route, None), "{page}");
    install_tls_provider();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(MAGE_PAGE_TIMEOUT)
        .build()
        .expect("an HTTP client");
    let answer = http.get(page).send().await.expect("Mage answers");
    assert_eq!(answer.status(), 200, "Mage's answer to {page}");
}

#[tokio::test]
async fn every_tool_against_mage_follows_the_contract_and_no_token_leaks() {
    let Some(t) = target("every_tool") else {
        return;
    };
    bounded_mage(async {
        let widget = test_widget();
        let cache = tempfile::tempdir().expect("cache dir");
        let config = t.config.to_str().expect("path").to_owned();
        let cache_dir = cache.path().to_str().expect("path").to_owned();
        let (client, log) = spawn_with_env(
            &widget,
            &[
                "--mage",
                "--config",
                &config,
                "--cache-dir",
                &cache_dir,
                "--log-level",
                "debug",
            ],
            &[],
        )
        .await;
        let mut c = Checked {
            schemas: schemas(),
            texts: Vec::new(),
            calls: 0,
        };
        let completed = t.build["runs"]["completed"]
            .as_i64()
            .expect("completed run id");
        let failed = t.build["runs"]["failed"].as_i64().expect("failed run id");

        pipelines_and_blocks(&mut c, &client, &t.url).await;
        block_templates(&mut c, &client, cache.path()).await;
        runs_and_outputs(&mut c, &client, &t.url, completed, failed).await;
        run_logs(&mut c, &client, completed, failed).await;
        schedules_and_a_run(&mut c, &client).await;

        client.cancel().await.expect("close");
        let log = log.await.expect("stderr");
        no_secret_in_any_result_or_log(&t, &c, &log).await;
        eprintln!(
            "{} tool calls against {} validated, no secret in any result or log line",
            c.calls, t.url
        );
    })
    .await;
}

/// The project's pipelines, one with its graph and its blocks' source, its blocks, one block; each
/// pipeline's page in Mage's UI.
async fn pipelines_and_blocks(c: &mut Checked, client: &Client, mage: &str) {
    let list = c.ok(client, "pipeline_list", json!({})).await;
    c.save("pipeline_list");
    let uuids: Vec<&str> = records(&list)
        .iter()
        .filter_map(|r| r["uuid"].as_str())
        .collect();
    for expected in ["basic_etl_from_s3", "token_refresh_audit"] {
        assert!(uuids.contains(&expected), "{expected} in {uuids:?}");
    }
    for record in records(&list) {
        let page = record_page(&c.last_result(), record);
        let route = format!("/pipelines/{}", record["uuid"].as_str().expect("a uuid"));
        mage_answers_its_page(mage, &page, &route).await;
    }

    let basic = c
        .ok(client, "pipeline_get", json!({"uuid": "basic_etl_from_s3"}))
        .await;
    c.save("pipeline_get");
    let page = record_page(&c.last_result(), &records(&basic)[0]);
    mage_answers_its_page(mage, &page, "/pipelines/basic_etl_from_s3").await;
    assert_eq!(basic["graph"]["totalNodes"], 3);
    assert_eq!(basic["graph"]["edges"].as_array().map(Vec::len), Some(2));
    assert_eq!(basic["graph"]["truncated"], false);
    assert!(
        records(&basic)[0]["blocks"][0]["content"].is_string(),
        "blocks with their source"
    );

    let blocks = c
        .ok(
            client,
            "block_list",
            json!({"pipeline_uuid": "basic_etl_from_s3"}),
        )
        .await;
    assert_eq!(records(&blocks).len(), 3);
    let block = c
        .ok(
            client,
            "block_get",
            json!({"pipeline_uuid": "basic_etl_from_s3", "uuid": "load_orders_from_s3"}),
        )
        .await;
    assert!(records(&block)[0]["content"]
        .as_str()
        .is_some_and(|s| s.contains("@data_loader")));
}

/// Block templates fetched, then read from the 24-hour cache, then fetched again on demand.
async fn block_templates(c: &mut Checked, client: &Client, cache: &std::path::Path) {
    let fetched = c.ok(client, "block_templates_list", json!({})).await;
    assert!(
        fetched["summary"]["subtitle"]
            .as_str()
            .is_some_and(|s| s.contains("fetched")),
        "{}",
        fetched["summary"]
    );
    assert!(
        cache.join("block_templates.json").is_file(),
        "the 24-hour cache file"
    );
    let cached = c.ok(client, "block_templates_list", json!({})).await;
    assert!(
        cached["summary"]["subtitle"]
            .as_str()
            .is_some_and(|s| s.contains("cached")),
        "{}",
        cached["summary"]
    );
    let refreshed = c
        .ok(
            client,
            "block_templates_list",
            json!({"force_refresh": true}),
        )
        .await;
    assert!(refreshed["summary"]["subtitle"]
        .as_str()
        .is_some_and(|s| s.contains("fetched")));
}

/// Runs with their block runs and their pages in Mage's UI, a filtered page, a completed run's
/// block runs and a block's DataFrame output, by block and by block run.
async fn runs_and_outputs(
    c: &mut Checked,
    client: &Client,
    mage: &str,
    completed: i64,
    failed: i64,
) {
    let runs = c.ok(client, "pipeline_runs", json!({})).await;
    c.save("pipeline_runs");
    let ids: Vec<i64> = records(&runs)
        .iter()
        .filter_map(|r| r["id"].as_i64())
        .collect();
    assert!(
        ids.contains(&completed) && ids.contains(&failed),
        "the completed run {completed} and the failed run {failed} in {ids:?}"
    );
    for run in records(&runs) {
        let page = record_page(&c.last_result(), run);
        let route = format!(
            "/pipelines/{}/runs/{}",
            run["pipeline_uuid"].as_str().expect("its pipeline"),
            run["id"]
        );
        mage_answers_its_page(mage, &page, &route).await;
    }
    assert!(
        records(&runs).iter().all(|r| r["block_runs"].is_array()),
        "runs embed their block runs"
    );
    let failed_runs = c
        .ok(client, "pipeline_runs", json!({"pipeline_uuid": "token_refresh_audit", "status": "failed", "page": 1, "per_page": 5}))
        .await;
    assert_eq!(records(&failed_runs)[0]["id"], failed);
    assert_eq!(failed_runs["pagination"]["per_page"], 5);

    let block_runs = c
        .ok(
            client,
            "block_runs",
            json!({"pipeline_run_id": completed.to_string()}),
        )
        .await;
    assert_eq!(records(&block_runs).len(), 3);
    assert!(records(&block_runs)
        .iter()
        .all(|r| r["status"] == "completed"));

    // Fault 2: outputs read without sample_count show the DataFrame.
    let outputs = c
        .ok(
            client,
            "block_outputs",
            json!({"pipeline_uuid": "basic_etl_from_s3", "block_uuid": "load_orders_from_s3"}),
        )
        .await;
    c.save("block_outputs");
    let frame = &records(&outputs)[0];
    assert_eq!(frame["shape"], json!([300, 13]), "{frame:.300}");
    assert_eq!(
        frame["sample_data"]["columns"].as_array().map(Vec::len),
        Some(13)
    );
    assert!(frame["sample_data"]["rows"]
        .as_array()
        .is_some_and(|r| !r.is_empty()));
    let loader_run = records(&block_runs)
        .iter()
        .find(|r| r["block_uuid"] == "load_orders_from_s3")
        .expect("the loader's block run")["id"]
        .clone();
    let by_id = c
        .ok(client, "block_outputs", json!({"block_run_id": loader_run}))
        .await;
    assert_eq!(records(&by_id)[0]["shape"], json!([300, 13]));
}

/// Pipeline-level logs of both runs, without server paths, and the failed block's traceback.
async fn run_logs(c: &mut Checked, client: &Client, completed: i64, failed: i64) {
    // Fault 3: pipeline-level logs are there, for the failed run and the completed one.
    for run in [failed, completed] {
        let logs = c
            .ok(
                client,
                "run_logs",
                json!({"pipeline_run_id": run.to_string()}),
            )
            .await;
        let files = records(&logs);
        assert!(
            files.iter().any(|f| f["scope"] == "pipeline"
                && f["name"] == "scheduler.log"
                && f["content"].as_str().is_some_and(|s| !s.is_empty())),
            "run {run}: a non-empty scheduler.log among {:?}",
            files.iter().map(|f| &f["name"]).collect::<Vec<_>>()
        );
        assert!(
            files.iter().all(|f| f.get("path").is_none()),
            "no server path"
        );
    }
    let failed_logs = c
        .ok(client, "run_logs", json!({"pipeline_run_id": failed}))
        .await;
    c.save("run_logs_failed");
    assert!(
        records(&failed_logs).iter().any(|f| f["content"]
            .as_str()
            .is_some_and(|s| s.contains("StaleCredentialError"))),
        "the failed block's traceback"
    );
}

/// Schedules with the trigger URL's token redacted, triggers, backfills, a run through the
/// pipeline's own API trigger, an unknown run and an unknown tool.
async fn schedules_and_a_run(c: &mut Checked, client: &Client) {
    let schedules = c.ok(client, "pipeline_schedules", json!({})).await;
    assert!(records(&schedules).len() >= 2);
    let api = c
        .ok(
            client,
            "pipeline_schedules",
            json!({"schedule_type": "api", "pipeline_uuid": "basic_etl_from_s3"}),
        )
        .await;
    assert!(records(&api)[0]["trigger_url"]
        .as_str()
        .is_some_and(|u| u.ends_with("/pipeline_runs/[redacted]")));
    c.ok(
        client,
        "pipeline_triggers",
        json!({"pipeline_uuid": "basic_etl_from_s3"}),
    )
    .await;
    c.ok(client, "backfill_list", json!({})).await;

    // run_pipeline uses the pipeline's own API trigger when it has one (the shared suite
    // covers a pipeline without one, and every other change).
    let again = c
        .ok(
            client,
            "run_pipeline",
            json!({"pipeline_uuid": "basic_etl_from_s3"}),
        )
        .await;
    assert!(
        again["mutation"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("Nightly API trigger")),
        "the existing API trigger is used"
    );
    let unknown_run = c
        .call(client, "run_logs", json!({"pipeline_run_id": "987654"}))
        .await;
    assert_eq!(unknown_run["error"]["code"], "API_ERROR");

    let nope = call(client, "no_such_tool", json!({})).await;
    assert_eq!(error_code(&nope), "TOOL_NOT_FOUND");
}

/// No token of the Mage server in any result the calls saved or in the server's log; tracebacks
/// only in logs.
async fn no_secret_in_any_result_or_log(t: &Target, c: &Checked, log: &str) {
    let secrets = mage_secrets(t).await;
    assert!(secrets.len() >= 5, "tokens to look for: {}", secrets.len());
    for (call, text) in &c.texts {
        for secret in &secrets {
            assert!(
                !text.contains(secret.as_str()),
                "{call} holds a secret {:.6}…",
                secret
            );
        }
        assert!(
            !text.contains("Traceback (most recent call last)") || call.starts_with("run_logs"),
            "{call}: a traceback outside a log"
        );
    }
    for secret in &secrets {
        assert!(
            !log.contains(secret.as_str()),
            "the log holds a secret {:.6}…",
            secret
        );
    }
}

fn jwt_with(claims: Value) -> String {
    format!(
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string())
    )
}

#[tokio::test]
async fn an_unknown_or_expired_session_is_auth_expired() {
    let Some(t) = target("auth") else { return };
    bounded_mage(async {
        let widget = test_widget();
        let dir = tempfile::tempdir().expect("dir");
        let schemas = schemas();
        let cases = [
            ("unknown session", json!({"cluster_url": t.url, "oauth_token": "unknown-session-0123456789abcdef", "api_key": t.api_key}), "AUTH_EXPIRED"),
            ("unknown JWT", json!({"cluster_url": t.url, "oauth_token": jwt_with(json!({"expires": 4102444800.0, "token": "not-a-session-of-this-server"})), "api_key": t.api_key}), "AUTH_EXPIRED"),
            ("expired JWT", json!({"cluster_url": t.url, "oauth_token": jwt_with(json!({"expires": 1600000000.0, "token": "long-gone-session"})), "api_key": t.api_key}), "AUTH_EXPIRED"),
            ("wrong API key", json!({"cluster_url": t.url, "oauth_token": t.jwt, "api_key": "not-the-api-key-of-this-server"}), "AUTH_EXPIRED"),
            ("no credentials", json!({"cluster_url": t.url}), "AUTH_REQUIRED"),
            ("no cluster_url", json!({"oauth_token": t.jwt}), "CONFIG_INVALID"),
        ];
        for (name, config, expected) in cases {
            let path = dir.path().join(format!("{}.json", name.replace(' ', "_")));
            std::fs::write(&path, config.to_string()).expect("write");
            let path = path.to_str().expect("path").to_owned();
            let (client, _log) = spawn_with_env(&widget, &["--mage", "--config", &path], &[]).await;
            let result = call(&client, "pipeline_list", json!({})).await;
            assert_eq!(error_code(&result), expected, "{name}: {}", text(&result));
            assert!(schemas.violations("pipeline_list", &result).is_empty());
            let message = structured(&result)["error"]["message"].as_str().unwrap_or_default().to_owned();
            if expected == "AUTH_EXPIRED" {
                assert!(message.contains("login command again"), "{name}: {message}");
            }
            assert!(!message.contains(&t.jwt) && !message.contains(&t.api_key), "{name}: a credential in {message}");
            client.cancel().await.expect("close");
        }
        let missing = dir.path().join("missing.json");
        let (client, _log) = spawn_with_env(&widget, &["--mage", "--config", missing.to_str().expect("path")], &[]).await;
        assert_eq!(error_code(&call(&client, "block_list", json!({"pipeline_uuid": "x"})).await), "CONFIG_INVALID");
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn mage_url_takes_the_credentials_from_the_environment() {
    let Some(t) = target("mage_url") else { return };
    bounded_mage(async {
        let widget = test_widget();
        let cache = tempfile::tempdir().expect("cache dir");
        let cache_dir = cache.path().to_str().expect("path").to_owned();
        let (client, _log) = spawn_with_env(
            &widget,
            &["--mage-url", &t.url, "--cache-dir", &cache_dir],
            &[("MAGE_OAUTH_TOKEN", &t.jwt), ("MAGE_API_KEY", &t.api_key)],
        )
        .await;
        let list = structured(&call(&client, "pipeline_list", json!({})).await);
        assert_eq!(list["resource"], "pipelines", "{list}");
        client.cancel().await.expect("close");
        let (client, _log) = spawn_with_env(&widget, &["--mage-url", &t.url], &[]).await;
        assert_eq!(
            error_code(&call(&client, "pipeline_list", json!({})).await),
            "AUTH_REQUIRED"
        );
        client.cancel().await.expect("close");
    })
    .await;
}

/// The server on the test's Mage credentials, with a recording proxy between it and Mage (what
/// reached Mage is `proxy.seen()`), and the folder of its config file.
async fn spawn_behind_recorder(
    widget: &TestWidget,
    t: &Target,
) -> (Client, crate::recorder::Recorder, tempfile::TempDir) {
    let proxy = crate::recorder::start(Some(&t.url)).await;
    let dir = tempfile::tempdir().expect("dir");
    let config = dir.path().join("config.json");
    let values = json!({"cluster_url": proxy.url, "oauth_token": t.jwt, "api_key": t.api_key});
    std::fs::write(&config, values.to_string()).expect("write");
    let config = config.to_str().expect("path").to_owned();
    let (client, _log) = spawn_with_env(widget, &["--mage", "--config", &config], &[]).await;
    (client, proxy, dir)
}

/// An id of `..` would turn `/api/pipelines/../blocks/x` into `/api/blocks/x`, another route of
/// Mage, called with the user's credentials. The server runs behind a recording proxy: every tool
/// that builds a path refuses each such id by name, block_create and block_update refuse places
/// outside the project in a configuration's paths and a block's name, and the proxy sees no
/// request until a valid call, which it passes on to Mage.
#[tokio::test]
async fn an_id_that_would_climb_out_of_its_path_never_reaches_mage() {
    let Some(t) = target("dot_ids") else { return };
    bounded_mage(async {
        let widget = test_widget();
        let (client, proxy, _config) = spawn_behind_recorder(&widget, &t).await;
        let calls = every_bad_id_is_refused_by_name(&client, &schemas()).await
            + every_bad_place_is_refused_by_name(&client, &schemas()).await;
        assert_eq!(proxy.seen(), Vec::<String>::new(), "requests reached Mage");
        let basic = call(
            &client,
            "pipeline_get",
            json!({"uuid": "basic_etl_from_s3"}),
        )
        .await;
        assert_ne!(basic.is_error, Some(true), "{}", text(&basic));
        assert!(
            proxy
                .seen()
                .iter()
                .any(|r| r.starts_with("GET /api/pipelines/basic_etl_from_s3")),
            "the proxy passes valid calls on: {:?}",
            proxy.seen()
        );
        eprintln!(
            "{calls} calls with bad ids or places refused, none reached Mage; a valid call did"
        );
        client.cancel().await.expect("close");
    })
    .await;
}

/// The suite every backend passes (`suite.rs`), against Mage: results, errors, paging, a whole
/// round of changes on a scratch pipeline (pipelines updated with PUT, not PATCH), no secret.
#[tokio::test]
async fn the_shared_suite_passes_against_mage() {
    let Some(t) = target("suite") else { return };
    bounded_mage(async {
        let widget = test_widget();
        let cache = tempfile::tempdir().expect("cache dir");
        let config = t.config.to_str().expect("path").to_owned();
        let cache_dir = cache.path().to_str().expect("path").to_owned();
        let (client, log) = spawn_with_env(
            &widget,
            &["--mage", "--config", &config, "--cache-dir", &cache_dir],
            &[],
        )
        .await;
        let fixture = crate::suite::Fixture {
            pipeline: "basic_etl_from_s3",
            upstream_block: "load_orders_from_s3",
            secrets: mage_secrets(&t).await,
            pages: Some(t.url.trim_end_matches('/').to_owned()),
        };
        let calls = crate::suite::run_suite(&client, &fixture).await;
        client.cancel().await.expect("close");
        let log = log.await.expect("stderr");
        for secret in &fixture.secrets {
            assert!(
                !log.contains(secret.as_str()),
                "the log holds a secret {:.6}…",
                secret
            );
        }
        eprintln!("the shared suite: {calls} calls against {}", t.url);
    })
    .await;
}

/// Mage joins a decoded pipeline id onto its project folder, and a join with an absolute path
/// leaves the project. A folder outside it holding a pipeline is named by absolute path to every
/// id-taking tool, deletion included: every call is refused by name before any request (a
/// recording proxy sees none), and the folder is still there, whole, afterwards.
#[tokio::test]
async fn an_absolute_path_id_is_refused_and_a_folder_outside_the_project_stays() {
    let Some(t) = target("absolute_ids") else {
        return;
    };
    bounded_mage(async {
        let widget = test_widget();
        let outside = tempfile::tempdir().expect("a folder outside the project");
        let victim = outside.path().join("pipelines").join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        let metadata = "blocks: []\nname: victim\ntype: python\nuuid: victim\n";
        std::fs::write(victim.join("metadata.yaml"), metadata).expect("write");
        let (client, proxy, _config) = spawn_behind_recorder(&widget, &t).await;
        let absolute = victim.to_str().expect("path").to_owned();
        let refused = the_bad_id_is_refused_by_name(&client, &schemas(), &absolute).await;
        assert_eq!(proxy.seen(), Vec::<String>::new(), "requests reached Mage");
        assert_eq!(
            std::fs::read_to_string(victim.join("metadata.yaml")).expect("the folder is still there"),
            metadata
        );
        eprintln!("{refused} calls with an absolute-path id refused; the folder outside the project is whole");
        client.cancel().await.expect("close");
    })
    .await;
}

/// Pipeline variables under the names real projects give credentials are hidden in the text the
/// model reads and in structuredContent.
#[tokio::test]
async fn credentials_in_pipeline_variables_under_common_names_are_hidden() {
    let Some(t) = target("variables") else { return };
    bounded_mage(async {
        install_tls_provider();
        let http = reqwest::Client::new();
        let pipeline = "basic_etl_from_s3";
        let planted = [
            ("aws_secret_access_key", "wJalrXUtnFEMI9K7MDENG8bPxRfiCYzzMAGE"),
            ("SNOWFLAKE_PRIVATE_KEY_PASSPHRASE", "Correct-Horse-Mage-42"),
            ("db_pass", "hunter2-mage-lane"),
            ("SECRET_KEY", "django-insecure-mage-q8w2kz"),
            (
                "AZURE_STORAGE_CONNECTION_STRING",
                "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=zzMAGEACCOUNTKEYzz0123==;EndpointSuffix=core.windows.net",
            ),
        ];
        let secrets = [
            "wJalrXUtnFEMI9K7MDENG8bPxRfiCYzzMAGE",
            "Correct-Horse-Mage-42",
            "hunter2-mage-lane",
            "django-insecure-mage-q8w2kz",
            "zzMAGEACCOUNTKEYzz0123",
        ];
        let send = |method: reqwest::Method, path: String, body: Option<Value>| {
            let mut request = http
                .request(method, format!("{}{path}", t.url))
                .header("X-API-KEY", &t.api_key)
                .header("Cookie", format!("oauth_token={}", t.jwt));
            if let Some(body) = body {
                request = request.json(&body);
            }
            request.send()
        };
        for (name, value) in planted {
            let answer = send(
                reqwest::Method::POST,
                format!("/api/pipelines/{pipeline}/variables"),
                Some(json!({"variable": {"name": name, "value": value}})),
            )
            .await
            .expect("POST a variable");
            let body: Value = answer.json().await.expect("JSON");
            assert!(body.get("error").is_none(), "{name}: {body}");
        }
        let widget = test_widget();
        let config = t.config.to_str().expect("path").to_owned();
        let (client, _log) = spawn_with_env(&widget, &["--mage", "--config", &config], &[]).await;
        let result = call(&client, "pipeline_get", json!({"uuid": pipeline})).await;
        let whole = serde_json::to_string(&result).expect("JSON");
        let structured = structured(&result).to_string();
        let fallback = text(&result);
        for name in ["aws_secret_access_key", "db_pass", "AZURE_STORAGE_CONNECTION_STRING"] {
            assert!(structured.contains(name), "the variables are shown: {structured:.2000}");
        }
        for secret in secrets {
            assert!(!structured.contains(secret), "{secret} in structuredContent");
            assert!(!fallback.contains(secret), "{secret} in the text the model reads");
            assert!(!whole.contains(secret), "{secret} in the result");
        }
        client.cancel().await.expect("close");
        for (name, _) in planted {
            let _ = send(
                reqwest::Method::DELETE,
                format!("/api/pipelines/{pipeline}/variables/{name}"),
                None,
            )
            .await;
        }
    })
    .await;
}

/// What the server adds to Mage's own latency, printed for the lane's log: each of pipeline_list,
/// pipeline_get and pipeline_runs through the server (rmcp's client over stdio), against the same
/// requests sent to Mage at once by a plain HTTP client, in turn, 15 times each; the medians and
/// their difference. (Budgets are read from this printout, not asserted: the machine is shared.)
#[tokio::test]
async fn the_server_adds_little_to_mages_own_latency() {
    let Some(t) = target("latency") else { return };
    bounded_mage(async {
        install_tls_provider();
        let http = reqwest::Client::new();
        let token = session_token(&t.jwt);
        let widget = test_widget();
        let config = t.config.to_str().expect("path").to_owned();
        let (client, _log) = spawn_with_env(&widget, &["--mage", "--config", &config], &[]).await;
        eprintln!("| tool | Mage direct, median ms | through the server, median ms | the server adds, ms |");
        eprintln!("|---|---:|---:|---:|");
        for (tool, args, requests) in latency_cases() {
            let (mut mage, mut server) = (Vec::new(), Vec::new());
            for _ in 0..15 {
                mage.push(mage_direct(&http, &t, &token, requests).await);
                let started = Instant::now();
                let result = call(&client, tool, args.clone()).await;
                server.push(started.elapsed());
                assert_ne!(result.is_error, Some(true), "{tool}: {}", text(&result));
            }
            let (m, s) = (median_ms(mage), median_ms(server));
            eprintln!("| {tool} | {m:.1} | {s:.1} | {:.1} |", s - m);
        }
        client.cancel().await.expect("close");
    })
    .await;
}

/// The token Mage's API takes as `OAUTH-TOKEN`: the `token` claim of the session's JWT.
fn session_token(jwt: &str) -> String {
    let claims = jwt.split('.').nth(1).expect("a JWT");
    let claims: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(claims.trim_end_matches('='))
            .expect("base64"),
    )
    .expect("claims");
    claims["token"].as_str().expect("token claim").to_owned()
}

/// The tools timed: each with its arguments and the requests it sends Mage.
fn latency_cases() -> [(&'static str, Value, &'static [&'static str]); 3] {
    [
        (
            "pipeline_list",
            json!({}),
            &[
                "/api/pipelines?include_schedules=1",
                "/api/pipeline_runs?_limit=100&_offset=0",
            ],
        ),
        (
            "pipeline_get",
            json!({"uuid": "basic_etl_from_s3"}),
            &[
                "/api/pipelines/basic_etl_from_s3",
                "/api/pipeline_runs?_limit=1&_offset=0&pipeline_uuid=basic_etl_from_s3",
            ],
        ),
        (
            "pipeline_runs",
            json!({"pipeline_uuid": "basic_etl_from_s3"}),
            &["/api/pipeline_runs?_limit=20&_offset=0&pipeline_uuid=basic_etl_from_s3"],
        ),
    ]
}

/// How long Mage takes to answer `requests` from a plain HTTP client, sent at once (the tools
/// send at most two, at once), every answer read whole.
async fn mage_direct(
    http: &reqwest::Client,
    t: &Target,
    token: &str,
    requests: &[&str],
) -> Duration {
    let get = |path: &str| {
        http.get(format!("{}{path}", t.url))
            .header("X-API-KEY", &t.api_key)
            .header("OAUTH-TOKEN", token)
            .header("Accept", "application/json")
            .send()
    };
    let started = Instant::now();
    let answers = match requests {
        [one] => vec![get(one).await],
        [a, b] => {
            let (a, b) = tokio::join!(get(a), get(b));
            vec![a, b]
        }
        _ => panic!("one or two requests"),
    };
    for answer in answers {
        let body = answer.expect("Mage answers").bytes().await.expect("a body");
        assert!(!body.is_empty());
    }
    started.elapsed()
}

/// The median of `durations`, in milliseconds.
fn median_ms(mut durations: Vec<Duration>) -> f64 {
    durations.sort();
    durations[durations.len() / 2].as_secs_f64() * 1000.0
}
