//! The MCP Apps host bridge: JSON-RPC 2.0 over `postMessage` with the parent frame, spoken
//! directly (the JS SDK alone would weigh more than this whole widget).
//!
//! Every message is checked in this order before anything else is read: it comes from our parent
//! window (`event.source`), it is JSON-RPC 2.0, and it is one of the methods we know. Anything else
//! is ignored. Tool results are never logged.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::{Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Window};

use super::jsonrpc::{self, method, MessageKind, ToolCall};
use super::services::HostCalls;
use super::size::SizeReporter;
use super::storage;
use widget_app::restore::{self, GateSignal, RestoreGate, RELOAD_WINDOW_MS};
use widget_app::services::SetTimer;
use widget_app::{
    CallOutcome, ContainerHeight, ContextPatch, DisplayMode, HostEvent, ToolPayload, ToolRequest,
};

/// How long the widget waits for the answer to one of its own tool calls.
pub const CALL_TIMEOUT_MS: u32 = 30_000;

/// What a request we sent is waiting for.
enum Pending {
    Initialize,
    OpenLink,
    DisplayMode,
    /// Requests whose answer changes nothing (download, model context, message).
    Acknowledged,
    /// One of the widget's own tool calls; a timer on the page's clock ends it if no answer comes.
    ToolCall {
        done: Box<dyn FnOnce(CallOutcome)>,
    },
}

struct Shared {
    window: Window,
    parent: Window,
    next_id: Cell<u64>,
    pending: RefCell<HashMap<u64, Pending>>,
    dispatch: Box<dyn Fn(HostEvent)>,
    /// The page's timers (`src/bridge/clock.rs`): a tool call's time limit, the reload window.
    set_timer: SetTimer,
    can_open_links: Cell<bool>,
    can_call_tools: Cell<bool>,
    can_download: Cell<bool>,
    can_update_model_context: Cell<bool>,
    can_message: Cell<bool>,
    size: RefCell<Option<SizeReporter>>,
    /// The frame's height as the host gives it, for the size reports.
    container: Rc<Cell<Option<ContainerHeight>>>,
    /// The handshake is done and the widget is drawn: size reports start when both are.
    initialized: Cell<bool>,
    drawn: Cell<bool>,
    /// The tool call this frame shows (`hostContext.toolInfo`), once the handshake is done.
    tool_call: RefCell<Option<ToolCall>>,
    /// Where this tool call's results are remembered across reloads
    /// (`widget_app::restore::slot_key`), when the host named the call.
    storage_key: RefCell<Option<String>>,
    /// Whether a remembered result may still be shown: only to a frame the host says nothing to.
    gate: Cell<RestoreGate>,
}

/// A live connection to an MCP Apps host. Dropping it stops listening.
pub struct McpAppsBridge {
    shared: Rc<Shared>,
    _listener: EventListener,
}

impl McpAppsBridge {
    /// Starts listening to `parent` and sends `ui/initialize`; its calls' time limits run on
    /// `set_timer`.
    pub fn connect(
        window: Window,
        parent: Window,
        set_timer: SetTimer,
        dispatch: impl Fn(HostEvent) + 'static,
    ) -> McpAppsBridge {
        let shared = Rc::new(Shared {
            window: window.clone(),
            parent,
            next_id: Cell::new(1),
            pending: RefCell::new(HashMap::new()),
            dispatch: Box::new(dispatch),
            set_timer,
            can_open_links: Cell::new(false),
            can_call_tools: Cell::new(false),
            can_download: Cell::new(false),
            can_update_model_context: Cell::new(false),
            can_message: Cell::new(false),
            size: RefCell::new(None),
            container: Rc::new(Cell::new(None)),
            initialized: Cell::new(false),
            drawn: Cell::new(false),
            tool_call: RefCell::new(None),
            storage_key: RefCell::new(None),
            gate: Cell::new(RestoreGate::default()),
        });
        let listener = {
            let shared = Rc::clone(&shared);
            EventListener::new(&window, "message", move |event| {
                if let Some(event) = event.dyn_ref::<MessageEvent>() {
                    shared.on_message(event);
                }
            })
        };
        let id = shared.remember(Pending::Initialize);
        shared.post(&jsonrpc::initialize_request(id));
        McpAppsBridge {
            shared,
            _listener: listener,
        }
    }

    /// The widget is drawn: size reports may start (once the handshake is done too).
    pub fn drawn(&self) {
        self.shared.drawn.set(true);
        self.shared.start_size_reports();
    }
}

impl HostCalls for McpAppsBridge {
    /// Asks the host to open `url`; `false` when the host did not offer `openLinks`.
    fn open_link(&self, url: &str) -> bool {
        if !self.shared.can_open_links.get() {
            return false;
        }
        let id = self.shared.remember(Pending::OpenLink);
        self.shared.post(&jsonrpc::request(
            id,
            method::OPEN_LINK,
            serde_json::json!({ "url": url }),
        ));
        true
    }

    /// Hands the host a text file to save (`ui/download-file`), when it offered `downloadFile`.
    fn download_file(&self, name: &str, mime_type: &str, text: &str) {
        if !self.shared.can_download.get() {
            return;
        }
        let id = self.shared.remember(Pending::Acknowledged);
        self.shared
            .post(&jsonrpc::download_file_request(id, name, mime_type, text));
    }

    /// Tells the host what the user is looking at (`ui/update-model-context`), when it offered that.
    fn update_model_context(&self, context: &widget_app::assistant::ModelContext) {
        if !self.shared.can_update_model_context.get() {
            return;
        }
        let id = self.shared.remember(Pending::Acknowledged);
        self.shared
            .post(&jsonrpc::model_context_request(id, context));
    }

    /// Sends `text` as the user's message (`ui/message`), when the host offered that.
    fn send_message(&self, text: &str) {
        if !self.shared.can_message.get() {
            return;
        }
        let id = self.shared.remember(Pending::Acknowledged);
        self.shared.post(&jsonrpc::message_request(id, text));
    }

    /// Asks the host for `mode` (`ui/request-display-mode`); the mode the host answers it set
    /// becomes the context's display mode.
    fn request_display_mode(&self, mode: DisplayMode) {
        let id = self.shared.remember(Pending::DisplayMode);
        self.shared.post(&jsonrpc::display_mode_request(id, mode));
    }

    /// Sends one of the widget's read-only tool calls (`tools/call`); `done` runs once, with the
    /// answer, the host's refusal, or a time-out after [`CALL_TIMEOUT_MS`].
    fn call_tool(&self, request: ToolRequest, done: Box<dyn FnOnce(CallOutcome)>) {
        if !self.shared.can_call_tools.get() {
            done(CallOutcome::Refused(
                "the host does not take tool calls".to_owned(),
            ));
            return;
        }
        let id = self.shared.remember(Pending::ToolCall { done });
        let weak = Rc::downgrade(&self.shared);
        (self.shared.set_timer)(
            f64::from(CALL_TIMEOUT_MS),
            Box::new(move || {
                let Some(shared) = weak.upgrade() else { return };
                // An answer that came first took the call out: nothing to end.
                let pending = shared.pending.borrow_mut().remove(&id);
                if let Some(Pending::ToolCall { done }) = pending {
                    done(CallOutcome::TimedOut);
                }
            }),
        );
        self.shared.post(&jsonrpc::tools_call_request(id, &request));
    }
}

impl Shared {
    fn remember(&self, pending: Pending) -> u64 {
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        self.pending.borrow_mut().insert(id, pending);
        id
    }

    fn post(&self, message: &str) {
        // Our messages carry no tool data, so any origin may read them: the host's sandbox proxy
        // origin is not known to the widget. (The host SDK does the same.)
        if let Ok(value) = JSON::parse(message) {
            let _ = self.parent.post_message(&value, "*");
        }
    }

    fn on_message(self: &Rc<Self>, event: &MessageEvent) {
        // Sender first: only our parent speaks for the host.
        let from_parent = event
            .source()
            .is_some_and(|source| Object::is(source.as_ref(), self.parent.as_ref()));
        if !from_parent {
            return;
        }
        let data = event.data();
        if !data.is_object() {
            return;
        }
        let field = |name: &str| {
            Reflect::get(&data, &JsValue::from_str(name))
                .ok()
                .filter(|v| !v.is_undefined())
        };
        let jsonrpc = field("jsonrpc").and_then(|v| v.as_string());
        let id = field("id").filter(|v| !v.is_null());
        let name = field("method").and_then(|v| v.as_string());
        let has_outcome = field("result").is_some() || field("error").is_some();
        match jsonrpc::classify(
            jsonrpc.as_deref(),
            id.is_some(),
            name.as_deref(),
            has_outcome,
        ) {
            MessageKind::Foreign => {}
            MessageKind::Response => self.on_response(
                id.and_then(|id| id.as_f64()),
                field("result"),
                field("error").map(|e| error_message(&e)),
            ),
            MessageKind::Request => {
                self.on_request(id.as_ref(), name.as_deref().unwrap_or_default())
            }
            MessageKind::Notification => {
                let name = name.unwrap_or_default();
                if name == method::TOOL_RESULT {
                    mark_arrival(&self.window);
                }
                let params = if name == method::TOOL_RESULT {
                    field("params").and_then(|p| tool_result_text(&p))
                } else if jsonrpc::needs_params(&name) {
                    field("params").and_then(|p| stringify(&p))
                } else {
                    None
                };
                if jsonrpc::speaks_for_the_call(&name) {
                    self.pass_gate(GateSignal::HostSpoke);
                }
                if name == method::TOOL_INPUT {
                    self.on_tool_input(params.as_deref());
                }
                if let Some(event) = jsonrpc::notification_event(&name, params) {
                    if let HostEvent::ToolResult(ToolPayload::CallToolResult(text)) = &event {
                        self.keep(text);
                    }
                    if let HostEvent::ContextChanged(ContextPatch {
                        container_height: Some(container),
                        ..
                    }) = &event
                    {
                        self.container.set(*container);
                    }
                    (self.dispatch)(event);
                    self.request_size();
                }
            }
        }
    }

    /// The call this frame shows, for Refresh: its tool and its arguments.
    fn on_tool_input(&self, params: Option<&str>) {
        let tool = self
            .tool_call
            .borrow()
            .as_ref()
            .map(|call| call.name.clone());
        if let (Some(tool), Some(arguments)) = (tool, params.and_then(jsonrpc::tool_input_object)) {
            (self.dispatch)(HostEvent::ToolCallKnown { tool, arguments });
        }
    }

    /// Moves the restore gate; at the end of a silent window, shows the result remembered for this
    /// frame's call, if one is restorable (`widget_app::restore`).
    fn pass_gate(&self, signal: GateSignal) {
        let mut gate = self.gate.get();
        let restore_now = gate.on(signal);
        self.gate.set(gate);
        if let Some(root) = self.window.document().and_then(|d| d.document_element()) {
            let _ = root.set_attribute("data-restore", gate.as_str());
        }
        if !restore_now {
            return;
        }
        let remembered = self
            .storage_key
            .borrow()
            .as_deref()
            .and_then(|key| storage::load(&self.window, key));
        if let Some(result) = remembered.as_deref().and_then(restore::restorable) {
            (self.dispatch)(HostEvent::RestoredResult(ToolPayload::CallToolResult(
                result.to_owned(),
            )));
            self.request_size();
        }
    }

    /// Starts the reload window: if the host says nothing for the call until it ends, a remembered
    /// result may be shown.
    fn open_reload_window(self: &Rc<Self>) {
        self.pass_gate(GateSignal::Initialized);
        let weak = Rc::downgrade(self);
        // The end of the window changes nothing once the host has spoken (`RestoreGate::on`).
        (self.set_timer)(
            f64::from(RELOAD_WINDOW_MS),
            Box::new(move || {
                if let Some(shared) = weak.upgrade() {
                    shared.pass_gate(GateSignal::WindowElapsed);
                }
            }),
        );
    }

    /// Keeps a live result (redacted, later) under this call's key, when the host named the call.
    fn keep(&self, text: &str) {
        if let Some(key) = self.storage_key.borrow().as_ref() {
            if text.len() <= storage::MAX_STORED_BYTES {
                storage::save_later(&self.window, key.clone(), text.to_owned());
            }
        }
    }

    /// The content may have changed; the resize observer can be paused off screen.
    fn request_size(&self) {
        if let Some(size) = self.size.borrow().as_ref() {
            size.request();
        }
    }

    fn on_response(
        self: &Rc<Self>,
        id: Option<f64>,
        result: Option<JsValue>,
        error: Option<String>,
    ) {
        let pending = id.and_then(|id| self.pending.borrow_mut().remove(&(id as u64)));
        let Some(pending) = pending else {
            return;
        };
        match pending {
            Pending::Initialize => {
                let result = result.and_then(|r| stringify(&r)).unwrap_or_default();
                let init = jsonrpc::read_initialize_result(&result);
                self.can_open_links.set(init.can_open_links);
                self.can_call_tools.set(init.can_call_tools);
                self.can_download.set(init.can_download);
                self.can_update_model_context
                    .set(init.can_update_model_context);
                self.can_message.set(init.can_message);
                *self.storage_key.borrow_mut() = init
                    .tool_call
                    .as_ref()
                    .map(|call| restore::slot_key(&init.host, &call.name, &call.request_id));
                *self.tool_call.borrow_mut() = init.tool_call;
                let mut context = super::browser::browser_context(&self.window);
                context.merge(init.context);
                context.capabilities.call_tools = init.can_call_tools;
                context.capabilities.download_file = init.can_download;
                context.capabilities.model_context = init.can_update_model_context;
                context.capabilities.message = init.can_message;
                context.capabilities.open_links = init.can_open_links;
                self.container.set(context.container_height);
                (self.dispatch)(HostEvent::Connected(context));
                self.post(&jsonrpc::notification(
                    method::INITIALIZED,
                    serde_json::json!({}),
                ));
                self.initialized.set(true);
                self.start_size_reports();
                self.open_reload_window();
            }
            Pending::OpenLink | Pending::Acknowledged => {}
            Pending::DisplayMode => {
                let mode = result
                    .and_then(|r| stringify(&r))
                    .and_then(|r| jsonrpc::display_mode_set(&r));
                if let Some(mode) = mode {
                    (self.dispatch)(HostEvent::ContextChanged(ContextPatch {
                        display_mode: Some(Some(mode)),
                        ..ContextPatch::default()
                    }));
                }
            }
            Pending::ToolCall { done, .. } => {
                done(jsonrpc::tools_call_outcome(
                    result.as_ref().and_then(tool_result_text),
                    error,
                ));
            }
        }
    }

    fn on_request(&self, id: Option<&JsValue>, name: &str) {
        let id_text = id.and_then(stringify).unwrap_or_else(|| "null".to_owned());
        match name {
            method::RESOURCE_TEARDOWN => {
                // Stop reporting sizes first (and for good): the frame is about to go.
                self.initialized.set(false);
                self.size.borrow_mut().take();
                (self.dispatch)(HostEvent::Teardown);
                self.post(&jsonrpc::empty_result(&id_text));
            }
            method::PING => self.post(&jsonrpc::empty_result(&id_text)),
            other => self.post(&jsonrpc::method_not_found(&id_text, other)),
        }
    }

    /// Starts the size reports once the handshake is done and the widget is drawn, not before:
    /// a page not drawn yet has no height, and a host applies a report of 0 as given (the frame
    /// collapses before it grows). The JavaScript build draws only after the page translated the
    /// drawing code, which can be well after the handshake.
    fn start_size_reports(&self) {
        if !(self.initialized.get() && self.drawn.get()) || self.size.borrow().is_some() {
            return;
        }
        let parent = self.parent.clone();
        let container = Rc::clone(&self.container);
        let reporter = SizeReporter::start(
            &self.window,
            move |content| widget_app::size::reported_height(content, container.get()),
            move |height| {
                if let Ok(value) = JSON::parse(&jsonrpc::size_changed(height)) {
                    let _ = parent.post_message(&value, "*");
                }
            },
        );
        *self.size.borrow_mut() = reporter;
    }
}

/// The moment a result reached this frame, as a User Timing mark: benchmarks read it to time the
/// widget's own work apart from the host's message hops. Nothing is logged.
pub fn mark_arrival(window: &Window) {
    if let Some(performance) = window.performance() {
        let _ = performance.mark(RESULT_ARRIVED_MARK);
    }
}

/// The name of the mark [`mark_arrival`] sets.
pub const RESULT_ARRIVED_MARK: &str = "resource-widget:result-received";

/// A tool result's JSON as the model reads it. When `structuredContent` is there (and the call
/// did not fail), `content[0].text` is a second copy of it that the model will not read: it is
/// left out rather than serialised and copied into wasm.
fn tool_result_text(params: &JsValue) -> Option<String> {
    let get = |key: &str| {
        Reflect::get(params, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined())
    };
    let failed = get("isError").and_then(|v| v.as_bool()) == Some(true);
    if failed || !get("structuredContent").is_some_and(|v| v.is_object()) {
        return stringify(params);
    }
    let slim = Object::new();
    for key in ["structuredContent", "_meta"] {
        if let Some(value) = get(key) {
            let _ = Reflect::set(&slim, &JsValue::from_str(key), &value);
        }
    }
    stringify(&slim)
}

/// A JSON-RPC error's `message`, or a word for an error without one.
fn error_message(error: &JsValue) -> String {
    Reflect::get(error, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "error".to_owned())
}

fn stringify(value: &JsValue) -> Option<String> {
    JSON::stringify(value).ok()?.as_string()
}
