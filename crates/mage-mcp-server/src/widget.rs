//! The MCP Apps resource: the widget built into the binary (the `pipeline-resource-widget`
//! crate), or the file `--widget` names, served byte for byte as `text/html;profile=mcp-app`
//! under a `ui://` URI that carries a hash of its content, because hosts cache templates by URI
//! (ChatGPT does): a rebuilt widget gets a new URI.

use std::path::{Path, PathBuf};

use pipeline_resource_widget::ResourceWidget;

/// The URI of the README's registration snippet. Readable as an alias of the hashed URI, for hosts
/// configured with it; tools and `resources/list` name the hashed one.
pub const STABLE_URI: &str = "ui://pipeline-service/resource-widget.html";

/// The widget the server serves, chosen once at start-up.
#[derive(Debug, Clone)]
pub struct WidgetResource {
    /// Where it came from: the file, or `None` for the built-in one.
    pub path: Option<PathBuf>,
    pub served: ResourceWidget,
}

impl WidgetResource {
    /// The file `explicit` names (from `--widget`), else the widget built into the binary.
    pub fn load(explicit: Option<&Path>) -> Result<Self, String> {
        let Some(path) = explicit else {
            return Ok(Self {
                path: None,
                served: ResourceWidget::embedded(),
            });
        };
        let bytes = std::fs::read(path).map_err(|error| {
            format!(
                "cannot read the widget file {}: {error}. Without --widget the server serves the \
                 widget built into it.",
                path.display()
            )
        })?;
        Self::from_bytes(path.to_path_buf(), bytes)
    }

    pub(crate) fn from_bytes(path: PathBuf, bytes: Vec<u8>) -> Result<Self, String> {
        // A text resource carries a string; the file is served as that string, every byte kept.
        let html = String::from_utf8(bytes)
            .map_err(|_| format!("the widget file {} is not UTF-8 text", path.display()))?;
        Ok(Self {
            path: Some(path),
            served: ResourceWidget::from_html(html),
        })
    }

    /// The same widget with a dedicated origin for its frame (`--widget-domain`): `_meta.ui.domain`
    /// on the resource, in the format of the host it is meant for (Claude accepts only its own
    /// hashed domain, ChatGPT asks for one when an app is submitted), so none is named unless
    /// given. A name that is empty or holds white space or control characters is no host's.
    pub fn with_domain(self, domain: &str) -> Result<Self, String> {
        let is_a_name =
            !domain.is_empty() && !domain.chars().any(|c| c.is_whitespace() || c.is_control());
        if !is_a_name {
            return Err(format!(
                "--widget-domain {domain:?}: a domain is one name without spaces, such as \
                 a904794854a047f6.claudemcpcontent.com"
            ));
        }
        Ok(Self {
            served: self.served.with_domain(domain),
            ..self
        })
    }

    /// The hashed URI tools and `resources/list` name.
    pub fn uri(&self) -> &str {
        self.served.uri()
    }

    /// Whether `uri` names this resource (the hashed URI or the stable alias).
    pub fn answers_to(&self, uri: &str) -> bool {
        uri == self.uri() || uri == STABLE_URI
    }

    /// Where the widget came from, for the start-up log.
    pub fn describe(&self) -> String {
        let source = match &self.path {
            Some(path) => path.display().to_string(),
            None => format!("the built-in widget {}", pipeline_resource_widget::VERSION),
        };
        match self.served.domain() {
            Some(domain) => format!("{source}, for the frame origin {domain}"),
            None => source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_file_the_built_in_widget_is_served() {
        let widget = WidgetResource::load(None).expect("built in");
        assert_eq!(widget.uri(), pipeline_resource_widget::URI);
        assert_eq!(widget.served.html(), pipeline_resource_widget::HTML);
        assert!(widget.answers_to(STABLE_URI) && widget.answers_to(pipeline_resource_widget::URI));
    }

    #[test]
    fn a_file_is_served_under_its_own_hash() {
        let widget = WidgetResource::from_bytes(PathBuf::from("w.html"), b"<html></html>".to_vec())
            .expect("utf-8");
        assert_eq!(
            widget.uri(),
            pipeline_resource_widget::uri_of("<html></html>")
        );
        assert_ne!(widget.uri(), pipeline_resource_widget::URI);
    }

    #[test]
    fn a_domain_is_named_only_when_given_and_only_a_name_is_taken() {
        let widget = WidgetResource::load(None).expect("built in");
        assert_eq!(widget.served.domain(), None);
        let named = widget
            .clone()
            .with_domain("a904794854a047f6.claudemcpcontent.com")
            .expect("a name");
        assert_eq!(
            named.served.domain(),
            Some("a904794854a047f6.claudemcpcontent.com")
        );
        assert!(named
            .describe()
            .contains("a904794854a047f6.claudemcpcontent.com"));
        for refused in ["", " ", "a b.example", "a.example\n"] {
            assert!(widget.clone().with_domain(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn the_package_marks_the_tools_the_widget_calls() {
        assert_eq!(
            pipeline_resource_widget::TOOLS_THE_WIDGET_CALLS,
            ::widget_result::TOOLS_THE_WIDGET_CALLS
        );
    }

    #[test]
    fn a_missing_file_says_what_happens_without_it() {
        let error = WidgetResource::load(Some(Path::new("/nonexistent/resource-widget.html")))
            .expect_err("missing");
        assert!(error.contains("Without --widget"), "{error}");
    }
}
