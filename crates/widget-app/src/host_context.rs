//! The host's context as the widget uses it: theme, CSS variables, display mode, locale, time zone,
//! the container's height, the safe area. Bridges read it from their protocol (MCP Apps
//! `hostContext`, `window.openai` globals) into a [`ContextPatch`]; this module holds and merges it
//! and says what it means for the page: the root's inline style ([`HostContext::root_style`]).

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

/// The height the host gives the frame (MCP Apps `hostContext.containerDimensions`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ContainerHeight {
    /// `height`: the host fixes the frame's height; the widget fills it.
    Fixed(f64),
    /// `maxHeight`: the frame follows the widget's height up to this; past it the widget scrolls
    /// inside the frame.
    AtMost(f64),
}

impl ContainerHeight {
    /// The most height the widget has, in CSS pixels.
    pub fn limit(self) -> f64 {
        match self {
            ContainerHeight::Fixed(height) | ContainerHeight::AtMost(height) => height,
        }
    }
}

/// The part of the frame the host's own chrome covers, in CSS pixels per edge (MCP Apps
/// `hostContext.safeAreaInsets`): the widget pads its content by it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SafeAreaInsets {
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub left: f64,
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
    /// The host opens a link the widget hands it (MCP Apps `openLinks`, `window.openai.openExternal`).
    pub open_links: bool,
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
    /// The frame's height as the host gives it: fixed, capped, or (`None`) the widget's own.
    pub container_height: Option<ContainerHeight>,
    /// What the host's chrome covers of the frame.
    pub safe_area: Option<SafeAreaInsets>,
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
    pub container_height: Option<Option<ContainerHeight>>,
    pub safe_area: Option<Option<SafeAreaInsets>>,
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
            container_height,
            safe_area,
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
        if let Some(container) = container_height {
            self.container_height = container;
        }
        if let Some(insets) = safe_area {
            self.safe_area = insets;
        }
    }

    /// The locale to write in: the host's, else the browser's.
    pub fn effective_locale(&self) -> Option<&str> {
        self.locale.as_deref().or(self.browser_locale.as_deref())
    }

    /// The widget root's inline style (`--a: 1px; --b: red`): the host's CSS variables, then what
    /// the frame's shape asks of the page. A container height caps a list's or graph's scroll area
    /// (`--table-max-height`: the height less the widget's header and bar, never under 200 px); a
    /// fixed one is filled (`--container-fill: 100vh`, the root's minimum height: the host fixes
    /// the frame, so the viewport cannot grow with the content); the safe area pads the root
    /// (`--safe-area-top` and the other edges, added to its own padding).
    pub fn root_style(&self) -> String {
        let mut parts: Vec<String> = self
            .variables
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        if let Some(container) = self.container_height {
            parts.push(format!(
                "--table-max-height: {}px",
                (container.limit() - 140.0).max(200.0).round()
            ));
            if let ContainerHeight::Fixed(_) = container {
                parts.push("--container-fill: 100vh".to_owned());
            }
        }
        if let Some(insets) = self.safe_area {
            for (edge, px) in [
                ("top", insets.top),
                ("right", insets.right),
                ("bottom", insets.bottom),
                ("left", insets.left),
            ] {
                parts.push(format!("--safe-area-{edge}: {}px", px.round()));
            }
        }
        parts.join("; ")
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
    fn the_root_style_caps_lists_fills_a_fixed_frame_and_pads_the_safe_area() {
        let mut c = HostContext::default();
        assert_eq!(c.root_style(), "", "nothing from a host that says nothing");
        c.merge(ContextPatch {
            container_height: Some(Some(ContainerHeight::AtMost(400.0))),
            ..Default::default()
        });
        assert_eq!(c.root_style(), "--table-max-height: 260px");
        c.merge(ContextPatch {
            container_height: Some(Some(ContainerHeight::AtMost(120.0))),
            ..Default::default()
        });
        assert_eq!(
            c.root_style(),
            "--table-max-height: 200px",
            "a list keeps room for a few rows"
        );
        c.merge(ContextPatch {
            container_height: Some(Some(ContainerHeight::Fixed(500.0))),
            safe_area: Some(Some(SafeAreaInsets {
                top: 20.0,
                right: 0.0,
                bottom: 30.4,
                left: 16.0,
            })),
            ..Default::default()
        });
        assert_eq!(
            c.root_style(),
            "--table-max-height: 360px; --container-fill: 100vh; --safe-area-top: 20px; --safe-area-right: 0px; --safe-area-bottom: 30px; --safe-area-left: 16px"
        );
        c.merge(ContextPatch {
            container_height: Some(None),
            safe_area: Some(None),
            variables: Some(vec![("--font-sans".into(), "serif".into())]),
            ..Default::default()
        });
        assert_eq!(c.root_style(), "--font-sans: serif", "both cleared");
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
