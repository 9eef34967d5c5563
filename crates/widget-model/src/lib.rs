//! The widget contract, in pure Rust: a tool result in, a safe view model out.
//!
//! Input from a host is hostile until parsed. [`model_from_json_text`] (and, for hosts that give
//! the structuredContent and its hints apart, [`model_from_structured_text`]) accept anything and
//! never panic: a payload too large or too deep is an error state, a field of
//! the wrong type is ignored and reported, a value of the wrong type degrades its cell. Sensitive
//! values are redacted first ([`redact`]), so their raw text never reaches the model.
//!
//! The way through: [`input`] finds the widget result in what the host sent, [`parse`] reads the
//! text in one pass (long `records` and the `graph` stay raw spans), [`redact`] runs the one
//! redaction engine over it, [`stepped`] runs the rest in steps when records hold long texts (those
//! texts redacted a slice a step), and [`assemble`] builds the [`WidgetModel`], a module per part it
//! assembles: what the result is about, its records as a list or one record's detail, declared or
//! inferred columns and the rows in them, what every row of a list shares (said once in the
//! header), the graph and its blocks' records, outputs, logs and a run's timeline, the state, the
//! notices and diagnostics. Its parts: [`rank`] orders columns (a profile per resource of what leads
//! and what goes last, then title, identity, status, type, times, scalars, nested); [`rows`] builds
//! a long list's rows on demand; [`graph`] checks a graph's counts against [`limits`] before parsing
//! it; [`diff`] reads a change of code into numbered hunks; [`dataframe`] prints a DataFrame
//! sample's columns as pandas prints them; [`table`], [`outputs`], [`logs`], [`timeline`] and
//! [`history`] are the forms real pipeline data takes; cells, timestamps, statuses and sorting
//! beside them. [`words`] is the vocabulary: the model holds `Msg` values, never sentences, and a
//! catalog per language says each one.
//!
//! Entry points: [`model_from_json_text`] and [`model_from_structured_text`] (one call), or
//! [`build_from_json_text`] and [`build_from_structured_text`] (a [`ModelBuild`] run a step at a
//! time); [`redacted_json`] for the copy of a result remembered across reloads.
//!
//! Never: panic, whatever the input; log; let a text out before it is redacted (a long text waiting
//! for its slices lives inside [`stepped::PendingModel`], whose only way out is the finished
//! model); walk every record of a long list before the first paint; hold a sentence instead of a
//! `Msg`.
//!
//! Depends on: `secret-redaction` (the one redaction engine), `widget-result` (the result's
//! vocabulary and the `recordUrl` template), `graph-layout`, `widget-sort`, serde;
//! never on `web-sys`, `js-sys`, Leptos or `widget-app`.

pub mod assemble;
pub mod cell;
pub mod dataframe;
pub mod diff;
pub mod error;
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
pub mod stepped;
pub mod summary;
pub mod table;
pub mod text;
pub mod time;
pub mod timeline;
pub mod words;

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
pub use stepped::ModelBuild;
pub use table::{csv, times_shown, Column, Table};
pub use time::TimeShown;
pub use words::Operation;
