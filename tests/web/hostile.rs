//! Hostile and sensitive data through the whole widget: markup stays text, secrets reach neither
//! the DOM, the title, the clipboard nor the console, and look-alikes of secrets are shown as sent.

use crate::mount::{all, container, deliver, mount_widget, one, text, wait_until, Recorder};
use leptos::{prelude::*, task::tick};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

#[wasm_bindgen_test]
async fn markup_in_data_stays_text() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(
        state,
        include_str!("../../fixtures/adversarial/xss-everywhere.json").into(),
    );
    tick().await;
    let root = one(&section, "#widget");
    assert!(all(&root, "script, img, b, svg[onload], iframe").is_empty());
    assert!(text(&root).contains("<script>alert(1)</script>"));
    assert!(all(&root, "a").iter().all(|a| a
        .get_attribute("href")
        .is_some_and(|h| h.starts_with("https://"))));
}

#[wasm_bindgen_test]
async fn unredacted_tokens_never_reach_the_dom() {
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(
        state,
        include_str!("../../fixtures/adversarial/unredacted-tokens.json").into(),
    );
    tick().await;
    let html = one(&section, "#widget").outer_html();
    assert!(!html.contains("0123456789abcdef0123456789abcdef"));
    assert!(html.contains("redacted"));
}

/// The workspace's corpus of planted secrets and look-alikes (fixtures/secrets/corpus.json).
fn corpus() -> secret_redaction::corpus::Corpus {
    secret_redaction::corpus::Corpus::embedded().expect("fixtures/secrets/corpus.json")
}

/// Every carrier of the corpus as `(key, value)`: its carriers, its credentials used as keys, and
/// its written texts (code and configuration as people write them) under a key that names no
/// secret.
fn carriers() -> Vec<(String, serde_json::Value)> {
    corpus().planted()
}

/// Every console call from now on, recorded in `window.__logged` (and still printed).
fn record_console() {
    let install = js_sys::Function::new_no_args(
        "if (!window.__logged) { window.__logged = []; for (const k of ['log','info','warn','error','debug']) { const o = console[k]; console[k] = (...a) => { window.__logged.push(a.map(String).join(' ')); o.apply(console, a, 0.0); }; } }",
    );
    install
        .call0(&wasm_bindgen::JsValue::NULL)
        .expect("console recorder");
}

fn logged() -> String {
    let logged = js_sys::Reflect::get(&window(), &"__logged".into()).expect("__logged");
    js_sys::JSON::stringify(&logged)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// Results that plant every carrier in records (short and windowed lists), nested values, the
/// summary, the filters, the hints, graph labels and the text-only delivery.
fn planted_results() -> Vec<String> {
    use serde_json::json;
    let mut results = Vec::new();
    for (i, (key, secret)) in carriers().into_iter().enumerate() {
        let key = key.as_str();
        let record = json!({ "uuid": format!("p{i}"), "name": "Basic ETL from S3", key: secret.clone(), "nested": { key: secret.clone(), "list": [{ key: secret.clone() }] } });
        // Free text carries a secret only with its context (a label, a URL, a JWT's shape); a value
        // that is secret only because of its key goes nowhere else.
        let note = match &secret {
            serde_json::Value::String(s) if !widget_model::redact::is_sensitive_key(key) => {
                s.clone()
            }
            _ => "plain words".to_owned(),
        };
        let widget = |records: Vec<serde_json::Value>| {
            json!({
                "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipelines", "action": "list", "state": "ok",
                "records": records, "summary": { "title": "Pipelines", "message": note }, "filters": { key: secret.clone() },
            })
        };
        let short = widget(vec![record.clone(), json!({ "uuid": "q", "name": "x" })]);
        results.push(json!({ "structuredContent": short, "content": [{ "type": "text", "text": short.to_string() }], "_meta": { "host/widgetData": { "title": note, key: secret.clone() } } }).to_string());
        let long = widget(vec![record.clone(); 260]);
        results
            .push(json!({ "content": [{ "type": "text", "text": long.to_string() }] }).to_string());
        let detail = json!({
            "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline", "action": "get", "state": "ok",
            "records": [record.clone()],
            "graph": { "nodes": [{ "id": "a", "label": note, "type": "transformer" }, { "id": "b", "label": "b" }], "edges": [{ "source": "a", "target": "b" }], "totalNodes": 2, "truncated": false }
        });
        results.push(json!({ "structuredContent": detail }).to_string());
    }
    results
}

#[wasm_bindgen_test]
async fn planted_secrets_reach_neither_dom_title_clipboard_nor_console() {
    record_console();
    let corpus = corpus();
    let secrets = corpus.secrets();
    for result in planted_results() {
        let section = container(None);
        let recorder = Recorder::default();
        let (state, _handle) = mount_widget(&section, &recorder);
        deliver(state, result.clone());
        tick().await;
        let root = one(&section, "#widget");
        assert_eq!(
            root.get_attribute("data-state").as_deref(),
            Some("ok"),
            "{result:.200}"
        );
        // A graph is drawn in a task of its own.
        wait_until("every graph drawn", || {
            all(&root, "section.graph")
                .iter()
                .all(|g| !all(g, ".graph__viewport, .graph-reason").is_empty())
        })
        .await;
        // Open every nested value and the first graph node, and copy every id.
        for details in all(&root, "details") {
            let _ = details.set_attribute("open", "");
        }
        if let Some(node) = root.query_selector("[data-node-id=a]").ok().flatten() {
            node.dispatch_event(&web_sys::Event::new("click").expect("event"))
                .expect("click");
        }
        for button in all(&root, ".copy") {
            button.unchecked_into::<HtmlElement>().click();
        }
        tick().await;
        let html = document()
            .document_element()
            .map(|e| e.outer_html())
            .unwrap_or_default();
        let copied = recorder.copied.borrow().join("\n");
        for (place, text) in [
            ("DOM", html),
            ("title", document().title()),
            ("clipboard", copied),
            ("console", logged()),
        ] {
            for secret in &secrets {
                assert!(
                    !text.contains(secret),
                    "a planted secret ({secret}) reached the {place}: {result:.300}"
                );
            }
        }
        assert!(
            text(&root).contains("Basic ETL from S3"),
            "look-alikes beside secrets stay"
        );
        section.remove();
    }
}

#[wasm_bindgen_test]
async fn look_alikes_are_shown_exactly_as_sent() {
    let fixture = include_str!("../../fixtures/pipelines/look-alikes.json");
    let section = container(None);
    let (state, _handle) = mount_widget(&section, &Recorder::default());
    deliver(state, fixture.into());
    tick().await;
    let root = one(&section, "#widget");
    let shown = text(&root);
    let sent: serde_json::Value = serde_json::from_str(fixture).expect("fixture");
    for record in sent["structuredContent"]["records"]
        .as_array()
        .expect("records")
    {
        for key in ["name", "uuid", "description"] {
            let value = record[key].as_str().expect("string");
            let visible = if value.contains("https://") {
                value.split(" https://").next().unwrap_or(value)
            } else {
                value
            };
            assert!(
                shown.contains(visible),
                "{key} {value:?} is not shown as sent"
            );
        }
    }
    assert!(all(&root, ".redacted").is_empty());
    assert!(!shown.contains("[redacted]"));
}
