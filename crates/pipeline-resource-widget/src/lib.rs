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
//! // list_tools: each tool whose results the widget draws points at it.
//! let no_arguments = serde_json::Map::new();
//! let tool = Tool::new("pipeline_list", "Lists the pipelines.", no_arguments)
//!     .with_meta(widget.tool_meta());
//! ```
//!
//! A tool's result is a widget result (`schema/widget-result.schema.json` in the repository) as
//! `structuredContent` and as JSON text in `content[0]`.

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

/// The resource's `_meta`, on `resources/list` and on `resources/read`'s contents: no domains
/// (the widget fetches and loads nothing and opens links through the host), wasm where the host
/// allows it (`wasmUnsafeEval`; without it the page runs its JavaScript build), and ChatGPT's keys.
pub fn resource_meta() -> Map<String, Value> {
    object(json!({
        "ui": {
            "csp": { "connectDomains": [], "resourceDomains": [], "wasmUnsafeEval": true },
            "prefersBorder": true
        },
        "openai/widgetCSP": { "connect_domains": [], "resource_domains": [] },
        "openai/widgetPrefersBorder": true,
        "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results."
    }))
}

/// A tool's `_meta`: the widget's URI under the three keys hosts read (`ui.resourceUri` is the
/// MCP Apps key; `host/outputTemplate` and `openai/outputTemplate` name it for other hosts).
pub fn tool_meta(uri: &str) -> Map<String, Value> {
    object(json!({
        "ui": { "resourceUri": uri },
        "host/outputTemplate": uri,
        "openai/outputTemplate": uri
    }))
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
}

impl ResourceWidget {
    /// The widget embedded in this crate (`HTML` under `URI`).
    pub fn embedded() -> Self {
        Self {
            html: Cow::Borrowed(HTML),
            uri: Cow::Borrowed(URI),
        }
    }

    /// Another widget file, under its own content-hashed URI.
    pub fn from_html(html: String) -> Self {
        let uri = uri_of(&html);
        Self {
            html: Cow::Owned(html),
            uri: Cow::Owned(uri),
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
            .with_meta(MetaObject(resource_meta()))
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
            .with_meta(MetaObject(resource_meta()))
    }

    /// The `_meta` of a tool whose results the widget draws (`Tool::with_meta`).
    pub fn tool_meta(&self) -> MetaObject {
        MetaObject(tool_meta(&self.uri))
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
    fn tool_meta_points_all_three_keys_at_the_uri() {
        let widget = ResourceWidget::from_html("<html></html>".to_owned());
        let meta = Value::Object(widget.tool_meta().0);
        for key in ["host/outputTemplate", "openai/outputTemplate"] {
            assert_eq!(meta[key], widget.uri());
        }
        assert_eq!(meta["ui"]["resourceUri"], widget.uri());
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
        assert_eq!(contents["_meta"], Value::Object(resource_meta()));
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
