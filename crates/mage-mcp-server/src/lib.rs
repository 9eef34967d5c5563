//! `mage-mcp-server` as a library: the MCP server for Mage pipelines that the binary
//! (`src/main.rs`, the command line) runs, and that the integration tests build in process. It
//! serves the pipeline tools over a Mage server's HTTP API or over its built-in demo project, and
//! the resource widget as an MCP Apps resource, on stdio or Streamable HTTP.
//!
//! The way through: [`server::MageMcpServer`] answers MCP; each tool is written once in
//! [`tools`] (checked arguments → [`backend::Backend`] → a widget result) over the demo project
//! ([`demo`]) or Mage ([`mage`]); [`http`] is the Streamable HTTP transport (its router is
//! [`http::router`]); [`widget`] the served widget; everything is redacted ([`redact`]) before it
//! enters a result or a log.
//!
//! Entry points: [`server::MageMcpServer`] (stdio), [`http::router`] (Streamable HTTP, behind the
//! guard of [`http`]), the [`backend::Backend`] trait and its two implementations, and
//! [`config`], the configuration a user writes.
//!
//! Never: put an unredacted value in a result, its text, its `_meta` or a log line (logs go to
//! stderr, and hold no result); send Mage a request with an id it has not checked; resume a stream
//! with another call's answer; panic in production code.
//!
//! Depends on: `secret-redaction` (everything is redacted before it enters a result or a log),
//! `pipeline-resource-widget` (the widget's file, URI and `_meta`), `widget-result` (the result's
//! vocabulary, and the `recordUrl` template that links records to Mage's UI), rmcp, tokio, axum,
//! reqwest, url. No other workspace crate (its tests also use `widget-model`, to run the widget's
//! path beside the server's).

pub mod backend;
pub mod config;
pub mod demo;
pub mod http;
mod ids;
pub mod mage;
mod places;
mod records;
pub mod redact;
mod secrets;
pub mod server;
pub mod session_store;
pub mod sessions;
pub mod tools;
mod vocabulary;
pub mod widget;
mod widget_result;
