//! The pipeline service's resource widget, ready to serve from an MCP server: the one
//! self-contained HTML file an MCP Apps host shows in a sandboxed iframe, its content-hashed
//! `ui://` URI, the resource and tool `_meta` hosts read, and [`ResourceWidget`], which makes the
//! rmcp values a server answers with.
//!
//! ```no_run
//! use pipeline_resource_widget::ResourceWidget;
//! use rmcp::model::{ListResourcesResult, ServerCapabilities, Tool};
//!
//! let widget = ResourceWidget::embedded();
//! // get_info: advertise MCP Apps.
//! let capabilities = ServerCapabilities::builder()
//!     .enable_extensions_with(ResourceWidget::extensions())
//!     .enable_resources()
//!     .enable_tools()
//!     .build();
//! // list_resources, and read_resource (`None`: not the widget's URI).
//! let listed = ListResourcesResult::with_all_items(vec![widget.resource()]);
//! let read = widget.read(pipeline_resource_widget::URI);
//! // list_tools: each tool whose results the widget draws points at it, by its name (the widget
//! // calls some tools itself, and their `_meta` says so).
//! let no_arguments = serde_json::Map::new();
//! let tool = Tool::new("pipeline_list", "Lists the pipelines.", no_arguments)
//!     .with_meta(widget.tool_meta("pipeline_list"));
//! ```
//!
//! A host that asks for a dedicated origin for the frame (`_meta.ui.domain`, in the host's own
//! format) gets one from [`ResourceWidget::with_domain`]; without it none is named.
//!
//! A tool's result is a widget result (`schema/widget-result.schema.json` in the repository) as
//! `structuredContent` and as JSON text in `content[0]`.
//!
//! Entry points: [`ResourceWidget`] (the rmcp values), [`HTML`] and [`URI`] (the kept file and its
//! content-hashed URI, computed by `build.rs`), [`resource_meta`] and [`tool_meta`] (the `_meta`
//! for a server that builds its own values), [`TOOLS_THE_WIDGET_CALLS`].
//!
//! Never: serve another file than the one kept beside this crate (`resource-widget.html`, which
//! `./scripts/widget-refresh.sh` rebuilds); reuse a URI for another file; mark a tool callable from
//! the widget unless the widget calls it; name a frame domain nobody gave.
//!
//! Depends on: rmcp (its model types), `serde_json` and `sha2`; no workspace crate, since it is
//! published (the npm and Python packages carry the same file and constants).

use std::borrow::Cow;

use rmcp::model::{
    ExtensionCapabilities, MetaObject, ReadResourceResult, Resource, ResourceContents,
};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The widget file, as built from this crate's version of the repository: served byte for byte.
pub const HTML: &str = include_str!("../resource-widget.html");
/// `HTML`'s URI: `ui://pipeline-service/resource-widget-<first 8 hex of its sha256>.html`. Hosts
/// cache a widget by its URI, so every new file has a new one.
pub const URI: &str = include_str!(concat!(env!("OUT_DIR"), "/uri.txt"));
/// The version of the widget, of this crate and of its npm and Python packages.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The MIME type MCP Apps hosts render.
pub const MIME_TYPE: &str = "text/html;profile=mcp-app";
/// The MCP Apps extension a server advertises in its capabilities.
pub const EXTENSION_ID: &str = "io.modelcontextprotocol/ui";
/// The resource's name in `resources/list`.
pub const RESOURCE_NAME: &str = "pipeline_resource_widget";
/// The resource's title in `resources/list`.
pub const RESOURCE_TITLE: &str = "Pipeline resource widget";
/// The resource's description in `resources/list`.
pub const RESOURCE_DESCRIPTION: &str =
    "Renders pipeline-service tool results: list and detail tables, mutation banners, block graphs.";

/// The content-hashed `ui://` URI of any widget file (`URI` is `uri_of(HTML)`).
pub fn uri_of(html: &str) -> String {
    let digest = Sha256::digest(html.as_bytes());
    let short: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("ui://pipeline-service/resource-widget-{short}.html")
}

/// The tools the widget calls itself, through its host, when the host takes tool calls (to open a
/// record, refresh what it shows, follow a run): read-only tools only. A tool of one of these names
/// is marked callable from the widget in its `_meta` ([`tool_meta`]). The repository lists them
/// once for the widget and its server (`TOOLS_THE_WIDGET_CALLS` in `crates/widget-result`); this
/// published crate carries a copy that a test holds equal to it.
pub const TOOLS_THE_WIDGET_CALLS: [&str; 12] = [
    "pipeline_list",
    "pipeline_get",
    "block_list",
    "block_get",
    "run_logs",
    "pipeline_runs",
    "pipeline_run_get",
    "block_runs",
    "block_outputs",
    "backfill_list",
    "pipeline_schedules",
    "pipeline_triggers",
];

/// The resource's `_meta`, on `resources/list` and on `resources/read`'s contents. Under `ui` (the
/// MCP Apps keys): no domains in `csp` (the widget fetches and loads nothing and opens links
/// through the host), wasm where the host allows it (`wasmUnsafeEval`; without it the page runs its
/// JavaScript build), `permissions.clipboardWrite` (the copy buttons; a host then allows
/// `clipboard-write` on the frame), and `domain` only when given (a dedicated origin for the
/// frame, in the host's format). Beside it, ChatGPT's own keys.
pub fn resource_meta(domain: Option<&str>) -> Map<String, Value> {
    let mut ui = object(json!({
        "csp": { "connectDomains": [], "resourceDomains": [], "wasmUnsafeEval": true },
        "permissions": { "clipboardWrite": {} },
        "prefersBorder": true
    }));
    if let Some(domain) = domain {
        ui.insert("domain".to_owned(), Value::String(domain.to_owned()));
    }
    let mut meta = Map::new();
    meta.insert("ui".to_owned(), Value::Object(ui));
    meta.extend(object(json!({
        "openai/widgetCSP": { "connect_domains": [], "resource_domains": [] },
        "openai/widgetPrefersBorder": true,
        "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results."
    })));
    meta
}

/// The `_meta` of the tool named `tool`, whose results the widget draws: the widget's URI under
/// each key hosts read (`ui.resourceUri`, the MCP Apps key; the flat `ui/resourceUri` it replaced,
/// which Claude still reads; `openai/outputTemplate`, ChatGPT's; `host/outputTemplate`), and
/// `openai/widgetAccessible` when the widget calls the tool itself ([`TOOLS_THE_WIDGET_CALLS`]).
pub fn tool_meta(uri: &str, tool: &str) -> Map<String, Value> {
    let mut meta = object(json!({
        "ui": { "resourceUri": uri },
        "ui/resourceUri": uri,
        "host/outputTemplate": uri,
        "openai/outputTemplate": uri
    }));
    if TOOLS_THE_WIDGET_CALLS.contains(&tool) {
        meta.insert("openai/widgetAccessible".to_owned(), Value::Bool(true));
    }
    meta
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// The widget as an rmcp server serves it: the embedded file, or another (a development build)
/// under that file's own URI.
#[derive(Debug, Clone)]
pub struct ResourceWidget {
    html: Cow<'static, str>,
    uri: Cow<'static, str>,
    domain: Option<String>,
}

impl ResourceWidget {
    /// The widget embedded in this crate (`HTML` under `URI`).
    pub fn embedded() -> Self {
        Self {
            html: Cow::Borrowed(HTML),
            uri: Cow::Borrowed(URI),
            domain: None,
        }
    }

    /// Another widget file, under its own content-hashed URI.
    pub fn from_html(html: String) -> Self {
        let uri = uri_of(&html);
        Self {
            html: Cow::Owned(html),
            uri: Cow::Owned(uri),
            domain: None,
        }
    }

    /// The same widget with a dedicated origin for its frame: `_meta.ui.domain`, in the format
    /// of the host it is meant for (the MCP Apps spec leaves it to each host). Without it the
    /// resource names none and the host picks the frame's origin.
    pub fn with_domain(self, domain: impl Into<String>) -> Self {
        Self {
            domain: Some(domain.into()),
            ..self
        }
    }

    /// The file's text, served unchanged.
    pub fn html(&self) -> &str {
        &self.html
    }

    /// The file's content-hashed `ui://` URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The dedicated origin the resource names for its frame, if any ([`ResourceWidget::with_domain`]).
    pub fn domain(&self) -> Option<&str> {
        self.domain.as_deref()
    }

    /// The capabilities' `extensions`, for `ServerCapabilities::builder().enable_extensions_with`:
    /// MCP Apps, with the MIME type of the resources served.
    pub fn extensions() -> ExtensionCapabilities {
        let mut settings = Map::new();
        settings.insert("mimeTypes".to_owned(), json!([MIME_TYPE]));
        let mut extensions = ExtensionCapabilities::new();
        extensions.insert(EXTENSION_ID.to_owned(), settings);
        extensions
    }

    /// The resource as `resources/list` lists it.
    pub fn resource(&self) -> Resource {
        Resource::new(self.uri.to_string(), RESOURCE_NAME)
            .with_title(RESOURCE_TITLE)
            .with_description(RESOURCE_DESCRIPTION)
            .with_mime_type(MIME_TYPE)
            .with_size(self.html.len() as u64)
            .with_meta(MetaObject(resource_meta(self.domain())))
    }

    /// `resources/read`'s answer for `uri`: the file, or `None` when `uri` is not the widget's
    /// (answer that with `ErrorData::resource_not_found`).
    pub fn read(&self, uri: &str) -> Option<ReadResourceResult> {
        (uri == self.uri).then(|| ReadResourceResult::new(vec![self.contents(uri)]))
    }

    /// The file as `resources/read` contents under `uri`: its own, or another a server also
    /// answers to.
    pub fn contents(&self, uri: impl Into<String>) -> ResourceContents {
        ResourceContents::text(self.html.to_string(), uri)
            .with_mime_type(MIME_TYPE)
            .with_meta(MetaObject(resource_meta(self.domain())))
    }

    /// The `_meta` of the tool named `tool`, whose results the widget draws (`Tool::with_meta`).
    pub fn tool_meta(&self, tool: &str) -> MetaObject {
        MetaObject(tool_meta(&self.uri, tool))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uri_constant_is_the_hash_of_the_embedded_file() {
        assert_eq!(URI, uri_of(HTML));
        assert_eq!(ResourceWidget::embedded().uri(), URI);
    }

    #[test]
    fn the_uri_carries_eight_hex_digits_that_change_with_the_file() {
        let a = uri_of("<html>a</html>");
        assert_ne!(a, uri_of("<html>b</html>"));
        let hash = a
            .strip_prefix("ui://pipeline-service/resource-widget-")
            .and_then(|rest| rest.strip_suffix(".html"))
            .expect("shape");
        assert_eq!(hash.len(), 8);
        assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    }

    #[test]
    fn the_embedded_file_is_one_self_contained_page() {
        assert!(HTML.starts_with("<!DOCTYPE html>") || HTML.starts_with("<!doctype html>"));
        assert!(HTML.trim_end().ends_with("</html>"));
    }

    #[test]
    fn tool_meta_names_the_uri_under_every_key_hosts_read() {
        let widget = ResourceWidget::from_html("<html></html>".to_owned());
        let meta = Value::Object(widget.tool_meta("pipeline_delete").0);
        for key in [
            "ui/resourceUri",
            "host/outputTemplate",
            "openai/outputTemplate",
        ] {
            assert_eq!(meta[key], widget.uri(), "{key}");
        }
        assert_eq!(meta["ui"]["resourceUri"], widget.uri());
    }

    #[test]
    fn only_the_tools_the_widget_calls_are_marked_callable_from_it() {
        let widget = ResourceWidget::embedded();
        for tool in TOOLS_THE_WIDGET_CALLS {
            let meta = widget.tool_meta(tool).0;
            assert_eq!(
                meta.get("openai/widgetAccessible"),
                Some(&json!(true)),
                "{tool}"
            );
        }
        for tool in [
            "pipeline_delete",
            "run_pipeline",
            "block_templates_list",
            "",
            "Pipeline_list",
        ] {
            let meta = widget.tool_meta(tool).0;
            assert_eq!(meta.get("openai/widgetAccessible"), None, "{tool}");
        }
    }

    #[test]
    fn the_resource_asks_for_clipboard_write_and_names_no_domain_unless_given() {
        let widget = ResourceWidget::from_html("<html></html>".to_owned());
        for meta in [
            serde_json::to_value(widget.resource()).expect("json")["_meta"].clone(),
            serde_json::to_value(widget.contents(widget.uri())).expect("json")["_meta"].clone(),
        ] {
            assert_eq!(meta["ui"]["permissions"], json!({ "clipboardWrite": {} }));
            assert_eq!(meta["ui"].get("domain"), None);
        }
        let domain = "a904794854a047f6.claudemcpcontent.com";
        let widget = widget.with_domain(domain);
        assert_eq!(widget.domain(), Some(domain));
        let listed = serde_json::to_value(widget.resource()).expect("json");
        let read = serde_json::to_value(widget.read(widget.uri()).expect("its URI")).expect("json");
        for meta in [&listed["_meta"], &read["contents"][0]["_meta"]] {
            assert_eq!(meta["ui"]["domain"], domain);
            assert_eq!(meta["ui"]["permissions"], json!({ "clipboardWrite": {} }));
        }
    }

    #[test]
    fn read_answers_the_widgets_uri_only_with_the_file_unchanged() {
        let widget = ResourceWidget::from_html("<html>\r\n</html>".to_owned());
        assert!(widget.read("ui://pipeline-service/other.html").is_none());
        let read = serde_json::to_value(widget.read(widget.uri()).expect("its own URI"))
            .expect("serialises");
        let contents = &read["contents"][0];
        assert_eq!(contents["text"], "<html>\r\n</html>");
        assert_eq!(contents["uri"], widget.uri());
        assert_eq!(contents["mimeType"], MIME_TYPE);
        assert_eq!(contents["_meta"], Value::Object(resource_meta(None)));
    }

    #[test]
    fn the_resource_is_listed_with_its_mime_type_and_meta() {
        let listed = serde_json::to_value(ResourceWidget::embedded().resource()).expect("json");
        assert_eq!(listed["uri"], URI);
        assert_eq!(listed["name"], RESOURCE_NAME);
        assert_eq!(listed["mimeType"], MIME_TYPE);
        assert_eq!(listed["size"], HTML.len());
        assert_eq!(listed["_meta"]["ui"]["csp"]["connectDomains"], json!([]));
    }
}
