//! The demo backend: the tools answered from the demo project in memory. Every operation takes
//! the project's lock for its own synchronous work only (never across an await, never for I/O),
//! and first brings the runs started since the server began to where they are now (block by
//! block, `progress.rs`), by the backend's clock. Changes last until the server stops.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use serde_json::{Map, Value};

use super::project::Project;
use super::runs::LiveRun;
use crate::backend::{
    Backend, BlockEdit, Call, CreatedBlock, Listing, NewBlock, Page, PipelineEdit, RunQuery,
    Templates, TriggeredRun,
};
use crate::records::text_of;
use crate::redact::Redactor;
use crate::vocabulary::PipelineType;
use crate::widget_result::{to_json, ToolError};

/// How long block templates count as cached after a "fetch", as the agent keeps them.
const TEMPLATE_CACHE_HOURS: i64 = 24;

/// What time it is for the demo: the system's clock, or a test's.
pub type Clock = Arc<dyn Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync>;

struct DemoState {
    project: Project,
    /// When block templates were last "fetched from the cluster".
    templates_fetched_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Runs started here that have not ended yet.
    live: Vec<LiveRun>,
}

impl DemoState {
    /// Every started run brought to `now`; those that ended are let go.
    fn advance(&mut self, now: chrono::DateTime<chrono::Utc>) {
        let project = &mut self.project;
        self.live.retain(|run| !project.advance_run(run, now));
    }
}

pub struct DemoBackend {
    state: Mutex<DemoState>,
    name: String,
    clock: Clock,
}

impl DemoBackend {
    pub fn new(project: Project) -> Self {
        Self::with_clock(project, Arc::new(chrono::Utc::now))
    }

    /// A demo whose runs progress by `clock` (tests move it instead of waiting).
    pub fn with_clock(project: Project, clock: Clock) -> Self {
        Self {
            name: project.project.name.clone(),
            state: Mutex::new(DemoState {
                project,
                templates_fetched_at: None,
                live: Vec::new(),
            }),
            clock,
        }
    }

    /// Every secret the demo data holds under a sensitive key (schedule tokens, passwords, keys):
    /// known to the server from the start, so a copy anywhere is redacted.
    pub fn secrets(&self) -> Redactor {
        let mut redactor = Redactor::default();
        if let Ok(state) = self.state.lock() {
            redactor.learn(&to_json(&state.project));
        }
        redactor
    }

    /// The state, its runs brought to now.
    fn lock(&self) -> Result<MutexGuard<'_, DemoState>, ToolError> {
        let mut state = self.state.lock().map_err(|_| {
            ToolError::internal(
                "The demo project is unavailable after an earlier failure; restart the server.",
            )
        })?;
        state.advance((self.clock)());
        Ok(state)
    }

    fn read<T>(&self, read: impl FnOnce(&Project) -> Result<T, ToolError>) -> Result<T, ToolError> {
        read(&self.lock()?.project)
    }

    fn write<T>(
        &self,
        write: impl FnOnce(&mut Project) -> Result<T, ToolError>,
    ) -> Result<T, ToolError> {
        write(&mut self.lock()?.project)
    }
}

#[async_trait]
impl Backend for DemoBackend {
    fn describe(&self, _call: &Call) -> String {
        format!("the demo project {}", self.name)
    }

    /// The demo project has no UI of its own: its records link nowhere.
    fn pages(&self, _call: &Call) -> Option<crate::mage::MagePages> {
        None
    }

    fn instructions(&self) -> &'static str {
        "An MCP server for Mage pipelines, answering from its built-in demo project (in memory). \
         Start with pipeline_list; pipeline_get shows a pipeline's block graph. Results render in \
         the resource widget where the host supports MCP Apps; the JSON text is the same data. \
         pipeline_delete is permanent. Changes last until the server stops. A run started with \
         run_pipeline goes on block by block (about a second each; follow it with \
         pipeline_run_get); a payload {\"fail_block\": \"<block uuid>\"} makes that block fail."
    }

    async fn pipelines(&self, _call: &Call) -> Result<Listing, ToolError> {
        self.read(|p| Ok(Listing::complete(p.pipeline_records())))
    }

    async fn last_runs(&self, _call: &Call) -> Result<BTreeMap<String, Value>, ToolError> {
        self.read(|p| Ok(p.last_run_records()))
    }

    async fn pipeline(&self, _call: &Call, uuid: &str) -> Result<Value, ToolError> {
        self.read(|p| p.pipeline_or_404(uuid).map(to_json))
    }

    async fn latest_run(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
    ) -> Result<Option<Value>, ToolError> {
        self.read(|p| p.latest_run_record(pipeline_uuid))
    }

    async fn create_pipeline(
        &self,
        _call: &Call,
        name: &str,
        pipeline_type: PipelineType,
    ) -> Result<Value, ToolError> {
        self.write(|p| Ok(p.create_pipeline(name, pipeline_type)))
    }

    async fn update_pipeline(
        &self,
        _call: &Call,
        uuid: &str,
        edit: &PipelineEdit,
    ) -> Result<Value, ToolError> {
        self.write(|p| p.update_pipeline(uuid, edit))
    }

    async fn delete_pipeline(&self, _call: &Call, uuid: &str) -> Result<Value, ToolError> {
        self.write(|p| p.delete_pipeline(uuid))
    }

    async fn blocks(&self, _call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.block_records(pipeline_uuid))
    }

    async fn block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
    ) -> Result<Value, ToolError> {
        self.read(|p| p.block_record(pipeline_uuid, uuid))
    }

    async fn create_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block: &NewBlock,
    ) -> Result<CreatedBlock, ToolError> {
        self.write(|p| p.create_block(pipeline_uuid, block))
    }

    async fn update_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
        edit: &BlockEdit,
    ) -> Result<Value, ToolError> {
        self.write(|p| p.update_block(pipeline_uuid, uuid, edit))
    }

    async fn delete_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block: &Value,
        _force: bool,
    ) -> Result<(), ToolError> {
        self.write(|p| p.delete_block(pipeline_uuid, text_of(block, "uuid")))
    }

    async fn block_templates(
        &self,
        _call: &Call,
        force_refresh: bool,
    ) -> Result<Templates, ToolError> {
        let mut state = self.lock()?;
        let now = (self.clock)();
        let fresh = state
            .templates_fetched_at
            .filter(|at| now.signed_duration_since(*at).num_hours() < TEMPLATE_CACHE_HOURS)
            .filter(|_| !force_refresh);
        if fresh.is_none() {
            state.templates_fetched_at = Some(now);
        }
        Ok(Templates {
            records: state.project.block_templates.iter().map(to_json).collect(),
            cached_minutes: fresh.map(|at| now.signed_duration_since(at).num_minutes()),
            cache_problem: None,
        })
    }

    async fn run_pipeline(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        payload: &Map<String, Value>,
    ) -> Result<TriggeredRun, ToolError> {
        let mut state = self.lock()?;
        let (triggered, live) =
            state
                .project
                .trigger_run(pipeline_uuid, payload, (self.clock)())?;
        state.live.push(live);
        Ok(triggered)
    }

    async fn pipeline_runs(&self, _call: &Call, query: &RunQuery) -> Result<Page, ToolError> {
        self.read(|p| p.run_page(query))
    }

    async fn pipeline_run(&self, _call: &Call, id: i64) -> Result<Value, ToolError> {
        self.read(|p| p.run_or_404(id).map(to_json))
    }

    async fn block_runs(&self, _call: &Call, pipeline_run_id: i64) -> Result<Listing, ToolError> {
        self.read(|p| p.block_run_records(pipeline_run_id).map(Listing::complete))
    }

    async fn block_run_outputs(
        &self,
        _call: &Call,
        block_run_id: i64,
    ) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.block_run_outputs(block_run_id))
    }

    async fn newest_output_run(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block_uuid: &str,
    ) -> Result<Option<i64>, ToolError> {
        self.read(|p| Ok(p.newest_output_run(pipeline_uuid, block_uuid)))
    }

    async fn run_logs(&self, _call: &Call, run: &Value) -> Result<Vec<Value>, ToolError> {
        let id = run.get("id").and_then(Value::as_i64).unwrap_or_default();
        self.read(|p| Ok(p.log_records(id)))
    }

    async fn backfills(
        &self,
        _call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        self.read(|p| p.backfill_records(pipeline_uuid).map(Listing::complete))
    }

    async fn schedules(
        &self,
        _call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        self.read(|p| p.schedule_records(pipeline_uuid).map(Listing::complete))
    }

    async fn triggers(&self, _call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.trigger_records(pipeline_uuid))
    }
}
