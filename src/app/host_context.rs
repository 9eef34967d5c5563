//! The host's context: theme, CSS variables, display mode, locale, time zone, height limit. Read
//! from `ui/initialize`'s `hostContext` and merged with each `host-context-changed` patch, or from
//! `window.openai`'s globals. Pure: parsed from JSON, tested natively.

use serde_json::Value;

/// Light or dark, as the host says; `None` follows `prefers-color-scheme`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostContext {
    pub theme: Option<Theme>,
    /// Host CSS variables (`--color-text-primary` → value), already checked by [`css_variable`].
    pub variables: Vec<(String, String)>,
    /// `inline`, `fullscreen` or `pip`.
    pub display_mode: Option<String>,
    /// BCP 47, e.g. `en-US`.
    pub locale: Option<String>,
    /// IANA, e.g. `Europe/Paris`.
    pub time_zone: Option<String>,
    /// The most height the host will give the frame, in CSS pixels.
    pub max_height: Option<f64>,
    /// Identifies the tool call this frame shows (`toolInfo` tool name and request id), for keeping
    /// its result across a reload.
    pub tool_call_key: Option<String>,
}

/// Most variables kept from one host; the spec standardises about eighty.
const MAX_VARIABLES: usize = 200;

impl HostContext {
    /// The context described by a `hostContext` object.
    pub fn from_json(value: &Value) -> HostContext {
        let mut context = HostContext::default();
        context.merge(value);
        context
    }

    /// Merges a partial context: fields present in `patch` replace ours, absent ones stay.
    pub fn merge(&mut self, patch: &Value) {
        let Some(patch) = patch.as_object() else {
            return;
        };
        if let Some(theme) = patch.get("theme") {
            self.theme = match theme.as_str() {
                Some("light") => Some(Theme::Light),
                Some("dark") => Some(Theme::Dark),
                _ => None,
            };
        }
        if let Some(vars) = patch.get("styles").and_then(|s| s.get("variables")) {
            self.variables = vars
                .as_object()
                .map(|map| {
                    map.iter()
                        .filter_map(|(k, v)| css_variable(k, v.as_str()?))
                        .take(MAX_VARIABLES)
                        .collect()
                })
                .unwrap_or_default();
        }
        if let Some(mode) = patch.get("displayMode") {
            self.display_mode = mode
                .as_str()
                .filter(|m| matches!(*m, "inline" | "fullscreen" | "pip"))
                .map(str::to_owned);
        }
        if let Some(locale) = patch.get("locale") {
            self.locale = locale
                .as_str()
                .filter(|l| is_language_tag(l))
                .map(str::to_owned);
        }
        if let Some(zone) = patch.get("timeZone") {
            self.time_zone = zone.as_str().filter(|z| is_zone_name(z)).map(str::to_owned);
        }
        if let Some(info) = patch.get("toolInfo") {
            self.tool_call_key = tool_call_key(info);
        }
        if let Some(dims) = patch.get("containerDimensions") {
            self.max_height = dims
                .get("maxHeight")
                .or_else(|| dims.get("height"))
                .and_then(Value::as_f64)
                .filter(|h| h.is_finite() && *h > 0.0);
        }
    }

    /// Merges `window.openai` globals, as read at start or as an `openai:set_globals` event's
    /// `detail.globals`.
    pub fn merge_openai_globals(&mut self, globals: &Value) {
        self.merge(&openai_globals_patch(globals));
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

/// A host CSS variable, if it is safe to set: a `--name` of letters, digits and dashes, and a
/// value that cannot end its declaration, open a block or fetch anything.
pub fn css_variable(name: &str, value: &str) -> Option<(String, String)> {
    let name_ok = name.len() <= 64
        && name.starts_with("--")
        && name[2..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.len() > 2;
    let lower = value.to_ascii_lowercase();
    let value_ok = value.len() <= 256
        && !value
            .chars()
            .any(|c| matches!(c, ';' | '{' | '}' | '<' | '>' | '\\') || c.is_control())
        && !lower.contains("url(")
        && !lower.contains("image(")
        && !lower.contains("expression(")
        && !lower.contains("@import");
    (name_ok && value_ok).then(|| (name.to_owned(), value.trim().to_owned()))
}

/// The host-context patch that `window.openai` globals mean: `theme`, `displayMode` and `locale`
/// as they are, `maxHeight` as the container's. Other globals (the result, widget state) are not
/// context.
pub fn openai_globals_patch(globals: &Value) -> Value {
    let mut patch = serde_json::Map::new();
    if let Some(globals) = globals.as_object() {
        for key in ["theme", "displayMode", "locale"] {
            if let Some(v) = globals.get(key) {
                patch.insert(key.to_owned(), v.clone());
            }
        }
        if let Some(max) = globals.get("maxHeight") {
            patch.insert(
                "containerDimensions".to_owned(),
                serde_json::json!({ "maxHeight": max }),
            );
        }
    }
    Value::Object(patch)
}

/// `resource-widget/<tool name>/<request id>` from a `toolInfo` object, when both are present.
fn tool_call_key(info: &Value) -> Option<String> {
    let name = info.get("tool")?.get("name")?.as_str()?;
    let id = match info.get("id")? {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let key = format!("resource-widget/{name}/{id}");
    (key.len() <= 256).then_some(key)
}

fn is_language_tag(s: &str) -> bool {
    !s.is_empty() && s.len() <= 35 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
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
    use serde_json::json;

    #[test]
    fn reads_the_spec_host_context() {
        let c = HostContext::from_json(&json!({
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
        assert_eq!(c.display_mode.as_deref(), Some("inline"));
        assert_eq!(c.max_height, Some(600.0));
        assert_eq!(c.locale.as_deref(), Some("en-US"));
        assert_eq!(c.time_zone.as_deref(), Some("America/New_York"));
        assert!(c
            .style_text()
            .contains("--font-sans: Anthropic Sans, sans-serif"));
    }

    #[test]
    fn patches_merge_field_by_field() {
        let mut c = HostContext::from_json(&json!({ "theme": "dark", "locale": "fr-FR" }));
        c.merge(&json!({ "theme": "light" }));
        assert_eq!(c.theme, Some(Theme::Light));
        assert_eq!(c.locale.as_deref(), Some("fr-FR"));
        c.merge(&json!("not an object"));
        assert_eq!(c.theme, Some(Theme::Light));
    }

    #[test]
    fn hostile_variables_are_dropped() {
        for (name, value) in [
            ("--x", "red; background: url(https://evil.example/)"),
            ("--x", "url(https://evil.example/)"),
            ("--x", "}</style><script>"),
            ("color", "red"),
            ("--", "red"),
            ("--x y", "red"),
            ("--x", "image(\"a\")"),
        ] {
            assert_eq!(css_variable(name, value), None, "{name}: {value}");
        }
        assert!(css_variable("--border-radius-md", "8px").is_some());
        assert!(css_variable("--color-text-primary", "light-dark(#171717, #fafafa)").is_some());
    }

    #[test]
    fn the_tool_call_names_the_stored_result() {
        let c = HostContext::from_json(
            &json!({ "toolInfo": { "id": 42, "tool": { "name": "pipeline_list" } } }),
        );
        assert_eq!(
            c.tool_call_key.as_deref(),
            Some("resource-widget/pipeline_list/42")
        );
        assert_eq!(
            HostContext::from_json(&json!({ "toolInfo": { "tool": { "name": "x" } } }))
                .tool_call_key,
            None
        );
    }

    #[test]
    fn openai_globals_map_onto_the_context() {
        let mut c = HostContext::default();
        c.merge_openai_globals(&json!({ "theme": "dark", "displayMode": "fullscreen", "maxHeight": 480, "locale": "fr-FR", "toolOutput": {} }));
        assert_eq!(c.theme, Some(Theme::Dark));
        assert_eq!(c.display_mode.as_deref(), Some("fullscreen"));
        assert_eq!(c.max_height, Some(480.0));
        assert_eq!(c.locale.as_deref(), Some("fr-FR"));
        c.merge_openai_globals(&json!({ "theme": "light" }));
        assert_eq!(c.theme, Some(Theme::Light));
        assert_eq!(c.max_height, Some(480.0), "absent globals stay");
    }

    #[test]
    fn unknown_values_are_ignored() {
        let c = HostContext::from_json(
            &json!({ "theme": "sepia", "displayMode": "popover", "locale": "<x>" }),
        );
        assert_eq!(c, HostContext::default());
    }
}
