//! The seam between the tools and the service that answers them: one trait, [`Backend`], with
//! two implementations, the demo project in memory (`demo`) and a Mage server over HTTP (`mage`).
//! Like `object_store`'s `ObjectStore`, it offers the service's own operations on records in the
//! service's shape (JSON objects as its HTTP API serves them); the tools check the arguments,
//! compose these operations and build the widget result, once for every backend. A shared suite
//! of tool behaviour runs against each implementation (`tests/server/suite.rs`).

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::config::Session;
use crate::mage::MagePages;
use crate::secrets::CallSecrets;
use crate::vocabulary::{BlockLanguage, BlockType, PipelineType, RunStatus};
use crate::widget_result::{ToolError, WidgetResult};

/// One tool call as a backend sees it: the session it runs under (the cluster's URL and the
/// credentials) and the secrets it meets, which every answer is shown to before anything reads it.
pub struct Call {
    pub session: Session,
    pub secrets: CallSecrets,
    backend: Arc<dyn Backend>,
}

impl Call {
    pub fn new(session: Session, secrets: CallSecrets, backend: Arc<dyn Backend>) -> Self {
        Self {
            session,
            secrets,
            backend,
        }
    }

    /// The backend this call runs against.
    pub fn backend(&self) -> &dyn Backend {
        self.backend.as_ref()
    }

    /// The cluster's URL without a trailing `/`.
    pub fn cluster_url(&self) -> &str {
        self.session.cluster_url.trim().trim_end_matches('/')
    }

    /// Where the service's own UI shows each record, when it has one.
    pub fn pages(&self) -> Option<MagePages> {
        self.backend.pages(self)
    }

    /// A call on `backend` for the crate's unit tests: a local cluster's URL, no credential,
    /// nothing learned.
    #[cfg(test)]
    pub fn for_tests(backend: Arc<dyn Backend>) -> Self {
        let session = Session {
            cluster_url: "http://127.0.0.1:6789".into(),
            secrets: Vec::new(),
            oauth_token: None,
            api_key: None,
        };
        Self::new(
            session,
            CallSecrets::new(crate::redact::Redactor::default()),
            backend,
        )
    }
}

/// A list read page by page, and whether it stopped before the end.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    pub records: Vec<Value>,
    /// Set when the service held more than was read (a bound on the pages read was reached).
    pub truncated: Option<Truncation>,
}

impl Listing {
    /// A whole list.
    pub fn complete(records: Vec<Value>) -> Self {
        Self {
            records,
            truncated: None,
        }
    }
}

/// How much a cut list left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Truncation {
    /// How many records the service says it holds, when it says.
    pub total: Option<u64>,
    /// The bound that was reached.
    pub bound: ListBound,
}

/// A bound on what one call reads of a list the service pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListBound {
    /// At most this many records are read.
    Records(usize),
    /// At most this many bytes of answers are read, over every page of every list of the call.
    Bytes(u64),
}

impl ListBound {
    /// "5000 records", "32 MB".
    pub fn describe(self) -> String {
        match self {
            ListBound::Records(records) => format!("{records} records"),
            ListBound::Bytes(bytes) => shown_bytes(bytes),
        }
    }
}

/// A byte count as a reader says it: `32 MB`, `1.5 MB`, `512 bytes`.
pub fn shown_bytes(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB {
        let tenths = bytes.saturating_mul(10) / MB;
        if tenths.is_multiple_of(10) {
            format!("{} MB", tenths / 10)
        } else {
            format!("{}.{} MB", tenths / 10, tenths % 10)
        }
    } else {
        format!("{bytes} bytes")
    }
}

/// `result` as it is, or marked as cut short when its list was (the records read are kept).
pub fn mark_truncated(result: WidgetResult, truncated: Option<Truncation>) -> WidgetResult {
    match truncated {
        Some(cut) => result.cut_at(&cut.bound.describe(), cut.total),
        None => result,
    }
}

/// One page of a list the service pages itself (pipeline runs).
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub records: Vec<Value>,
    /// How many records match, when the service says.
    pub total: Option<u64>,
    /// Whether the service says more follow.
    pub more: bool,
}

/// Which pipeline runs, and which page of them (newest first).
#[derive(Debug, Clone)]
pub struct RunQuery {
    pub pipeline_uuid: Option<String>,
    pub status: Option<RunStatus>,
    pub offset: u64,
    pub limit: u64,
}

/// The fields of a pipeline to change (only those that differ from the record).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PipelineEdit {
    pub name: Option<String>,
    pub description: Option<String>,
}

impl PipelineEdit {
    pub fn is_empty(&self) -> bool {
        self.name.is_none() && self.description.is_none()
    }
}

/// A block to add to a pipeline; its upstream blocks are checked by the caller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewBlock {
    pub name: String,
    pub block_type: BlockType,
    pub language: BlockLanguage,
    pub content: Option<String>,
    pub upstream_blocks: Vec<String>,
    /// Without it the backend applies a matching block template.
    pub config: Option<Map<String, Value>>,
}

/// A block as created, and what was applied on the way (a template, a detected source).
#[derive(Debug, Clone)]
pub struct CreatedBlock {
    pub record: Value,
    pub notes: Vec<String>,
}

/// The parts of a block to change (only those that differ), checked by the caller: a known name,
/// upstream blocks that exist and make no cycle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockEdit {
    pub content: Option<String>,
    pub name: Option<String>,
    pub upstream_blocks: Option<Vec<String>>,
    /// The pipeline's blocks as read when the change was made (and its diff shown): new code is
    /// saved only while the pipeline still holds them.
    pub read_from: Option<BlocksVersion>,
}

/// What a pipeline's blocks were when read, as a digest of their order, code and upstream blocks.
/// Mage saves a block's code by writing the pipeline's whole block list back, so code saved
/// against an older read would drop a block added meanwhile, or overwrite code edited meanwhile
/// (and the diff shown would be of the older read): the backend compares this with a fresh read
/// before it writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlocksVersion(String);

impl BlocksVersion {
    /// The version of `blocks`, records in the service's shape (`uuid`, `content`,
    /// `upstream_blocks`; every other field, a run's status among them, does not count).
    pub fn of(blocks: &[Value]) -> Self {
        use sha2::Digest;
        let parts: Vec<Value> = blocks
            .iter()
            .map(|block| {
                serde_json::json!([
                    block.get("uuid"),
                    block.get("content"),
                    block.get("upstream_blocks")
                ])
            })
            .collect();
        let digest = sha2::Sha256::digest(Value::Array(parts).to_string().as_bytes());
        Self(digest.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The refusal when `pipeline_uuid` no longer holds the blocks this version was read from.
    pub fn changed_since_read(pipeline_uuid: &str) -> ToolError {
        ToolError::api(format!(
            "Pipeline '{pipeline_uuid}' changed since it was read for this update (a block was added, removed or edited meanwhile); the code was not saved, and the diff it was shown with is no longer true. Read the block again (block_get) and send the update again (409)."
        ))
    }
}

impl BlockEdit {
    pub fn is_empty(&self) -> bool {
        self.content.is_none() && self.name.is_none() && self.upstream_blocks.is_none()
    }
}

/// Block templates and where they came from.
#[derive(Debug, Clone, Default)]
pub struct Templates {
    pub records: Vec<Value>,
    /// `None`: fetched just now; `Some(minutes)`: from the 24-hour cache, that old.
    pub cached_minutes: Option<i64>,
    /// Why the cache could not be kept, if it could not.
    pub cache_problem: Option<String>,
}

/// A run started by run_pipeline, and how it was started ("through API trigger 'x' (id 4)").
#[derive(Debug, Clone)]
pub struct TriggeredRun {
    pub record: Value,
    pub how: String,
}

/// The service's operations. Every record is a JSON object in the shape the service's HTTP API
/// serves; an unknown uuid or id is `ToolError::not_found` (API_ERROR, 404), and a change that
/// needs several requests either completes or says which parts were applied.
#[async_trait]
pub trait Backend: Send + Sync {
    /// What answers, for titles and the log: "Mage at http://…", "the demo project Acme".
    fn describe(&self, call: &Call) -> String;

    /// The server's instructions to the model, naming what answers.
    fn instructions(&self) -> &'static str;

    /// Where the service's own UI shows each record (the results' `recordUrl` hints); `None` for
    /// a service without one.
    fn pages(&self, call: &Call) -> Option<MagePages>;

    /// Every pipeline, each with its `blocks` and `schedules` lists.
    async fn pipelines(&self, call: &Call) -> Result<Listing, ToolError>;
    /// Each pipeline's newest run (`pipeline_uuid` → run), as far as the service tells cheaply.
    async fn last_runs(&self, call: &Call) -> Result<BTreeMap<String, Value>, ToolError>;
    /// One pipeline with its blocks (their code included).
    async fn pipeline(&self, call: &Call, uuid: &str) -> Result<Value, ToolError>;
    /// A pipeline's newest run with its `block_runs`, if it ever ran.
    async fn latest_run(
        &self,
        call: &Call,
        pipeline_uuid: &str,
    ) -> Result<Option<Value>, ToolError>;
    async fn create_pipeline(
        &self,
        call: &Call,
        name: &str,
        pipeline_type: PipelineType,
    ) -> Result<Value, ToolError>;
    /// The pipeline after the change (the service may give it a new uuid with a new name).
    async fn update_pipeline(
        &self,
        call: &Call,
        uuid: &str,
        edit: &PipelineEdit,
    ) -> Result<Value, ToolError>;
    /// Deletes a pipeline with everything that belongs to it; the deleted record.
    async fn delete_pipeline(&self, call: &Call, uuid: &str) -> Result<Value, ToolError>;

    async fn blocks(&self, call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError>;
    async fn block(&self, call: &Call, pipeline_uuid: &str, uuid: &str)
        -> Result<Value, ToolError>;
    async fn create_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block: &NewBlock,
    ) -> Result<CreatedBlock, ToolError>;
    /// The block after the change (the service may give it a new uuid with a new name).
    async fn update_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
        edit: &BlockEdit,
    ) -> Result<Value, ToolError>;
    /// Deletes `block` (a record as [`Backend::block`] gives it); forced, the blocks downstream
    /// of it lose it as an upstream block.
    async fn delete_block(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block: &Value,
        force: bool,
    ) -> Result<(), ToolError>;
    async fn block_templates(
        &self,
        call: &Call,
        force_refresh: bool,
    ) -> Result<Templates, ToolError>;

    /// Starts a run of a pipeline with `payload` as its event variables.
    async fn run_pipeline(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        payload: &Map<String, Value>,
    ) -> Result<TriggeredRun, ToolError>;
    /// Runs, newest first, each with its `block_runs`.
    async fn pipeline_runs(&self, call: &Call, query: &RunQuery) -> Result<Page, ToolError>;
    async fn pipeline_run(&self, call: &Call, id: i64) -> Result<Value, ToolError>;
    async fn block_runs(&self, call: &Call, pipeline_run_id: i64) -> Result<Listing, ToolError>;
    /// The outputs of a block run, as the service serves them.
    async fn block_run_outputs(
        &self,
        call: &Call,
        block_run_id: i64,
    ) -> Result<Vec<Value>, ToolError>;
    /// The block run whose outputs are a block's newest, if any.
    async fn newest_output_run(
        &self,
        call: &Call,
        pipeline_uuid: &str,
        block_uuid: &str,
    ) -> Result<Option<i64>, ToolError>;
    /// The log files of `run` (a record as [`Backend::pipeline_run`] gives it), each
    /// `{name, content, size, modified_timestamp, scope}` (`scope` `block` or `pipeline`).
    async fn run_logs(&self, call: &Call, run: &Value) -> Result<Vec<Value>, ToolError>;
    async fn backfills(
        &self,
        call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError>;

    /// Triggers (pipeline schedules), of one pipeline or of all.
    async fn schedules(
        &self,
        call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError>;
    /// A pipeline's trigger configuration (its triggers.yaml).
    async fn triggers(&self, call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError>;
}
