//! Reading the host's context from its protocol: an MCP Apps `hostContext` (in the
//! `ui/initialize` result and each `host-context-changed`), or `window.openai`'s globals. Pure, so
//! it is tested natively; the result is a typed [`ContextPatch`] for the app.

use serde_json::Value;

use crate::{ContainerHeight, ContextPatch, DisplayMode, SafeAreaInsets, Theme};

/// The CSS variables the MCP Apps spec standardises (`McpUiStyleVariableKey`, ext-apps 2.0.4):
/// only these are applied, so a host cannot restyle what the widget does not expect it to.
const STANDARD_VARIABLES: &[&str] = &[
    "--color-background-primary",
    "--color-background-secondary",
    "--color-background-tertiary",
    "--color-background-inverse",
    "--color-background-ghost",
    "--color-background-info",
    "--color-background-danger",
    "--color-background-success",
    "--color-background-warning",
    "--color-background-disabled",
    "--color-text-primary",
    "--color-text-secondary",
    "--color-text-tertiary",
    "--color-text-inverse",
    "--color-text-ghost",
    "--color-text-info",
    "--color-text-danger",
    "--color-text-success",
    "--color-text-warning",
    "--color-text-disabled",
    "--color-border-primary",
    "--color-border-secondary",
    "--color-border-tertiary",
    "--color-border-inverse",
    "--color-border-ghost",
    "--color-border-info",
    "--color-border-danger",
    "--color-border-success",
    "--color-border-warning",
    "--color-border-disabled",
    "--color-ring-primary",
    "--color-ring-secondary",
    "--color-ring-inverse",
    "--color-ring-info",
    "--color-ring-danger",
    "--color-ring-success",
    "--color-ring-warning",
    "--font-sans",
    "--font-mono",
    "--font-weight-normal",
    "--font-weight-medium",
    "--font-weight-semibold",
    "--font-weight-bold",
    "--font-text-xs-size",
    "--font-text-sm-size",
    "--font-text-md-size",
    "--font-text-lg-size",
    "--font-heading-xs-size",
    "--font-heading-sm-size",
    "--font-heading-md-size",
    "--font-heading-lg-size",
    "--font-heading-xl-size",
    "--font-heading-2xl-size",
    "--font-heading-3xl-size",
    "--font-text-xs-line-height",
    "--font-text-sm-line-height",
    "--font-text-md-line-height",
    "--font-text-lg-line-height",
    "--font-heading-xs-line-height",
    "--font-heading-sm-line-height",
    "--font-heading-md-line-height",
    "--font-heading-lg-line-height",
    "--font-heading-xl-line-height",
    "--font-heading-2xl-line-height",
    "--font-heading-3xl-line-height",
    "--border-radius-xs",
    "--border-radius-sm",
    "--border-radius-md",
    "--border-radius-lg",
    "--border-radius-xl",
    "--border-radius-full",
    "--border-width-regular",
    "--shadow-hairline",
    "--shadow-sm",
    "--shadow-md",
    "--shadow-lg",
];

/// The patch an MCP Apps `hostContext` (whole or partial) means. Fields of the wrong type clear
/// ours; unknown fields are ignored.
pub fn patch_of_host_context(value: &Value) -> ContextPatch {
    let Some(context) = value.as_object() else {
        return ContextPatch::default();
    };
    ContextPatch {
        theme: context.get("theme").map(|t| match t.as_str() {
            Some("light") => Some(Theme::Light),
            Some("dark") => Some(Theme::Dark),
            _ => None,
        }),
        variables: context
            .get("styles")
            .and_then(|s| s.get("variables"))
            .map(|vars| {
                vars.as_object()
                    .map(|map| {
                        map.iter()
                            .filter_map(|(k, v)| css_variable(k, v.as_str()?))
                            .collect()
                    })
                    .unwrap_or_default()
            }),
        display_mode: context
            .get("displayMode")
            .map(|m| m.as_str().and_then(display_mode)),
        available_display_modes: context.get("availableDisplayModes").map(|modes| {
            let mut list: Vec<DisplayMode> = modes
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m.as_str().and_then(display_mode))
                .collect();
            list.dedup();
            list
        }),
        locale: context
            .get("locale")
            .map(|l| l.as_str().filter(|l| is_language_tag(l)).map(str::to_owned)),
        time_zone: context
            .get("timeZone")
            .map(|z| z.as_str().filter(|z| is_zone_name(z)).map(str::to_owned)),
        container_height: context.get("containerDimensions").map(container_height),
        safe_area: context.get("safeAreaInsets").map(safe_area_insets),
    }
}

/// The frame's height from `containerDimensions`: `height` fixes it, else `maxHeight` caps it;
/// neither (or a value that is not a positive number) leaves it to the widget.
fn container_height(dimensions: &Value) -> Option<ContainerHeight> {
    let positive = |key: &str| {
        dimensions
            .get(key)
            .and_then(Value::as_f64)
            .filter(|h| h.is_finite() && *h > 0.0)
    };
    positive("height")
        .map(ContainerHeight::Fixed)
        .or_else(|| positive("maxHeight").map(ContainerHeight::AtMost))
}

/// `safeAreaInsets` {top, right, bottom, left} in CSS pixels; an edge left out is 0, and an edge
/// that is not a finite number of at least 0 makes the whole value meaningless.
fn safe_area_insets(insets: &Value) -> Option<SafeAreaInsets> {
    let insets = insets.as_object()?;
    let edge = |key: &str| match insets.get(key) {
        None => Some(0.0),
        Some(value) => value.as_f64().filter(|px| px.is_finite() && *px >= 0.0),
    };
    Some(SafeAreaInsets {
        top: edge("top")?,
        right: edge("right")?,
        bottom: edge("bottom")?,
        left: edge("left")?,
    })
}

/// The patch `window.openai` globals mean (as read at start, or an `openai:set_globals` event's
/// `detail.globals`): `theme`, `displayMode` and `locale` as they are, `maxHeight` as the
/// container's. Other globals (the result, widget state) are not context.
pub fn patch_of_openai_globals(globals: &Value) -> ContextPatch {
    let mut context = serde_json::Map::new();
    if let Some(globals) = globals.as_object() {
        for key in ["theme", "displayMode", "locale"] {
            if let Some(v) = globals.get(key) {
                context.insert(key.to_owned(), v.clone());
            }
        }
        if let Some(max) = globals.get("maxHeight") {
            context.insert(
                "containerDimensions".to_owned(),
                serde_json::json!({ "maxHeight": max }),
            );
        }
    }
    patch_of_host_context(&Value::Object(context))
}

/// A display mode by its protocol name.
pub fn display_mode(name: &str) -> Option<DisplayMode> {
    match name {
        "inline" => Some(DisplayMode::Inline),
        "fullscreen" => Some(DisplayMode::Fullscreen),
        "pip" => Some(DisplayMode::Pip),
        _ => None,
    }
}

/// A display mode's protocol name.
pub fn display_mode_name(mode: DisplayMode) -> &'static str {
    match mode {
        DisplayMode::Inline => "inline",
        DisplayMode::Fullscreen => "fullscreen",
        DisplayMode::Pip => "pip",
    }
}

/// A host CSS variable, if the spec names it and its value is safe to set: a value that cannot
/// end its declaration, open a block or fetch anything.
pub fn css_variable(name: &str, value: &str) -> Option<(String, String)> {
    let lower = value.to_ascii_lowercase();
    let value_ok = value.len() <= 256
        && !value
            .chars()
            .any(|c| matches!(c, ';' | '{' | '}' | '<' | '>' | '\\') || c.is_control())
        && ![
            "url(",
            "image(",
            "image-set(",
            "expression(",
            "@import",
            "src(",
        ]
        .iter()
        .any(|f| lower.contains(f));
    (STANDARD_VARIABLES.contains(&name) && value_ok)
        .then(|| (name.to_owned(), value.trim().to_owned()))
}

fn is_language_tag(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 35
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn is_zone_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '+' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HostContext;
    use serde_json::json;

    fn context(value: Value) -> HostContext {
        let mut c = HostContext::default();
        c.merge(patch_of_host_context(&value));
        c
    }

    #[test]
    fn reads_the_spec_host_context() {
        let c = context(json!({
            "theme": "dark",
            "styles": { "variables": {
                "--color-background-primary": "light-dark(#ffffff, #171717)",
                "--font-sans": "Anthropic Sans, sans-serif"
            } },
            "displayMode": "inline",
            "containerDimensions": { "width": 400, "maxHeight": 600 },
            "locale": "en-US",
            "timeZone": "America/New_York"
        }));
        assert_eq!(c.theme, Some(Theme::Dark));
        assert_eq!(c.variables.len(), 2);
        assert_eq!(c.display_mode, Some(DisplayMode::Inline));
        assert_eq!(c.container_height, Some(ContainerHeight::AtMost(600.0)));
        assert_eq!(c.locale.as_deref(), Some("en-US"));
        assert_eq!(c.time_zone.as_deref(), Some("America/New_York"));
        assert!(c
            .root_style()
            .contains("--font-sans: Anthropic Sans, sans-serif"));
    }

    #[test]
    fn a_fixed_height_fixes_the_frame_and_a_max_height_caps_it() {
        let height = |dims: Value| context(json!({ "containerDimensions": dims })).container_height;
        assert_eq!(
            height(json!({ "height": 500, "width": 480 })),
            Some(ContainerHeight::Fixed(500.0))
        );
        assert_eq!(
            height(json!({ "height": 500, "maxHeight": 800 })),
            Some(ContainerHeight::Fixed(500.0)),
            "a fixed height wins"
        );
        assert_eq!(
            height(json!({ "maxHeight": 400.5, "maxWidth": 700 })),
            Some(ContainerHeight::AtMost(400.5))
        );
        for meaningless in [
            json!({}),
            json!({ "width": 400 }),
            json!({ "maxHeight": 0 }),
            json!({ "maxHeight": -1 }),
            json!({ "height": "500px" }),
            json!("tall"),
        ] {
            assert_eq!(height(meaningless.clone()), None, "{meaningless}");
        }
        let mut c = context(json!({ "containerDimensions": { "maxHeight": 400 } }));
        c.merge(patch_of_host_context(&json!({ "containerDimensions": {} })));
        assert_eq!(
            c.container_height, None,
            "a new value without a height clears it"
        );
    }

    #[test]
    fn safe_area_insets_are_read_edge_by_edge() {
        let insets = |value: Value| context(json!({ "safeAreaInsets": value })).safe_area;
        assert_eq!(
            insets(json!({ "top": 20, "right": 0, "bottom": 34.5, "left": 16 })),
            Some(SafeAreaInsets {
                top: 20.0,
                right: 0.0,
                bottom: 34.5,
                left: 16.0
            })
        );
        assert_eq!(
            insets(json!({ "bottom": 34 })),
            Some(SafeAreaInsets {
                bottom: 34.0,
                ..SafeAreaInsets::default()
            }),
            "an edge left out is 0"
        );
        for meaningless in [
            json!({ "top": -4 }),
            json!({ "top": "20px" }),
            json!({ "left": null }),
            json!([20, 0, 34, 16]),
        ] {
            assert_eq!(insets(meaningless.clone()), None, "{meaningless}");
        }
    }

    #[test]
    fn only_standard_variables_with_safe_values_are_kept() {
        for (name, value) in [
            (
                "--color-text-primary",
                "red; background: url(https://evil.example/)",
            ),
            ("--color-text-primary", "url(https://evil.example/)"),
            ("--color-text-primary", "image-set(\"a.png\" 1x)"),
            ("--color-text-primary", "}</style><script>"),
            ("--my-own-variable", "red"),
            ("--table-max-height", "1px"),
            ("color", "red"),
            ("--", "red"),
        ] {
            assert_eq!(css_variable(name, value), None, "{name}: {value}");
        }
        assert!(css_variable("--border-radius-md", "8px").is_some());
        assert!(css_variable("--color-text-primary", "light-dark(#171717, #fafafa)").is_some());
    }

    #[test]
    fn openai_globals_map_onto_the_context() {
        let mut c = HostContext::default();
        c.merge(patch_of_openai_globals(&json!({ "theme": "dark", "displayMode": "fullscreen", "maxHeight": 480, "locale": "fr-FR", "toolOutput": {} })));
        assert_eq!(c.theme, Some(Theme::Dark));
        assert_eq!(c.display_mode, Some(DisplayMode::Fullscreen));
        assert_eq!(c.container_height, Some(ContainerHeight::AtMost(480.0)));
        assert_eq!(c.locale.as_deref(), Some("fr-FR"));
        c.merge(patch_of_openai_globals(&json!({ "theme": "light" })));
        assert_eq!(c.theme, Some(Theme::Light));
        assert_eq!(
            c.container_height,
            Some(ContainerHeight::AtMost(480.0)),
            "absent globals stay"
        );
    }

    #[test]
    fn unknown_values_are_ignored() {
        let c = context(
            json!({ "theme": "sepia", "displayMode": "popover", "locale": "<x>", "timeZone": "Mars/Olympus Mons" }),
        );
        assert_eq!(c, HostContext::default());
        assert_eq!(
            patch_of_host_context(&json!("not an object")),
            ContextPatch::default()
        );
    }
}
