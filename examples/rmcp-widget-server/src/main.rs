//! A minimal MCP server in Rust (rmcp) that ships the resource widget from the
//! `pipeline-resource-widget` crate: the widget as an MCP Apps resource and one tool,
//! `pipeline_list`, whose results the widget draws. MCP on stdio.
//!
//!     cargo add pipeline-resource-widget
//!     cargo add rmcp --features server,transport-io
//!     cargo add tokio --features macros,rt,io-std
//!     cargo add serde_json
//!
//! `scripts/packages-check.sh` builds it against the packaged crate in a cargo project outside the
//! repository and reads it back through the MCP Inspector's CLI.

use pipeline_resource_widget::ResourceWidget;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{json, Map, Value};

struct WidgetServer {
    widget: ResourceWidget,
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
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_extensions_with(ResourceWidget::extensions())
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
        let widget = self.widget.resource();
        Ok(ListResourcesResult::with_all_items(vec![widget]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match self.widget.read(&request.uri) {
            Some(read) => Ok(read.into()),
            None => Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            )),
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut no_arguments = Map::new();
        no_arguments.insert("type".to_owned(), json!("object"));
        no_arguments.insert("properties".to_owned(), json!({}));
        let tool = Tool::new("pipeline_list", "Lists the pipelines.", no_arguments)
            .with_meta(self.widget.tool_meta("pipeline_list"));
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
    let server = WidgetServer {
        widget: ResourceWidget::embedded(),
    }
    .serve(rmcp::transport::stdio())
    .await?;
    server.waiting().await?;
    Ok(())
}
