//! Host services for the views: clipboard, links, the page's clock. They touch `window`, so they
//! live here.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlDocument, HtmlTextAreaElement, Window};

use super::clock::Clock;
use widget_app::assistant::ModelContext;
use widget_app::services::{CallTool, DownloadFile};
use widget_app::{CallOutcome, DisplayMode, HostServices, ToolRequest};

/// What the host itself does for the views, when there is a host: open a link (`false` when it
/// would not), make a tool call, change the display mode.
pub struct ViaHost {
    pub open_link: Rc<dyn Fn(&str) -> bool>,
    pub call_tool: CallTool,
    pub request_display_mode: Rc<dyn Fn(DisplayMode)>,
    pub download_file: DownloadFile,
    pub update_model_context: Rc<dyn Fn(&ModelContext)>,
    pub send_message: Rc<dyn Fn(&str)>,
}

/// What a host bridge does for the views. A host that has no way to take files or the model's
/// context keeps the defaults, which do nothing (its capabilities leave those controls off).
pub trait HostCalls {
    /// Asks the host to open `url`; `false` when it would not.
    fn open_link(&self, url: &str) -> bool;
    /// Sends one of the widget's read-only tool calls; `done` runs once, with its outcome.
    fn call_tool(&self, request: ToolRequest, done: Box<dyn FnOnce(CallOutcome)>);
    /// Asks the host for a display mode.
    fn request_display_mode(&self, mode: DisplayMode);
    /// Sends `text` as the user's message.
    fn send_message(&self, text: &str);
    /// Hands the host a text file to save.
    fn download_file(&self, _name: &str, _mime_type: &str, _text: &str) {}
    /// Tells the host what the user is looking at.
    fn update_model_context(&self, _context: &ModelContext) {}
}

impl ViaHost {
    /// The views' calls, each through `bridge`.
    pub fn of<B: HostCalls + 'static>(bridge: &Rc<B>) -> ViaHost {
        let (links, calls, modes, messages, files, context) = (
            Rc::clone(bridge),
            Rc::clone(bridge),
            Rc::clone(bridge),
            Rc::clone(bridge),
            Rc::clone(bridge),
            Rc::clone(bridge),
        );
        ViaHost {
            open_link: Rc::new(move |url| links.open_link(url)),
            call_tool: Rc::new(move |request, done| calls.call_tool(request, done)),
            request_display_mode: Rc::new(move |mode| modes.request_display_mode(mode)),
            download_file: Rc::new(move |name, mime, text| files.download_file(name, mime, text)),
            update_model_context: Rc::new(move |c| context.update_model_context(c)),
            send_message: Rc::new(move |text| messages.send_message(text)),
        }
    }
}

/// Services backed by this window, the page's clock and, when there is one, the host (tried first
/// for links; tool calls and display modes need it).
pub fn window_services(window: Window, clock: &Clock, via_host: Option<ViaHost>) -> HostServices {
    let inert = HostServices::inert(0.0);
    let (
        open_via_host,
        call_via_host,
        display_via_host,
        download_via_host,
        context_via_host,
        message_via_host,
    ) = match via_host {
        Some(h) => (
            Some(h.open_link),
            Some(h.call_tool),
            Some(h.request_display_mode),
            Some(h.download_file),
            h.update_model_context,
            h.send_message,
        ),
        None => (
            None,
            None,
            None,
            None,
            inert.update_model_context,
            inert.send_message,
        ),
    };
    let copy_window = window.clone();
    HostServices {
        copy_text: Rc::new(move |text| copy_text(&copy_window, text)),
        open_link: Rc::new(move |url| {
            if !widget_model::cell::is_web_url(url) {
                return;
            }
            if open_via_host.as_ref().is_some_and(|open| open(url)) {
                return;
            }
            let _ =
                window.open_with_url_and_target_and_features(url, "_blank", "noopener,noreferrer");
        }),
        now_ms: Rc::clone(&clock.now_ms),
        set_timer: Rc::clone(&clock.set_timer),
        call_tool: call_via_host
            .unwrap_or_else(|| Rc::new(|_, done| done(CallOutcome::Refused("no host".to_owned())))),
        request_display_mode: display_via_host.unwrap_or_else(|| Rc::new(|_| {})),
        download_file: download_via_host.unwrap_or_else(|| Rc::new(|_, _, _| {})),
        update_model_context: context_via_host,
        send_message: message_via_host,
    }
}

/// Copies `text`. A hidden textarea and `execCommand` work in sandboxed frames that were not
/// granted `clipboard-write`; the async Clipboard API is the fallback.
fn copy_text(window: &Window, text: &str) -> bool {
    let Some(document) = window.document() else {
        return false;
    };
    let copied = (|| {
        let area: HtmlTextAreaElement =
            document.create_element("textarea").ok()?.dyn_into().ok()?;
        area.set_value(text);
        area.set_attribute("readonly", "").ok()?;
        area.set_attribute("aria-hidden", "true").ok()?;
        area.style()
            .set_css_text("position:fixed;top:0;left:0;opacity:0;pointer-events:none");
        let active = document.active_element();
        document.body()?.append_child(&area).ok()?;
        area.select();
        let ok = document
            .dyn_ref::<HtmlDocument>()?
            .exec_command("copy")
            .unwrap_or(false);
        area.remove();
        if let Some(el) = active.and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
        Some(ok)
    })()
    .unwrap_or(false);
    if copied {
        return true;
    }
    let navigator = window.navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .ok()
        .filter(|c| c.is_object());
    let write = clipboard
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok());
    match (
        clipboard,
        write.and_then(|w| w.dyn_into::<js_sys::Function>().ok()),
    ) {
        (Some(clipboard), Some(write)) => match write.call1(&clipboard, &text.into()) {
            Ok(promise) => {
                // Swallow a refusal: the widget says "copy failed" only when it knows.
                if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                    let ignore =
                        wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(
                            |_| {},
                        );
                    let _ = promise.catch(&ignore);
                    // A few bytes per copy click, kept so the rejection handler outlives this call.
                    ignore.forget();
                }
                true
            }
            Err(_) => false,
        },
        _ => false,
    }
}
