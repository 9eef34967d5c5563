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
/// more after starting over), and a few more for pages that no longer fit where the replica is.
const MAX_READS: u64 = 2 * (MAX_ENTRIES / (READ_PAGE - 1) + 1) + 8;

/// The server's instructions to the model: one process.
const INSTRUCTIONS_ALONE: &str =
    "An MCP server for Mage pipelines, answering from its built-in demo project (in memory). \
     Start with pipeline_list; pipeline_get shows a pipeline's block graph. Results render in \
     the resource widget where the host supports MCP Apps; the JSON text is the same data. \
     pipeline_delete is permanent. Changes last until the server stops. A run started with \
     run_pipeline goes on block by block (about a second each; follow it with \
     pipeline_run_get); a payload {\"fail_block\": \"<block uuid>\"} makes that block fail.";

/// The server's instructions to the model: replicas sharing the demo's changes.
const INSTRUCTIONS_SHARED: &str =
    "An MCP server for Mage pipelines, answering from its built-in demo project, shared by \
     every replica of the server. Start with pipeline_list; pipeline_get shows a pipeline's block \
     graph. Results render in the resource widget where the host supports MCP Apps; the JSON \
     text is the same data. pipeline_delete is permanent. Changes last as long as the shared \
     store keeps them. A run started with run_pipeline goes on block by block (about a second \
     each; follow it with pipeline_run_get); a payload {\"fail_block\": \"<block uuid>\"} makes \
     that block fail.";

/// What time it is for the demo: the system's clock, or a test's.
pub type Clock = Arc<dyn Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync>;

/// The demo as this replica holds it: the project and, when the demo is shared, how far into the
/// journal the replica is and which of its changes wait for their outcome.
struct Replica {
    state: DemoState,
    /// How many entries of the journal have been applied.
    cursor: u64,
    /// The digest of the last entry applied, to tell that the journal is still the one applied.
    last_applied: Option<[u8; 32]>,
    /// Bumped each time the replica starts over: a page read before that is not taken.
    generation: u64,
    /// The changes of this replica waiting for their outcome, by entry id: `None` until applied.
    waiting: HashMap<String, Option<Result<Outcome, ToolError>>>,
}

/// Where a catch-up read the journal from: the replica's generation and the first position read.
#[derive(Clone, Copy)]
struct ReadMark {
    generation: u64,
    from: u64,
}

/// What became of a page of entries read from the journal.
enum Taken {
    /// Applied, up to the end of the page.
    Applied,
    /// The page no longer fits where the replica is (it started over since, or another call
    /// applied entries the page does not reach or hold alike): nothing taken from it.
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
            generation: 0,
            waiting: HashMap::new(),
        }
    }

    /// Where to read next: from the last entry applied, to check that it is still there.
    fn mark(&self) -> ReadMark {
        ReadMark {
            generation: self.generation,
            from: self.cursor.saturating_sub(1),
        }
    }

    /// Takes `entries`, read at `mark`: finds the last entry applied among them and checks that
    /// it is the one the replica applied, then applies the entries after it, in order. Another
    /// call of the replica may have applied some of them since the read: each is applied once.
    fn take(&mut self, mark: ReadMark, entries: &[String], initial: &Project) -> Taken {
        if mark.generation != self.generation {
            return Taken::Stale;
        }
        let new = match self.cursor.checked_sub(1) {
            None if mark.from == 0 => entries,
            None => return Taken::Stale,
            Some(last) => {
                let Some(index) = last
                    .checked_sub(mark.from)
                    .and_then(|i| usize::try_from(i).ok())
                else {
                    return Taken::Stale;
                };
                let same = entries.get(index).map(|text| digest(text)) == self.last_applied;
                if !same && mark.from == last {
                    // Read from the last entry applied, just now: the journal no longer holds it.
                    self.start_over(initial);
                    return Taken::StartedOver;
                }
                if !same {
                    return Taken::Stale;
                }
                entries.get(index + 1..).unwrap_or(&[])
            }
        };
        for text in new {
            self.apply_text(text);
            self.cursor += 1;
            self.last_applied = Some(digest(text));
        }
        Taken::Applied
    }

    /// Back to the project as loaded, before any entry: the journal is to be applied anew.
    fn start_over(&mut self, initial: &Project) {
        tracing::warn!(
            "the demo project's shared journal is not the one this replica applied (the store restarted without its data, or its key was deleted): starting over from the project as loaded"
        );
        self.state = DemoState::new(initial.clone());
        self.cursor = 0;
        self.last_applied = None;
        self.generation += 1;
    }

    /// Applies one entry of the journal; its outcome goes to the change waiting for it, if this
    /// replica took it. An entry this version cannot read changes nothing, on every replica alike.
    fn apply_text(&mut self, text: &str) {
        let Ok(entry) = serde_json::from_str::<Entry>(text) else {
            tracing::warn!(
                "an entry of the demo project's shared journal could not be read: left out"
            );
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
        let replica = self
            .replica
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.sharing = Some(Sharing {
            journal,
            initial: replica.state.project.clone(),
        });
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
            let mark = self
                .replica()
                .map_err(|error| JournalError::Unavailable(error.message))?
                .mark();
            let entries = sharing.journal.read(mark.from).await?;
            let mut replica = self
                .replica()
                .map_err(|error| JournalError::Unavailable(error.message))?;
            match replica.take(mark, &entries, &sharing.initial) {
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
            return Err(unknown(&format!(
                "reading it back failed ({})",
                error.reason()
            )));
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
        self.read(|p| Ok(Listing::complete(p.pipeline_records())))
            .await
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
                    records: replica
                        .state
                        .project
                        .block_templates
                        .iter()
                        .map(to_json)
                        .collect(),
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
        self.read(|p| p.block_run_records(pipeline_run_id).map(Listing::complete))
            .await
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
        self.read(|p| Ok(p.newest_output_run(pipeline_uuid, block_uuid)))
            .await
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
        self.read(|p| p.backfill_records(pipeline_uuid).map(Listing::complete))
            .await
    }

    async fn schedules(
        &self,
        _call: &Call,
        pipeline_uuid: Option<&str>,
    ) -> Result<Listing, ToolError> {
        self.read(|p| p.schedule_records(pipeline_uuid).map(Listing::complete))
            .await
    }

    async fn triggers(&self, _call: &Call, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.read(|p| p.trigger_records(pipeline_uuid)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::RunQuery;
    use crate::demo::journal::MemoryJournal;
    use serde_json::json;

    /// A clock the test moves, shared by the replicas of a test as one machine's clock is.
    #[derive(Clone)]
    struct TestClock(Arc<Mutex<chrono::DateTime<chrono::Utc>>>);

    impl TestClock {
        fn new() -> Self {
            let start = chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap_or_default();
            Self(Arc::new(Mutex::new(start)))
        }

        fn clock(&self) -> Clock {
            let now = Arc::clone(&self.0);
            Arc::new(move || *now.lock().expect("clock"))
        }

        fn later(&self, ms: i64) {
            *self.0.lock().expect("clock") += chrono::Duration::milliseconds(ms);
        }
    }

    /// A replica: a demo backend over `journal`, and a call to make on it.
    struct TestReplica {
        backend: Arc<DemoBackend>,
        call: Call,
    }

    fn replica(journal: &Arc<dyn Journal>, clock: &TestClock) -> TestReplica {
        let project = Project::embedded().expect("project");
        let backend =
            Arc::new(DemoBackend::with_clock(project, clock.clock()).sharing(Arc::clone(journal)));
        let call = Call::for_tests(Arc::clone(&backend) as Arc<dyn Backend>);
        TestReplica { backend, call }
    }

    fn memory_journal() -> Arc<dyn Journal> {
        Arc::new(MemoryJournal::default())
    }

    fn every_run() -> RunQuery {
        RunQuery {
            pipeline_uuid: None,
            status: None,
            offset: 0,
            limit: 1_000,
        }
    }

    impl TestReplica {
        async fn create_pipeline(&self, name: &str) -> Value {
            self.backend
                .create_pipeline(&self.call, name, PipelineType::Python)
                .await
                .expect("created")
        }

        async fn run(&self, pipeline_uuid: &str) -> i64 {
            let run = self
                .backend
                .run_pipeline(&self.call, pipeline_uuid, &Map::new())
                .await
                .expect("started");
            run.record["id"].as_i64().expect("an id")
        }

        async fn run_record(&self, id: i64) -> Value {
            self.backend
                .pipeline_run(&self.call, id)
                .await
                .expect("the run")
        }

        /// What the project shows: the pipeline list and every run (pipeline_list and
        /// pipeline_runs read these), and the templates' cache.
        async fn shown(&self) -> Value {
            let pipelines = self.backend.pipelines(&self.call).await.expect("list");
            let runs = self
                .backend
                .pipeline_runs(&self.call, &every_run())
                .await
                .expect("runs");
            let fetched = self
                .backend
                .replica()
                .expect("state")
                .state
                .templates_fetched_at;
            json!({"pipelines": pipelines.records, "runs": runs.records, "templates_fetched_at": fetched})
        }
    }

    #[tokio::test]
    async fn a_pipeline_created_on_one_replica_is_listed_by_the_other() {
        let (journal, clock) = (memory_journal(), TestClock::new());
        let (a, b) = (replica(&journal, &clock), replica(&journal, &clock));
        b.shown().await;
        let created = a.create_pipeline("Made on A").await;
        assert_eq!(created["uuid"], "made_on_a");
        let listed = b.backend.pipelines(&b.call).await.expect("list");
        assert!(
            listed.records.iter().any(|p| p["uuid"] == "made_on_a"),
            "B lists what A created"
        );
        let got = b
            .backend
            .pipeline(&b.call, "made_on_a")
            .await
            .expect("B finds it");
        assert_eq!(got["created_at"], created["created_at"]);
    }

    #[tokio::test]
    async fn a_run_started_on_one_replica_is_followed_on_the_other_to_its_end() {
        let (journal, clock) = (memory_journal(), TestClock::new());
        let (a, b) = (replica(&journal, &clock), replica(&journal, &clock));
        let id = a.run("etl_daily").await;
        let on_b = b.run_record(id).await;
        assert_eq!(on_b["status"], "running");
        assert_eq!(
            on_b,
            a.run_record(id).await,
            "the same run at the same clock"
        );
        clock.later(2_500);
        // Asked on B alone in the middle: A does not look again before the end.
        let middle = b.run_record(id).await;
        assert_eq!(middle["status"], "running");
        clock.later(10_000);
        let done = b.run_record(id).await;
        assert_eq!(done["status"], "completed");
        assert_eq!(done, a.run_record(id).await);
        let run = json!({ "id": id });
        assert_eq!(
            a.backend.run_logs(&a.call, &run).await.expect("logs"),
            b.backend.run_logs(&b.call, &run).await.expect("logs")
        );
        // Each block run as it ended, whenever each replica looked.
        assert_eq!(
            a.backend
                .block_runs(&a.call, id)
                .await
                .expect("block runs")
                .records,
            b.backend
                .block_runs(&b.call, id)
                .await
                .expect("block runs")
                .records
        );
    }

    #[tokio::test]
    async fn writes_interleaved_on_two_replicas_leave_both_with_the_same_project() {
        let (journal, clock) = (memory_journal(), TestClock::new());
        let (a, b) = (replica(&journal, &clock), replica(&journal, &clock));
        let (first, second) =
            tokio::join!(a.create_pipeline("Orders"), b.create_pipeline("Orders"));
        let mut uuids = [first["uuid"].clone(), second["uuid"].clone()];
        uuids.sort_by_key(|u| u.to_string());
        assert_eq!(uuids, [json!("orders"), json!("orders_2")], "one uuid each");
        clock.later(300);
        let block = NewBlock {
            name: "load".into(),
            block_type: crate::vocabulary::BlockType::DataLoader,
            language: crate::vocabulary::BlockLanguage::Python,
            content: None,
            upstream_blocks: Vec::new(),
            config: None,
        };
        a.backend
            .create_block(&a.call, "orders", &block)
            .await
            .expect("block on A");
        b.backend
            .update_pipeline(
                &b.call,
                "orders",
                &PipelineEdit {
                    name: None,
                    description: Some("Made on A, described on B".into()),
                },
            )
            .await
            .expect("edit on B");
        let (on_a, on_b) = tokio::join!(a.run("etl_daily"), b.run("crm_to_warehouse"));
        assert_ne!(on_a, on_b);
        clock.later(1_500);
        b.backend
            .block_templates(&b.call, false)
            .await
            .expect("templates on B");
        let templates = a
            .backend
            .block_templates(&a.call, false)
            .await
            .expect("templates on A");
        assert_eq!(templates.cached_minutes, Some(0), "B's fetch is A's cache");
        a.backend
            .delete_pipeline(&a.call, "orders_2")
            .await
            .expect("deleted on A");
        let blocks = b.backend.blocks(&b.call, "orders").await.expect("blocks");
        b.backend
            .delete_block(&b.call, "orders", &blocks[0], false)
            .await
            .expect("block deleted on B");
        for step in [0, 700, 5_000] {
            clock.later(step);
            assert_eq!(a.shown().await, b.shown().await, "{step} ms later");
        }
    }

    #[tokio::test]
    async fn a_replica_started_later_catches_up_to_the_same_project() {
        let (journal, clock) = (memory_journal(), TestClock::new());
        let a = replica(&journal, &clock);
        a.create_pipeline("Before B").await;
        let id = a.run("crm_to_warehouse").await;
        clock.later(1_200);
        a.run("etl_daily").await;
        clock.later(800);
        let b = replica(&journal, &clock);
        assert_eq!(b.shown().await, a.shown().await);
        assert_eq!(b.run_record(id).await, a.run_record(id).await);
    }

    #[tokio::test]
    async fn a_replica_catches_up_past_a_page_of_entries() {
        let (journal, clock) = (memory_journal(), TestClock::new());
        let a = replica(&journal, &clock);
        for n in 0..(READ_PAGE + 20) {
            a.create_pipeline(&format!("p{n}")).await;
        }
        let b = replica(&journal, &clock);
        assert_eq!(b.shown().await, a.shown().await);
    }

    /// A journal that lets other tasks run before and after each step, as a store's round
    /// trips do.
    struct Yielding(MemoryJournal);

    #[async_trait]
    impl Journal for Yielding {
        async fn append(&self, entry: String) -> Result<u64, JournalError> {
            tokio::task::yield_now().await;
            let position = self.0.append(entry).await;
            tokio::task::yield_now().await;
            position
        }

        async fn read(&self, from: u64) -> Result<Vec<String>, JournalError> {
            tokio::task::yield_now().await;
            let entries = self.0.read(from).await;
            tokio::task::yield_now().await;
            entries
        }
    }

    #[tokio::test]
    async fn calls_of_one_replica_at_once_apply_each_entry_once_and_each_get_their_own_outcome() {
        let journal: Arc<dyn Journal> = Arc::new(Yielding(MemoryJournal::default()));
        let clock = TestClock::new();
        let (a, b) = (replica(&journal, &clock), replica(&journal, &clock));
        let before = a.shown().await["pipelines"].as_array().map_or(0, Vec::len);
        let names: Vec<String> = (0..12).map(|n| format!("Concurrent {n}")).collect();
        let on_a = futures::future::join_all(names.iter().map(|n| a.create_pipeline(n)));
        let on_b = futures::future::join_all(names.iter().map(|n| b.create_pipeline(n)));
        let (on_a, on_b) = tokio::join!(on_a, on_b);
        for (name, record) in names.iter().zip(on_a.iter().chain(&on_b)) {
            assert_eq!(
                &record["name"], name,
                "each change answers with its own outcome"
            );
        }
        let shown = a.shown().await;
        assert_eq!(
            shown["pipelines"].as_array().map_or(0, Vec::len),
            before + 24
        );
        assert_eq!(shown, b.shown().await);
        let uuids: std::collections::BTreeSet<String> = on_a
            .iter()
            .chain(&on_b)
            .map(|r| r["uuid"].to_string())
            .collect();
        assert_eq!(
            uuids.len(),
            24,
            "every entry applied once: 24 distinct pipelines"
        );
    }

    /// A journal whose steps wait where a test says: the first `held_reads` reads wait for each
    /// other once read, and each append waits, once written, until the test releases it (its
    /// answer still on the way back).
    struct Gated {
        entries: MemoryJournal,
        reads_held: tokio::sync::Barrier,
        held_reads: Mutex<usize>,
        appended: tokio::sync::Notify,
        release: tokio::sync::Notify,
        hold_appends: bool,
    }

    impl Gated {
        fn new(held_reads: usize, hold_appends: bool) -> Arc<Self> {
            Arc::new(Self {
                entries: MemoryJournal::default(),
                reads_held: tokio::sync::Barrier::new(held_reads.max(1)),
                held_reads: Mutex::new(held_reads),
                appended: tokio::sync::Notify::new(),
                release: tokio::sync::Notify::new(),
                hold_appends,
            })
        }
    }

    #[async_trait]
    impl Journal for Gated {
        async fn append(&self, entry: String) -> Result<u64, JournalError> {
            let position = self.entries.append(entry).await;
            if self.hold_appends {
                self.appended.notify_one();
                self.release.notified().await;
            }
            position
        }

        async fn read(&self, from: u64) -> Result<Vec<String>, JournalError> {
            let entries = self.entries.read(from).await;
            let held = {
                let mut left = self.held_reads.lock().expect("count");
                let held = *left > 0;
                *left = left.saturating_sub(1);
                held
            };
            if held {
                self.reads_held.wait().await;
            }
            entries
        }
    }

    #[tokio::test]
    async fn two_calls_that_read_the_same_entries_at_once_apply_them_once() {
        let gated = Gated::new(2, false);
        let clock = TestClock::new();
        let writer = replica(
            &(Arc::new(MemoryJournal::default()) as Arc<dyn Journal>),
            &clock,
        );
        let journal: Arc<dyn Journal> = Arc::clone(&gated) as Arc<dyn Journal>;
        let a = replica(&journal, &clock);
        // Entries another replica appended, which both calls of A read before either applies them.
        for name in ["One", "Two", "Three"] {
            let entry = Entry {
                id: name.to_owned(),
                at: (clock.clock())(),
                change: Change::CreatePipeline {
                    name: name.to_owned(),
                    pipeline_type: PipelineType::Python,
                },
            };
            gated
                .entries
                .append(serde_json::to_string(&entry).expect("JSON"))
                .await
                .expect("appended");
        }
        let before = writer
            .backend
            .pipelines(&writer.call)
            .await
            .expect("list")
            .records
            .len();
        let (first, second) =
            tokio::join!(a.backend.pipelines(&a.call), a.backend.pipelines(&a.call));
        for listed in [first, second] {
            let records = listed.expect("list").records;
            assert_eq!(records.len(), before + 3, "each entry once");
            assert_eq!(records.iter().filter(|p| p["uuid"] == "one").count(), 1);
        }
    }

    #[tokio::test]
    async fn a_change_another_call_applied_first_still_answers_with_its_own_outcome() {
        let gated = Gated::new(0, true);
        let journal: Arc<dyn Journal> = Arc::clone(&gated) as Arc<dyn Journal>;
        let a = replica(&journal, &TestClock::new());
        let write = a
            .backend
            .create_pipeline(&a.call, "Mine", PipelineType::Python);
        // While the append's answer is on its way, a read of the same replica applies the entry.
        let read = async {
            gated.appended.notified().await;
            let listed = a.backend.pipelines(&a.call).await.expect("list");
            gated.release.notify_one();
            listed
        };
        let (created, listed) = tokio::join!(write, read);
        assert!(
            listed.records.iter().any(|p| p["uuid"] == "mine"),
            "the read applied it"
        );
        let created = created.expect("the change's own outcome");
        assert_eq!(created["uuid"], "mine");
        assert_eq!(
            a.backend
                .pipelines(&a.call)
                .await
                .expect("list")
                .records
                .len(),
            listed.records.len(),
            "applied once"
        );
    }

    /// A store that does not answer.
    struct Unanswering;

    #[async_trait]
    impl Journal for Unanswering {
        async fn append(&self, _entry: String) -> Result<u64, JournalError> {
            Err(JournalError::Unavailable("timed out".into()))
        }

        async fn read(&self, _from: u64) -> Result<Vec<String>, JournalError> {
            Err(JournalError::Unavailable("timed out".into()))
        }
    }

    #[tokio::test]
    async fn a_store_that_does_not_answer_fails_the_call_with_a_tool_error() {
        let journal: Arc<dyn Journal> = Arc::new(Unanswering);
        let a = replica(&journal, &TestClock::new());
        let read = a.backend.pipelines(&a.call).await.expect_err("no answer");
        assert!(
            read.message.contains("did not answer (timed out)"),
            "{}",
            read.message
        );
        let write = a
            .backend
            .create_pipeline(&a.call, "x", PipelineType::Python)
            .await
            .expect_err("no answer");
        assert!(
            write.message.contains("may or may not have been recorded"),
            "{}",
            write.message
        );
    }

    #[tokio::test]
    async fn a_full_journal_refuses_changes_and_still_answers_reads() {
        let journal: Arc<dyn Journal> = Arc::new(MemoryJournal::bounded(1));
        let a = replica(&journal, &TestClock::new());
        a.create_pipeline("Fits").await;
        let refused = a
            .backend
            .create_pipeline(&a.call, "Does not fit", PipelineType::Python)
            .await
            .expect_err("full");
        assert!(refused.message.contains("is full"), "{}", refused.message);
        let listed = a.backend.pipelines(&a.call).await.expect("reads go on");
        assert!(listed.records.iter().any(|p| p["uuid"] == "fits"));
        assert!(!listed.records.iter().any(|p| p["uuid"] == "does_not_fit"));
    }

    #[tokio::test]
    async fn a_replica_whose_journal_was_emptied_starts_over_from_the_project_as_loaded() {
        let memory = Arc::new(MemoryJournal::default());
        let journal: Arc<dyn Journal> = Arc::clone(&memory) as Arc<dyn Journal>;
        let clock = TestClock::new();
        let (a, b) = (replica(&journal, &clock), replica(&journal, &clock));
        a.create_pipeline("Before").await;
        b.shown().await;
        memory.clear();
        b.create_pipeline("After").await;
        for r in [&a, &b] {
            let listed = r.backend.pipelines(&r.call).await.expect("list");
            assert!(listed.records.iter().any(|p| p["uuid"] == "after"));
            assert!(!listed.records.iter().any(|p| p["uuid"] == "before"));
        }
        assert_eq!(a.shown().await, b.shown().await);
    }

    #[tokio::test]
    async fn a_shared_journal_holds_no_credential_of_a_change() {
        let memory = Arc::new(MemoryJournal::default());
        let journal: Arc<dyn Journal> = Arc::clone(&memory) as Arc<dyn Journal>;
        let a = replica(&journal, &TestClock::new());
        let secret = "9f86d081884c7d659a2feaa0c55ad015";
        let payload: Map<String, Value> =
            serde_json::from_value(json!({"api_key": secret})).expect("map");
        a.backend
            .run_pipeline(&a.call, "etl_daily", &payload)
            .await
            .expect("started");
        let held = memory.read(0).await.expect("entries");
        assert_eq!(held.len(), 1);
        assert!(
            held[0].contains("run_pipeline") && !held[0].contains(secret),
            "{}",
            held[0]
        );
    }
}
