//! Property tests: bad input never panics, never loops, never lets a secret through, and never
//! changes what is not a secret.
//!
//! Every property goes through the path production takes: JSON text into `model_from_json_text`.
//! Inputs are arbitrary JSON (biased towards the contract's keys and tricky strings), widget
//! results whose lists often pass the lazy-row threshold, secrets planted at random depths in every
//! carrier the redaction knows, harmless look-alikes of secrets, and the fixtures mutated byte by
//! byte and subtree by subtree. The test command runs proptest's default 256 cases per property;
//! the long run is `scripts/fuzz-long.sh` (its figures are in the README).

use std::sync::{LazyLock, OnceLock};

use proptest::prelude::*;
use secret_redaction::corpus::Corpus;
use serde_json::{json, Map, Value};
use widget_model::rows::LAZY_AFTER;
use widget_model::words::{english, Msg};
use widget_model::{model_from_json_text, GraphOutcome, State, WidgetModel};

/// The model of `value`, read from its JSON text as a host would deliver it.
fn model_of(value: &Value) -> WidgetModel {
    model_from_json_text(&value.to_string())
}

/// The workspace's corpus of planted secrets and look-alikes (fixtures/secrets/corpus.json).
static CORPUS: LazyLock<Corpus> =
    LazyLock::new(|| Corpus::embedded().expect("fixtures/secrets/corpus.json"));

/// Every way a secret reaches a result that the redaction must catch: `(key, value)` to add to an
/// object, the corpus's carriers, its credentials used as keys and its written texts (a block's
/// code, a configuration) under a key that names no secret.
fn carriers() -> Vec<(String, Value)> {
    CORPUS.planted()
}

/// Strings that look like secrets to a careless eye and are not: they must come out unchanged.
static LOOK_ALIKES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| CORPUS.look_alikes.iter().map(String::as_str).collect());

/// Keys the contract gives meaning to, so generated objects reach deep code paths.
const KEYS: &[&str] = &[
    "kind",
    "schema_version",
    "resource",
    "action",
    "state",
    "records",
    "summary",
    "columns",
    "filters",
    "pagination",
    "mutation",
    "graph",
    "nodes",
    "edges",
    "id",
    "uuid",
    "label",
    "type",
    "status",
    "selected",
    "source",
    "target",
    "totalNodes",
    "truncated",
    "title",
    "subtitle",
    "message",
    "total",
    "counts",
    "key",
    "value",
    "align",
    "page",
    "per_page",
    "has_more",
    "next_cursor",
    "operation",
    "record",
    "changes",
    "from",
    "to",
    "field",
    "structuredContent",
    "content",
    "text",
    "isError",
    "_meta",
    "host/widgetData",
    "error",
    "code",
    "language",
    "blocks",
    "columnOrder",
    "hiddenColumns",
    "maxGraphNodes",
    "density",
    "emptyMessage",
    "execution_date",
    "created_at",
    "duration",
    "runtime_ms",
    "name",
];

const STRINGS: &[&str] = &[
    "svc_resource_widget",
    "list",
    "get",
    "create",
    "update",
    "delete",
    "run",
    "ok",
    "empty",
    "loading",
    "error",
    "running",
    "failed",
    "completed",
    "not_executed",
    "pipeline_runs",
    "pipeline",
    "blocks",
    "text",
    "id",
    "status",
    "datetime",
    "number",
    "duration",
    "code",
    "json",
    "tags",
    "2026-11-20 06:00:00",
    "2026-11-20 06:00:00.123456+00:00",
    "2026-11-20T06:00:00Z",
    "2026-02-30 25:61:61",
    "https://svc.example/a",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "[redacted]",
    "AUTH_EXPIRED",
    "1",
    "2.5",
    "",
    " ",
    "خط الأنابيب",
    "\u{202E}txt.exe",
    "item10",
    "item2",
    "https://u:p@h/x?token=abc",
    "Bearer abc",
];

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(STRINGS).prop_map(str::to_owned),
        1 => any::<String>(),
        1 => "[a-z_]{0,12}",
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![4 => prop::sample::select(KEYS).prop_map(str::to_owned), 1 => string()]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-5i64..600).prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f)
            .map(Value::Number)),
        string().prop_map(Value::String),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(8, 128, 10, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..10).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..10)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A widget result: the right kind, then any mix of contract fields with arbitrary values.
fn widget_result() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((prop::sample::select(KEYS), value()), 0..14),
        prop::option::of((prop::collection::vec(value(), 1..4), list_length())),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(fields, long, wrap, text_only)| {
            let mut sc = Map::new();
            sc.insert("kind".into(), json!("svc_resource_widget"));
            for (k, v) in fields {
                sc.insert(k.to_owned(), v);
            }
            // Often a list long enough to be held as text and built row by row.
            if let Some((records, length)) = long {
                sc.insert("records".into(), Value::Array(records.into_iter().cycle().take(length).collect()));
            }
            let sc = Value::Object(sc);
            match (wrap, text_only) {
                (false, _) => sc,
                (true, false) => json!({ "structuredContent": sc, "content": [{ "type": "text", "text": sc.to_string() }] }),
                (true, true) => json!({ "content": [{ "type": "text", "text": sc.to_string() }] }),
            }
        })
}

/// Adds a secret carrier to the objects chosen by `choices`, and always one to the first object
/// met, so that every case plants at least one secret.
fn plant_secrets(
    value: &mut Value,
    choices: &mut impl Iterator<Item = (bool, usize)>,
    planted: &mut usize,
) {
    let carriers = carriers();
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                let (chosen, which) = choices.next().unwrap_or((false, 0));
                if chosen || *planted == 0 {
                    let (key, secret) = &carriers[which % carriers.len()];
                    map.insert(key.clone(), secret.clone());
                    *planted += 1;
                }
                // Values under identifiers are shown as sent; secrets are not planted there.
                stack.extend(
                    map.iter_mut()
                        .filter(|(k, _)| !is_identifier(k))
                        .map(|(_, v)| v),
                );
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

fn is_identifier(key: &str) -> bool {
    widget_model::redact::is_identifier_key(key) || matches!(key, "source" | "target")
}

/// Whether `text` holds a planted secret.
fn leaks(text: &str) -> bool {
    CORPUS.secrets().iter().any(|secret| text.contains(secret))
}

/// A list of `records` repeated to `length` records, inside a widget result.
fn list_result(records: &[Value], length: usize, wrap: bool) -> Value {
    let records: Vec<Value> = records.iter().cycle().take(length).cloned().collect();
    let sc = json!({ "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_runs", "action": "list", "state": "ok", "records": records });
    if wrap {
        json!({ "structuredContent": sc, "content": [{ "type": "text", "text": sc.to_string() }] })
    } else {
        sc
    }
}

/// How many records a generated list has: often past the lazy-row threshold.
fn list_length() -> impl Strategy<Value = usize> {
    prop_oneof![1 => 0..12usize, 2 => (LAZY_AFTER + 1)..(LAZY_AFTER + 40)]
}

fn invariants(model: &WidgetModel) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        model.state == State::Error,
        model.error.is_some(),
        "error state iff error info"
    );
    let columns = model.table.columns.len();
    prop_assert!(columns <= widget_model::limits::MAX_COLUMNS * 4);
    for row in &model.table.rows {
        prop_assert_eq!(row.cells.len(), columns, "one cell per column");
    }
    if let GraphOutcome::Drawable(g) = &model.graph {
        prop_assert!(g.nodes.len() <= widget_model::limits::DEFAULT_MAX_GRAPH_NODES);
        prop_assert!(g
            .edges
            .iter()
            .all(|&(s, t)| s < g.nodes.len() && t < g.nodes.len() && s != t));
    }
    if let GraphOutcome::Fallback(problem) = &model.graph {
        let reason = english(&Msg::GraphNotDrawn(problem.clone()));
        prop_assert!(
            !reason.contains('\n') && reason.chars().count() < 200,
            "one short line: {reason:?}"
        );
    }
    prop_assert!(model.notices.len() <= widget_model::limits::MAX_NOTICES);
    Ok(())
}

/// Fixture texts small enough to mutate quickly (the 1,000-record list is covered elsewhere).
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("manifest.json")).expect("manifest"),
        )
        .expect("json");
        manifest["fixtures"]
            .as_array()
            .expect("fixtures")
            .iter()
            .filter_map(|e| std::fs::read_to_string(dir.join(e["file"].as_str()?)).ok())
            .filter(|text| text.len() < 100_000)
            .collect()
    })
}

/// The corpus parsed; the too-deep fixture, which the parser refuses by design, is left out.
fn parsed_corpus() -> &'static [Value] {
    static PARSED: OnceLock<Vec<Value>> = OnceLock::new();
    PARSED.get_or_init(|| {
        corpus()
            .iter()
            .filter_map(|text| serde_json::from_str(text).ok())
            .collect()
    })
}

#[derive(Clone, Debug)]
enum ByteEdit {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Flip(i, b)),
        (
            any::<usize>(),
            prop::sample::select(&b"{}[]\",:0-eE.tfn\\"[..])
        )
            .prop_map(|(i, b)| ByteEdit::Insert(i, b)),
        any::<usize>().prop_map(ByteEdit::Delete),
        any::<usize>().prop_map(ByteEdit::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &ByteEdit) {
    if bytes.is_empty() {
        return;
    }
    let at = |i: usize| i % bytes.len();
    match *edit {
        ByteEdit::Flip(i, b) => {
            let i = at(i);
            bytes[i] ^= b;
        }
        ByteEdit::Insert(i, b) => {
            let i = at(i);
            bytes.insert(i, b);
        }
        ByteEdit::Delete(i) => {
            let i = at(i);
            bytes.remove(i);
        }
        ByteEdit::Truncate(i) => {
            let i = at(i);
            bytes.truncate(i);
        }
    }
}

/// Replaces the `n`-th node (pre-order, modulo the count) of `value` with `replacement`.
fn replace_node(value: &mut Value, n: usize, replacement: Value) {
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Array(items) => items.iter().map(count).sum(),
            Value::Object(map) => map.values().map(count).sum(),
            _ => 0,
        }
    }
    fn walk(v: &mut Value, target: &mut usize, replacement: &mut Option<Value>) {
        if *target == 0 {
            if let Some(r) = replacement.take() {
                *v = r;
            }
            return;
        }
        *target -= 1;
        match v {
            Value::Array(items) => items.iter_mut().for_each(|c| walk(c, target, replacement)),
            Value::Object(map) => map.values_mut().for_each(|c| walk(c, target, replacement)),
            _ => {}
        }
    }
    let mut target = n % count(value);
    walk(value, &mut target, &mut Some(replacement));
}

proptest! {
    #[test]
    fn arbitrary_json_never_panics(v in value()) {
        invariants(&model_of(&v))?;
    }

    #[test]
    fn arbitrary_widget_results_never_panic(v in widget_result()) {
        invariants(&model_of(&v))?;
    }

    #[test]
    fn arbitrary_long_lists_never_panic(
        records in prop::collection::vec(value(), 1..6),
        length in list_length(),
        wrap in any::<bool>(),
    ) {
        invariants(&model_of(&list_result(&records, length, wrap)))?;
    }

    #[test]
    fn planted_secrets_never_reach_the_model(
        v in widget_result(),
        choices in prop::collection::vec((any::<bool>(), any::<usize>()), 1..64),
    ) {
        let mut v = v;
        let mut planted = 0;
        plant_secrets(&mut v, &mut choices.into_iter(), &mut planted);
        prop_assert!(planted > 0, "the case planted nothing");
        let model = model_of(&v);
        invariants(&model)?;
        prop_assert!(!leaks(&format!("{model:?}")), "a planted secret reached the model");
    }

    #[test]
    fn secrets_planted_in_long_lists_never_reach_the_model_or_its_rows(
        records in prop::collection::vec(prop::collection::vec((key(), leaf()), 0..6).prop_map(|f| Value::Object(f.into_iter().collect())), 1..6),
        choices in prop::collection::vec((any::<bool>(), any::<usize>()), 1..64),
        length in list_length(),
        wrap in any::<bool>(),
    ) {
        let mut records = records;
        let mut planted = 0;
        for record in &mut records {
            plant_secrets(record, &mut choices.iter().copied(), &mut planted);
        }
        prop_assert!(planted > 0, "the case planted nothing");
        let model = model_of(&list_result(&records, length, wrap));
        invariants(&model)?;
        // Debug of lazy rows builds every row: the rows drawn on demand are checked too.
        prop_assert!(!leaks(&format!("{model:?}")), "a planted secret reached the model");
    }

    #[test]
    fn secrets_planted_in_the_fallback_text_reach_neither_model_nor_remembered_copy(
        v in widget_result(),
        choices in prop::collection::vec((any::<bool>(), any::<usize>()), 1..64),
    ) {
        // The structuredContent (wherever the generator put it), secrets planted, then carried
        // only as content[0].text, as hosts that drop structuredContent deliver it.
        let mut structured = v.get("structuredContent").filter(|s| s.is_object()).cloned().unwrap_or(v);
        let mut planted = 0;
        plant_secrets(&mut structured, &mut choices.into_iter(), &mut planted);
        prop_assert!(planted > 0, "the case planted nothing");
        let result = json!({ "content": [{ "type": "text", "text": structured.to_string() }] });
        let text = result.to_string();
        let model = model_from_json_text(&text);
        invariants(&model)?;
        prop_assert!(!leaks(&format!("{model:?}")), "a planted secret reached the model");
        let remembered = widget_model::redacted_json(&text).unwrap_or_default();
        prop_assert!(!leaks(&remembered), "a planted secret reached the remembered copy");
    }

    #[test]
    fn look_alikes_come_out_unchanged(
        picks in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 6), 1..6),
        length in list_length(),
    ) {
        const FIELDS: [&str; 6] = ["name", "description", "uuid", "checksum", "commit", "note"];
        let records: Vec<Value> = picks
            .iter()
            .map(|p| Value::Object(FIELDS.iter().zip(p).map(|(k, i)| ((*k).to_owned(), json!(i.get(&LOOK_ALIKES)))).collect()))
            .collect();
        let mut result = list_result(&records, length, true);
        result["structuredContent"]["columns"] = json!(FIELDS);
        let model = model_of(&result);
        prop_assert_eq!(model.redacted, 0, "nothing here is a secret");
        prop_assert_eq!(model.table.rows.len(), length);
        for (i, row) in model.table.rows.iter().enumerate().take(LAZY_AFTER + 5) {
            let record = &records[i % records.len()];
            for (column, cell) in model.table.columns.iter().zip(&row.cells) {
                prop_assert_eq!(cell.plain_text(), record[&column.key].as_str().unwrap_or_default(), "row {} column {}", i, &column.key);
            }
        }
    }

    #[test]
    fn ranked_columns_are_deterministic_and_none_is_unreachable(
        records in prop::collection::vec(prop::collection::vec((key(), leaf()), 0..8).prop_map(|f| Value::Object(f.into_iter().collect())), 1..6),
        length in list_length(),
    ) {
        let result = list_result(&records, length, true);
        let first = model_of(&result);
        let again = model_of(&result);
        let keys = |m: &WidgetModel| m.table.columns.iter().map(|c| (c.key.clone(), c.secondary)).collect::<Vec<_>>();
        prop_assert_eq!(keys(&first), keys(&again), "the same input ranks the same");
        // Every key of every record sent is a column, shown or behind "more columns".
        for record in records.iter().cycle().take(length.min(records.len())) {
            for key in record.as_object().into_iter().flat_map(|o| o.keys()) {
                prop_assert!(first.table.columns.iter().any(|c| &c.key == key), "column {} is unreachable", key);
            }
        }
    }

    #[test]
    fn fixtures_mutated_byte_by_byte_never_panic(
        index in any::<prop::sample::Index>(),
        edits in prop::collection::vec(byte_edit(), 1..8),
    ) {
        let mut bytes = index.get(corpus()).as_bytes().to_vec();
        for edit in &edits {
            apply(&mut bytes, edit);
        }
        invariants(&model_from_json_text(&String::from_utf8_lossy(&bytes)))?;
    }

    #[test]
    fn fixtures_with_a_subtree_replaced_never_panic(
        index in any::<prop::sample::Index>(),
        at in any::<usize>(),
        replacement in value(),
    ) {
        let mut fixture = index.get(parsed_corpus()).clone();
        replace_node(&mut fixture, at, replacement);
        invariants(&model_of(&fixture))?;
    }
}

/// A run's start, `minute` minutes after 2026-11-20 06:00 UTC, in the field and form `form`
/// picks: `started_at` as Mage writes it, `created_at` as epoch seconds, `execution_date` in
/// RFC 3339.
fn run_at(id: usize, status: &str, minute: i64, form: usize) -> Value {
    let ms = 1_795_154_400_000 + minute * 60_000;
    let written = widget_model::time::utc_text(ms).replace(" UTC", "");
    let mut run = json!({ "id": id, "status": status, "pipeline_uuid": "etl_daily", "variables": { "env": "prod" } });
    match form {
        0 => run["started_at"] = json!(format!("{written}.000000+00:00")),
        1 => run["created_at"] = json!(ms / 1000),
        _ => run["execution_date"] = json!(written.replace(' ', "T") + "Z"),
    }
    run
}

proptest! {
    #[test]
    fn a_list_of_runs_keeps_its_newest_for_the_strip_whether_read_now_or_from_its_rows(
        runs in prop::collection::vec((0usize..4, 0i64..5_000, 0usize..3), 2..(LAZY_AFTER + 160)),
    ) {
        use widget_model::history::RunHistory;
        let statuses = ["completed", "failed", "running", "cancelled"];
        let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        let records: Vec<Value> = runs
            .iter()
            .enumerate()
            .map(|(i, (status, minute, form))| {
                let mut run = run_at(i, statuses[*status], *minute, *form);
                if i == 0 {
                    run["id"] = json!(format!("Bearer {secret}"));
                }
                run
            })
            .collect();
        let n = records.len();
        let model = model_of(&list_result(&records, n, true));
        let history = model.history.as_ref().expect("a list of runs has a history");
        prop_assert_eq!(matches!(history, RunHistory::FromRows { .. }), n > LAZY_AFTER);
        let read = history.read_now(&model.table.rows);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (runs[i].1, std::cmp::Reverse(i)));
        let newest = &order[n.saturating_sub(widget_model::limits::MAX_HISTORY_RUNS)..];
        let rows: Vec<usize> = read.runs.iter().map(|r| r.row).collect();
        prop_assert_eq!(rows.as_slice(), newest);
        prop_assert_eq!(read.total, n);
        prop_assert!(read.runs.iter().all(|r| !r.id.as_deref().unwrap_or_default().contains(secret)));
    }
}

#[test]
fn oversized_payloads_are_an_error_state_with_a_clear_message() {
    let big = format!(
        "{{\"content\":[{{\"type\":\"text\",\"text\":\"{}\"}}]}}",
        "x".repeat(widget_model::limits::MAX_PAYLOAD_BYTES)
    );
    let model = model_from_json_text(&big);
    assert_eq!(model.state, State::Error);
    let message = model.error.map(|e| e.message.english()).unwrap_or_default();
    assert!(message.contains("8 MB"), "{message}");
}

#[test]
fn nesting_past_the_parser_limit_is_an_error_state() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let model = model_from_json_text(&deep);
    assert_eq!(model.state, State::Error);
    assert!(model
        .error
        .is_some_and(|e| e.message.english().contains("nested deeper than 128")));
}
