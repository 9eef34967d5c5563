//! Every change the demo project takes, as a value: what was asked ([`Change`]: the operation and
//! its arguments) and when ([`Entry::at`], the clock of the replica that took it), applied to the
//! project by one function, [`apply`], whether the demo runs alone or its replicas share a
//! journal (`journal.rs`). Applying is deterministic given the order: ids come from the project
//! itself, times from the entry, and a run's progress is a pure function of the time since it
//! started (`progress.rs`), so replicas that apply the same entries in the same order hold the
//! same project.
//!
//! An entry bound for a shared journal is redacted first ([`Change::redacted`]): a store holds no
//! credential, so a credential written into a block's code, a run's payload or a name is
//! `[redacted]` in the project every replica applies (results show it so in any case).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::project::Project;
use super::runs::LiveRun;
use crate::backend::{BlockEdit, CreatedBlock, NewBlock, PipelineEdit, TriggeredRun};
use crate::vocabulary::PipelineType;
use crate::widget_result::{to_json, ToolError};

/// The project with what only changes bring: when templates were last fetched and the runs
/// still going on.
pub struct DemoState {
    pub project: Project,
    /// When block templates were last "fetched from the cluster".
    pub templates_fetched_at: Option<DateTime<Utc>>,
    /// Runs started here that have not ended yet.
    pub live: Vec<LiveRun>,
}

impl DemoState {
    pub fn new(project: Project) -> Self {
        Self {
            project,
            templates_fetched_at: None,
            live: Vec::new(),
        }
    }

    /// Every started run brought to `now`; those that ended are let go.
    pub fn advance(&mut self, now: DateTime<Utc>) {
        let project = &mut self.project;
        self.live.retain(|run| !project.advance_run(run, now));
    }
}

/// One of the demo's eight changes, with its arguments as the tools checked them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Change {
    CreatePipeline {
        name: String,
        pipeline_type: PipelineType,
    },
    UpdatePipeline {
        uuid: String,
        edit: PipelineEdit,
    },
    DeletePipeline {
        uuid: String,
    },
    CreateBlock {
        pipeline_uuid: String,
        block: NewBlock,
    },
    UpdateBlock {
        pipeline_uuid: String,
        uuid: String,
        edit: BlockEdit,
    },
    DeleteBlock {
        pipeline_uuid: String,
        uuid: String,
    },
    RunPipeline {
        pipeline_uuid: String,
        payload: Map<String, Value>,
    },
    /// Block templates fetched anew (not from the 24-hour cache).
    FetchTemplates,
}

/// A change and when it was taken; `id` is unique, so that the replica that took it finds its
/// outcome among the entries it applies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub at: DateTime<Utc>,
    pub change: Change,
}

/// What applying a change gave, for the tool that asked for it.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The record created, changed or deleted.
    Record(Value),
    Block(CreatedBlock),
    /// A change that answers nothing (a block deleted).
    Done,
    /// The block templates, fetched at the entry's time.
    Templates(Vec<Value>),
    Run(TriggeredRun),
}

/// The answer when an outcome is not of the kind its change gives: a fault of this server.
fn mismatched(wanted: &str) -> ToolError {
    ToolError::internal(format!(
        "The demo project answered a change with something other than {wanted}."
    ))
}

impl Outcome {
    pub fn record(self) -> Result<Value, ToolError> {
        match self {
            Outcome::Record(record) => Ok(record),
            _ => Err(mismatched("a record")),
        }
    }

    pub fn block(self) -> Result<CreatedBlock, ToolError> {
        match self {
            Outcome::Block(block) => Ok(block),
            _ => Err(mismatched("a block")),
        }
    }

    pub fn done(self) -> Result<(), ToolError> {
        match self {
            Outcome::Done => Ok(()),
            _ => Err(mismatched("nothing")),
        }
    }

    pub fn templates(self) -> Result<Vec<Value>, ToolError> {
        match self {
            Outcome::Templates(records) => Ok(records),
            _ => Err(mismatched("block templates")),
        }
    }

    pub fn run(self) -> Result<TriggeredRun, ToolError> {
        match self {
            Outcome::Run(run) => Ok(run),
            _ => Err(mismatched("a run")),
        }
    }
}

/// Applies `entry` to `state`: the one way the demo project changes.
pub fn apply(state: &mut DemoState, entry: &Entry) -> Result<Outcome, ToolError> {
    let at = entry.at;
    let project = &mut state.project;
    match &entry.change {
        Change::CreatePipeline {
            name,
            pipeline_type,
        } => Ok(Outcome::Record(project.create_pipeline(
            name,
            *pipeline_type,
            at,
        ))),
        Change::UpdatePipeline { uuid, edit } => {
            project.update_pipeline(uuid, edit, at).map(Outcome::Record)
        }
        Change::DeletePipeline { uuid } => project.delete_pipeline(uuid).map(Outcome::Record),
        Change::CreateBlock {
            pipeline_uuid,
            block,
        } => project
            .create_block(pipeline_uuid, block, at)
            .map(Outcome::Block),
        Change::UpdateBlock {
            pipeline_uuid,
            uuid,
            edit,
        } => project
            .update_block(pipeline_uuid, uuid, edit, at)
            .map(Outcome::Record),
        Change::DeleteBlock {
            pipeline_uuid,
            uuid,
        } => project
            .delete_block(pipeline_uuid, uuid, at)
            .map(|()| Outcome::Done),
        Change::RunPipeline {
            pipeline_uuid,
            payload,
        } => {
            let (triggered, live) = project.trigger_run(pipeline_uuid, payload, at)?;
            state.live.push(live);
            Ok(Outcome::Run(triggered))
        }
        Change::FetchTemplates => {
            state.templates_fetched_at = Some(at);
            Ok(Outcome::Templates(
                project.block_templates.iter().map(to_json).collect(),
            ))
        }
    }
}

/// `text` with its credentials hidden.
fn redacted_text(text: &mut String) {
    if let Some(hidden) = secret_redaction::redact_plain_text(text) {
        *text = hidden;
    }
}

/// `map` with its credentials hidden, by key and by value.
fn redacted_map(map: &mut Map<String, Value>) {
    let mut value = Value::Object(std::mem::take(map));
    secret_redaction::redact_in_place(&mut value);
    if let Value::Object(hidden) = value {
        *map = hidden;
    }
}

impl Change {
    /// The change with every credential in what it carries hidden: names, descriptions, code,
    /// configurations and payloads. Uuids, types and the version an edit was read from stay as
    /// they are: they say which record, not what it holds.
    pub fn redacted(mut self) -> Self {
        match &mut self {
            Change::CreatePipeline { name, .. } => redacted_text(name),
            Change::UpdatePipeline { edit, .. } => {
                edit.name.iter_mut().for_each(redacted_text);
                edit.description.iter_mut().for_each(redacted_text);
            }
            Change::CreateBlock { block, .. } => {
                redacted_text(&mut block.name);
                block.content.iter_mut().for_each(redacted_text);
                block.config.iter_mut().for_each(redacted_map);
            }
            Change::UpdateBlock { edit, .. } => {
                edit.name.iter_mut().for_each(redacted_text);
                edit.content.iter_mut().for_each(redacted_text);
            }
            Change::RunPipeline { payload, .. } => redacted_map(payload),
            Change::DeletePipeline { .. } | Change::DeleteBlock { .. } | Change::FetchTemplates => {
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::{BlockLanguage, BlockType};
    use serde_json::json;

    fn entry(id: &str, seconds: i64, change: Change) -> Entry {
        Entry {
            id: id.to_owned(),
            at: DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap_or_default(),
            change,
        }
    }

    fn every_change() -> Vec<Change> {
        vec![
            Change::CreatePipeline {
                name: "Orders hourly".into(),
                pipeline_type: PipelineType::Python,
            },
            Change::UpdatePipeline {
                uuid: "orders_hourly".into(),
                edit: PipelineEdit {
                    name: None,
                    description: Some("Hourly".into()),
                },
            },
            Change::CreateBlock {
                pipeline_uuid: "orders_hourly".into(),
                block: NewBlock {
                    name: "load".into(),
                    block_type: BlockType::DataLoader,
                    language: BlockLanguage::Python,
                    content: Some("x = 1\n".into()),
                    upstream_blocks: Vec::new(),
                    config: None,
                },
            },
            Change::UpdateBlock {
                pipeline_uuid: "orders_hourly".into(),
                uuid: "load".into(),
                edit: BlockEdit {
                    content: Some("x = 2\n".into()),
                    ..BlockEdit::default()
                },
            },
            Change::RunPipeline {
                pipeline_uuid: "orders_hourly".into(),
                payload: Map::new(),
            },
            Change::FetchTemplates,
            Change::DeleteBlock {
                pipeline_uuid: "orders_hourly".into(),
                uuid: "load".into(),
            },
            Change::DeletePipeline {
                uuid: "orders_hourly".into(),
            },
        ]
    }

    #[test]
    fn every_change_survives_its_trip_through_text() {
        for (n, change) in every_change().into_iter().enumerate() {
            let entry = entry(&format!("e{n}"), n as i64, change);
            let text = serde_json::to_string(&entry).expect("JSON");
            let back: Entry = serde_json::from_str(&text).expect("read back");
            assert_eq!(back, entry, "{text}");
        }
    }

    #[test]
    fn the_same_entries_in_the_same_order_make_the_same_project() {
        let entries: Vec<Entry> = every_change()
            .into_iter()
            .enumerate()
            .map(|(n, change)| entry(&format!("e{n}"), n as i64, change))
            .collect();
        let run = || {
            let mut state = DemoState::new(Project::embedded().expect("project"));
            let outcomes: Vec<bool> = entries
                .iter()
                .map(|entry| apply(&mut state, entry).is_ok())
                .collect();
            (
                to_json(&state.project),
                state.templates_fetched_at,
                outcomes,
            )
        };
        let (first, fetched, outcomes) = run();
        assert!(outcomes.iter().all(|ok| *ok), "{outcomes:?}");
        assert_eq!(run(), (first, fetched, outcomes));
        assert_eq!(fetched, Some(entries[5].at));
    }

    #[test]
    fn a_change_takes_its_time_from_its_entry() {
        let mut state = DemoState::new(Project::embedded().expect("project"));
        let created = entry(
            "e1",
            42,
            Change::CreatePipeline {
                name: "Stamped".into(),
                pipeline_type: PipelineType::Python,
            },
        );
        let record = apply(&mut state, &created)
            .and_then(Outcome::record)
            .expect("created");
        assert_eq!(
            record["created_at"],
            json!(super::super::project::stamp(created.at))
        );
    }

    #[test]
    fn a_redacted_change_keeps_no_credential_and_keeps_what_names_records() {
        let secret = "9f86d081884c7d659a2feaa0c55ad015";
        let payload: Map<String, Value> =
            serde_json::from_value(json!({"api_key": secret, "fail_block": "clean_orders"}))
                .expect("map");
        let run = Change::RunPipeline {
            pipeline_uuid: "etl_daily".into(),
            payload,
        }
        .redacted();
        let text = serde_json::to_string(&run).expect("JSON");
        assert!(!text.contains(secret), "{text}");
        assert!(
            text.contains("clean_orders") && text.contains("etl_daily"),
            "{text}"
        );
        let code = format!("PASSWORD = \"{secret}\"\n");
        let edit = Change::UpdateBlock {
            pipeline_uuid: "etl_daily".into(),
            uuid: "clean_orders".into(),
            edit: BlockEdit {
                content: Some(code),
                read_from: Some(crate::backend::BlocksVersion::of(&[])),
                ..BlockEdit::default()
            },
        };
        let redacted = edit.clone().redacted();
        let text = serde_json::to_string(&redacted).expect("JSON");
        assert!(!text.contains(secret), "{text}");
        let (Change::UpdateBlock { edit: before, .. }, Change::UpdateBlock { edit: after, .. }) =
            (&edit, &redacted)
        else {
            panic!("an update stays an update");
        };
        assert_eq!(before.read_from, after.read_from, "the version read stays");
    }
}
