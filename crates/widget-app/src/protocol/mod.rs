//! The hosts' message shapes, pure: the bridge's window glue reads fields off `MessageEvent`s and
//! `window.openai` and hands them here as JSON text; what comes back is typed (events, context
//! patches) or the JSON text to post.
//!
//! - [`jsonrpc`]: MCP Apps (protocol 2026-01-26) over postMessage JSON-RPC;
//! - [`context`]: the MCP Apps `hostContext` and the `window.openai` globals as context patches.

pub mod context;
pub mod jsonrpc;
