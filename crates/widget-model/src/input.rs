//! Where a widget result sits inside what a host delivers: a CallToolResult (`structuredContent`,
//! else `content[0].text`), a bare structuredContent, or a tool error envelope. There is one way
//! in: the JSON text, read in one streaming pass ([`crate::parse`]); the tests and the fuzzer take
//! the same path as production.

use serde_json::{Map, Value};

use crate::assemble::{assemble_model, RecordsIn};
use crate::error;
use crate::limits::{MAX_JSON_DEPTH, MAX_PAYLOAD_BYTES, TEXT_SLICE_BYTES};
use crate::model::{ErrorInfo, WidgetModel};
use crate::parse::{parse, span_in, Parsed, RawRecords};
use crate::redact::{redact_in_place, redact_text, SlicedRedaction};
use crate::rows::LAZY_AFTER;
use crate::stepped::{ModelBuild, PendingModel};
use crate::text::{bounded_text, truncate_chars};
use crate::words::{Msg, Text};

/// The model of a tool result given as JSON text: a CallToolResult, a bare structuredContent, or
/// an error envelope. Oversized or unparsable text is an error state. Long lists stay as text and
/// their rows are built when drawn ([`crate::rows`]). All of [`build_from_json_text`]'s steps at
/// once.
pub fn model_from_json_text(text: &str) -> WidgetModel {
    build_from_json_text(text).finish()
}

/// [`model_from_json_text`] in steps ([`ModelBuild`]): this call's first, which is all of them
/// unless the records hold long texts.
pub fn build_from_json_text(text: &str) -> ModelBuild {
    if text.len() > MAX_PAYLOAD_BYTES {
        return too_large(text.len()).into();
    }
    match parse(text, true) {
        Ok(parsed) => model_from_parsed(parsed, text),
        Err(e) => WidgetModel::error(parse_error(&e)).into(),
    }
}

/// The model of a structuredContent given as JSON text, with its `host/widgetData` hints as JSON
/// text (`window.openai` gives them apart). Hints that are not JSON are ignored. All of
/// [`build_from_structured_text`]'s steps at once.
pub fn model_from_structured_text(text: &str, hints: Option<&str>) -> WidgetModel {
    build_from_structured_text(text, hints).finish()
}

/// [`model_from_structured_text`] in steps ([`ModelBuild`]).
pub fn build_from_structured_text(text: &str, hints: Option<&str>) -> ModelBuild {
    if text.len() + hints.map_or(0, str::len) > MAX_PAYLOAD_BYTES {
        return too_large(text.len()).into();
    }
    let mut hints = hints.and_then(|h| serde_json::from_str::<Value>(h).ok());
    let redacted = hints.as_mut().map_or(0, redact_in_place);
    match parse(text, false) {
        Ok(parsed) => widget_from_parsed(parsed, text, hints, redacted),
        Err(e) => WidgetModel::error(parse_error(&e)).into(),
    }
}

/// The keys that make an object a CallToolResult rather than a bare structuredContent.
fn is_call_result(fields: &Map<String, Value>, structured: bool, content: bool) -> bool {
    !fields.contains_key("kind")
        && (structured || content || fields.contains_key("isError") || fields.contains_key("_meta"))
}

fn model_from_parsed(parsed: Parsed<'_>, text: &str) -> ModelBuild {
    let Parsed::Object {
        mut fields,
        structured,
        records,
        graph,
        content,
    } = parsed
    else {
        return not_a_widget(Msg::NotJsonObject, None).into();
    };
    if !is_call_result(&fields, structured.is_some(), content.is_some()) {
        // A bare structuredContent or error envelope (or something else, turned away below).
        let object = Parsed::Object {
            fields,
            structured,
            records,
            graph,
            content,
        };
        return widget_from_parsed(object, text, None, 0);
    }
    let mut hints = fields
        .get_mut("_meta")
        .and_then(Value::as_object_mut)
        .and_then(|meta| meta.remove("host/widgetData"));
    let redacted = hints.as_mut().map_or(0, redact_in_place);
    let is_error = fields.get("isError") == Some(&Value::Bool(true));
    if let Some(structured) = structured.filter(|s| matches!(**s, Parsed::Object { .. })) {
        if !is_error {
            return widget_from_parsed(*structured, text, hints, redacted);
        }
        let mut value = structured.into_value();
        if let Some(info) = error::from_envelope(&value) {
            let redacted = redacted + redact_in_place(&mut value);
            return error_model(info, redacted).into();
        }
    }
    // Some hosts drop structuredContent: the JSON fallback text is then all there is. It is read
    // like a result of its own (its long lists stay lazy too).
    let fallback_text = content
        .and_then(|c| serde_json::from_str::<Value>(c.get()).ok())
        .and_then(|c| {
            let mut wrapper = Map::new();
            wrapper.insert("content".to_owned(), c);
            first_text(&wrapper).map(str::to_owned)
        });
    if let Some(inner) = fallback_text.as_deref() {
        if let Ok(parsed) = parse(inner, false) {
            if let Parsed::Object {
                fields: inner_fields,
                ..
            } = &parsed
            {
                if error::from_envelope_map(inner_fields).is_some()
                    || (inner_fields.contains_key("kind") && !is_error)
                {
                    return widget_from_parsed(parsed, inner, hints, redacted);
                }
            }
        }
    }
    let detail = fallback_text
        .as_deref()
        .map(|t| truncate_chars(&bounded_text(&redact_text(t)), 1000));
    if is_error {
        let info = ErrorInfo {
            detail,
            ..error::info(None, None)
        };
        return error_model(info, redacted).into();
    }
    not_a_widget(Msg::NoWidgetData, detail).into()
}

/// A structuredContent (bare or taken from a result), with hints already redacted.
fn widget_from_parsed(
    parsed: Parsed<'_>,
    text: &str,
    hints: Option<Value>,
    redacted: usize,
) -> ModelBuild {
    let Parsed::Object {
        fields,
        structured,
        records,
        graph,
        content,
    } = parsed
    else {
        return not_a_widget(Msg::StructuredNotObject, None).into();
    };
    let (fields, fields_redacted) = redacted_fields(fields, structured, content);
    let redacted = redacted + fields_redacted;
    if !fields.contains_key("kind") {
        return without_kind(&fields, redacted).into();
    }
    match records_in(records, text) {
        // Redacted as the build starts, its long texts a slice at a time.
        Ok(RecordsIn::Values(records)) => {
            PendingModel::start(fields, records, graph, hints, redacted)
        }
        Ok(lazy) => assemble_model(fields, lazy, graph, hints, redacted).into(),
        Err(e) => WidgetModel::error(parse_error(&e)).into(),
    }
}

/// A structuredContent's fields, redacted, with how many values were redacted. The fields with
/// special readings in a tool result (`structuredContent`, `content`) are ordinary (unknown)
/// fields here.
fn redacted_fields(
    mut fields: Map<String, Value>,
    structured: Option<Box<Parsed<'_>>>,
    content: Option<&serde_json::value::RawValue>,
) -> (Map<String, Value>, usize) {
    if let Some(s) = structured {
        fields.insert("structuredContent".to_owned(), s.into_value());
    }
    if let Some(c) = content {
        fields.insert(
            "content".to_owned(),
            serde_json::from_str(c.get()).unwrap_or(Value::Null),
        );
    }
    let mut value = Value::Object(fields);
    let redacted = redact_in_place(&mut value);
    match value {
        Value::Object(fields) => (fields, redacted),
        _ => (Map::new(), redacted),
    }
}

/// An object without `kind`: a tool's error envelope, or not a widget result at all.
fn without_kind(fields: &Map<String, Value>, redacted: usize) -> WidgetModel {
    match error::from_envelope_map(fields) {
        Some(info) => error_model(info, redacted),
        None => not_a_widget(Msg::NeitherResultNorWidget, None),
    }
}

/// The records as the assembler takes them: a short list parsed whole (not redacted yet), a long
/// one held as spans of `text` ([`lazy_records`]: what is read of it is redacted), anything else
/// as it is.
fn records_in<'t>(
    records: Option<RawRecords<'_>>,
    text: &'t str,
) -> Result<RecordsIn<'t>, serde_json::Error> {
    let value = match records {
        None => return Ok(RecordsIn::Values(None)),
        Some(RawRecords::Array(items)) if items.len() > LAZY_AFTER => {
            return Ok(lazy_records(&items, text))
        }
        Some(RawRecords::Other(v)) => v,
        // Raw spans skipped the parser's depth limit; parsing them now applies it.
        Some(RawRecords::Array(items)) => Value::Array(
            items
                .iter()
                .map(|r| serde_json::from_str(r.get()))
                .collect::<Result<_, _>>()?,
        ),
    };
    Ok(RecordsIn::Values(Some(value)))
}

/// A long list held as text: the spans of its object records, how many items were not objects,
/// and the first [`LAZY_AFTER`] records parsed and redacted, to infer columns from.
fn lazy_records<'t>(items: &[&serde_json::value::RawValue], text: &'t str) -> RecordsIn<'t> {
    let objects: Vec<_> = items.iter().filter(|r| r.get().starts_with('{')).collect();
    let skipped = items.len() - objects.len();
    let spans = objects.iter().filter_map(|r| span_in(text, r)).collect();
    let sample = objects
        .iter()
        .take(LAZY_AFTER)
        .filter_map(|r| {
            let mut v: Value = serde_json::from_str(r.get()).ok()?;
            redact_in_place(&mut v);
            match v {
                Value::Object(map) => Some(map),
                _ => None,
            }
        })
        .collect();
    RecordsIn::Lazy {
        text,
        spans,
        skipped,
        sample,
    }
}

/// The JSON text with every sensitive value redacted, for keeping a result across reloads: what is
/// stored is what the model would see, never the raw secret. `None` when the text is over the size
/// cap or not JSON. All of [`RedactedJson`]'s steps at once.
pub fn redacted_json(text: &str) -> Option<String> {
    RedactedJson::new(text)?.finish()
}

/// [`redacted_json`] in steps, so that keeping a large result never holds the page: the first
/// (`new`) parses the text and redacts all of it but its texts over [`TEXT_SLICE_BYTES`] (JSON
/// in a string, a fallback text, is redacted as JSON too), each next one redacts a slice of those,
/// and `finish` writes the copy.
#[derive(Clone, Debug)]
pub struct RedactedJson(SlicedRedaction);

impl RedactedJson {
    /// The first step; `None` when the text is over the size cap or not JSON.
    pub fn new(text: &str) -> Option<Self> {
        if text.len() > MAX_PAYLOAD_BYTES {
            return None;
        }
        let value: Value = serde_json::from_str(text).ok()?;
        Some(Self(SlicedRedaction::new(value, TEXT_SLICE_BYTES)))
    }

    /// Whether only the writing is left.
    pub fn is_done(&self) -> bool {
        self.0.is_done()
    }

    /// A slice more redacted.
    pub fn step(&mut self) {
        self.0.step(TEXT_SLICE_BYTES);
    }

    /// The redacted copy (the steps left run first).
    pub fn finish(self) -> Option<String> {
        serde_json::to_string(&self.0.finish().0).ok()
    }
}

/// The error state for a payload of `bytes` bytes, over the cap.
pub fn too_large(bytes: usize) -> WidgetModel {
    let as_u64 = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    WidgetModel::error_info(ErrorInfo {
        code: None,
        message: Text::Own(Msg::TooLarge {
            bytes: as_u64(bytes),
            limit_bytes: as_u64(MAX_PAYLOAD_BYTES),
        }),
        remedy: Some(Text::Own(Msg::TooLargeRemedy)),
        detail: None,
    })
}

/// What the error state says of text serde_json refused.
fn parse_error(e: &serde_json::Error) -> Msg {
    if e.to_string().contains("recursion limit") {
        Msg::TooDeep {
            limit: MAX_JSON_DEPTH as u64,
        }
    } else {
        Msg::InvalidJson {
            line: e.line() as u64,
            column: e.column() as u64,
        }
    }
}

fn first_text(obj: &Map<String, Value>) -> Option<&str> {
    obj.get("content")?
        .as_array()?
        .iter()
        .find(|item| item.get("type").and_then(Value::as_str) == Some("text"))?
        .get("text")?
        .as_str()
}

fn error_model(info: ErrorInfo, redacted: usize) -> WidgetModel {
    let mut model = WidgetModel::error_info(info);
    model.redacted = redacted;
    model
}

fn not_a_widget(message: Msg, detail: Option<String>) -> WidgetModel {
    WidgetModel::error_info(ErrorInfo {
        code: None,
        message: Text::Own(message),
        remedy: None,
        detail,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::State;

    /// The `records` of `text` as the parser leaves them.
    fn raw_records(text: &str) -> Option<RawRecords<'_>> {
        match parse(text, false) {
            Ok(Parsed::Object { records, .. }) => records,
            _ => panic!("an object"),
        }
    }

    #[test]
    fn a_short_list_is_parsed_whole_and_redacted_as_the_build_starts() {
        let text = r#"{"records":[{"id":1,"password":"hunter2"},{"id":2}]}"#;
        let records = records_in(raw_records(text), text).expect("records");
        let RecordsIn::Values(Some(Value::Array(items))) = records else {
            panic!("parsed values")
        };
        assert_eq!(items.len(), 2);
        let result = r#"{"kind":"svc_resource_widget","schema_version":1,"resource":"pipelines","action":"list","state":"ok","records":[{"id":1,"password":"hunter2"},{"id":2}]}"#;
        let ModelBuild::Done(model) = build_from_json_text(result) else {
            panic!("built in one step")
        };
        assert_eq!(model.redacted, 1);
        assert!(!format!("{model:?}").contains("hunter2"));
    }

    #[test]
    fn a_long_list_stays_as_spans_with_a_redacted_sample() {
        let records: Vec<String> = (0..=LAZY_AFTER)
            .map(|i| format!(r#"{{"id":{i},"password":"p{i}"}}"#))
            .chain(["7".to_owned()])
            .collect();
        let text = format!(r#"{{"records":[{}]}}"#, records.join(","));
        let records_in = records_in(raw_records(&text), &text).expect("records");
        let RecordsIn::Lazy {
            spans,
            skipped,
            sample,
            ..
        } = records_in
        else {
            panic!("held as text")
        };
        assert_eq!(spans.len(), LAZY_AFTER + 1, "every object record");
        assert_eq!(skipped, 1, "the number");
        assert_eq!(&text[spans[3].0..spans[3].1], records[3]);
        assert_eq!(sample.len(), LAZY_AFTER);
        assert!(sample
            .iter()
            .all(|r| r["password"] == crate::redact::REDACTED));
    }

    #[test]
    fn records_deeper_than_the_parser_allows_are_refused_and_others_kept_as_sent() {
        let deep = format!(r#"{{"records":[{}{}]}}"#, "[".repeat(200), "]".repeat(200));
        let refused = records_in(raw_records(&deep), &deep).map(|_| ());
        assert!(refused.is_err_and(|e| e.to_string().contains("recursion limit")));
        let text = r#"{"records":"none today"}"#;
        let kept = records_in(raw_records(text), text).expect("records");
        assert!(matches!(kept, RecordsIn::Values(Some(Value::String(s))) if s == "none today"));
        assert!(matches!(records_in(None, ""), Ok(RecordsIn::Values(None))));
    }

    #[test]
    fn a_results_own_fields_are_ordinary_fields_of_a_structured_content_and_redacted() {
        let text = r#"{"kind":"x","structuredContent":{"a":1},"content":[{"type":"text","text":"hi"}],"api_key":"s3cret"}"#;
        let Ok(Parsed::Object {
            fields,
            structured,
            content,
            ..
        }) = parse(text, true)
        else {
            panic!("an object")
        };
        assert!(structured.is_some() && content.is_some(), "read apart");
        let (fields, redacted) = redacted_fields(fields, structured, content);
        assert_eq!(fields["structuredContent"], serde_json::json!({ "a": 1 }));
        assert_eq!(fields["content"][0]["text"], "hi");
        assert_eq!(fields["api_key"], crate::redact::REDACTED);
        assert_eq!(redacted, 1);
    }

    #[test]
    fn an_object_without_kind_is_an_error_envelope_or_not_a_widget() {
        let fields = |v: Value| v.as_object().cloned().expect("object");
        let envelope = without_kind(
            &fields(serde_json::json!({ "status": "error", "error": { "message": "boom" } })),
            2,
        );
        assert_eq!(envelope.state, State::Error);
        assert_eq!(envelope.redacted, 2);
        let error = envelope.error.expect("error info");
        assert_eq!(error.message, Text::Given("boom".into()));
        let other = without_kind(&fields(serde_json::json!({ "rows": [] })), 0);
        let error = other.error.expect("error info");
        assert_eq!(error.message, Text::Own(Msg::NeitherResultNorWidget));
    }
}
