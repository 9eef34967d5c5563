//! The widget contract, in pure Rust: a tool result in, a safe view model out.
//!
//! Input from a host is hostile until parsed. [`model_from_json_text`] (and, for hosts that give
//! the structuredContent and its hints apart, [`model_from_structured_text`]) accept anything and
//! never panic: a payload too large or too deep is an error state, a field of
//! the wrong type is ignored and reported, a value of the wrong type degrades its cell. Sensitive
//! values are redacted first ([`redact`]), so their raw text never reaches the model.
//!
//! Layers: [`input`] finds the widget result in what the host sent; [`build`] runs the build in
//! steps when records hold long texts; [`assemble`] builds the [`WidgetModel`]; the other modules
//! are its parts (cells, timestamps, statuses, graph checks…).
//!
//! Depends on: `secret-redaction` (the one redaction engine), `widget-result` (the result's
//! vocabulary and the `recordUrl` template), `graph-layout`, `widget-sort`, serde;
//! never on `web-sys`, `js-sys`, Leptos or `widget-app`.

pub mod assemble;
pub mod build;
pub mod cell;
pub mod diff;
pub mod error;
pub mod frame;
pub mod graph;
pub mod hints;
pub mod history;
pub mod input;
pub mod limits;
pub mod logs;
pub mod model;
pub mod mutation;
pub mod outputs;
pub mod parse;
pub mod rank;
pub mod record_page;
pub mod redact;
pub mod resource;
pub mod rows;
pub mod sort;
pub mod status;
pub mod summary;
pub mod table;
pub mod text;
pub mod time;
pub mod timeline;
pub mod words;

pub use build::ModelBuild;
pub use cell::{Cell, ColumnKind, Datum, Field, SortKey};
pub use graph::{block_css_name, BlockType, Graph, GraphNode, GraphOutcome};
pub use hints::Density;
pub use input::{
    build_from_json_text, build_from_structured_text, model_from_json_text,
    model_from_structured_text, redacted_json, too_large, RedactedJson,
};
pub use model::*;
pub use rows::{RecordIds, Row};
pub use status::{Status, StatusCount, Tone};
pub use table::{csv, times_shown, Column, Table};
pub use time::TimeShown;
pub use words::Operation;
