//! The host's context as the widget uses it: theme, CSS variables, display mode, locale, time zone,
//! height limit. Bridges read it from their protocol (MCP Apps `hostContext`, `window.openai`
//! globals) into a [`ContextPatch`]; this module only holds and merges it.

/// Light or dark, as the host says; `None` follows `prefers-color-scheme`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

/// How the host shows the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisplayMode {
    Inline,
    Fullscreen,
    Pip,
}

/// What the host offers beyond showing a result, from its `ui/initialize` answer (or the
/// `window.openai` runtime's methods). Controls that need one are shown only when it is there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostCapabilities {
    /// `tools/call` reaches the server (MCP Apps `serverTools`, `window.openai.callTool`).
    pub call_tools: bool,
    /// The host saves a file the widget hands it (MCP Apps `downloadFile`).
    pub download_file: bool,
    /// The host keeps what the widget says the user is looking at (`updateModelContext`).
    pub model_context: bool,
    /// The host takes a message for the conversation (`message`, `window.openai.sendFollowUpMessage`).
    pub message: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostContext {
    /// What the host offers; fixed at the handshake.
    pub capabilities: HostCapabilities,
    pub theme: Option<Theme>,
    /// Host CSS variables (`--color-text-primary` → value), already checked by the bridge.
    pub variables: Vec<(String, String)>,
    pub display_mode: Option<DisplayMode>,
    /// The display modes the host offers this frame (`availableDisplayModes`).
    pub available_display_modes: Vec<DisplayMode>,
    /// BCP 47, e.g. `en-US`, as the host gave it.
    pub locale: Option<String>,
    /// The browser's language, used when the host names none.
    pub browser_locale: Option<String>,
    /// IANA, e.g. `Europe/Paris`.
    pub time_zone: Option<String>,
    /// The most height the host will give the frame, in CSS pixels.
    pub max_height: Option<f64>,
}

/// A change to the context: each field present replaces ours (`Some(None)` clears it), absent
/// fields stay.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContextPatch {
    pub theme: Option<Option<Theme>>,
    pub variables: Option<Vec<(String, String)>>,
    pub display_mode: Option<Option<DisplayMode>>,
    pub available_display_modes: Option<Vec<DisplayMode>>,
    pub locale: Option<Option<String>>,
    pub time_zone: Option<Option<String>>,
    pub max_height: Option<Option<f64>>,
}

impl HostContext {
    /// Applies a patch field by field.
    pub fn merge(&mut self, patch: ContextPatch) {
        let ContextPatch {
            theme,
            variables,
            display_mode,
            available_display_modes,
            locale,
            time_zone,
            max_height,
        } = patch;
        if let Some(modes) = available_display_modes {
            self.available_display_modes = modes;
        }
        if let Some(theme) = theme {
            self.theme = theme;
        }
        if let Some(variables) = variables {
            self.variables = variables;
        }
        if let Some(mode) = display_mode {
            self.display_mode = mode;
        }
        if let Some(locale) = locale {
            self.locale = locale;
        }
        if let Some(zone) = time_zone {
            self.time_zone = zone;
        }
        if let Some(max) = max_height {
            self.max_height = max;
        }
    }

    /// The locale to write in: the host's, else the browser's.
    pub fn effective_locale(&self) -> Option<&str> {
        self.locale.as_deref().or(self.browser_locale.as_deref())
    }

    /// The variables as one inline `style` value: `--a: 1px; --b: red`.
    pub fn style_text(&self) -> String {
        self.variables
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_merge_field_by_field() {
        let mut c = HostContext::default();
        c.merge(ContextPatch {
            theme: Some(Some(Theme::Dark)),
            locale: Some(Some("fr-FR".into())),
            ..Default::default()
        });
        c.merge(ContextPatch {
            theme: Some(Some(Theme::Light)),
            ..Default::default()
        });
        assert_eq!(c.theme, Some(Theme::Light));
        assert_eq!(c.locale.as_deref(), Some("fr-FR"), "absent fields stay");
        c.merge(ContextPatch {
            locale: Some(None),
            ..Default::default()
        });
        assert_eq!(c.locale, None, "present and empty clears");
    }

    #[test]
    fn the_host_locale_wins_over_the_browser_one() {
        let mut c = HostContext {
            browser_locale: Some("en-US".into()),
            ..Default::default()
        };
        assert_eq!(c.effective_locale(), Some("en-US"));
        c.merge(ContextPatch {
            locale: Some(Some("de-DE".into())),
            ..Default::default()
        });
        assert_eq!(c.effective_locale(), Some("de-DE"));
    }
}
