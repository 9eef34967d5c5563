//! Triggers over `GET /api/pipeline_schedules` (every page) and a pipeline's triggers.yaml over
//! `GET /api/pipelines/:uuid/pipeline_triggers`.

use serde_json::Value;

use super::client::{seg, Mage};
use super::paging::all_pages;
use crate::backend::Listing;
use crate::records::records;
use crate::widget_result::ToolError;

pub async fn schedules(mage: &Mage, pipeline_uuid: Option<&str>) -> Result<Listing, ToolError> {
    let path = match pipeline_uuid {
        Some(uuid) => format!("/api/pipelines/{}/pipeline_schedules", seg(uuid)?),
        None => "/api/pipeline_schedules".to_owned(),
    };
    all_pages(mage, &path, &[], "pipeline_schedules", "Pipeline schedules").await
}

pub async fn triggers(mage: &Mage, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
    let body = mage
        .get(
            &format!("/api/pipelines/{}/pipeline_triggers", seg(pipeline_uuid)?),
            &[],
            &format!("Pipeline '{pipeline_uuid}'"),
        )
        .await?;
    Ok(records(&body, "pipeline_triggers"))
}
