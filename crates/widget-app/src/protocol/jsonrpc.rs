//! The MCP Apps messages the widget exchanges with its host (protocol 2026-01-26), as JSON text.
//! Pure: the window glue in `mcp_apps.rs` reads fields with `Reflect` and hands them here.

use serde_json::{json, Value};

use super::context::patch_of_host_context;
use crate::{ContextPatch, HostEvent, ToolPayload};

/// The MCP Apps protocol version this widget speaks.
pub const PROTOCOL_VERSION: &str = "2026-01-26";

/// The method names of the protocol.
pub mod method {
    pub const INITIALIZE: &str = "ui/initialize";
    pub const INITIALIZED: &str = "ui/notifications/initialized";
    pub const TOOL_INPUT: &str = "ui/notifications/tool-input";
    pub const TOOL_INPUT_PARTIAL: &str = "ui/notifications/tool-input-partial";
    pub const TOOL_RESULT: &str = "ui/notifications/tool-result";
    pub const TOOL_CANCELLED: &str = "ui/notifications/tool-cancelled";
    pub const HOST_CONTEXT_CHANGED: &str = "ui/notifications/host-context-changed";
    pub const SIZE_CHANGED: &str = "ui/notifications/size-changed";
    pub const RESOURCE_TEARDOWN: &str = "ui/resource-teardown";
    pub const OPEN_LINK: &str = "ui/open-link";
    pub const TOOLS_CALL: &str = "tools/call";
    pub const REQUEST_DISPLAY_MODE: &str = "ui/request-display-mode";
    pub const DOWNLOAD_FILE: &str = "ui/download-file";
    pub const UPDATE_MODEL_CONTEXT: &str = "ui/update-model-context";
    pub const MESSAGE: &str = "ui/message";
    pub const PING: &str = "ping";
}

/// What kind of JSON-RPC message arrived, from its `jsonrpc`, `id`, `method`, `result`/`error`.
#[derive(Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Not JSON-RPC 2.0: ignored.
    Foreign,
    /// An answer to one of our requests.
    Response,
    /// A request we must answer.
    Request,
    Notification,
}

/// Classifies a message by its envelope only; nothing else is read before this says it is ours.
pub fn classify(
    jsonrpc: Option<&str>,
    has_id: bool,
    method: Option<&str>,
    has_outcome: bool,
) -> MessageKind {
    match (jsonrpc, has_id, method, has_outcome) {
        (Some("2.0"), true, None, true) => MessageKind::Response,
        (Some("2.0"), true, Some(_), false) => MessageKind::Request,
        (Some("2.0"), false, Some(_), false) => MessageKind::Notification,
        _ => MessageKind::Foreign,
    }
}

/// Whether a notification's params must be read to act on it (the others carry nothing we use).
pub fn needs_params(method: &str) -> bool {
    matches!(
        method,
        method::TOOL_INPUT
            | method::TOOL_RESULT
            | method::TOOL_CANCELLED
            | method::HOST_CONTEXT_CHANGED
    )
}

/// Whether a notification is the host speaking for this frame's tool call (its input, partial
/// input, result or cancellation): such a frame shows its own call and never a remembered result.
pub fn speaks_for_the_call(method: &str) -> bool {
    matches!(
        method,
        method::TOOL_INPUT
            | method::TOOL_INPUT_PARTIAL
            | method::TOOL_RESULT
            | method::TOOL_CANCELLED
    )
}

/// The host event a notification means, given its params as JSON text (`None` when absent).
/// Unknown methods mean nothing.
pub fn notification_event(name: &str, params: Option<String>) -> Option<HostEvent> {
    match name {
        method::TOOL_INPUT | method::TOOL_INPUT_PARTIAL => Some(HostEvent::ToolInput),
        method::TOOL_RESULT => {
            params.map(|p| HostEvent::ToolResult(ToolPayload::CallToolResult(p)))
        }
        method::TOOL_CANCELLED => {
            let reason = params
                .and_then(|p| serde_json::from_str::<Value>(&p).ok())
                .and_then(|p| {
                    p.get("reason")?
                        .as_str()
                        .map(|r| widget_model::text::truncate_chars(r, 300))
                });
            Some(HostEvent::ToolCancelled(reason))
        }
        method::HOST_CONTEXT_CHANGED => {
            let patch = params.and_then(|p| serde_json::from_str::<Value>(&p).ok())?;
            Some(HostEvent::ContextChanged(patch_of_host_context(&patch)))
        }
        _ => None,
    }
}

/// The tool call this frame shows, from `hostContext.toolInfo`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolCall {
    pub name: String,
    /// The JSON-RPC id of the `tools/call` request, as JSON text.
    pub request_id: String,
}

/// What the widget takes from its `ui/initialize` result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Initialized {
    pub context: ContextPatch,
    pub can_open_links: bool,
    /// The host forwards `tools/call` to its server (`hostCapabilities.serverTools`).
    pub can_call_tools: bool,
    /// The host saves files (`hostCapabilities.downloadFile`).
    pub can_download: bool,
    /// `hostCapabilities.updateModelContext` and `hostCapabilities.message`.
    pub can_update_model_context: bool,
    pub can_message: bool,
    pub tool_call: Option<ToolCall>,
    /// The host's `hostInfo` name and version ("" when absent): part of a remembered result's key.
    pub host: String,
}

/// Reads a `ui/initialize` result (JSON text); a malformed result gives the defaults.
pub fn read_initialize_result(result: &str) -> Initialized {
    let Ok(result) = serde_json::from_str::<Value>(result) else {
        return Initialized::default();
    };
    let context = result.get("hostContext");
    let tool_call = context.and_then(|c| c.get("toolInfo")).and_then(|info| {
        let name = info.get("tool")?.get("name")?.as_str()?;
        let request_id = match info.get("id")? {
            id @ (Value::String(_) | Value::Number(_)) => id.to_string(),
            _ => return None,
        };
        (name.len() <= 128 && request_id.len() <= 128).then(|| ToolCall {
            name: name.to_owned(),
            request_id,
        })
    });
    // A capability is offered when `hostCapabilities` names it (its value is an options object).
    let offers = |name: &str| {
        result
            .get("hostCapabilities")
            .and_then(|c| c.get(name))
            .is_some()
    };
    Initialized {
        context: context.map(patch_of_host_context).unwrap_or_default(),
        can_open_links: offers("openLinks"),
        can_call_tools: offers("serverTools"),
        can_download: offers("downloadFile"),
        can_update_model_context: offers("updateModelContext"),
        can_message: offers("message"),
        tool_call,
        host: host_name(&result),
    }
}

/// `hostInfo.name` and `hostInfo.version`, bounded.
fn host_name(result: &Value) -> String {
    let part = |key: &str| {
        result
            .get("hostInfo")
            .and_then(|h| h.get(key))
            .and_then(Value::as_str)
            .map_or_else(String::new, |s| widget_model::text::truncate_chars(s, 64))
    };
    format!("{} {}", part("name"), part("version"))
        .trim()
        .to_owned()
}

/// The arguments of a `tool-input` notification's params (JSON text) as an object; `None` when
/// they are not one.
pub fn tool_input_object(params: &str) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_str::<Value>(params)
        .ok()?
        .get_mut("arguments")
        .map(Value::take)
    {
        Some(Value::Object(map)) => Some(map),
        None | Some(Value::Null) => Some(serde_json::Map::new()),
        Some(_) => None,
    }
}

/// The `tools/call` request for one of the widget's own read-only calls.
pub fn tools_call_request(id: u64, call: &crate::requests::ToolRequest) -> String {
    request(id, method::TOOLS_CALL, call.params())
}

/// What a `tools/call` answer means: its `result` (a CallToolResult, as JSON text) or, for an
/// `error`, its message (bounded).
pub fn tools_call_outcome(
    result: Option<String>,
    error_message: Option<String>,
) -> crate::calls::CallOutcome {
    use crate::calls::CallOutcome;
    match (result, error_message) {
        (Some(result), _) if result.starts_with('{') => CallOutcome::Answered(result),
        (_, Some(message)) => {
            CallOutcome::Refused(widget_model::text::truncate_chars(&message, 300))
        }
        _ => CallOutcome::Refused("the host gave no result".to_owned()),
    }
}

/// The `ui/request-display-mode` request for `mode`.
pub fn display_mode_request(id: u64, mode: crate::DisplayMode) -> String {
    request(
        id,
        method::REQUEST_DISPLAY_MODE,
        json!({ "mode": super::context::display_mode_name(mode) }),
    )
}

/// The `ui/download-file` request for a text file `name` (an embedded resource, as the spec has it).
pub fn download_file_request(id: u64, name: &str, mime_type: &str, text: &str) -> String {
    request(
        id,
        method::DOWNLOAD_FILE,
        json!({ "contents": [{ "type": "resource", "resource": { "uri": format!("file:///{name}"), "mimeType": mime_type, "text": text } }] }),
    )
}

/// The `ui/update-model-context` request: the sentence as a text block, the object as
/// `structuredContent`.
pub fn model_context_request(id: u64, context: &crate::assistant::ModelContext) -> String {
    request(
        id,
        method::UPDATE_MODEL_CONTEXT,
        json!({ "content": [{ "type": "text", "text": context.text }], "structuredContent": context.structured }),
    )
}

/// The `ui/message` request: `text` as the user's message.
pub fn message_request(id: u64, text: &str) -> String {
    request(
        id,
        method::MESSAGE,
        json!({ "role": "user", "content": [{ "type": "text", "text": text }] }),
    )
}

/// The mode a `ui/request-display-mode` answer says was set (its `result.mode`, JSON text).
pub fn display_mode_set(result: &str) -> Option<crate::DisplayMode> {
    let result: Value = serde_json::from_str(result).ok()?;
    super::context::display_mode(result.get("mode")?.as_str()?)
}

pub fn initialize_request(id: u64) -> String {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": method::INITIALIZE,
        "params": {
            "protocolVersion": PROTOCOL_VERSION,
            "appInfo": { "name": "resource-widget", "version": env!("CARGO_PKG_VERSION") },
            "appCapabilities": { "availableDisplayModes": ["inline", "fullscreen"] }
        }
    })
    .to_string()
}

pub fn notification(name: &str, params: Value) -> String {
    json!({ "jsonrpc": "2.0", "method": name, "params": params }).to_string()
}

pub fn request(id: u64, name: &str, params: Value) -> String {
    json!({ "jsonrpc": "2.0", "id": id, "method": name, "params": params }).to_string()
}

/// `ui/notifications/size-changed` with the height alone: the frame's width is the host's
/// (a host that applies a reported width pins the frame at it, past its column).
pub fn size_changed(height: u32) -> String {
    notification(method::SIZE_CHANGED, json!({ "height": height }))
}

/// An empty success answer to request `id` (given as the JSON text of the id).
pub fn empty_result(id: &str) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{},"result":{{}}}}"#, valid_id(id))
}

/// A "method not found" answer to request `id`.
pub fn method_not_found(id: &str, name: &str) -> String {
    json!({
        "jsonrpc": "2.0",
        "id": serde_json::from_str::<Value>(valid_id(id)).unwrap_or(Value::Null),
        "error": { "code": -32601, "message": format!("Method not found: {}", widget_model::text::truncate_chars(name, 80)) }
    })
    .to_string()
}

/// A request id is a number or a string; anything else is answered with `null`.
fn valid_id(id: &str) -> &str {
    match serde_json::from_str::<Value>(id) {
        Ok(Value::Number(_) | Value::String(_)) => id,
        _ => "null",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_rpc_2_is_ours() {
        assert_eq!(
            classify(None, false, Some("ui/notifications/tool-result"), false),
            MessageKind::Foreign
        );
        assert_eq!(
            classify(Some("1.0"), true, Some("x"), false),
            MessageKind::Foreign
        );
        assert_eq!(
            classify(Some("2.0"), false, None, false),
            MessageKind::Foreign
        );
        assert_eq!(
            classify(Some("2.0"), true, None, true),
            MessageKind::Response
        );
        assert_eq!(
            classify(Some("2.0"), true, Some("ui/resource-teardown"), false),
            MessageKind::Request
        );
        assert_eq!(
            classify(Some("2.0"), false, Some(method::TOOL_INPUT), false),
            MessageKind::Notification
        );
    }

    #[test]
    fn notifications_map_to_events() {
        assert_eq!(
            notification_event(method::TOOL_INPUT, None),
            Some(HostEvent::ToolInput)
        );
        assert_eq!(
            notification_event(method::TOOL_INPUT_PARTIAL, None),
            Some(HostEvent::ToolInput)
        );
        assert_eq!(
            notification_event(method::TOOL_RESULT, Some("{}".into())),
            Some(HostEvent::ToolResult(ToolPayload::CallToolResult(
                "{}".into()
            )))
        );
        assert_eq!(
            notification_event(method::TOOL_CANCELLED, Some(r#"{"reason":"user"}"#.into())),
            Some(HostEvent::ToolCancelled(Some("user".into())))
        );
        assert_eq!(
            notification_event(method::TOOL_CANCELLED, None),
            Some(HostEvent::ToolCancelled(None))
        );
        assert!(matches!(
            notification_event(
                method::HOST_CONTEXT_CHANGED,
                Some(r#"{"theme":"dark"}"#.into())
            ),
            Some(HostEvent::ContextChanged(_))
        ));
        assert_eq!(
            notification_event("ui/notifications/unknown", Some("{}".into())),
            None
        );
        assert_eq!(notification_event(method::TOOL_RESULT, None), None);
    }

    #[test]
    fn initialize_names_the_protocol_version_and_display_modes() {
        let v: Value = serde_json::from_str(&initialize_request(1)).expect("json");
        assert_eq!(v["params"]["protocolVersion"], PROTOCOL_VERSION);
        assert_eq!(v["params"]["appInfo"]["name"], "resource-widget");
        assert_eq!(
            v["params"]["appCapabilities"]["availableDisplayModes"][1],
            "fullscreen"
        );
    }

    #[test]
    fn the_call_s_own_notifications_speak_for_it_and_others_do_not() {
        for name in [
            method::TOOL_INPUT,
            method::TOOL_INPUT_PARTIAL,
            method::TOOL_RESULT,
            method::TOOL_CANCELLED,
        ] {
            assert!(speaks_for_the_call(name), "{name}");
        }
        for name in [method::HOST_CONTEXT_CHANGED, method::PING, "ui/other"] {
            assert!(!speaks_for_the_call(name), "{name}");
        }
    }

    #[test]
    fn the_initialize_result_gives_context_capabilities_and_the_tool_call() {
        let init = read_initialize_result(
            r#"{"protocolVersion":"2026-01-26","hostCapabilities":{"openLinks":{}},"hostContext":{"theme":"dark","toolInfo":{"id":42,"tool":{"name":"pipeline_list"}}}}"#,
        );
        assert_eq!(init.context.theme, Some(Some(crate::Theme::Dark)));
        assert!(init.can_open_links);
        assert_eq!(
            init.tool_call,
            Some(ToolCall {
                name: "pipeline_list".into(),
                request_id: "42".into()
            })
        );
        assert_eq!(read_initialize_result("nonsense"), Initialized::default());
        let no_id = read_initialize_result(r#"{"hostContext":{"toolInfo":{"tool":{"name":"x"}}}}"#);
        assert_eq!(no_id.tool_call, None);
        assert_eq!(no_id.host, "");
        let named =
            read_initialize_result(r#"{"hostInfo":{"name":"test-host","version":"1.0.0"}}"#);
        assert_eq!(named.host, "test-host 1.0.0");
    }

    #[test]
    fn a_size_report_carries_the_height_alone() {
        let sent: Value = serde_json::from_str(&size_changed(812)).unwrap_or_default();
        assert_eq!(
            sent,
            json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"height": 812}})
        );
    }

    #[test]
    fn answers_echo_the_request_id() {
        assert_eq!(empty_result("7"), r#"{"jsonrpc":"2.0","id":7,"result":{}}"#);
        assert_eq!(
            empty_result(r#""a""#),
            r#"{"jsonrpc":"2.0","id":"a","result":{}}"#
        );
        assert_eq!(
            empty_result("{\"x\":1}"),
            r#"{"jsonrpc":"2.0","id":null,"result":{}}"#
        );
        let v: Value = serde_json::from_str(&method_not_found("3", "tools/list")).expect("json");
        assert_eq!(v["error"]["code"], -32601);
        assert_eq!(v["id"], 3);
    }

    #[test]
    fn tool_calls_go_out_and_come_back_as_typed_values() {
        let init = read_initialize_result(r#"{"hostCapabilities":{"serverTools":{}}}"#);
        assert!(init.can_call_tools);
        assert!(!read_initialize_result(r#"{"hostCapabilities":{"openLinks":{}}}"#).can_call_tools);

        let args = tool_input_object(r#"{"arguments":{"uuid":"etl"}}"#).unwrap_or_default();
        assert_eq!(args.get("uuid").and_then(Value::as_str), Some("etl"));
        assert_eq!(tool_input_object(r#"{}"#), Some(serde_json::Map::new()));
        assert_eq!(tool_input_object(r#"{"arguments":[1]}"#), None);

        let call = crate::requests::ToolRequest::read_only("pipeline_get", args)
            .map(|c| tools_call_request(9, &c));
        let sent: Value = serde_json::from_str(&call.unwrap_or_default()).unwrap_or_default();
        assert_eq!(
            sent,
            json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "pipeline_get", "arguments": {"uuid": "etl"}}})
        );

        use crate::calls::CallOutcome;
        assert_eq!(
            tools_call_outcome(Some("{}".into()), None),
            CallOutcome::Answered("{}".into())
        );
        assert_eq!(
            tools_call_outcome(None, Some("denied".into())),
            CallOutcome::Refused("denied".into())
        );
        assert!(matches!(
            tools_call_outcome(Some("null".into()), None),
            CallOutcome::Refused(_)
        ));
    }

    #[test]
    fn display_modes_are_asked_for_and_read_back() {
        use crate::DisplayMode;
        let sent: Value = serde_json::from_str(&display_mode_request(4, DisplayMode::Fullscreen))
            .unwrap_or_default();
        assert_eq!(
            sent,
            json!({"jsonrpc": "2.0", "id": 4, "method": "ui/request-display-mode", "params": {"mode": "fullscreen"}})
        );
        assert_eq!(
            display_mode_set(r#"{"mode":"fullscreen"}"#),
            Some(DisplayMode::Fullscreen)
        );
        assert_eq!(display_mode_set(r#"{"mode":"theatre"}"#), None);
        let init = read_initialize_result(
            r#"{"hostContext":{"availableDisplayModes":["inline","fullscreen","bogus"]}}"#,
        );
        assert_eq!(
            init.context.available_display_modes,
            Some(vec![DisplayMode::Inline, DisplayMode::Fullscreen])
        );
    }

    #[test]
    fn files_go_out_as_embedded_resources() {
        let sent: Value = serde_json::from_str(&download_file_request(
            5,
            "pipelines.csv",
            "text/csv",
            "a,b\r\n",
        ))
        .unwrap_or_default();
        assert_eq!(sent["method"], "ui/download-file");
        assert_eq!(
            sent["params"]["contents"][0],
            json!({"type": "resource", "resource": {"uri": "file:///pipelines.csv", "mimeType": "text/csv", "text": "a,b\r\n"}})
        );
        assert!(read_initialize_result(r#"{"hostCapabilities":{"downloadFile":{}}}"#).can_download);
    }

    #[test]
    fn the_assistant_is_told_in_the_spec_s_shapes() {
        let context = crate::assistant::selected_block("etl", "load").expect("ids");
        let sent: Value =
            serde_json::from_str(&model_context_request(6, &context)).unwrap_or_default();
        assert_eq!(sent["method"], "ui/update-model-context");
        assert_eq!(
            sent["params"]["content"][0]["text"],
            "The user selected block load of pipeline etl."
        );
        assert_eq!(sent["params"]["structuredContent"]["uuid"], "load");
        let asked: Value = serde_json::from_str(&message_request(7, "Why?")).unwrap_or_default();
        assert_eq!(
            asked["params"],
            json!({"role": "user", "content": [{"type": "text", "text": "Why?"}]})
        );
        let init = read_initialize_result(
            r#"{"hostCapabilities":{"updateModelContext":{},"message":{}}}"#,
        );
        assert!(init.can_update_model_context && init.can_message);
    }
}
