//! A record's page in the service's own UI ("Open in Mage"), from the `recordUrl` hint: one
//! address template for the whole result (`widget_result::record_url`), filled when a row or a
//! detail is drawn, so a long list costs nothing more before its first paint. The template is
//! checked once, when the hints are read: only an `http:` or `https:` URL with a host of its own
//! (no record's value in it, no user information: a user name or password in a link is a
//! credential handed to whoever reads it, and the server never sends one) and only the record
//! fields the interface names; anything else is dropped. Each address is checked again once
//! filled.

use secret_redaction::REDACTED;
use widget_result::record_url::{expand, MAX_URL_BYTES};

use crate::cell::is_web_url;
use crate::rows::RecordIds;

/// A checked `recordUrl` template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordPages {
    template: String,
}

impl RecordPages {
    /// `template` when every address it can give is an `http:` or `https:` URL on the host it
    /// names itself, without user information; `None` otherwise.
    pub fn of(template: &str) -> Option<RecordPages> {
        let sample = expand(template, |_| Some("x"))?;
        let ok = template.len() <= MAX_URL_BYTES
            && is_web_url(template)
            && is_web_url(&sample)
            && !authority(template).contains(['{', '}', '@']);
        ok.then(|| RecordPages {
            template: template.to_owned(),
        })
    }

    /// The page of the record identified by `ids`: `None` when it lacks a field the template
    /// names, or that field was redacted, or the address is not one the widget opens.
    pub fn address(&self, ids: &RecordIds) -> Option<String> {
        let field = |name: &str| {
            let value = match name {
                "uuid" => ids.uuid.as_deref(),
                "id" => ids.id.as_deref(),
                "pipeline_uuid" => ids.pipeline_uuid.as_deref(),
                _ => None,
            };
            value.filter(|v| !v.contains(REDACTED))
        };
        expand(&self.template, field).filter(|address| is_web_url(address))
    }
}

/// What follows `scheme://` up to the path, query or fragment: user information, host and port.
fn authority(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(uuid: Option<&str>, id: Option<&str>, pipeline_uuid: Option<&str>) -> RecordIds {
        RecordIds {
            uuid: uuid.map(str::to_owned),
            id: id.map(str::to_owned),
            pipeline_uuid: pipeline_uuid.map(str::to_owned),
        }
    }

    #[test]
    fn a_record_fills_the_template_with_its_ids_encoded() {
        let runs = RecordPages::of("http://127.0.0.1:6789/pipelines/{pipeline_uuid}/runs/{id}")
            .expect("a template");
        assert_eq!(
            runs.address(&ids(None, Some("4821"), Some("etl daily")))
                .as_deref(),
            Some("http://127.0.0.1:6789/pipelines/etl%20daily/runs/4821")
        );
        let blocks = RecordPages::of("https://mage.example/pipelines/p/edit?block_uuid={uuid}")
            .expect("a template");
        assert_eq!(
            blocks
                .address(&ids(Some("dbt/models/a?b#c"), None, None))
                .as_deref(),
            Some("https://mage.example/pipelines/p/edit?block_uuid=dbt%2Fmodels%2Fa%3Fb%23c")
        );
    }

    #[test]
    fn a_record_without_its_ids_or_with_a_redacted_one_has_no_page() {
        let runs =
            RecordPages::of("http://h/pipelines/{pipeline_uuid}/runs/{id}").expect("a template");
        assert_eq!(runs.address(&ids(None, Some("1"), None)), None);
        assert_eq!(runs.address(&ids(None, Some(REDACTED), Some("p"))), None);
        assert_eq!(runs.address(&ids(None, Some(".."), Some("p"))), None);
        assert_eq!(runs.address(&ids(None, Some(""), Some("p"))), None);
        let long = "9".repeat(crate::rows::MAX_ID_CHARS);
        let pipelines = RecordPages::of(&format!("http://h/{}/{{uuid}}", "a".repeat(1800)))
            .expect("a template");
        assert_eq!(
            pipelines.address(&ids(Some(&long), None, None)),
            None,
            "past 2,048 bytes once filled"
        );
    }

    /// A result as a host delivers it, its records and hints as given.
    fn result(resource: &str, action: &str, records: &str, record_url: &str) -> String {
        format!(
            r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"{resource}","action":"{action}","state":"ok","records":{records}}},"_meta":{{"host/widgetData":{{"recordUrl":"{record_url}"}}}}}}"#
        )
    }

    #[test]
    fn every_page_of_mage_survives_the_widgets_redaction_and_reaches_the_rows() {
        let base = "http://127.0.0.1:6789";
        for (resource, records, template, first) in [
            (
                "pipelines",
                r#"[{"uuid":"etl_daily"},{"uuid":"token_refresh_audit"}]"#,
                "/pipelines/{uuid}",
                "/pipelines/etl_daily",
            ),
            (
                "blocks",
                r#"[{"uuid":"load_api_token"},{"uuid":"b"}]"#,
                "/pipelines/etl_daily/edit?block_uuid={uuid}",
                "/pipelines/etl_daily/edit?block_uuid=load_api_token",
            ),
            (
                "pipeline_runs",
                r#"[{"id":4821,"pipeline_uuid":"etl_daily","pipeline_schedule_token":"0123456789abcdef0123456789abcdef"},{"id":4820,"pipeline_uuid":"etl_daily"}]"#,
                "/pipelines/{pipeline_uuid}/runs/{id}",
                "/pipelines/etl_daily/runs/4821",
            ),
            (
                "block_runs",
                r#"[{"id":67},{"id":68}]"#,
                "/pipelines/etl_daily/logs?block_run_id[]={id}",
                "/pipelines/etl_daily/logs?block_run_id[]=67",
            ),
            (
                "pipeline_schedules",
                r#"[{"id":4,"pipeline_uuid":"etl_daily","token":"0123456789abcdef0123456789abcdef"},{"id":5,"pipeline_uuid":"etl_daily"}]"#,
                "/pipelines/{pipeline_uuid}/triggers/{id}",
                "/pipelines/etl_daily/triggers/4",
            ),
            (
                "backfills",
                r#"[{"id":3,"pipeline_uuid":"daily_revenue_rollup"},{"id":4}]"#,
                "/pipelines/{pipeline_uuid}/backfills/{id}",
                "/pipelines/daily_revenue_rollup/backfills/3",
            ),
        ] {
            let model = crate::model_from_json_text(&result(
                resource,
                "list",
                records,
                &format!("{base}{template}"),
            ));
            let pages = model
                .record_pages
                .as_ref()
                .unwrap_or_else(|| panic!("{resource}: {:?}", model.diagnostics));
            let row = model.table.rows.first().expect("a row");
            assert_eq!(
                pages.address(&row.ids),
                Some(format!("{base}{first}")),
                "{resource}"
            );
            assert_eq!(
                model.detail_page(),
                None,
                "{resource}: a list has no detail page"
            );
        }
        let one = crate::model_from_json_text(&result(
            "pipeline_runs",
            "list",
            r#"[{"id":1}]"#,
            "http://h/pipelines/{pipeline_uuid}/runs/{id}",
        ));
        let row = one.table.rows.first().expect("a row");
        assert_eq!(
            one.record_pages.and_then(|p| p.address(&row.ids)),
            None,
            "a run without its pipeline"
        );
    }

    #[test]
    fn a_detail_has_the_page_of_its_record_and_its_logs_none() {
        let run = crate::model_from_json_text(&result(
            "pipeline_run",
            "get",
            r#"[{"id":4821,"pipeline_uuid":"etl_daily","status":"failed"}]"#,
            "https://mage.example.com/pipelines/{pipeline_uuid}/runs/{id}",
        ));
        assert_eq!(
            run.detail_page().as_deref(),
            Some("https://mage.example.com/pipelines/etl_daily/runs/4821")
        );
        let logs = crate::model_from_json_text(&result(
            "pipeline_run",
            "logs",
            r#"[{"name":"a.log","content":"x","size":1}]"#,
            "https://mage.example.com/pipelines/{pipeline_uuid}/runs/{id}",
        ));
        assert_eq!(logs.detail_page(), None);
        let without = crate::model_from_json_text(&result(
            "pipeline",
            "get",
            r#"[{"uuid":"etl_daily"}]"#,
            "javascript:alert(1)//{uuid}",
        ));
        assert_eq!(without.record_pages, None);
        assert_eq!(without.detail_page(), None);
        assert!(
            without.diagnostics.iter().any(|d| d.contains("recordUrl")),
            "{:?}",
            without.diagnostics
        );
    }

    #[test]
    fn hostile_templates_are_dropped() {
        for template in [
            "javascript:alert(document.domain)//{id}",
            "JAVASCRIPT:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)",
            "file:///etc/passwd",
            "//evil.example/{id}",
            "/pipelines/{uuid}",
            "http:///{uuid}",
            "https://{uuid}.evil.example/",
            "https://evil.example:{id}/",
            "https://{pipeline_uuid}@evil.example/",
            "http://admin:hunter2@mage.example:6789/pipelines/{uuid}",
            "http://admin@mage.example/pipelines/{uuid}",
            "http://[redacted]@127.0.0.1:6789/pipelines/{uuid}",
            "http://h/{name}",
            "http://h/{uuid",
            "http://h/uuid}",
            "http://h/a b/{uuid}",
            "http://h/\"><img src=x onerror=alert(1)>",
            "http://h/\u{0}/{uuid}",
            "",
        ] {
            assert_eq!(RecordPages::of(template), None, "{template:?}");
        }
        let huge = format!("https://h/{}", "a".repeat(MAX_URL_BYTES));
        assert_eq!(RecordPages::of(&huge), None, "a template past 2,048 bytes");
        assert!(RecordPages::of("HTTPS://H/pipelines/{uuid}").is_some());
    }
}
