//! Where a widget result sits inside what a host delivers: a CallToolResult (`structuredContent`,
//! else `content[0].text`), a bare structuredContent, or a tool error envelope. There is one way
//! in: the JSON text, read in one streaming pass ([`crate::parse`]); the tests and the fuzzer take
//! the same path as production.

use serde_json::{Map, Value};

use crate::assemble::{assemble_records, RecordsIn};
use crate::error;
use crate::limits::{MAX_JSON_DEPTH, MAX_PAYLOAD_BYTES};
use crate::model::{ErrorInfo, WidgetModel};
use crate::parse::{parse, span_in, Parsed, RawRecords};
use crate::redact::{redact_in_place, redact_text};
use crate::rows::LAZY_AFTER;
use crate::text::{bounded_text, truncate_chars};
use crate::words::{Msg, Text};

/// The model of a tool result given as JSON text: a CallToolResult, a bare structuredContent, or
/// an error envelope. Oversized or unparsable text is an error state. Long lists stay as text and
/// their rows are built when drawn ([`crate::rows`]).
pub fn model_from_json_text(text: &str) -> WidgetModel {
    if text.len() > MAX_PAYLOAD_BYTES {
        return too_large(text.len());
    }
    match parse(text, true) {
        Ok(parsed) => model_from_parsed(parsed, text),
        Err(e) => WidgetModel::error(parse_error(&e)),
    }
}

/// The model of a structuredContent given as JSON text, with its `host/widgetData` hints as JSON
/// text (`window.openai` gives them apart). Hints that are not JSON are ignored.
pub fn model_from_structured_text(text: &str, hints: Option<&str>) -> WidgetModel {
    if text.len() + hints.map_or(0, str::len) > MAX_PAYLOAD_BYTES {
        return too_large(text.len());
    }
    let mut hints = hints.and_then(|h| serde_json::from_str::<Value>(h).ok());
    let redacted = hints.as_mut().map_or(0, redact_in_place);
    match parse(text, false) {
        Ok(parsed) => widget_from_parsed(parsed, text, hints, redacted),
        Err(e) => WidgetModel::error(parse_error(&e)),
    }
}

/// The keys that make an object a CallToolResult rather than a bare structuredContent.
fn is_call_result(fields: &Map<String, Value>, structured: bool, content: bool) -> bool {
    !fields.contains_key("kind")
        && (structured || content || fields.contains_key("isError") || fields.contains_key("_meta"))
}

fn model_from_parsed(parsed: Parsed<'_>, text: &str) -> WidgetModel {
    let Parsed::Object {
        mut fields,
        structured,
        records,
        graph,
        content,
    } = parsed
    else {
        return not_a_widget(Msg::NotJsonObject, None);
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
            return error_model(info, redacted);
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
        return error_model(info, redacted);
    }
    not_a_widget(Msg::NoWidgetData, detail)
}

/// A structuredContent (bare or taken from a result), with hints already redacted.
fn widget_from_parsed(
    parsed: Parsed<'_>,
    text: &str,
    hints: Option<Value>,
    redacted: usize,
) -> WidgetModel {
    let Parsed::Object {
        mut fields,
        structured,
        records,
        graph,
        content,
    } = parsed
    else {
        return not_a_widget(Msg::StructuredNotObject, None);
    };
    // Fields with special readings in a tool result are ordinary (unknown) fields here.
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
    let mut redacted = redacted + redact_in_place(&mut value);
    let Value::Object(fields) = value else {
        return not_a_widget(Msg::StructuredNotObject, None);
    };
    if !fields.contains_key("kind") {
        if let Some(info) = error::from_envelope_map(&fields) {
            return error_model(info, redacted);
        }
        return not_a_widget(Msg::NeitherResultNorWidget, None);
    }
    let records = match records {
        None => RecordsIn::Values(None),
        Some(RawRecords::Other(mut v)) => {
            redacted += redact_in_place(&mut v);
            RecordsIn::Values(Some(v))
        }
        Some(RawRecords::Array(items)) if items.len() <= LAZY_AFTER => {
            // Raw spans skipped the parser's depth limit; parsing them now applies it.
            let parsed: Result<Vec<Value>, _> = items
                .iter()
                .map(|r| serde_json::from_str(r.get()))
                .collect();
            let mut v = match parsed {
                Ok(values) => Value::Array(values),
                Err(e) => return WidgetModel::error(parse_error(&e)),
            };
            redacted += redact_in_place(&mut v);
            RecordsIn::Values(Some(v))
        }
        Some(RawRecords::Array(items)) => {
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
    };
    assemble_records(fields, records, graph, hints, redacted)
}

/// The JSON text with every sensitive value redacted, for keeping a result across reloads: what is
/// stored is what the model would see, never the raw secret. `None` when the text is over the size
/// cap or not JSON.
pub fn redacted_json(text: &str) -> Option<String> {
    if text.len() > MAX_PAYLOAD_BYTES {
        return None;
    }
    let mut value: Value = serde_json::from_str(text).ok()?;
    // JSON-aware: the fallback text, JSON inside a string, is redacted as JSON too.
    redact_in_place(&mut value);
    serde_json::to_string(&value).ok()
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
