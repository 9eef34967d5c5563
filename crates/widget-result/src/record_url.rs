//! The `recordUrl` hint (`_meta["host/widgetData"]`, docs/tool-interface.md): where each record
//! of a result has a page of its own in the service's UI, as one address template for the whole
//! result rather than an address per record (a list of 10,000 runs carries one template). The
//! producer writes it (`crates/mage-mcp-server`: Mage's pages), the widget fills it from each
//! record it draws (`crates/widget-model`).
//!
//! A template is an `http:` or `https:` URL whose `{uuid}`, `{id}` and `{pipeline_uuid}` stand
//! for those fields of a record: RFC 6570's simple string expansion
//! (<https://www.rfc-editor.org/rfc/rfc6570#section-3.2.2>), where a value keeps only the
//! unreserved characters and every other byte is percent-encoded, so a value can never end its
//! path segment or its query parameter. A record that lacks a field the template names, or whose
//! value is empty, `.` or `..` (a path segment that URL parsers resolve, even percent-encoded),
//! has no page.

/// The hint's key in `_meta["host/widgetData"]`.
pub const HINT: &str = "recordUrl";

/// The record fields a template may name, each as `{field}`.
pub const FIELDS: [&str; 3] = ["uuid", "id", "pipeline_uuid"];

/// The longest template, and the longest address, in bytes (as long as a link the widget opens).
pub const MAX_URL_BYTES: usize = 2048;

/// `value` as RFC 6570 expands a string: unreserved characters (`A-Z a-z 0-9 - . _ ~`) as they
/// are, every other byte of its UTF-8 as `%XX`.
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Whether `value` may stand in an address: not empty, and not a dot segment (`.`, `..`).
pub fn is_usable(value: &str) -> bool {
    !matches!(value, "" | "." | "..")
}

/// `template` with each `{field}` replaced by `field`'s value, encoded; `None` when a field is not
/// one of [`FIELDS`], has no usable value, a brace is unmatched, or the address is longer than
/// [`MAX_URL_BYTES`].
pub fn expand<'v>(template: &str, field: impl Fn(&str) -> Option<&'v str>) -> Option<String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find(['{', '}']) {
        let (literal, from_brace) = rest.split_at(open);
        out.push_str(literal);
        let name_and_rest = from_brace.strip_prefix('{')?;
        let close = name_and_rest.find('}')?;
        let name = &name_and_rest[..close];
        if !FIELDS.contains(&name) {
            return None;
        }
        let value = field(name).filter(|v| is_usable(v))?;
        out.push_str(&encode(value));
        rest = &name_and_rest[close + 1..];
    }
    out.push_str(rest);
    (out.len() <= MAX_URL_BYTES).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields<'v>(pairs: &'v [(&'v str, &'v str)]) -> impl Fn(&str) -> Option<&'v str> {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
    }

    #[test]
    fn values_keep_only_unreserved_characters() {
        assert_eq!(encode("etl_daily-2.v~1"), "etl_daily-2.v~1");
        assert_eq!(encode("a/b?c#d&e=f"), "a%2Fb%3Fc%23d%26e%3Df");
        assert_eq!(encode("dbt/models/orders"), "dbt%2Fmodels%2Forders");
        assert_eq!(encode("x y%"), "x%20y%25");
        assert_eq!(encode("é"), "%C3%A9");
        assert_eq!(encode("{id}"), "%7Bid%7D");
    }

    #[test]
    fn a_template_is_filled_from_the_record_fields_it_names() {
        let run = [("id", "4821"), ("pipeline_uuid", "etl daily/x")];
        assert_eq!(
            expand(
                "https://mage.example/pipelines/{pipeline_uuid}/runs/{id}",
                fields(&run)
            )
            .as_deref(),
            Some("https://mage.example/pipelines/etl%20daily%2Fx/runs/4821")
        );
        assert_eq!(
            expand(
                "http://h/pipelines/p/logs?block_run_id[]={id}",
                fields(&run)
            )
            .as_deref(),
            Some("http://h/pipelines/p/logs?block_run_id[]=4821")
        );
        assert_eq!(
            expand("http://h/pipelines", fields(&run)).as_deref(),
            Some("http://h/pipelines")
        );
    }

    #[test]
    fn no_address_without_every_value_or_with_a_malformed_template() {
        let run = [("id", "4821")];
        assert_eq!(expand("http://h/{pipeline_uuid}/{id}", fields(&run)), None);
        assert_eq!(expand("http://h/{name}", fields(&[("name", "x")])), None);
        assert_eq!(expand("http://h/{id", fields(&run)), None);
        assert_eq!(expand("http://h/id}", fields(&run)), None);
        assert_eq!(expand("http://h/{{id}}", fields(&run)), None);
        for dot in ["", ".", ".."] {
            assert_eq!(expand("http://h/p/{id}", fields(&[("id", dot)])), None);
        }
        let long = "7".repeat(MAX_URL_BYTES);
        assert_eq!(expand("http://h/{id}", fields(&[("id", &long)])), None);
    }
}
