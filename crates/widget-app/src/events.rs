//! What a host bridge reports. Bridges translate their host's protocol (MCP Apps postMessage,
//! `window.openai`, …) into these events; the rest of the widget knows nothing of protocols.

use crate::host_context::{ContextPatch, HostContext};

/// A tool result exactly as the host delivered it: raw JSON text, parsed later by the model.
#[derive(Clone, Debug, PartialEq)]
pub enum ToolPayload {
    /// A whole CallToolResult (MCP Apps `ui/notifications/tool-result` params).
    CallToolResult(String),
    /// A structuredContent and its `host/widgetData` hints, each as JSON text (the
    /// `window.openai` runtime gives them apart).
    Parts {
        structured: String,
        hints: Option<String>,
    },
}

/// Something the host told the widget.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// The handshake completed; the host's context (theme, styles, display mode, locale…).
    Connected(HostContext),
    /// A partial update of the host context, to merge.
    ContextChanged(ContextPatch),
    /// The tool was called; its result is on the way.
    ToolInput,
    /// Which tool the host called for this frame, with what arguments (for Refresh).
    ToolCallKnown {
        tool: String,
        arguments: serde_json::Map<String, serde_json::Value>,
    },
    /// The tool's result.
    ToolResult(ToolPayload),
    /// A result restored from the host's or the frame's storage after a reload.
    RestoredResult(ToolPayload),
    /// The tool call was cancelled, with the host's reason if it gave one.
    ToolCancelled(Option<String>),
    /// The host is about to remove the widget.
    Teardown,
    /// The widget's document was hidden (`true`) or shown again (the page's `visibilitychange`).
    Hidden(bool),
}
