//! Where Mage's own UI shows each record, as the `recordUrl` hint's templates
//! (`widget_result::record_url`, docs/tool-interface.md): the routes of mage-ai 0.9.80's frontend
//! that Mage itself links to (docs/mage.md, "Pages in Mage's UI"). Of the configuration only the
//! cluster's address reaches a result, and only its scheme (`http:` or `https:`), host, port and
//! path: user information, query and fragment are left out.

use widget_result::record_url::{encode, is_usable};

/// The pages of one Mage server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagePages {
    /// The server's address without a trailing `/`.
    base: String,
}

impl MagePages {
    /// The pages of the Mage at `cluster_url`; `None` unless it is an `http:` or `https:` URL with
    /// a host. Read by the same parser the client's requests go through, so the pages are on the
    /// host the tools ask.
    pub fn at(cluster_url: &str) -> Option<MagePages> {
        let mut url = url::Url::parse(cluster_url.trim()).ok()?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            return None;
        }
        url.set_username("").ok()?;
        url.set_password(None).ok()?;
        url.set_query(None);
        url.set_fragment(None);
        Some(MagePages {
            base: url.as_str().trim_end_matches('/').to_owned(),
        })
    }

    /// A pipeline's page (`/pipelines/[pipeline]`, which opens its triggers).
    pub fn pipeline(&self) -> String {
        format!("{}/pipelines/{{uuid}}", self.base)
    }

    /// A block of `pipeline_uuid`, selected in the pipeline's editor.
    pub fn block(&self, pipeline_uuid: &str) -> Option<String> {
        Some(format!(
            "{}/edit?block_uuid={{uuid}}",
            self.of_pipeline(pipeline_uuid)?
        ))
    }

    /// A pipeline run with its block runs.
    pub fn run(&self) -> String {
        format!("{}/pipelines/{{pipeline_uuid}}/runs/{{id}}", self.base)
    }

    /// A block run of `pipeline_uuid`: its logs, where Mage's own list of block runs leads.
    pub fn block_run(&self, pipeline_uuid: &str) -> Option<String> {
        Some(format!(
            "{}/logs?block_run_id[]={{id}}",
            self.of_pipeline(pipeline_uuid)?
        ))
    }

    /// A trigger (pipeline schedule).
    pub fn trigger(&self) -> String {
        format!("{}/pipelines/{{pipeline_uuid}}/triggers/{{id}}", self.base)
    }

    /// A backfill.
    pub fn backfill(&self) -> String {
        format!("{}/pipelines/{{pipeline_uuid}}/backfills/{{id}}", self.base)
    }

    /// `/pipelines/<pipeline_uuid>`, the uuid encoded; `None` for one that is no path segment.
    fn of_pipeline(&self, pipeline_uuid: &str) -> Option<String> {
        is_usable(pipeline_uuid)
            .then(|| format!("{}/pipelines/{}", self.base, encode(pipeline_uuid)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use widget_result::record_url::expand;

    fn pages(url: &str) -> MagePages {
        MagePages::at(url).unwrap_or_else(|| panic!("{url}: no pages"))
    }

    #[test]
    fn only_the_address_of_the_cluster_is_kept() {
        assert_eq!(
            pages("http://127.0.0.1:6789").pipeline(),
            "http://127.0.0.1:6789/pipelines/{uuid}"
        );
        assert_eq!(
            pages(" https://admin:hunter2@mage.example.com:8443/mage/?api_key=k#top ").run(),
            "https://mage.example.com:8443/mage/pipelines/{pipeline_uuid}/runs/{id}"
        );
        assert_eq!(
            pages("http://token-only@mage.internal/").trigger(),
            "http://mage.internal/pipelines/{pipeline_uuid}/triggers/{id}"
        );
        for refused in [
            "ftp://mage.example",
            "javascript:alert(1)",
            "file:///etc/passwd",
            "data:text/html,x",
            "mage.example:6789",
            "",
        ] {
            assert_eq!(MagePages::at(refused), None, "{refused}");
        }
    }

    #[test]
    fn each_record_fills_its_page_as_mage_links_it() {
        let mage = pages("http://127.0.0.1:6789");
        let record = |id: &'static str, pipeline: &'static str| {
            move |name: &str| match name {
                "id" => Some(id),
                "uuid" => Some(id),
                "pipeline_uuid" => Some(pipeline),
                _ => None,
            }
        };
        let fill = |template: Option<String>, id, pipeline| {
            expand(&template.unwrap_or_default(), record(id, pipeline))
        };
        assert_eq!(
            fill(Some(mage.pipeline()), "etl_daily", "").as_deref(),
            Some("http://127.0.0.1:6789/pipelines/etl_daily")
        );
        assert_eq!(
            fill(mage.block("etl daily"), "dbt/models/orders", "").as_deref(),
            Some(
                "http://127.0.0.1:6789/pipelines/etl%20daily/edit?block_uuid=dbt%2Fmodels%2Forders"
            )
        );
        assert_eq!(
            fill(Some(mage.run()), "4821", "etl_daily").as_deref(),
            Some("http://127.0.0.1:6789/pipelines/etl_daily/runs/4821")
        );
        assert_eq!(
            fill(mage.block_run("etl_daily"), "67", "").as_deref(),
            Some("http://127.0.0.1:6789/pipelines/etl_daily/logs?block_run_id[]=67")
        );
        assert_eq!(
            fill(Some(mage.backfill()), "3", "daily_revenue_rollup").as_deref(),
            Some("http://127.0.0.1:6789/pipelines/daily_revenue_rollup/backfills/3")
        );
        assert_eq!(mage.block(".."), None, "no page climbs out of /pipelines");
        assert_eq!(mage.block_run(""), None);
    }
}
