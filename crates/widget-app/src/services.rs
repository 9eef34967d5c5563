//! What views may ask of the host, as plain callbacks. The bridge fills them in; views call them
//! without knowing the host, so nothing downstream reaches back into the bridge.

use std::rc::Rc;

use crate::assistant::ModelContext;
use crate::calls::CallOutcome;
use crate::host_context::DisplayMode;
use crate::requests::ToolRequest;

/// Sends one of the widget's read-only tool calls; `done` runs once with how it ended.
pub type CallTool = Rc<dyn Fn(ToolRequest, Box<dyn FnOnce(CallOutcome)>)>;
/// Hands the host a file to save: name, MIME type, content.
pub type DownloadFile = Rc<dyn Fn(&str, &str, &str)>;
/// Runs `then` once, `after_ms` milliseconds from now.
pub type SetTimer = Rc<dyn Fn(f64, Box<dyn FnOnce()>)>;

/// Host services available to views through Leptos context.
#[derive(Clone)]
pub struct HostServices {
    /// Copies text to the clipboard; answers whether it worked.
    pub copy_text: Rc<dyn Fn(&str) -> bool>,
    /// Opens an http(s) URL outside the sandbox (MCP Apps `ui/open-link`, or a new tab). A
    /// control that only opens a link ("Open in Mage") is offered only when
    /// `HostCapabilities::open_links` says the host opens it.
    pub open_link: Rc<dyn Fn(&str)>,
    /// Milliseconds since the Unix epoch, for relative times.
    pub now_ms: Rc<dyn Fn() -> f64>,
    /// A timer (the window's `setTimeout`): what a followed run's next call waits on.
    pub set_timer: SetTimer,
    /// Asks the host to call a read-only tool (MCP Apps `tools/call`, `window.openai.callTool`).
    /// Views offer it only when `HostCapabilities::call_tools` says the host takes it.
    pub call_tool: CallTool,
    /// Asks the host for a display mode (MCP Apps `ui/request-display-mode`,
    /// `window.openai.requestDisplayMode`); the host's answer arrives as a context change. Views
    /// offer it only for a mode in `HostContext::available_display_modes`.
    pub request_display_mode: Rc<dyn Fn(DisplayMode)>,
    /// Hands the host a text file to save: name, MIME type, content (MCP Apps `ui/download-file`).
    /// Views offer it only when `HostCapabilities::download_file` says the host takes it.
    pub download_file: DownloadFile,
    /// Tells the host what the user is looking at (`ui/update-model-context`).
    pub update_model_context: Rc<dyn Fn(&ModelContext)>,
    /// Sends a message as the user's (`ui/message`, `window.openai.sendFollowUpMessage`).
    pub send_message: Rc<dyn Fn(&str)>,
}

impl HostServices {
    /// Services that do nothing, for tests and pages without a host.
    pub fn inert(now_ms: f64) -> HostServices {
        HostServices {
            copy_text: Rc::new(|_| false),
            open_link: Rc::new(|_| {}),
            now_ms: Rc::new(move || now_ms),
            // Never runs: pages without a host follow nothing.
            set_timer: Rc::new(|_, _| {}),
            call_tool: Rc::new(|_, done| done(CallOutcome::Refused("no host".to_owned()))),
            request_display_mode: Rc::new(|_| {}),
            download_file: Rc::new(|_, _, _| {}),
            update_model_context: Rc::new(|_| {}),
            send_message: Rc::new(|_| {}),
        }
    }
}
