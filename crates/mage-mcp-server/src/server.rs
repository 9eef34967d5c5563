//! The MCP server: one struct, one method per tool (in the `tools` modules), the widget resource,
//! and the few places where this server's contract needs more than rmcp's defaults (the error
//! envelope for unknown tools and unreadable arguments, the MCP Apps capability). Every tool call
//! runs through `MageMcpServer::answer`: its ids checked, the session authenticated, then the
//! tool against the backend, then the widget result, redacted with what the call's MCP session
//! knows. Every call has a deadline, and a client's cancellation stops it (and its requests to
//! the cluster) at once.

use std::collections::BTreeSet;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pipeline_resource_widget::ResourceWidget;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CustomRequest, CustomResult,
    ErrorCode as RpcErrorCode, Implementation, ListResourcesResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool_handler, ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{json, Value};

use crate::backend::{Backend, Call};
use crate::config::{CredentialSource, Session};
use crate::ids::IdArguments;
use crate::mage::client::OUTCOME_UNKNOWN;
use crate::redact::Redactor;
use crate::secrets::{CallSecrets, SessionSecrets};
use crate::widget::WidgetResource;
use crate::widget_result::{ErrorCode, ToolError, WidgetResult};

/// The prefix rmcp gives the text of a tool result when it cannot deserialise the arguments.
const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

/// The requests a client sends a server in MCP 2025-06-18
/// (<https://modelcontextprotocol.io/specification/2025-06-18/schema>). rmcp hands one whose params
/// it cannot read to the handler as a custom request, as it does a method it does not know.
const MCP_CLIENT_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
];
/// The longest method name quoted back.
const MAX_QUOTED_METHOD_CHARS: usize = 100;

struct ServerState {
    backend: Arc<dyn Backend>,
    widget: WidgetResource,
    credentials: CredentialSource,
    /// The server's own secrets (the demo data's): every session starts knowing them.
    own_secrets: Redactor,
    /// Tools that fail with INTERNAL_ERROR (`--fail-tool`), to show and test that state.
    failing_tools: BTreeSet<String>,
    /// The longest a tool call may take.
    call_deadline: Duration,
}

/// The longest a tool call may take unless `--call-timeout` says otherwise: past the cluster's own
/// request limit (`mage::client::REQUEST_TIMEOUT`) and its retries.
pub const DEFAULT_CALL_DEADLINE: Duration = Duration::from_secs(120);

/// Everything the server is started with.
pub struct ServerOptions {
    pub backend: Arc<dyn Backend>,
    /// Secrets the server holds from the start (the demo data's); credentials are learnt per call.
    pub own_secrets: Redactor,
    pub widget: WidgetResource,
    pub credentials: CredentialSource,
    pub failing_tools: BTreeSet<String>,
    pub call_deadline: Duration,
}

/// The MCP server for Mage pipelines, for one MCP session. Every session shares one backend, so a
/// change made in one HTTP session shows in every other, and nothing else: what a session's calls
/// learn stays with it ([`MageMcpServer::for_new_session`]).
#[derive(Clone)]
pub struct MageMcpServer {
    state: Arc<ServerState>,
    session: SessionSecrets,
    tool_router: ToolRouter<MageMcpServer>,
}

impl MageMcpServer {
    /// The server with the tools of `tool_router` (every tool returns a widget result, so every
    /// descriptor is pointed at the widget here: its URI carries the file's hash, known only at run
    /// time; the tools the widget calls itself are marked so by their names).
    pub fn new(options: ServerOptions, mut tool_router: ToolRouter<MageMcpServer>) -> Self {
        for (name, route) in tool_router.map.iter_mut() {
            route.attr.meta = Some(options.widget.served.tool_meta(name));
        }
        let session = SessionSecrets::new(&options.own_secrets);
        Self {
            state: Arc::new(ServerState {
                backend: options.backend,
                widget: options.widget,
                credentials: options.credentials,
                own_secrets: options.own_secrets,
                failing_tools: options.failing_tools,
                call_deadline: options.call_deadline,
            }),
            session,
            tool_router,
        }
    }

    /// The same server for another MCP session: the same backend and tools, a memory of secrets
    /// of its own.
    pub fn for_new_session(&self) -> Self {
        Self {
            state: self.state.clone(),
            session: SessionSecrets::new(&self.state.own_secrets),
            tool_router: self.tool_router.clone(),
        }
    }

    pub fn tool_names(&self) -> Vec<String> {
        self.tool_router
            .list_all()
            .into_iter()
            .map(|t| t.name.into_owned())
            .collect()
    }

    /// Every secret the MCP session knows, as one redactor.
    fn known_secrets(&self) -> Redactor {
        self.session.redactor()
    }

    /// Whether the tool changes the cluster (its `readOnlyHint` is not true).
    fn is_mutating(&self, tool: &str) -> bool {
        self.tool_router
            .map
            .get(tool)
            .and_then(|route| route.attr.annotations.as_ref())
            .and_then(|annotations| annotations.read_only_hint)
            != Some(true)
    }

    /// Runs one tool call: its ids checked, the session authenticated (the config file is read
    /// off the async threads, under no lock), then `run` with the call, then the result redacted by
    /// everything the call met. Logs the tool's name, outcome and times only, never arguments or
    /// results: the whole call, and its three stages in microseconds (checks and credentials, the
    /// tool against the backend, the result redacted and serialised), which the server bench
    /// (`bench/server-load.mjs`) reads.
    pub(crate) async fn answer<A, Fut>(
        &self,
        tool: &'static str,
        args: A,
        run: impl FnOnce(Call, A) -> Fut,
    ) -> CallToolResult
    where
        A: IdArguments,
        Fut: Future<Output = Result<WidgetResult, ToolError>>,
    {
        let started = Instant::now();
        let secrets = CallSecrets::new(self.known_secrets());
        let begun = self.begin(tool, &args, &secrets).await;
        let checked = Instant::now();
        let outcome = match begun {
            Ok(session) => {
                let call = Call::new(session, secrets.clone(), self.state.backend.clone());
                run(call, args).await
            }
            Err(error) => Err(error),
        };
        let ran = Instant::now();
        if let Some(learnt) = secrets.learnt() {
            self.session.remember(&learnt);
        }
        let redactor = secrets.redactor();
        let (code, result) = match outcome {
            Ok(widget) => ("ok", widget.into_call_tool_result(&redactor)),
            Err(error) => (error.code.as_str(), error.into_call_tool_result(&redactor)),
        };
        let done = Instant::now();
        let micros = |from: Instant, to: Instant| {
            u64::try_from(to.duration_since(from).as_micros()).unwrap_or(u64::MAX)
        };
        tracing::info!(
            tool,
            outcome = code,
            elapsed_ms = micros(started, done) / 1000,
            begin_us = micros(started, checked),
            tool_us = micros(checked, ran),
            result_us = micros(ran, done),
            "tool call"
        );
        result
    }

    /// What every call passes before its tool runs: ids that could name another route refused,
    /// `--fail-tool`, and the session (its credentials learnt as secrets).
    async fn begin(
        &self,
        tool: &'static str,
        args: &impl IdArguments,
        secrets: &CallSecrets,
    ) -> Result<Session, ToolError> {
        args.check_ids()?;
        if self.state.failing_tools.contains(tool) {
            return Err(ToolError::internal(format!(
                "Unexpected internal failure in {tool} (simulated: the server was started with --fail-tool {tool})."
            )));
        }
        let credentials = &self.state.credentials;
        // Only a configuration file is read from disk, off the async threads; the demo's session
        // and the environment's credentials are at hand.
        let session = if credentials.reads_a_file() {
            let credentials = credentials.clone();
            tokio::task::spawn_blocking(move || credentials.authenticate())
                .await
                .map_err(|_| {
                    ToolError::internal("Reading the credentials failed unexpectedly.")
                })??
        } else {
            credentials.authenticate()?
        };
        for secret in &session.secrets {
            secrets.know_secret(secret);
        }
        Ok(session)
    }

    /// An error envelope for a failure outside any tool (unknown tool, unreadable arguments).
    fn error_result(&self, error: ToolError) -> CallToolResult {
        error.into_call_tool_result(&self.known_secrets())
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for MageMcpServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                // MCP Apps, with the MIME type of the UI resources served.
                .enable_extensions_with(ResourceWidget::extensions())
                .enable_resources()
                .enable_tools()
                .build(),
        )
        .with_server_info(
            Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
                .with_title("Mage pipelines"),
        )
        .with_instructions(self.state.backend.instructions())
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
        let cancelled = context.ct.clone();
        let deadline = self.state.call_deadline;
        let context = ToolCallContext::new(self, request, context);
        // Dropping the call's future drops its requests to the cluster: a cancelled or late call
        // stops there, and nothing of it is sent later.
        tokio::select! {
            response = self.tool_router.call(context) => {
                Ok(self.envelope_argument_errors(&name, response?))
            }
            () = cancelled.cancelled() => {
                tracing::info!(tool = name.as_str(), outcome = "CANCELLED", "tool call cancelled by the client");
                Err(McpError::new(RpcErrorCode::INTERNAL_ERROR, "The request was cancelled.", None))
            }
            () = tokio::time::sleep(deadline) => {
                tracing::info!(tool = name.as_str(), outcome = "DEADLINE", "tool call past its deadline");
                Ok(self.error_result(past_deadline(&name, deadline, self.is_mutating(&name))).into())
            }
        }
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        Err(unanswerable_request(&request.method))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let widget = self.state.widget.served.resource();
        Ok(ListResourcesResult::with_all_items(vec![widget]))
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
                    request.uri,
                    widget.uri()
                ),
                Some(json!({ "uri": request.uri })),
            ));
        }
        let contents = widget.served.contents(request.uri);
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

impl MageMcpServer {
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

/// The error for a call that passed its deadline. A call that changes the cluster may have changed
/// it: its outcome is unknown, and the message says how to look before trying again.
fn past_deadline(tool: &str, deadline: Duration, mutating: bool) -> ToolError {
    let seconds = deadline.as_secs();
    if mutating {
        ToolError::api(format!(
            "{tool} did not finish within {seconds} s and was stopped. {OUTCOME_UNKNOWN}"
        ))
    } else {
        ToolError::api(format!(
            "{tool} did not finish within {seconds} s and was stopped; nothing was changed. Try again, or ask for less."
        ))
    }
}

/// The error for a request rmcp could not route: an MCP method with params that do not fit it is
/// JSON-RPC's invalid params (-32602), any other method is not found (-32601), its name quoted,
/// redacted, up to a bound.
fn unanswerable_request(method: &str) -> McpError {
    // Redacted before it is cut: a cut can separate a credential from what names it.
    let shown = secret_redaction::redact_text(method);
    let quoted: String = shown.chars().take(MAX_QUOTED_METHOD_CHARS).collect();
    let quoted = if quoted.len() < shown.len() {
        format!("{quoted}…")
    } else {
        quoted
    };
    if MCP_CLIENT_METHODS.contains(&method) {
        McpError::new(
            RpcErrorCode::INVALID_PARAMS,
            format!("Invalid params: the params of {quoted} are missing or do not fit it"),
            None,
        )
    } else {
        McpError::new(
            RpcErrorCode::METHOD_NOT_FOUND,
            format!("Method not found: {quoted}"),
            None,
        )
    }
}

/// Tool argument schemas: an optional argument may be absent, and that is all. schemars writes an
/// `Option` as nullable (`"type": ["string", "null"]`, `anyOf [.., {"type": "null"}]`, and
/// `"default": null` when the field also has `#[serde(default)]`, which an `Option` needs not),
/// which clients mapping schemas onto single-type dialects reject (the MCP Inspector flags it). Applied with `#[schemars(transform = ...)]` to every arguments struct
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mcp_method_rmcp_could_not_read_is_invalid_params() {
        let error = unanswerable_request("tools/call");
        assert_eq!(error.code, RpcErrorCode::INVALID_PARAMS);
        assert!(error.message.contains("tools/call"), "{}", error.message);
    }

    #[test]
    fn any_other_method_is_not_found_and_quoted_up_to_a_bound() {
        let error = unanswerable_request("no/such/method");
        assert_eq!(error.code, RpcErrorCode::METHOD_NOT_FOUND);
        assert_eq!(error.message, "Method not found: no/such/method");
        let long = unanswerable_request(&"m".repeat(1 << 20));
        assert_eq!(long.code, RpcErrorCode::METHOD_NOT_FOUND);
        assert!(long.message.chars().count() < MAX_QUOTED_METHOD_CHARS + 30);
    }

    #[test]
    fn a_quoted_method_is_redacted_before_it_is_cut() {
        // The cut falls inside the password: what is kept has `://` but no `@`.
        let kept_of_url = " postgresql://admin:hun";
        let padding = "m".repeat(MAX_QUOTED_METHOD_CHARS - kept_of_url.len());
        let error = unanswerable_request(&format!(
            "{padding} postgresql://admin:hunter2@db.internal:5432/warehouse"
        ));
        assert!(!error.message.contains("admin:hun"), "{}", error.message);
    }
}
