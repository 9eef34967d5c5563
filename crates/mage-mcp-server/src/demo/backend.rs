//! The demo backend: the tools answered from the demo project in memory. Every operation takes
//! the project's lock for its own synchronous work only (never across an await, never for I/O),
//! and first brings the runs started so far to where they are now (block by block,
//! `progress.rs`), by the backend's clock.
//!
//! Every change is an entry (`changes.rs`) applied by one function. Alone, the backend applies
//! it at once, and changes last until the server stops. Replicas of the demo behind a load
//! balancer share a journal instead (`--session-store`, `journal.rs`): a change is appended to
//! it, then the replica applies every entry after the last one it applied, in order, its own
//! among them, and answers with its own entry's outcome; a read first applies what the other
//! replicas appended. So every replica answers from the same project, and a replica started
//! later catches up from the first entry. Two calls of one replica catching up at once apply
//! each entry once: entries are applied under the lock, from the position the replica reached.
//! A store that does not answer fails the call with a tool error: a replica never answers from
//! a copy that may lack the others' changes. A journal that is not the one a replica applied
//! (the store restarted without its data, or its key was deleted) makes the replica start over
//! from its project as loaded and apply the journal as it is.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::changes::{apply, Change, DemoState, Entry, Outcome};
use super::journal::{Journal, JournalError, MAX_ENTRIES, MAX_ENTRY_BYTES, READ_PAGE};
use super::project::Project;
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

/// The most reads of the journal one catch-up makes: every page of a full journal, twice (once
/// more after starting over), and a few more for pages another call applied first.
const MAX_READS: u64 = 2 * (MAX_ENTRIES / (READ_PAGE - 1) + 1) + 8;

/// The server's instructions to the model: one process.
const INSTRUCTIONS_ALONE: &str = "An MCP server for Mage pipelines, answering from its built-in demo project (in memory). \
     Start with pipeline_list; pipeline_get shows a pipeline's block graph. Results render in \
     the resource widget where the host supports MCP Apps; the JSON text is the same data. \
     pipeline_delete is permanent. Changes last until the server stops. A run started with \
     run_pipeline goes on block by block (about a second each; follow it with \
     pipeline_run_get); a payload {\"fail_block\": \"<block uuid>\"} makes that block fail.";

/// The server's instructions to the model: replicas sharing the demo's changes.
const INSTRUCTIONS_SHARED: &str = "An MCP server for Mage pipelines, answering from its built-in demo project, shared by \
     every replica of the server. Start with pipeline_list; pipeline_get shows a pipeline's block \
     graph. Results render in the resource widget where the host supports MCP Apps; the JSON \
     text is the same data. pipeline_delete is permanent. Changes last as long as the shared \
     store keeps them. A run started with run_pipeline goes on block by block (about a second \
     each; follow it with pipeline_run_get); a payload {\"fail_block\": \"<block uuid>\"} makes \
     that block fail.";

/// What time it is for the demo: the system's clock, or a test's.
pub type Clock = Arc<dyn Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync>;

/// What the shared journal yields for a replica: the project and where the replica is in it.
struct Replica {
    state: DemoState,
    /// How many entries of the journal have been applied.
    cursor: u64,
    /// The digest of the last entry applied, to tell that the journal is still the one applied.
    last_applied: Option<[u8; 32]>,
    /// The changes of this replica waiting for their outcome, by entry id: `None` until applied.
    waiting: HashMap<String, Option<Result<Outcome, ToolError>>>,
}

/// What became of a page of entries read from the journal.
enum Taken {
    /// Applied, up to the end of the page.
    Applied,
    /// Another call moved the replica on since the page was read: nothing taken from it.
    Stale,
    /// The journal is not the one applied: the replica started over from the project as loaded.
    StartedOver,
}

fn digest(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

impl Replica {
    fn new(project: Project) -> Self {
        Self {
            state: DemoState::new(project),
            cursor: 0,
            last_applied: None,
            waiting: HashMap::new(),
        }
    }

    /// Takes `entries`, read from position `read_from` when the replica had applied `read_at`
    /// entries: checks that the last entry applied is still the one the journal holds there,
    /// then applies the entries after it, in order.
    fn take(&mut self, read_at: u64, entries: &[String], initial: &Project) -> Taken {
        if self.cursor != read_at {
            return Taken::Stale;
        }
        let mut new = entries;
        if self.cursor > 0 {
            let same = entries.first().map(|text| digest(text)) == self.last_applied;
            if !same {
                tracing::warn!(
                    "the demo project's shared journal is not the one this replica applied (the store restarted without its data, or its key was deleted): starting over from the project as loaded"
                );
                self.state = DemoState::new(initial.clone());
                self.cursor = 0;
                self.last_applied = None;
                return Taken::StartedOver;
            }
            new = &entries[1..];
        }
        for text in new {
            self.apply_text(text);
            self.cursor += 1;
            self.last_applied = Some(digest(text));
        }
        Taken::Applied
    }

    /// Applies one entry of the journal; its outcome goes to the change waiting for it, if this
    /// replica took it. An entry this version cannot read changes nothing, on every replica alike.
    fn apply_text(&mut self, text: &str) {
        let Ok(entry) = serde_json::from_str::<Entry>(text) else {
            tracing::warn!("an entry of the demo project's shared journal could not be read: left out");
            return;
        };
        let outcome = apply(&mut self.state, &entry);
        if let Some(waiting) = self.waiting.get_mut(&entry.id) {
            *waiting = Some(outcome);
        }
    }
}

/// The journal shared with the other replicas, and the project every replica starts from.
struct Sharing {
    journal: Arc<dyn Journal>,
    initial: Project,
}

pub struct DemoBackend {
    replica: Mutex<Replica>,
    name: String,
    clock: Clock,
    sharing: Option<Sharing>,
}

/// A change of this replica waiting for its outcome; dropped (the call ended or was cancelled),
/// it waits no more.
struct Waiting<'a> {
    backend: &'a DemoBackend,
    id: String,
}

impl Waiting<'_> {
    /// The outcome of the change, once applied.
    fn outcome(&self) -> Option<Result<Outcome, ToolError>> {
        let mut replica = self.backend.replica().ok()?;
        replica.waiting.remove(&self.id).flatten()
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if let Ok(mut replica) = self.backend.replica() {
            replica.waiting.remove(&self.id);
        }
    }
}

/// A new entry's id: 128 random bits.
fn new_entry_id() -> Result<String, ToolError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|error| {
        ToolError::internal(format!("No random source for a change's id: {error}."))
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl DemoBackend {
    pub fn new(project: Project) -> Self {
        Self::with_clock(project, Arc::new(chrono::Utc::now))
    }

    /// A demo whose runs progress by `clock` (tests move it instead of waiting).
    pub fn with_clock(project: Project, clock: Clock) -> Self {
        Self {
            name: project.project.name.clone(),
            replica: Mutex::new(Replica::new(project)),
            clock,
            sharing: None,
        }
    }

    /// This demo as one replica of several that share their changes through `journal`: each
    /// answers from the project as loaded with every entry of the journal applied.
    pub fn sharing(mut self, journal: Arc<dyn Journal>) -> Self {
        if let Ok(replica) = self.replica.get_mut() {
            self.sharing = Some(Sharing {
                journal,
                initial: replica.state.project.clone(),
            });
        }
        self
    }

    /// Every secret the demo data holds under a sensitive key (schedule tokens, passwords, keys):
    /// known to the server from the start, so a copy anywhere is redacted.
    pub fn secrets(&self) -> Redactor {
        let mut redactor = Redactor::default();
        if let Ok(replica) = self.replica.lock() {
            redactor.learn(&to_json(&replica.state.project));
        }
        redactor
    }

    /// The replica's state as it is (its runs not brought to now).
    fn replica(&self) -> Result<MutexGuard<'_, Replica>, ToolError> {
        self.replica.lock().map_err(|_| {
            ToolError::internal(
                "The demo project is unavailable after an earlier failure; restart the server.",
            )
        })
    }

    /// The state, its runs brought to now.
    fn lock(&self) -> Result<MutexGuard<'_, Replica>, ToolError> {
        let mut replica = self.replica()?;
        replica.state.advance((self.clock)());
        Ok(replica)
    }

    /// Applies every entry of the shared journal this replica has not applied yet (nothing when
    /// the demo is not shared).
    async fn catch_up(&self) -> Result<(), JournalError> {
        let Some(sharing) = &self.sharing else {
            return Ok(());
        };
        for _ in 0..MAX_READS {
            let read_at = self
                .replica()
                .map_err(|error| JournalError::Unavailable(error.message))?
                .cursor;
            let entries = sharing.journal.read(read_at.saturating_sub(1)).await?;
            let mut replica = self
                .replica()
                .map_err(|error| JournalError::Unavailable(error.message))?;
            match replica.take(read_at, &entries, &sharing.initial) {
                Taken::Applied if (entries.len() as u64) < READ_PAGE => return Ok(()),
                Taken::Applied | Taken::Stale | Taken::StartedOver => {}
            }
        }
        Err(JournalError::Unavailable(
            "it kept changing faster than this replica could read it".to_owned(),
        ))
    }

    async fn read<T>(
        &self,
        read: impl FnOnce(&Project) -> Result<T, ToolError> + Send,
    ) -> Result<T, ToolError> {
        self.catch_up().await.map_err(JournalError::on_read)?;
        read(&self.lock()?.state.project)
    }

    /// Takes `change` at the clock's now: applied at once, or through the shared journal.
    async fn change(&self, change: Change) -> Result<Outcome, ToolError> {
        let at = (self.clock)();
        let Some(sharing) = &self.sharing else {
            let entry = Entry {
                id: String::new(),
                at,
                change,
            };
            return apply(&mut self.lock()?.state, &entry);
        };
        let entry = Entry {
            id: new_entry_id()?,
            at,
            change: change.redacted(),
        };
        let text = serde_json::to_string(&entry).map_err(|error| {
            ToolError::internal(format!("The change could not be written down: {error}."))
        })?;
        if text.len() > MAX_ENTRY_BYTES {
            return Err(ToolError::api(format!(
                "This change is larger than the demo project's shared journal takes ({} KiB as JSON); nothing was changed.",
                MAX_ENTRY_BYTES / 1024
            )));
        }
        let waiting = Waiting {
            backend: self,
            id: entry.id.clone(),
        };
        self.replica()?.waiting.insert(entry.id, None);
        sharing
            .journal
            .append(text)
            .await
            .map_err(JournalError::on_append)?;
        let unknown = |why: &str| {
            ToolError::api(format!(
                "The change was recorded in the demo project's shared store, but {why}: {}",
                crate::mage::client::OUTCOME_UNKNOWN
            ))
        };
        if let Err(error) = self.catch_up().await {
            return Err(unknown(&format!("reading it back failed ({})", error.reason())));
        }
        waiting
            .outcome()
            .unwrap_or_else(|| Err(unknown("the store no longer holds it")))
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
        match self.sharing {
            None => INSTRUCTIONS_ALONE,
            Some(_) => INSTRUCTIONS_SHARED,
        }
    }

    async fn pipelines(&self, _call: &Call) -> Result<Listing, ToolError> {
        self.read(|p| Ok(Listing::complete(p.pipeline_records()))).await
    }

    async fn last_runs(&self, _call: &Call) -> Result<BTreeMap<String, Value>, ToolError> {
        self.read(|p| Ok(p.last_run_records())).await
    }

    async fn pipeline(&self, _call: &Call, uuid: &str) -> Result<Value, ToolError> {
        self.read(|p| p.pipeline_or_404(uuid).map(to_json)).await
    }

    async fn latest_run(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
    ) -> Result<Option<Value>, ToolError> {
        self.read(|p| p.latest_run_record(pipeline_uuid)).await
    }

    async fn create_pipeline(
        &self,
        _call: &Call,
        name: &str,
        pipeline_type: PipelineType,
    ) -> Result<Value, ToolError> {
        self.change(Change::CreatePipeline {
            name: name.to_owned(),
            pipeline_type,
        })
        .await?
        .record()
    }

    async fn update_pipeline(
        &self,
        _call: &Call,
        uuid: &str,
        edit: &PipelineEdit,
    ) -> Result<Value, ToolError> {
        self.change(Change::UpdatePipeline {
            uuid: uuid.to_owned(),
            edit: edit.clone(),
        })
        .await?
        .record()
    }

    async fn delete_pipeline(&self, _call: &Call, uuid: &str) -> Result<Value, ToolError> {
        self.change(Change::DeletePipeline {
            uuid: uuid.to_owned(),
        })
        .await?
        .record()
    }

    async fn blocks(&self, _call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.block_records(pipeline_uuid)).await
    }

    async fn block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
    ) -> Result<Value, ToolError> {
        self.read(|p| p.block_record(pipeline_uuid, uuid)).await
    }

    async fn create_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block: &NewBlock,
    ) -> Result<CreatedBlock, ToolError> {
        self.change(Change::CreateBlock {
            pipeline_uuid: pipeline_uuid.to_owned(),
            block: block.clone(),
        })
        .await?
        .block()
    }

    async fn update_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        uuid: &str,
        edit: &BlockEdit,
    ) -> Result<Value, ToolError> {
        self.change(Change::UpdateBlock {
            pipeline_uuid: pipeline_uuid.to_owned(),
            uuid: uuid.to_owned(),
            edit: edit.clone(),
        })
        .await?
        .record()
    }

    async fn delete_block(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block: &Value,
        _force: bool,
    ) -> Result<(), ToolError> {
        self.change(Change::DeleteBlock {
            pipeline_uuid: pipeline_uuid.to_owned(),
            uuid: text_of(block, "uuid").to_owned(),
        })
        .await?
        .done()
    }

    async fn block_templates(
        &self,
        _call: &Call,
        force_refresh: bool,
    ) -> Result<Templates, ToolError> {
        self.catch_up().await.map_err(JournalError::on_read)?;
        if !force_refresh {
            let replica = self.lock()?;
            let now = (self.clock)();
            let fresh = replica
                .state
                .templates_fetched_at
                .filter(|at| now.signed_duration_since(*at).num_hours() < TEMPLATE_CACHE_HOURS);
            if let Some(at) = fresh {
                return Ok(Templates {
                    records: replica.state.project.block_templates.iter().map(to_json).collect(),
                    cached_minutes: Some(now.signed_duration_since(at).num_minutes()),
                    cache_problem: None,
                });
            }
        }
        let records = self.change(Change::FetchTemplates).await?.templates()?;
        Ok(Templates {
            records,
            cached_minutes: None,
            cache_problem: None,
        })
    }

    async fn run_pipeline(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        payload: &Map<String, Value>,
    ) -> Result<TriggeredRun, ToolError> {
        self.change(Change::RunPipeline {
            pipeline_uuid: pipeline_uuid.to_owned(),
            payload: payload.clone(),
        })
        .await?
        .run()
    }

    async fn pipeline_runs(&self, _call: &Call, query: &RunQuery) -> Result<Page, ToolError> {
        self.read(|p| p.run_page(query)).await
    }

    async fn pipeline_run(&self, _call: &Call, id: i64) -> Result<Value, ToolError> {
        self.read(|p| p.run_or_404(id).map(to_json)).await
    }

    async fn block_runs(&self, _call: &Call, pipeline_run_id: i64) -> Result<Listing, ToolError> {
        self.read(|p| p.block_run_records(pipeline_run_id).map(Listing::complete)).await
    }

    async fn block_run_outputs(
        &self,
        _call: &Call,
        block_run_id: i64,
    ) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.block_run_outputs(block_run_id)).await
    }

    async fn newest_output_run(
        &self,
        _call: &Call,
        pipeline_uuid: &str,
        block_uuid: &str,
    ) -> Result<Option<i64>, ToolError> {
        self.read(|p| Ok(p.newest_output_run(pipeline_uuid, block_uuid))).await
    }

    async fn run_logs(&self, _call: &Call, run: &Value) -> Result<Vec<Value>, ToolError> {
        let id = run.get("id").and_then(Value::as_i64).unwrap_or_default();
        self.read(|p| Ok(p.log_records(id))).await
    }

    async fn backfills(
        &self,
        _call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        self.read(|p| p.backfill_records(pipeline_uuid).map(Listing::complete)).await
    }

    async fn schedules(
        &self,
        _call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        self.read(|p| p.schedule_records(pipeline_uuid).map(Listing::complete)).await
    }

    async fn triggers(&self, _call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.trigger_records(pipeline_uuid)).await
    }
}
