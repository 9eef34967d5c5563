//! The Mage backend: the tools answered by a Mage server's HTTP API (mage-ai 0.9.80, see
//! docs/mage.md). Each call gets a client holding that call's credentials; every answer is shown
//! to the call's secrets before anything reads it.

use std::collections::BTreeMap;

use async_trait::async_trait;
use serde_json::{Map, Value};

use super::blocks;
use super::client::{Mage, MageSettings};
use super::outputs;
use super::pipelines;
use super::runs;
use super::schedules;
use super::templates;
use crate::backend::{
    Backend, BlockEdit, Call, CreatedBlock, Listing, NewBlock, Page, PipelineEdit, RunQuery,
    Templates, TriggeredRun,
};
use crate::vocabulary::PipelineType;
use crate::widget_result::ToolError;

pub struct MageBackend {
    settings: MageSettings,
}

impl MageBackend {
    pub fn new(settings: MageSettings) -> Self {
        Self { settings }
    }

    /// The client for one call.
    fn client(&self, call: &Call) -> Result<Mage, ToolError> {
        self.settings.connect(&call.session, call.secrets.clone())
    }
}

#[async_trait]
impl Backend for MageBackend {
    fn describe(&self, call: &Call) -> String {
        format!("Mage at {}", crate::config::shown_url(call.cluster_url()))
    }

    fn pages(&self, call: &Call) -> Option<super::MagePages> {
        super::MagePages::at(call.cluster_url())
    }

    fn instructions(&self) -> &'static str {
        "An MCP server for Mage pipelines, driving a Mage server. Start with pipeline_list; \
         pipeline_get shows a pipeline's block graph. Results render in the resource widget \
         where the host supports MCP Apps; the JSON text is the same data. pipeline_delete is \
         permanent."
    }

    async fn pipelines(&self, call: &Call) -> Result<Listing, ToolError> {
        pipelines::list(&self.client(call)?).await
    }

    async fn last_runs(&self, call: &Call) -> Result<BTreeMap<String, Value>, ToolError> {
        pipelines::last_runs(&self.client(call)?).await
    }

    async fn pipeline(&self, call: &Call, uuid: &str) -> Result<Value, ToolError> {
        pipelines::get(&self.client(call)?, uuid).await
    }

    async fn latest_run(
        &self,
        call: &Call,
        pipeline_uuid: &str,
    ) -> Result<Option<Value>, ToolError> {
        pipelines::latest_run(&self.client(call)?, pipeline_uuid).await
    }

    async fn create_pipeline(
        &self,
        call: &Call,
        name: &str,
        pipeline_type: PipelineType,
    ) -> Result<Value, ToolError> {
        pipelines::create(&self.client(call)?, name, pipeline_type).await
    }

    async fn update_pipeline(
        &self,
        call: &Call,
        uuid: &str,
        edit: &PipelineEdit,
    ) -> Result<Value, ToolError> {
        pipelines::update(&self.client(call)?, uuid, edit).await
    }

    async fn delete_pipeline(&self, call: &Call, uuid: &str) -> Result<Value, ToolError> {
        pipelines::delete(&self.client(call)?, uuid).await
    }

    async fn blocks(&self, call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        blocks::list(&self.client(call)?, pipeline_uuid).await
    }

    async fn block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
    ) -> Result<Value, ToolError> {
        blocks::get(&self.client(call)?, pipeline_uuid, uuid).await
    }

    async fn create_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block: &NewBlock,
    ) -> Result<CreatedBlock, ToolError> {
        blocks::create(&self.client(call)?, pipeline_uuid, block).await
    }

    async fn update_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
        edit: &BlockEdit,
    ) -> Result<Value, ToolError> {
        blocks::update(&self.client(call)?, pipeline_uuid, uuid, edit).await
    }

    async fn delete_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block: &Value,
        force: bool,
    ) -> Result<(), ToolError> {
        blocks::delete(&self.client(call)?, pipeline_uuid, block, force).await
    }

    async fn block_templates(
        &self,
        call: &Call,
        force_refresh: bool,
    ) -> Result<Templates, ToolError> {
        templates::load(&self.client(call)?, force_refresh).await
    }

    async fn run_pipeline(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        payload: &Map<String, Value>,
    ) -> Result<TriggeredRun, ToolError> {
        runs::run(&self.client(call)?, pipeline_uuid, payload).await
    }

    async fn pipeline_runs(&self, call: &Call, query: &RunQuery) -> Result<Page, ToolError> {
        runs::page(&self.client(call)?, query).await
    }

    async fn pipeline_run(&self, call: &Call, id: i64) -> Result<Value, ToolError> {
        runs::fetch_run(&self.client(call)?, id).await
    }

    async fn block_runs(&self, call: &Call, pipeline_run_id: i64) -> Result<Listing, ToolError> {
        runs::block_runs(&self.client(call)?, pipeline_run_id).await
    }

    async fn block_run_outputs(
        &self,
        call: &Call,
        block_run_id: i64,
    ) -> Result<Vec<Value>, ToolError> {
        outputs::outputs(&self.client(call)?, block_run_id).await
    }

    async fn newest_output_run(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block_uuid: &str,
    ) -> Result<Option<i64>, ToolError> {
        outputs::newest_output_run(&self.client(call)?, pipeline_uuid, block_uuid).await
    }

    async fn run_logs(&self, call: &Call, run: &Value) -> Result<Vec<Value>, ToolError> {
        outputs::logs(&self.client(call)?, run).await
    }

    async fn backfills(
        &self,
        call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        runs::backfills(&self.client(call)?, pipeline_uuid).await
    }

    async fn schedules(
        &self,
        call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        schedules::schedules(&self.client(call)?, pipeline_uuid).await
    }

    async fn triggers(&self, call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        schedules::triggers(&self.client(call)?, pipeline_uuid).await
    }
}
