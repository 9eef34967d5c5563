//! The one redaction engine of the workspace. The MCP server redacts with it before anything
//! enters a tool result (structuredContent, the fallback text, `_meta`) or a log; the widget's
//! model redacts with it again, first, over the whole parsed input, because a renderer does not
//! trust its producer. Same rules on both sides, so what one hides the other hides too.
//!
//! It hides secrets and nothing else. Keys decide first ([`is_sensitive_key`], at any depth): the
//! value under a sensitive key is gone, but a flag, or a count under a plural name
//! ([`is_hidden_under`]). Inside strings, only what names itself a credential is hidden
//! ([`redact_plain_text`]): URL credentials, sensitive query parameters, the schedule token of a
//! trigger path, webhook URLs, JSON Web Tokens, private keys, the value given to a name that
//! names a secret as code and configuration write it (`token=…`, `"api_key": "…"`,
//! `PASSWORD = '…'`, `api_key: str = '…'`, `WITH PASSWORD '…'`, `Authorization: Token …`, every
//! cookie of a header), the credential after an auth scheme (`Bearer sk_live_…`,
//! `Basic <base64 of user:password>`), and key formats services issue (`sk_live_…`, `ghp_…`,
//! `xoxb-…`, `AKIA…`). Identifiers (`id`, `uuid`, `*_id`, `*_uuid`, a
//! graph's edge ends) are shown as sent unless they hold a credential shape: no real id starts
//! with "Bearer ". An ordinary word after "Basic" or "Bearer" ("Basic ETL", "Bearer bond
//! pricing") and a hexadecimal checksum stay as written.
//!
//! A producer may also teach a [`Redactor`] the exact secrets it knows (from its configuration,
//! from responses); they are hidden wherever they were copied.
//!
//! Hand-written matchers, no regular expressions: the widget ships this code in its wasm (the
//! learned secrets' matcher, Aho-Corasick, only the server uses).
//!
//! Where each rule lives: keys in `keys.rs`; a tree walked in `tree.rs` (identifiers lose only
//! credential shapes, JSON held in strings is redacted as JSON); a string in `text.rs`, which
//! takes its private keys (`pem.rs`), then its words (`words.rs`: `labels.rs` reads a word as a
//! label, a name, an operator, an annotation or a scheme, `value.rs` a value's extent and what
//! stays, `pairs.rs` the `name=value` pairs inside a word, `urls.rs` a URL's password, query,
//! trigger token and webhook path, `search.rs` the prefilter's words); credential formats in
//! `shapes.rs`; long lists redacted as text in `json_text.rs`; learned secrets in `learned.rs`.
//!
//! Entry points: [`redact_in_place`] (a parsed tree), [`redact_plain_text`] and [`redact_text`]
//! (one string), [`SlicedTextRedaction`] (a long text a slice at a time) and [`SlicedRedaction`] (a
//! tree whose long texts are taken out, redacted a slice a step and put back), [`Redactor`] (the
//! same with the secrets a producer learned), [`redact_json_text_in_place`].
//!
//! Never: hide what is not a credential (an ordinary word, an id, a checksum stay as written);
//! give a long text back before it is redacted whole; log; panic.
//! Depends on: `serde_json` only, no workspace crate: the server and `widget-model` both depend
//! on it, never on each other.

#[cfg(feature = "test-corpus")]
pub mod corpus;
mod json_text;
mod keys;
mod labels;
mod learned;
mod marker;
mod pairs;
mod pem;
mod search;
mod shapes;
mod sliced;
mod text;
mod tree;
mod urls;
mod value;
mod words;

pub use json_text::{redact_json_text_in_place, JsonTextRedaction};
pub use keys::{is_identifier_key, is_sensitive_key};
pub use learned::{
    is_credential_like, Redactor, MAX_LEARNED_BYTES, MAX_LEARNED_SECRETS, MIN_LEARNED_SECRET_LEN,
};
pub use marker::REDACTED;
pub use sliced::SlicedRedaction;
pub use text::{redact_plain_text, SlicedTextRedaction};
pub use tree::{is_hidden_under, redact_graph_edge, redact_in_place, redact_text};
