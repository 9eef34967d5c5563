//! What the browser itself says before any host speaks.

use widget_app::HostContext;

/// The context the browser gives (its language), before the host's.
pub fn browser_context(window: &web_sys::Window) -> HostContext {
    HostContext {
        browser_locale: window.navigator().language(),
        ..HostContext::default()
    }
}
