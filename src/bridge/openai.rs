//! The `window.openai` runtime (ChatGPT's Apps SDK): the result is a global (`toolOutput`, the
//! structuredContent, with `toolResponseMetadata`, the result's `_meta`), the host context is a
//! set of globals (`theme`, `displayMode`, `maxHeight`, `locale`), and `openai:set_globals`
//! announces changes. The height goes back through `notifyIntrinsicHeight(height)`; the last
//! result is remembered in `widgetState` (redacted, small results only) for rebuilt frames.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::{Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CustomEvent, Window};

use super::context::patch_of_openai_globals;
use super::services::HostCalls;
use super::size::SizeReporter;
use widget_app::services::SetTimer;
use widget_app::{CallOutcome, ContainerHeight, DisplayMode, HostEvent, ToolPayload, ToolRequest};

/// The event the host fires when globals change.
pub const SET_GLOBALS: &str = "openai:set_globals";
/// The key of our entry in `widgetState`.
const STATE_KEY: &str = "resourceWidget";
/// The Apps SDK shows `widgetState` to the model, so it must stay small: a result whose redacted
/// copy is larger is not remembered.
pub const MAX_STATE_BYTES: usize = 16 * 1024;

struct Shared {
    openai: JsValue,
    /// The page's timers (`src/bridge/clock.rs`): a tool call's time limit.
    set_timer: SetTimer,
    window: Window,
    dispatch: Box<dyn Fn(HostEvent)>,
    /// The frame's height limit (`maxHeight`), for the size reports.
    container: Rc<Cell<Option<ContainerHeight>>>,
    /// The `toolOutput` last delivered, by identity, so unrelated global changes do not re-render.
    delivered: RefCell<JsValue>,
}

/// A live connection to the `window.openai` runtime. Dropping it stops listening.
pub struct OpenAiBridge {
    shared: Rc<Shared>,
    _listener: EventListener,
    /// Started once the widget is drawn ([`OpenAiBridge::drawn`]).
    size: RefCell<Option<SizeReporter>>,
}

/// `window.openai`, when this frame runs in that runtime.
pub fn runtime(window: &Window) -> Option<JsValue> {
    Reflect::get(window, &"openai".into())
        .ok()
        .filter(JsValue::is_object)
}

fn get(target: &JsValue, name: &str) -> JsValue {
    Reflect::get(target, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn stringify(value: &JsValue) -> Option<String> {
    JSON::stringify(value).ok()?.as_string()
}

fn method(target: &JsValue, name: &str) -> Option<Function> {
    get(target, name).dyn_into::<Function>().ok()
}

impl OpenAiBridge {
    /// Reads the runtime's globals now and at every `openai:set_globals`; its calls' time limits
    /// run on `set_timer`.
    pub fn connect(
        window: &Window,
        openai: JsValue,
        set_timer: SetTimer,
        dispatch: impl Fn(HostEvent) + 'static,
    ) -> OpenAiBridge {
        let shared = Rc::new(Shared {
            openai,
            set_timer,
            window: window.clone(),
            dispatch: Box::new(dispatch),
            container: Rc::new(Cell::new(None)),
            delivered: RefCell::new(JsValue::NULL),
        });
        let mut context = super::browser::browser_context(window);
        if let Some(globals) = shared.globals_json(&["theme", "displayMode", "maxHeight", "locale"])
        {
            context.merge(patch_of_openai_globals(&globals));
        }
        context.capabilities.call_tools = method(&shared.openai, "callTool").is_some();
        context.capabilities.message = method(&shared.openai, "sendFollowUpMessage").is_some();
        context.capabilities.open_links = method(&shared.openai, "openExternal").is_some();
        // The runtime names no available modes: with requestDisplayMode, inline and fullscreen.
        if method(&shared.openai, "requestDisplayMode").is_some() {
            context.available_display_modes = vec![DisplayMode::Inline, DisplayMode::Fullscreen];
        }
        shared.container.set(context.container_height);
        (shared.dispatch)(HostEvent::Connected(context));
        if !shared.deliver_result() {
            shared.restore_result();
        }

        let listener = {
            let shared = Rc::clone(&shared);
            EventListener::new(window, SET_GLOBALS, move |event| {
                let globals = event
                    .dyn_ref::<CustomEvent>()
                    .map(|e| get(&e.detail(), "globals"))
                    .filter(JsValue::is_object);
                let Some(globals) = globals else { return };
                if let Some(patch) = stringify(&globals).and_then(|t| serde_json::from_str(&t).ok())
                {
                    let patch = patch_of_openai_globals(&patch);
                    if let Some(container) = patch.container_height {
                        shared.container.set(container);
                    }
                    (shared.dispatch)(HostEvent::ContextChanged(patch));
                }
                // The result globals are read from window.openai itself: the event may carry only
                // what changed.
                if Reflect::has(&globals, &"toolOutput".into()).unwrap_or(false)
                    || Reflect::has(&globals, &"toolResponseMetadata".into()).unwrap_or(false)
                {
                    shared.deliver_result();
                }
            })
        };
        OpenAiBridge {
            shared,
            _listener: listener,
            size: RefCell::new(None),
        }
    }

    /// The widget is drawn: its height goes to `notifyIntrinsicHeight` from now on (before, the
    /// page has no height to tell).
    pub fn drawn(&self) {
        if self.size.borrow().is_some() {
            return;
        }
        let openai = self.shared.openai.clone();
        let container = Rc::clone(&self.shared.container);
        *self.size.borrow_mut() = SizeReporter::start(
            &self.shared.window,
            move |content| widget_app::size::reported_height(content, container.get()),
            move |height| {
                if let Some(notify) = method(&openai, "notifyIntrinsicHeight") {
                    let _ = notify.call1(&openai, &JsValue::from_f64(f64::from(height)));
                }
            },
        );
    }
}

/// The runtime has no download or model-context call: those keep the trait's defaults (nothing),
/// and the capabilities read from its globals leave their controls off.
impl HostCalls for OpenAiBridge {
    /// Calls one of the widget's read-only tools through `callTool(name, arguments)`; `done` runs
    /// once: with the result, the rejection, or a time-out after `mcp_apps::CALL_TIMEOUT_MS`.
    fn call_tool(&self, request: ToolRequest, done: Box<dyn FnOnce(CallOutcome)>) {
        let openai = &self.shared.openai;
        let arguments =
            JSON::parse(&serde_json::Value::Object(request.arguments().clone()).to_string());
        let (Some(call), Ok(arguments)) = (method(openai, "callTool"), arguments) else {
            done(CallOutcome::Refused(
                "the host does not take tool calls".to_owned(),
            ));
            return;
        };
        let promise = call
            .call2(openai, &JsValue::from_str(request.tool()), &arguments)
            .ok()
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
        let Some(promise) = promise else {
            done(CallOutcome::Refused(
                "callTool did not answer with a promise".to_owned(),
            ));
            return;
        };
        // Whichever comes first (answer, rejection, time-out) ends the call; the others find it gone.
        let once = Rc::new(RefCell::new(Some(done)));
        let finish = move |outcome: CallOutcome| {
            let done = once.borrow_mut().take();
            if let Some(done) = done {
                done(outcome);
            }
        };
        let (on_answer, on_reject, on_time) = (finish.clone(), finish.clone(), finish);
        let answered = wasm_bindgen::closure::Closure::once_into_js(move |value: JsValue| {
            on_answer(match stringify(&value).filter(|t| t.starts_with('{')) {
                Some(text) => CallOutcome::Answered(text),
                None => CallOutcome::Refused("callTool gave no result".to_owned()),
            })
        });
        let rejected = wasm_bindgen::closure::Closure::once_into_js(move |reason: JsValue| {
            let message = reason
                .as_string()
                .or_else(|| get(&reason, "message").as_string())
                .unwrap_or_else(|| "refused".to_owned());
            on_reject(CallOutcome::Refused(widget_model::text::truncate_chars(
                &message, 300,
            )))
        });
        if let Some(then) = method(&promise, "then") {
            let _ = then.call2(&promise, &answered, &rejected);
        }
        (self.shared.set_timer)(
            f64::from(super::mcp_apps::CALL_TIMEOUT_MS),
            Box::new(move || on_time(CallOutcome::TimedOut)),
        );
    }

    /// Sends `text` as the user's message (`sendFollowUpMessage({ prompt })`).
    fn send_message(&self, text: &str) {
        let openai = &self.shared.openai;
        if let Some(send) = method(openai, "sendFollowUpMessage") {
            let args = Object::new();
            let _ = Reflect::set(&args, &"prompt".into(), &JsValue::from_str(text));
            let _ = send.call1(openai, &args);
        }
    }

    /// Asks the runtime for `mode` (`requestDisplayMode({ mode })`); the change comes back as an
    /// `openai:set_globals` event.
    fn request_display_mode(&self, mode: DisplayMode) {
        let openai = &self.shared.openai;
        if let Some(request) = method(openai, "requestDisplayMode") {
            let args = Object::new();
            let name = crate::bridge::context::display_mode_name(mode);
            let _ = Reflect::set(&args, &"mode".into(), &JsValue::from_str(name));
            let _ = request.call1(openai, &args);
        }
    }

    /// Opens an http(s) URL through `openExternal`; `false` when the runtime lacks it.
    fn open_link(&self, url: &str) -> bool {
        let Some(open) = method(&self.shared.openai, "openExternal") else {
            return false;
        };
        let args = Object::new();
        let _ = Reflect::set(&args, &"href".into(), &url.into());
        open.call1(&self.shared.openai, &args).is_ok()
    }
}

impl Shared {
    /// The named globals as JSON.
    fn globals_json(&self, names: &[&str]) -> Option<serde_json::Value> {
        let globals = Object::new();
        for name in names {
            let value = get(&self.openai, name);
            if !value.is_undefined() {
                let _ = Reflect::set(&globals, &(*name).into(), &value);
            }
        }
        serde_json::from_str(&stringify(&globals)?).ok()
    }

    /// Delivers `toolOutput` if it is a new object; `false` when there is none.
    fn deliver_result(&self) -> bool {
        let output = get(&self.openai, "toolOutput");
        if !output.is_object() {
            return false;
        }
        if Object::is(&output, &self.delivered.borrow()) {
            return true;
        }
        let Some(structured) = stringify(&output) else {
            return false;
        };
        let hints = stringify(&get(
            &get(&self.openai, "toolResponseMetadata"),
            "host/widgetData",
        ))
        .filter(|h| h != "null");
        *self.delivered.borrow_mut() = output;
        self.keep(&structured, hints.as_deref());
        (self.dispatch)(HostEvent::ToolResult(ToolPayload::Parts {
            structured,
            hints,
        }));
        true
    }

    /// Shows the result remembered in `widgetState`, if any.
    fn restore_result(&self) {
        let remembered = get(&get(&self.openai, "widgetState"), STATE_KEY);
        let structured = get(&remembered, "structured").as_string();
        let hints = get(&remembered, "hints").as_string();
        if let Some(structured) = structured {
            (self.dispatch)(HostEvent::RestoredResult(ToolPayload::Parts {
                structured,
                hints,
            }));
        } else if get(&self.openai, "toolInput").is_object() {
            (self.dispatch)(HostEvent::ToolInput);
        }
    }

    /// Keeps a small result, redacted, in `widgetState` beside whatever else is there.
    fn keep(&self, structured: &str, hints: Option<&str>) {
        if structured.len() + hints.map_or(0, str::len) > 4 * MAX_STATE_BYTES {
            return;
        }
        let Some(set_state) = method(&self.openai, "setWidgetState") else {
            return;
        };
        let Some(structured) = widget_model::redacted_json(structured) else {
            return;
        };
        let hints = hints.and_then(widget_model::redacted_json);
        if structured.len() + hints.as_deref().map_or(0, str::len) > MAX_STATE_BYTES {
            return;
        }
        let entry = Object::new();
        let _ = Reflect::set(&entry, &"structured".into(), &structured.into());
        if let Some(hints) = hints {
            let _ = Reflect::set(&entry, &"hints".into(), &hints.into());
        }
        let previous = get(&self.openai, "widgetState");
        let state = Object::assign(
            &Object::new(),
            &previous
                .dyn_into::<Object>()
                .unwrap_or_else(|_| Object::new()),
        );
        let _ = Reflect::set(&state, &STATE_KEY.into(), &entry);
        let _ = set_state.call1(&self.openai, &state);
    }
}
