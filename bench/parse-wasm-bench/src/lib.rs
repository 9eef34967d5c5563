//! The ways a host's tool result can cross into Rust, each returning the record count so the
//! work cannot be skipped. The caller times them with `performance.now()`.
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

/// The record count of a CallToolResult or of a bare structuredContent.
fn records(v: &serde_json::Value) -> u32 {
    let records = v
        .pointer("/structuredContent/records")
        .or_else(|| v.get("records"));
    records
        .and_then(|r| r.as_array())
        .map_or(0, |r| r.len() as u32)
}

/// serde_json from JSON text (what `JSON.stringify` of the object, or `content[0].text`, gives).
#[wasm_bindgen]
pub fn from_text(text: &str) -> u32 {
    serde_json::from_str::<serde_json::Value>(text).map_or(0, |v| records(&v))
}

/// serde-wasm-bindgen straight from the JavaScript object.
#[wasm_bindgen]
pub fn from_object(object: JsValue) -> u32 {
    serde_wasm_bindgen::from_value::<serde_json::Value>(object).map_or(0, |v| records(&v))
}

/// Scanning only: the JSON is validated, nothing is built.
#[wasm_bindgen]
pub fn scan_only(text: &str) -> u32 {
    serde_json::from_str::<serde::de::IgnoredAny>(text).map_or(0, |_| 1)
}

#[derive(serde::Deserialize)]
struct Borrowed<'a> {
    #[serde(borrow, rename = "structuredContent")]
    structured: BorrowedContent<'a>,
}

#[derive(serde::Deserialize)]
struct BorrowedContent<'a> {
    #[serde(borrow)]
    records: Vec<&'a serde_json::value::RawValue>,
}

/// Records kept as borrowed raw JSON slices (validated, not built).
#[wasm_bindgen]
pub fn raw_records(text: &str) -> u32 {
    serde_json::from_str::<Borrowed<'_>>(text).map_or(0, |b| b.structured.records.len() as u32)
}
