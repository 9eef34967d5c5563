//! A minimal MCP server in Rust (rmcp) that ships the resource widget: it serves the built
//! `dist/resource-widget.html` as an MCP Apps resource and one tool, `pipeline_list`, whose
//! results the widget draws. MCP on stdio.
//!
//!     rmcp-widget-server [WIDGET_HTML]      (default: dist/resource-widget.html)
//!
//! `scripts/sdk-examples-check.sh` reads it back through the MCP Inspector's CLI.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ExtensionCapabilities,
    ListResourcesResult, ListToolsResult, MetaObject, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The MIME type MCP Apps hosts render.
const MIME_TYPE: &str = "text/html;profile=mcp-app";

struct WidgetServer {
    html: String,
    uri: String,
}

/// A `ui://` URI that changes with the file: hosts cache a widget by its URI.
fn versioned_uri(html: &str) -> String {
    let digest = Sha256::digest(html.as_bytes());
    let short: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("ui://pipeline-service/resource-widget-{short}.html")
}

/// The resource's `_meta`: no domains (the widget fetches nothing), wasm where the host allows
/// it, and ChatGPT's own keys.
fn resource_meta() -> MetaObject {
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

/// A tool's `_meta`: the widget's URI under the three keys hosts read.
fn tool_meta(uri: &str) -> MetaObject {
    object(json!({
        "ui": { "resourceUri": uri },
        "host/outputTemplate": uri,
        "openai/outputTemplate": uri
    }))
}

fn object(value: Value) -> MetaObject {
    match value {
        Value::Object(map) => MetaObject(map),
        _ => MetaObject(Map::new()),
    }
}

/// A widget result (schema/widget-result.schema.json); a real server builds it from its data.
fn pipeline_list() -> Value {
    json!({
        "kind": "svc_resource_widget",
        "schema_version": 1,
        "resource": "pipelines",
        "action": "list",
        "state": "ok",
        "records": [
            { "uuid": "etl_daily", "name": "ETL daily", "type": "python", "blocks": 3 },
            { "uuid": "orders_streaming", "name": "Orders streaming", "type": "streaming", "blocks": 6 }
        ]
    })
}

impl ServerHandler for WidgetServer {
    fn get_info(&self) -> ServerConfig {
        let mut extensions = ExtensionCapabilities::new();
        let mut apps = Map::new();
        apps.insert("mimeTypes".to_owned(), json!([MIME_TYPE]));
        extensions.insert("io.modelcontextprotocol/ui".to_owned(), apps);
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_extensions_with(extensions)
                .enable_resources()
                .enable_tools()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let widget = Resource::new(self.uri.clone(), "pipeline_resource_widget")
            .with_mime_type(MIME_TYPE)
            .with_meta(resource_meta());
        Ok(ListResourcesResult::with_all_items(vec![widget]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != self.uri {
            return Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            ));
        }
        let contents = ResourceContents::text(self.html.clone(), self.uri.clone())
            .with_mime_type(MIME_TYPE)
            .with_meta(resource_meta());
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let no_arguments = object(json!({ "type": "object", "properties": {} })).0;
        let tool = Tool::new("pipeline_list", "Lists the pipelines.", no_arguments)
            .with_meta(tool_meta(&self.uri));
        Ok(ListToolsResult::with_all_items(vec![tool]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match request.name.as_ref() {
            // `structured` sends the result as structuredContent and as JSON text in content[0]:
            // the widget reads either (some hosts drop structuredContent).
            "pipeline_list" => Ok(CallToolResult::structured(pipeline_list()).into()),
            other => Err(ErrorData::invalid_params(format!("no tool {other}"), None)),
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "dist/resource-widget.html".to_owned());
    // Read once and served as is: the host gets the file byte for byte.
    let html = std::fs::read_to_string(&path)
        .map_err(|error| format!("cannot read the widget file {path}: {error}"))?;
    let uri = versioned_uri(&html);
    let server = WidgetServer { html, uri }
        .serve(rmcp::transport::stdio())
        .await?;
    server.waiting().await?;
    Ok(())
}
