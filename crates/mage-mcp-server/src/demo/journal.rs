//! The journal the replicas of a demo share (`--session-store` with the demo project): every
//! change any replica took, in one order, as entries of JSON text (`changes.rs`, [`Entry`]). A
//! replica appends its change, then applies every entry after the last one it applied, its own
//! among them; so every replica holds the same project, and one started later catches up from
//! the first entry. [`MemoryJournal`] stands in for the store in tests (two backends over one
//! journal are two replicas); [`RedisJournal`] is the store: one Redis list under the server's
//! prefix, through the session store's connection (same rules: this machine only unless meant,
//! 2 s to answer, the URL never shown).
//!
//! The journal is bounded: [`MAX_ENTRIES`] entries of at most [`MAX_ENTRY_BYTES`] each. Once
//! full, a change is refused with a tool error that says so and what to do, and nothing else
//! changes: every replica still answers reads from the project the journal holds. Replicas that
//! append at the same moment as it fills may each add one entry past the bound.
//!
//! [`Entry`]: super::changes::Entry

use std::sync::Mutex;

use async_trait::async_trait;
use redis::aio::ConnectionManager;
use sha2::{Digest, Sha256};

use super::project::Project;
use crate::session_store::RedisSessions;
use crate::widget_result::ToolError;

/// The most entries a journal takes: a demo's life of changes (a run started is one entry of
/// about 200 bytes).
pub const MAX_ENTRIES: u64 = 10_000;

/// The largest entry taken, as JSON text: a block's code with room to spare.
pub const MAX_ENTRY_BYTES: usize = 64 * 1024;

/// How many entries one read returns at most, so that no answer of the store is large.
pub const READ_PAGE: u64 = 500;

/// Why the journal did not take or give entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalError {
    /// The store did not answer, or refused (what kind of failure, never its address).
    Unavailable(String),
    /// The journal holds [`MAX_ENTRIES`] entries.
    Full,
}

impl JournalError {
    /// Why, in a few words.
    pub fn reason(&self) -> String {
        match self {
            JournalError::Unavailable(why) => why.clone(),
            JournalError::Full => "the journal is full".to_owned(),
        }
    }

    /// The tool error of a change that could not be recorded. A store that did not answer an
    /// append may have taken it: the change's outcome is then unknown.
    pub fn on_append(self) -> ToolError {
        match self {
            JournalError::Unavailable(why) => ToolError::api(format!(
                "The demo project's shared store did not answer ({why}), so this change may or may not have been recorded: {}",
                crate::mage::client::OUTCOME_UNKNOWN
            )),
            JournalError::Full => ToolError::api(format!(
                "The demo project's shared journal is full ({MAX_ENTRIES} changes): it takes no more changes, and every replica still answers from the project it holds. To start the demo over, stop every replica, delete the journal's key from the store (docs/deploy.md) and start them again."
            )),
        }
    }

    /// The tool error of a call that could not read the changes other replicas made: answering
    /// without them would show another project than theirs.
    pub fn on_read(self) -> ToolError {
        ToolError::api(format!(
            "The demo project's shared store did not answer ({}): this replica cannot tell what the other replicas changed, so it does not answer from its own copy. Try again in a moment.",
            self.reason()
        ))
    }
}

/// An ordered, append-only list of entries that every replica reads.
#[async_trait]
pub trait Journal: Send + Sync {
    /// Appends `entry`; its position (the first entry's is 0).
    async fn append(&self, entry: String) -> Result<u64, JournalError>;
    /// The entries from position `from` on, in order, [`READ_PAGE`] at most.
    async fn read(&self, from: u64) -> Result<Vec<String>, JournalError>;
}

/// A journal in this process's memory: what two backends share in tests, as replicas share a store.
pub struct MemoryJournal {
    entries: Mutex<Vec<String>>,
    bound: u64,
}

impl Default for MemoryJournal {
    fn default() -> Self {
        Self::bounded(MAX_ENTRIES)
    }
}

impl MemoryJournal {
    /// A journal that takes `bound` entries.
    pub fn bounded(bound: u64) -> Self {
        Self {
            entries: Mutex::new(Vec::new()),
            bound,
        }
    }

    /// Forgets every entry, as a store restarted without its data does.
    pub fn clear(&self) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.clear();
        }
    }

    fn entries(&self) -> Result<std::sync::MutexGuard<'_, Vec<String>>, JournalError> {
        self.entries
            .lock()
            .map_err(|_| JournalError::Unavailable("the journal failed earlier".to_owned()))
    }
}

#[async_trait]
impl Journal for MemoryJournal {
    async fn append(&self, entry: String) -> Result<u64, JournalError> {
        let mut entries = self.entries()?;
        if entries.len() as u64 >= self.bound {
            return Err(JournalError::Full);
        }
        entries.push(entry);
        Ok(entries.len() as u64 - 1)
    }

    async fn read(&self, from: u64) -> Result<Vec<String>, JournalError> {
        let entries = self.entries()?;
        let from = usize::try_from(from).unwrap_or(usize::MAX);
        Ok(entries
            .iter()
            .skip(from)
            .take(READ_PAGE as usize)
            .cloned()
            .collect())
    }
}

/// Where the server's keys live in a Redis shared with others (the sessions' are beside it).
const KEY_PREFIX: &str = "mage-mcp-server";

/// The journal's key: the server's version (an entry is read by the version that wrote it) and a
/// digest of the project the replicas start from (replicas given different `--data` files never
/// mix their changes).
pub fn journal_key(project: &Project) -> String {
    let text = serde_json::to_string(project).unwrap_or_default();
    let digest = Sha256::digest(text.as_bytes());
    let short: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!(
        "{KEY_PREFIX}:{}:demo-journal:{short}",
        env!("CARGO_PKG_VERSION")
    )
}

/// The journal in Redis: one list (`RPUSH` to append, `LRANGE` to read, `LLEN` for the bound).
pub struct RedisJournal {
    connection: ConnectionManager,
    key: String,
}

impl RedisJournal {
    /// The journal of `project`'s demo in the store the sessions use.
    pub fn new(store: &RedisSessions, project: &Project) -> Self {
        Self {
            connection: store.connection(),
            key: journal_key(project),
        }
    }

    /// The key it keeps its entries under.
    pub fn key(&self) -> &str {
        &self.key
    }
}

fn unavailable(error: redis::RedisError) -> JournalError {
    JournalError::Unavailable(error.category().to_owned())
}

#[async_trait]
impl Journal for RedisJournal {
    async fn append(&self, entry: String) -> Result<u64, JournalError> {
        let mut connection = self.connection.clone();
        let held: u64 = redis::cmd("LLEN")
            .arg(&self.key)
            .query_async(&mut connection)
            .await
            .map_err(unavailable)?;
        if held >= MAX_ENTRIES {
            return Err(JournalError::Full);
        }
        let length: u64 = redis::cmd("RPUSH")
            .arg(&self.key)
            .arg(entry)
            .query_async(&mut connection)
            .await
            .map_err(unavailable)?;
        Ok(length.saturating_sub(1))
    }

    async fn read(&self, from: u64) -> Result<Vec<String>, JournalError> {
        let mut connection = self.connection.clone();
        redis::cmd("LRANGE")
            .arg(&self.key)
            .arg(from)
            .arg(from + READ_PAGE - 1)
            .query_async(&mut connection)
            .await
            .map_err(unavailable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_memory_journal_gives_back_what_it_took_in_order_and_a_page_at_most() {
        let journal = MemoryJournal::default();
        for n in 0..(READ_PAGE + 3) {
            assert_eq!(journal.append(format!("e{n}")).await, Ok(n));
        }
        let first = journal.read(0).await.expect("read");
        assert_eq!(first.len() as u64, READ_PAGE);
        assert_eq!(first[0], "e0");
        let rest = journal.read(READ_PAGE).await.expect("read");
        assert_eq!(
            rest,
            vec![
                format!("e{READ_PAGE}"),
                format!("e{}", READ_PAGE + 1),
                format!("e{}", READ_PAGE + 2)
            ]
        );
        assert!(journal.read(READ_PAGE + 3).await.expect("read").is_empty());
    }

    #[tokio::test]
    async fn a_full_journal_refuses_an_entry_and_says_what_to_do() {
        let journal = MemoryJournal::bounded(2);
        journal.append("a".into()).await.expect("taken");
        journal.append("b".into()).await.expect("taken");
        let refused = journal.append("c".into()).await;
        assert_eq!(refused, Err(JournalError::Full));
        let message = JournalError::Full.on_append().message;
        assert!(
            message.contains("full") && message.contains("delete"),
            "{message}"
        );
        assert_eq!(journal.read(0).await.expect("read"), vec!["a", "b"]);
    }

    #[test]
    fn the_key_names_the_version_and_the_project() {
        let project = Project::embedded().expect("project");
        let key = journal_key(&project);
        assert!(
            key.starts_with(&format!(
                "mage-mcp-server:{}:demo-journal:",
                env!("CARGO_PKG_VERSION")
            )),
            "{key}"
        );
        assert_eq!(key, journal_key(&project));
        let mut other = project.clone();
        other.project.name.push_str(" (another)");
        assert_ne!(key, journal_key(&other));
    }
}
