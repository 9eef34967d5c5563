//! The MCP Apps resource: `dist/resource-widget.html`, served byte for byte as
//! `text/html;profile=mcp-app` under a `ui://` URI that carries a hash of its content, because
//! hosts cache templates by URI (ChatGPT does): a rebuilt widget gets a new URI.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The MIME type MCP Apps requires for HTML resources.
pub const MIME_TYPE: &str = "text/html;profile=mcp-app";
/// The MCP Apps extension a server advertises in its capabilities.
pub const EXTENSION_ID: &str = "io.modelcontextprotocol/ui";
/// The URI of the README's registration snippet. Readable as an alias of the hashed URI, for hosts
/// configured with it; tools and `resources/list` name the hashed one.
pub const STABLE_URI: &str = "ui://pipeline-service/resource-widget.html";
/// The widget file relative to the repository root.
pub const DEFAULT_RELATIVE_PATH: &str = "dist/resource-widget.html";
pub const RESOURCE_NAME: &str = "pipeline_resource_widget";
pub const RESOURCE_DESCRIPTION: &str =
    "Renders pipeline-service tool results: list and detail tables, mutation banners, block graphs.";

/// The widget file, loaded once at start-up.
#[derive(Debug, Clone)]
pub struct WidgetResource {
    pub path: PathBuf,
    pub html: String,
    pub uri: String,
}

impl WidgetResource {
    /// Loads `explicit` (from `--widget`) or finds `dist/resource-widget.html` above the current
    /// directory or the binary. The error says how to build the file.
    pub fn load(explicit: Option<&Path>) -> Result<Self, String> {
        let path = match explicit {
            Some(path) => path.to_path_buf(),
            None => find_default()?,
        };
        let bytes = std::fs::read(&path).map_err(|error| {
            format!(
                "cannot read the widget file {}: {error}. Build it with ./scripts/build.sh, or pass --widget FILE.",
                path.display()
            )
        })?;
        Self::from_bytes(path, bytes)
    }

    pub(crate) fn from_bytes(path: PathBuf, bytes: Vec<u8>) -> Result<Self, String> {
        let uri = hashed_uri(&bytes);
        // A text resource carries a string; the file is served as that string, every byte kept.
        let html = String::from_utf8(bytes)
            .map_err(|_| format!("the widget file {} is not UTF-8 text", path.display()))?;
        Ok(Self { path, html, uri })
    }

    /// Whether `uri` names this resource (the hashed URI or the stable alias).
    pub fn answers_to(&self, uri: &str) -> bool {
        uri == self.uri || uri == STABLE_URI
    }

    /// `_meta` of the resource and of its contents: the registration snippet of the README.
    pub fn resource_meta(&self) -> Map<String, Value> {
        let meta = json!({
            "ui": {
                "csp": { "connectDomains": [], "resourceDomains": [], "wasmUnsafeEval": true },
                "prefersBorder": true
            },
            "openai/widgetCSP": { "connect_domains": [], "resource_domains": [] },
            "openai/widgetPrefersBorder": true,
            "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results."
        });
        match meta {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    /// `_meta` of every widget-enabled tool: the three keys hosts read, one URI.
    pub fn tool_meta(&self) -> Map<String, Value> {
        let meta = json!({
            "ui": { "resourceUri": self.uri },
            "host/outputTemplate": self.uri,
            "openai/outputTemplate": self.uri
        });
        match meta {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }
}

/// `ui://pipeline-service/resource-widget-<first 8 hex of sha256>.html`.
pub fn hashed_uri(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let short: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("ui://pipeline-service/resource-widget-{short}.html")
}

/// `dist/resource-widget.html` in the current directory or one above it, else next to the
/// binary or above it (`target/debug/..`).
fn find_default() -> Result<PathBuf, String> {
    let mut starts = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        starts.push(cwd);
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        starts.push(dir);
    }
    let mut looked = Vec::new();
    for start in &starts {
        for dir in start.ancestors() {
            let candidate = dir.join(DEFAULT_RELATIVE_PATH);
            if candidate.is_file() {
                return Ok(candidate);
            }
            looked.push(candidate.display().to_string());
        }
    }
    Err(format!(
        "the widget file {DEFAULT_RELATIVE_PATH} was not found (looked for {}). Build it with \
         ./scripts/build.sh in the repository, or pass --widget FILE (any HTML file will do for a \
         try-out without a build).",
        if looked.is_empty() {
            "it nowhere".to_owned()
        } else {
            looked.join(", ")
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uri_carries_eight_hex_digits_of_the_content_hash() {
        let a = hashed_uri(b"<html>a</html>");
        let b = hashed_uri(b"<html>b</html>");
        assert_ne!(a, b);
        let hash = a
            .strip_prefix("ui://pipeline-service/resource-widget-")
            .and_then(|rest| rest.strip_suffix(".html"))
            .expect("shape");
        assert_eq!(hash.len(), 8);
        assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    }

    #[test]
    fn a_missing_file_names_the_build_command() {
        let error = WidgetResource::load(Some(Path::new("/nonexistent/resource-widget.html")))
            .expect_err("missing");
        assert!(error.contains("./scripts/build.sh"), "{error}");
    }

    #[test]
    fn tool_meta_points_all_three_keys_at_the_hashed_uri() {
        let widget = WidgetResource::from_bytes(PathBuf::from("w.html"), b"<html></html>".to_vec())
            .expect("utf-8");
        let meta = Value::Object(widget.tool_meta());
        assert_eq!(meta["ui"]["resourceUri"], widget.uri);
        assert_eq!(meta["host/outputTemplate"], widget.uri);
        assert_eq!(meta["openai/outputTemplate"], widget.uri);
        assert!(widget.answers_to(STABLE_URI) && widget.answers_to(&widget.uri));
    }
}
