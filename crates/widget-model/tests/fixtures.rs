//! Every fixture through the model, checked against what fixtures/manifest.json says it must produce.

use std::path::PathBuf;

use serde_json::{Map, Value};
use widget_model::outputs::OutputBody;
use widget_model::words::{english, Msg};
use widget_model::{model_from_json_text, Arrangement, Content, GraphOutcome, State, WidgetModel};

/// Everything the model would show, in English: its own words rendered, the data as it is.
fn shown_text(model: &WidgetModel) -> String {
    let mut parts = vec![
        format!("{model:?}"),
        model.header.title.english(),
        model.empty_message.english(),
    ];
    parts.extend(model.header.subtitle.iter().map(|t| t.english()));
    parts.extend(model.header.total.iter().map(english));
    parts.extend(model.notices.iter().map(english));
    parts.extend(
        model
            .pagination
            .iter()
            .map(|p| english(&Msg::Pagination(p.clone()))),
    );
    if let Some(e) = &model.error {
        parts.push(e.message.english());
        parts.extend(e.remedy.iter().map(|r| r.english()));
    }
    if let Some(m) = &model.mutation {
        parts.push(english(&m.banner));
        parts.push(english(&m.footer));
    }
    if let GraphOutcome::Fallback(problem) = &model.graph {
        parts.push(english(&Msg::GraphNotDrawn(problem.clone())));
    }
    if let Some(history) = &model.history {
        let strip = history.read_now(&model.table.rows).strip(720.0);
        parts.extend([strip.shown, strip.completed].iter().map(english));
        parts.extend(strip.durations.iter().map(english));
    }
    parts.join("\n")
}

/// The model of a result whose structuredContent a host dropped: only content[0].text is left.
fn text_only(text: &str) -> WidgetModel {
    let mut result: Value = serde_json::from_str(text).expect("json");
    result
        .as_object_mut()
        .expect("object")
        .remove("structuredContent");
    model_from_json_text(&result.to_string())
}

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn manifest() -> Vec<Value> {
    let text = std::fs::read_to_string(fixtures_dir().join("manifest.json"))
        .expect("fixtures/manifest.json");
    let manifest: Value = serde_json::from_str(&text).expect("manifest is JSON");
    manifest["fixtures"]
        .as_array()
        .expect("manifest.fixtures")
        .clone()
}

fn load(file: &str) -> (String, WidgetModel) {
    let text = std::fs::read_to_string(fixtures_dir().join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let model = model_from_json_text(&text);
    (text, model)
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

#[test]
fn every_fixture_produces_what_the_manifest_says() {
    let entries = manifest();
    assert!(
        entries.len() >= 50,
        "the fixture set shrank to {}",
        entries.len()
    );
    let mut failures = Vec::new();
    for entry in &entries {
        let file = entry["file"].as_str().expect("file");
        let expect = &entry["expect"];
        let (_, model) = load(file);
        let mut fail = |what: String| failures.push(format!("{file}: {what}"));
        check_outcome(expect, &model, &mut fail);
        check_graph(expect, &model, &mut fail);
        check_mutation(expect, &model, &mut fail);
        check_content(expect, &model, &mut fail);
        check_columns(expect, &model, &mut fail);
        check_in_view(expect, &model, &mut fail);
        check_text(expect, &shown_text(&model), &mut fail);
    }
    assert!(
        failures.is_empty(),
        "{} fixture failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `state`, `layout` (list or detail), `rows`, `pagination` (in words), the error's `code`, and a
/// `notice` (or diagnostic) that says the given words.
fn check_outcome(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let Some(state) = expect["state"].as_str() {
        if model.state.as_str() != state {
            fail(format!(
                "state {} != {state} ({:?})",
                model.state.as_str(),
                model.error
            ));
        }
    }
    if let Some(layout) = expect["layout"].as_str() {
        let actual = match model.arrangement {
            Arrangement::List => "list",
            Arrangement::Detail => "detail",
        };
        if actual != layout {
            fail(format!("layout {actual} != {layout}"));
        }
    }
    if let Some(rows) = expect["rows"].as_u64() {
        if model.table.rows.len() as u64 != rows {
            fail(format!("{} rows != {rows}", model.table.rows.len()));
        }
    }
    if let Some(p) = expect["pagination"].as_str() {
        let shown = model
            .pagination
            .clone()
            .map(|p| english(&Msg::Pagination(p)));
        if shown.as_deref() != Some(p) {
            fail(format!("pagination {:?} != {p:?}", model.pagination));
        }
    }
    if let Some(code) = expect["code"].as_str() {
        if model.error.as_ref().and_then(|e| e.code.as_deref()) != Some(code) {
            fail(format!("error code {:?} != {code}", model.error));
        }
    }
    if let Some(notice) = expect["notice"].as_str() {
        if !model.notices.iter().any(|n| english(n).contains(notice))
            && !model.diagnostics.iter().any(|d| d.contains(notice))
        {
            fail(format!(
                "no notice contains {notice:?}: {:?}",
                model.notices
            ));
        }
    }
}

/// `graph` (absent, drawable with its `nodes` and `edges`, or a fallback with its `reason`) and
/// how many `nodeDetails` the graph's blocks have.
fn check_graph(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    match (expect["graph"].as_str(), &model.graph) {
        (None | Some("absent"), GraphOutcome::Absent) => {}
        (Some("drawable"), GraphOutcome::Drawable(g)) => {
            if let Some(n) = expect["nodes"].as_u64() {
                if g.nodes.len() as u64 != n {
                    fail(format!("{} nodes != {n}", g.nodes.len()));
                }
            }
            if let Some(n) = expect["edges"].as_u64() {
                if g.edges.len() as u64 != n {
                    fail(format!("{} edges != {n}", g.edges.len()));
                }
            }
        }
        (Some("fallback"), GraphOutcome::Fallback(problem)) => {
            let reason = english(&Msg::GraphNotDrawn(problem.clone()));
            if let Some(expected) = expect["reason"].as_str() {
                if !reason.contains(expected) {
                    fail(format!("fallback reason {reason:?} lacks {expected:?}"));
                }
            }
        }
        (expected, actual) => fail(format!("graph {actual:?} is not {expected:?}")),
    }
    if let Some(n) = expect["nodeDetails"].as_u64() {
        if model.node_details.len() as u64 != n {
            fail(format!("{} node details != {n}", model.node_details.len()));
        }
    }
}

/// The `mutation`'s banner in words, and whether it is `compact`.
fn check_mutation(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let Some(banner) = expect["mutation"].as_str() {
        match &model.mutation {
            Some(m) if english(&m.banner) == banner => {}
            other => fail(format!("mutation {other:?} has no banner {banner:?}")),
        }
    }
    if let Some(compact) = expect["compact"].as_bool() {
        if model.mutation.as_ref().map(|m| m.compact) != Some(compact) {
            fail(format!("compact is not {compact}"));
        }
    }
}

/// `firstColumns`, `lastColumns` (the last shown before those behind "more columns"), and
/// `hidden` columns not shown at all.
fn check_columns(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    let keys: Vec<&str> = model.table.columns.iter().map(|c| c.key.as_str()).collect();
    let first = strings(&expect["firstColumns"]);
    if !first.is_empty() && keys.get(..first.len()) != Some(&first[..]) {
        fail(format!("columns start {keys:?}, not {first:?}"));
    }
    // The last columns shown before those behind "more columns".
    let shown: Vec<&str> = model
        .table
        .columns
        .iter()
        .filter(|c| !c.secondary)
        .map(|c| c.key.as_str())
        .collect();
    let last = strings(&expect["lastColumns"]);
    if !last.is_empty() && shown.get(shown.len().saturating_sub(last.len())..) != Some(&last[..]) {
        fail(format!("shown columns end {shown:?}, not {last:?}"));
    }
    for hidden in strings(&expect["hidden"]) {
        if keys.contains(&hidden) {
            fail(format!("hidden column {hidden} is shown"));
        }
    }
}

/// `headers`: the labels of the columns drawn, in order (in English; not those in each row's
/// detail, behind "more columns" or said above the table), and `said`: what every row shares,
/// said above the table. What a producer declares is in one or the other.
fn check_in_view(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let Some(headers) = expect["headers"].as_array() {
        let drawn: Vec<String> = (model.table.columns.iter())
            .filter(|c| !c.detail && !c.secondary && !c.shared)
            .map(|c| c.label.english())
            .collect();
        let want: Vec<&str> = headers.iter().filter_map(Value::as_str).collect();
        if drawn != want {
            fail(format!("columns drawn {drawn:?}, not {want:?}"));
        }
    }
    if let Some(said) = expect["said"].as_array() {
        let shared: Vec<String> = model.header.shared.iter().map(english).collect();
        let want: Vec<&str> = said.iter().filter_map(Value::as_str).collect();
        if shared != want {
            fail(format!("said above the table {shared:?}, not {want:?}"));
        }
    }
}

/// Each of `text` somewhere in what the model shows; none of `absent` anywhere in it.
fn check_text(expect: &Value, dump: &str, fail: &mut impl FnMut(String)) {
    for text in strings(&expect["text"]) {
        if !dump.contains(text) {
            fail(format!("text {text:?} is nowhere in the model"));
        }
    }
    for secret in strings(&expect["absent"]) {
        if dump.contains(secret) {
            fail(format!("{secret:?} survived into the model"));
        }
    }
}

/// `content` (records, outputs, logs), `outputs` (each output's name and grid shape or text),
/// `firstError` (the headline of the run's first error), `timeline` (bars drawn), `diff` (the
/// change of code's hunks and lines), and log lines read into their fields.
fn check_content(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    let kind = match &model.content {
        Content::Records => "records",
        Content::Outputs(_) => "outputs",
        Content::Logs(_) => "logs",
    };
    if let Some(expected) = expect["content"].as_str() {
        if kind != expected {
            fail(format!("content {kind} != {expected}"));
        }
    }
    check_outputs(expect, model, fail);
    check_first_error(expect, model, fail);
    if let Some(bars) = expect["timeline"].as_u64() {
        let actual = model.timeline.as_ref().map(|t| t.bars.len() as u64);
        if actual != Some(bars) {
            fail(format!("timeline bars {actual:?} != {bars}"));
        }
    }
    if let Some(want) = expect["diff"].as_object() {
        check_diff(want, model, fail);
    }
    if let Some(want) = expect["history"].as_object() {
        check_history(want, model, fail);
    }
    check_log_lines_read(model, fail);
}

/// `history`: the strip over the list, as a 720 px frame draws it: its `marks`, how many are
/// `failed`, and the id of the run it names the slowest.
fn check_history(want: &Map<String, Value>, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    let Some(history) = &model.history else {
        return fail("no history strip".into());
    };
    let strip = history.read_now(&model.table.rows).strip(720.0);
    let failed = strip
        .marks
        .iter()
        .filter(|m| m.outcome == widget_model::history::Outcome::Failed)
        .count() as u64;
    let slowest = strip.durations.as_ref().map(english).unwrap_or_default();
    let got = [
        ("marks", Value::from(strip.marks.len() as u64)),
        ("failed", Value::from(failed)),
    ];
    for (key, actual) in got {
        if want.get(key).is_some_and(|w| *w != actual) {
            fail(format!("history {key} {actual} != {}", want[key]));
        }
    }
    if let Some(id) = want.get("slowest").and_then(Value::as_str) {
        if !slowest.ends_with(&format!("({id})")) {
            fail(format!("history slowest {slowest:?} is not run {id}"));
        }
    }
}

/// `outputs`: each output's name and grid shape (rows, columns), or that it is text or empty.
fn check_outputs(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let (Some(expected), Content::Outputs(outputs)) =
        (expect["outputs"].as_array(), &model.content)
    {
        let actual: Vec<Value> = outputs
            .iter()
            .map(|o| match &o.body {
                OutputBody::Table { table, .. } => {
                    serde_json::json!([o.name, table.rows.len(), table.columns.len()])
                }
                OutputBody::Text(_) => serde_json::json!([o.name, "text"]),
                OutputBody::Empty => serde_json::json!([o.name, "empty"]),
            })
            .collect();
        if &actual != expected {
            fail(format!("outputs {actual:?} != {expected:?}"));
        }
    }
}

/// `firstError`: the headline of the first error line the logs hold contains it.
fn check_first_error(expect: &Value, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let Some(expected) = expect["firstError"].as_str() {
        let headline = match &model.content {
            Content::Logs(files) => files
                .iter()
                .find_map(|f| Some(f.line(f.first_error?).headline().to_owned())),
            _ => None,
        };
        if !headline.as_deref().is_some_and(|h| h.contains(expected)) {
            fail(format!("first error {headline:?} lacks {expected:?}"));
        }
    }
}

/// `diff`: the mutation's one change of code, its hunks (shown and in all), lines added and
/// removed, and whether it was cut.
fn check_diff(want: &Map<String, Value>, model: &WidgetModel, fail: &mut impl FnMut(String)) {
    let diffs: Vec<_> = model
        .mutation
        .iter()
        .flat_map(|m| &m.changes)
        .filter_map(|c| c.diff.as_ref())
        .collect();
    match diffs.as_slice() {
        [diff] => {
            let number = |key: &str| want.get(key).and_then(Value::as_u64);
            let got = [
                ("hunks", diff.hunks.len() as u64),
                ("total", diff.total_hunks),
                ("added", diff.added),
                ("removed", diff.removed),
            ];
            for (key, actual) in got {
                if number(key).is_some_and(|n| n != actual) {
                    fail(format!("diff {key} {actual} != {:?}", number(key)));
                }
            }
            if let Some(cut) = want.get("cut").and_then(Value::as_bool) {
                if cut != diff.cut {
                    fail(format!("diff cut {} != {cut}", diff.cut));
                }
            }
        }
        other => fail(format!("{} diffs, one expected", other.len())),
    }
}

/// Every log line written as `<time> {json}` is read into its fields: a redaction that broke the
/// JSON would show it raw.
fn check_log_lines_read(model: &WidgetModel, fail: &mut impl FnMut(String)) {
    if let Content::Logs(files) = &model.content {
        for file in files {
            for i in 0..file.line_count() {
                if file.raw_line(i).contains(" {\"") && file.line(i).message.starts_with('{') {
                    fail(format!("{} line {} is shown as raw JSON", file.name, i + 1));
                }
            }
        }
    }
}

#[test]
fn every_fixture_file_is_in_the_manifest() {
    let listed: std::collections::HashSet<String> = manifest()
        .iter()
        .filter_map(|e| e["file"].as_str().map(str::to_owned))
        .collect();
    let mut stack = vec![fixtures_dir()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("fixtures dir") {
            let path = entry.expect("entry").path();
            // Raw captures of a real server, the demo server's project and the corpus of planted
            // secrets are not tool results.
            if path.ends_with("mage/raw") || path.ends_with("demo") || path.ends_with("secrets") {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json")
                && !path.ends_with("manifest.json")
            {
                let rel = path
                    .strip_prefix(fixtures_dir())
                    .expect("under fixtures")
                    .to_string_lossy()
                    .replace('\\', "/");
                assert!(listed.contains(&rel), "{rel} is not in the manifest");
            }
        }
    }
}

#[test]
fn text_only_delivery_renders_the_same_records_as_structured_content() {
    let (text, with_structured) = load("pipelines/list-ok.json");
    let text_only = text_only(&text);
    assert_eq!(text_only.table, with_structured.table);
    assert_eq!(text_only.header, with_structured.header);
}

#[test]
fn the_copy_remembered_for_reloads_holds_no_secret_anywhere() {
    let (text, _) = load("adversarial/unredacted-tokens.json");
    let secret = "0123456789abcdef0123456789abcdef";
    assert!(text.contains(secret), "the fixture plants the secret");
    let remembered = widget_model::redacted_json(&text).expect("a JSON result");
    assert!(
        !remembered.contains(secret),
        "a secret survived in the remembered copy"
    );
    // And the remembered copy still renders the same records.
    assert_eq!(model_from_json_text(&remembered).table.rows.len(), 1);
}

#[test]
fn a_text_only_result_with_secrets_still_renders_without_them() {
    // Redacting the fallback text as a string would break its JSON; it is parsed first.
    let (text, _) = load("adversarial/unredacted-tokens.json");
    let model = text_only(&text);
    assert_eq!(model.state, State::Ok);
    assert_eq!(model.table.rows.len(), 1);
    assert!(!format!("{model:?}").contains("0123456789abcdef0123456789abcdef"));
}

/// Pipeline run `i`; every third carries a schedule token (and one in every record of the
/// first row, so that columns are the same in any page).
fn long_record(i: usize) -> String {
    let token = if i.is_multiple_of(3) {
        "0123456789abcdef0123456789abcdef"
    } else {
        ""
    };
    format!(
        r#"{{"id":{i},"status":"running","execution_date":"2026-11-20 06:00:00","nested":{{"a":[1,{{"password":"p{i}"}}]}},"token":"{token}"}}"#
    )
}

fn list_of(records: &[String]) -> String {
    format!(
        r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","records":[{}]}}}}"#,
        records.join(",")
    )
}

/// `n` pipeline runs as a widget result.
fn long_list(n: usize) -> String {
    list_of(&(0..n).map(long_record).collect::<Vec<_>>())
}

#[test]
fn a_long_list_read_lazily_equals_the_same_records_built_at_once() {
    // The same records, once past the lazy threshold and once in pages under it.
    let n = widget_model::rows::LAZY_AFTER * 3;
    let lazy = model_from_json_text(&long_list(n));
    assert!(lazy.table.rows.is_lazy());
    let mut eager_rows = Vec::new();
    let mut redacted = 0;
    for page in 0..3 {
        let records: Vec<String> = (page * widget_model::rows::LAZY_AFTER
            ..(page + 1) * widget_model::rows::LAZY_AFTER)
            .map(long_record)
            .collect();
        let eager = model_from_json_text(&list_of(&records));
        assert!(!eager.table.rows.is_lazy());
        assert_eq!(eager.table.columns, lazy.table.columns);
        eager_rows.extend(eager.table.rows.iter().map(|r| r.cells.clone()));
        redacted += eager.redacted;
    }
    let lazy_rows: Vec<_> = lazy.table.rows.iter().map(|r| r.cells.clone()).collect();
    assert_eq!(lazy_rows, eager_rows);
    assert_eq!(
        lazy.redacted, redacted,
        "values redacted in the received text count as redacted"
    );
    let dump = format!("{lazy:?}");
    assert!(!dump.contains("0123456789abcdef") && !dump.contains("\"p7\""));
}

#[test]
fn a_long_list_nested_too_deep_is_an_error_like_a_short_one() {
    let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
    let records = vec![r#"{"id":1}"#.to_owned(); 300].join(",");
    let text = format!(
        r#"{{"kind":"svc_resource_widget","schema_version":1,"resource":"x","action":"list","state":"ok","records":[{records},{{"id":2,"deep":{deep}}}]}}"#
    );
    let model = model_from_json_text(&text);
    assert_eq!(model.state, State::Error);
    assert!(model
        .error
        .is_some_and(|e| e.message.english().contains("nested deeper than 128")));
}
