//! The MCP server: one struct, one method per tool (in the resource-family modules), the widget
//! resource, and the few places where this server's contract needs more than rmcp's defaults
//! (the error envelope for unknown tools and unreadable arguments, the MCP Apps capability).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ExtensionCapabilities, Implementation,
    ListResourcesResult, MetaObject, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool_handler, ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{json, Map, Value};

use crate::config::{CredentialSource, Session};
use crate::mage::{Mage, MageSettings};
use crate::project::Project;
use crate::redact::Redactor;
use crate::widget::{self, WidgetResource};
use crate::widget_result::{ErrorCode, ToolError, WidgetResult};

/// The prefix rmcp gives the text of a tool result when it cannot deserialise the arguments.
const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

/// The mutable part: the project the tools read and change, and what the redactor has learnt.
pub struct Store {
    pub project: Project,
    pub redactor: Redactor,
    /// When block templates were last "fetched from the cluster"; the agent caches them 24 hours.
    pub templates_fetched_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Where the tools' answers come from.
#[derive(Debug, Clone)]
pub enum Backend {
    /// The in-memory demo project (the default).
    Demo,
    /// A real Mage server over its HTTP API (`--mage`, `--mage-url`).
    Mage(MageSettings),
}

struct ServerState {
    store: Mutex<Store>,
    widget: WidgetResource,
    credentials: CredentialSource,
    backend: Backend,
    /// Tools that fail with INTERNAL_ERROR (`--fail-tool`), to show and test that state.
    failing_tools: BTreeSet<String>,
}

/// Everything the server is started with.
pub struct ServerOptions {
    pub project: Project,
    pub widget: WidgetResource,
    pub credentials: CredentialSource,
    pub backend: Backend,
    pub failing_tools: BTreeSet<String>,
}

/// The server. Clones share one project, so a change made in one HTTP session shows in every other.
#[derive(Clone)]
pub struct DemoServer {
    state: Arc<ServerState>,
    tool_router: ToolRouter<DemoServer>,
}

impl DemoServer {
    pub fn new(options: ServerOptions) -> Self {
        let mut redactor = Redactor::default();
        redactor.learn(&serde_json::to_value(&options.project).unwrap_or(Value::Null));
        let mut tool_router = Self::pipeline_tools()
            + Self::block_tools()
            + Self::run_tools()
            + Self::schedule_tools()
            + Self::output_tools()
            + Self::log_tools();
        // Every tool returns a widget result, so every descriptor points at the widget. The URI is
        // known only at run time (it carries the file's hash), hence set here, not in #[tool].
        let meta = widget_tool_meta(&options.widget);
        for route in tool_router.map.values_mut() {
            route.attr.meta = Some(meta.clone());
        }
        let store = Store {
            project: options.project,
            redactor,
            templates_fetched_at: None,
        };
        Self {
            state: Arc::new(ServerState {
                store: Mutex::new(store),
                widget: options.widget,
                credentials: options.credentials,
                backend: options.backend,
                failing_tools: options.failing_tools,
            }),
            tool_router,
        }
    }

    pub fn tool_names(&self) -> Vec<String> {
        self.tool_router
            .list_all()
            .into_iter()
            .map(|t| t.name.into_owned())
            .collect()
    }

    /// Whether the tools answer from a Mage server rather than the demo project.
    pub(crate) fn uses_mage(&self) -> bool {
        matches!(self.state.backend, Backend::Mage(_))
    }

    /// Runs one tool against Mage: authentication, then `run` with a client holding this call's
    /// credentials, then the result, redacted by a redactor that has seen every response of the
    /// call (and what earlier calls taught the server). Logs the tool's name and outcome only.
    pub(crate) async fn respond_mage<Fut>(
        &self,
        tool: &'static str,
        run: impl FnOnce(Mage) -> Fut,
    ) -> CallToolResult
    where
        Fut: std::future::Future<Output = Result<WidgetResult, ToolError>>,
    {
        let started = Instant::now();
        let (outcome, result) = self.run_mage_tool(tool, run).await;
        tracing::info!(
            tool,
            outcome,
            elapsed_ms = started.elapsed().as_millis() as u64,
            backend = "mage",
            "tool call"
        );
        result
    }

    async fn run_mage_tool<Fut>(
        &self,
        tool: &'static str,
        run: impl FnOnce(Mage) -> Fut,
    ) -> (&'static str, CallToolResult)
    where
        Fut: std::future::Future<Output = Result<WidgetResult, ToolError>>,
    {
        let fail = |error: ToolError, redactor: &Redactor| {
            (error.code.as_str(), error.into_call_tool_result(redactor))
        };
        let Backend::Mage(settings) = &self.state.backend else {
            return fail(
                ToolError::internal("The Mage backend is not configured."),
                &Redactor::default(),
            );
        };
        let mut redactor = match self.state.store.lock() {
            Ok(store) => store.redactor.clone(),
            Err(_) => Redactor::default(),
        };
        if self.state.failing_tools.contains(tool) {
            return fail(
                ToolError::internal(format!(
                    "Unexpected internal failure in {tool} (simulated: the server was started with --fail-tool {tool})."
                )),
                &redactor,
            );
        }
        let session = match self.state.credentials.authenticate() {
            Ok(session) => session,
            Err(error) => return fail(error, &redactor),
        };
        for secret in &session.secrets {
            redactor.learn_secret(secret);
        }
        let mage = match settings.connect(&session, redactor.clone()) {
            Ok(mage) => mage,
            Err(error) => return fail(error, &redactor),
        };
        let outcome = run(mage.clone()).await;
        // What this call's responses taught the redactor stays for later calls.
        let learned = mage.redactor();
        if let Ok(mut store) = self.state.store.lock() {
            store.redactor.merge(&learned);
        }
        match outcome {
            Ok(widget) => ("ok", widget.into_call_tool_result(&learned)),
            Err(error) => fail(error, &learned),
        }
    }

    /// Runs one tool: authentication, then `run` against the project, then the result, redacted.
    /// Logs the tool's name and outcome only, never arguments or results.
    pub(crate) fn respond(
        &self,
        tool: &'static str,
        run: impl FnOnce(&mut Store, &Session) -> Result<WidgetResult, ToolError>,
    ) -> CallToolResult {
        let started = Instant::now();
        let (outcome, result) = self.run_tool(tool, run);
        tracing::info!(
            tool,
            outcome,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "tool call"
        );
        result
    }

    fn run_tool(
        &self,
        tool: &'static str,
        run: impl FnOnce(&mut Store, &Session) -> Result<WidgetResult, ToolError>,
    ) -> (&'static str, CallToolResult) {
        let Ok(mut store) = self.state.store.lock() else {
            let error = ToolError::internal(
                "The demo project is unavailable after an earlier failure; restart the server.",
            );
            return (
                error.code.as_str(),
                error.into_call_tool_result(&Redactor::default()),
            );
        };
        if self.state.failing_tools.contains(tool) {
            let error = ToolError::internal(format!(
                "Unexpected internal failure in {tool} (simulated: the server was started with --fail-tool {tool})."
            ));
            return (
                error.code.as_str(),
                error.into_call_tool_result(&store.redactor),
            );
        }
        let session = match self.state.credentials.authenticate() {
            Ok(session) => session,
            Err(error) => {
                return (
                    error.code.as_str(),
                    error.into_call_tool_result(&store.redactor),
                )
            }
        };
        for secret in &session.secrets {
            store.redactor.learn_secret(secret);
        }
        match run(&mut store, &session) {
            Ok(widget) => ("ok", widget.into_call_tool_result(&store.redactor)),
            Err(error) => (
                error.code.as_str(),
                error.into_call_tool_result(&store.redactor),
            ),
        }
    }

    /// A tool call refused before any work (an id that could name another route): the envelope,
    /// logged like any other outcome.
    pub(crate) fn refuse(&self, tool: &'static str, error: ToolError) -> CallToolResult {
        tracing::info!(tool, outcome = error.code.as_str(), "tool call refused");
        self.error_result(error)
    }

    /// An error envelope for a failure outside any tool (unknown tool, unreadable arguments).
    fn error_result(&self, error: ToolError) -> CallToolResult {
        match self.state.store.lock() {
            Ok(store) => error.into_call_tool_result(&store.redactor),
            Err(_) => error.into_call_tool_result(&Redactor::default()),
        }
    }

    fn resource(&self) -> Resource {
        let widget = &self.state.widget;
        Resource::new(widget.uri.clone(), widget::RESOURCE_NAME)
            .with_title("Pipeline resource widget")
            .with_description(widget::RESOURCE_DESCRIPTION)
            .with_mime_type(widget::MIME_TYPE)
            .with_size(widget.html.len() as u64)
            .with_meta(MetaObject(widget.resource_meta()))
    }
}

fn widget_tool_meta(widget: &WidgetResource) -> MetaObject {
    MetaObject(widget.tool_meta())
}

/// The MCP Apps extension as a server advertises it: the extension's id with the MIME types of
/// the UI resources it serves (the settings object the ext-apps spec defines for hosts).
fn extensions() -> ExtensionCapabilities {
    let mut settings = Map::new();
    settings.insert("mimeTypes".to_owned(), json!([widget::MIME_TYPE]));
    let mut extensions = ExtensionCapabilities::new();
    extensions.insert(widget::EXTENSION_ID.to_owned(), settings);
    extensions
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for DemoServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_extensions_with(extensions())
                .enable_resources()
                .enable_tools()
                .build(),
        )
        .with_server_info(
            Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
                .with_title("Pipeline service demo"),
        )
        .with_instructions(if self.uses_mage() {
            "A Mage pipeline orchestration server. Start with pipeline_list; pipeline_get shows a \
             pipeline's block graph. Results render in the resource widget where the host \
             supports MCP Apps; the JSON text is the same data. pipeline_delete is permanent."
        } else {
            "A pipeline orchestration service over an in-memory demo project. Start with \
             pipeline_list; pipeline_get shows a pipeline's block graph. Results render in the \
             resource widget where the host supports MCP Apps; the JSON text is the same data. \
             pipeline_delete is permanent. Changes last until the server stops."
        })
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if !self.tool_router.has_route(&name) {
            tracing::info!(outcome = "TOOL_NOT_FOUND", "tool call to an unknown tool");
            let error = ToolError::new(
                ErrorCode::ToolNotFound,
                format!("Tool '{name}' is not registered. Call tools/list for the tools this server has."),
            );
            return Ok(self.error_result(error).into());
        }
        let context = ToolCallContext::new(self, request, context);
        let response = self.tool_router.call(context).await?;
        Ok(self.envelope_argument_errors(&name, response))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        Ok(ListResourcesResult::with_all_items(vec![self.resource()]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let widget = &self.state.widget;
        if !widget.answers_to(&request.uri) {
            return Err(McpError::resource_not_found(
                format!(
                    "No resource '{}'. This server serves {}.",
                    request.uri, widget.uri
                ),
                Some(json!({ "uri": request.uri })),
            ));
        }
        let contents = ResourceContents::text(widget.html.clone(), request.uri)
            .with_mime_type(widget::MIME_TYPE)
            .with_meta(MetaObject(widget.resource_meta()));
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

impl DemoServer {
    /// rmcp answers arguments it cannot deserialise with a plain-text tool error; clients of this
    /// service expect the envelope, so the text is wrapped in one (the cluster would answer 400).
    fn envelope_argument_errors(&self, tool: &str, response: CallToolResponse) -> CallToolResponse {
        let CallToolResponse::Complete(result) = &response else {
            return response;
        };
        if result.is_error != Some(true) || result.structured_content.is_some() {
            return response;
        }
        let Some(detail) = result
            .content
            .first()
            .and_then(|content| content.as_text())
            .and_then(|text| text.text.strip_prefix(ARGUMENT_ERROR_PREFIX))
        else {
            return response;
        };
        tracing::info!(
            tool,
            outcome = "API_ERROR",
            "tool call with unreadable arguments"
        );
        let error = ToolError::api(format!("Invalid arguments for {tool}:{detail}"));
        self.error_result(error).into()
    }
}

/// Tool argument schemas: an optional argument may be absent, and that is all. schemars writes an
/// `Option` as nullable (`"type": ["string", "null"]`, `anyOf [.., {"type": "null"}]`,
/// `"default": null`), which clients mapping schemas onto single-type dialects reject (the MCP
/// Inspector flags it). Applied with `#[schemars(transform = ...)]` to every arguments struct
/// that has optional fields.
pub fn optional_means_absent(schema: &mut rmcp::schemars::Schema) {
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    let is_null_type = |value: &Value| value == &json!("null");
    for property in properties.values_mut() {
        let Value::Object(property) = property else {
            continue;
        };
        if property.get("default") == Some(&Value::Null) {
            property.remove("default");
        }
        if let Some(Value::Array(types)) = property.get("type") {
            let kept: Vec<Value> = types.iter().filter(|t| !is_null_type(t)).cloned().collect();
            if let [only] = kept.as_slice() {
                property.insert("type".to_owned(), only.clone());
            }
        }
        if let Some(Value::Array(branches)) = property.get("anyOf") {
            let kept: Vec<Value> = branches
                .iter()
                .filter(|b| !b.get("type").is_some_and(is_null_type))
                .cloned()
                .collect();
            if let [Value::Object(only)] = kept.as_slice() {
                property.remove("anyOf");
                for (key, value) in only {
                    property.insert(key.clone(), value.clone());
                }
            }
        }
    }
}
