//! How a run started in the demo goes on: block by block, each block running for
//! [`BLOCK_MS`] once every block it waits for has ended, so a pipeline of six layers finishes in
//! six seconds. A payload that names a block under `fail_block` makes that block fail; the blocks
//! downstream of it end as `upstream_failed` at that moment, the others run on, and the run ends
//! `failed`. What a run looks like at a moment is a pure function of the time since it started
//! ([`Plan::at`]), so tests move a clock instead of waiting.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::project::Pipeline;

/// How long each block of a demo run runs.
pub const BLOCK_MS: i64 = 1_000;

/// The payload key that names the block a demo run fails at.
pub const FAIL_BLOCK_KEY: &str = "fail_block";

/// One block run of a planned run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub block_run_id: i64,
    pub block_uuid: String,
    /// How many blocks, one after another, come before it: it runs from `layer * BLOCK_MS`.
    pub layer: i64,
    /// The block the payload names: it fails when it ends.
    pub fails: bool,
    /// Downstream of the failing block: never runs, `upstream_failed` when that block fails.
    pub upstream_failed: bool,
}

/// A block run's state, in milliseconds since the run started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepState {
    Initial,
    Running { started: i64 },
    Completed { started: i64, ended: i64 },
    Failed { started: i64, ended: i64 },
    UpstreamFailed { at: i64 },
}

impl StepState {
    /// The status word the service uses.
    pub fn status(self) -> &'static str {
        match self {
            StepState::Initial => "initial",
            StepState::Running { .. } => "running",
            StepState::Completed { .. } => "completed",
            StepState::Failed { .. } => "failed",
            StepState::UpstreamFailed { .. } => "upstream_failed",
        }
    }

    /// When it started and ended, in ms since the run started.
    pub fn times(self) -> (Option<i64>, Option<i64>) {
        match self {
            StepState::Initial => (None, None),
            StepState::Running { started } => (Some(started), None),
            StepState::Completed { started, ended } | StepState::Failed { started, ended } => {
                (Some(started), Some(ended))
            }
            StepState::UpstreamFailed { at } => (None, Some(at)),
        }
    }

    fn is_final(self) -> bool {
        !matches!(self, StepState::Initial | StepState::Running { .. })
    }
}

/// A run at one moment: each step's state, and the run's status and end once every step ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub steps: Vec<StepState>,
    /// `running`, `completed` or `failed`.
    pub status: &'static str,
    /// When the last step ended, once the run is over.
    pub ended: Option<i64>,
}

/// The course of one run, fixed when it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub steps: Vec<Step>,
}

impl Plan {
    /// The plan of a run of `pipeline` whose block runs are `block_runs` (block uuid → block run
    /// id, in the pipeline's block order), with the run's `payload`.
    pub fn new(
        pipeline: &Pipeline,
        block_runs: &[(String, i64)],
        payload: &Map<String, Value>,
    ) -> Plan {
        let runnable: BTreeSet<&str> = block_runs.iter().map(|(uuid, _)| uuid.as_str()).collect();
        let upstream: BTreeMap<&str, Vec<&str>> = pipeline
            .blocks
            .iter()
            .filter(|b| runnable.contains(b.uuid.as_str()))
            .map(|b| {
                let ups = b
                    .upstream_blocks
                    .iter()
                    .map(String::as_str)
                    .filter(|u| runnable.contains(u))
                    .collect();
                (b.uuid.as_str(), ups)
            })
            .collect();
        let layers = layers(&upstream);
        let failing = payload
            .get(FAIL_BLOCK_KEY)
            .and_then(Value::as_str)
            .filter(|uuid| runnable.contains(uuid));
        let downstream = failing.map_or_else(BTreeSet::new, |f| downstream_of(&upstream, f));
        let steps = block_runs
            .iter()
            .map(|(uuid, id)| Step {
                block_run_id: *id,
                block_uuid: uuid.clone(),
                layer: layers.get(uuid.as_str()).copied().unwrap_or(0),
                fails: failing == Some(uuid.as_str()),
                upstream_failed: downstream.contains(uuid.as_str()),
            })
            .collect();
        Plan { steps }
    }

    /// The run `elapsed_ms` after it started.
    pub fn at(&self, elapsed_ms: i64) -> Snapshot {
        let failure_at = self
            .steps
            .iter()
            .find(|s| s.fails)
            .map(|s| (s.layer + 1) * BLOCK_MS);
        let steps: Vec<StepState> = self
            .steps
            .iter()
            .map(|step| {
                if step.upstream_failed {
                    return match failure_at {
                        Some(at) if elapsed_ms >= at => StepState::UpstreamFailed { at },
                        _ => StepState::Initial,
                    };
                }
                let (started, ended) = (step.layer * BLOCK_MS, (step.layer + 1) * BLOCK_MS);
                if elapsed_ms < started {
                    StepState::Initial
                } else if elapsed_ms < ended {
                    StepState::Running { started }
                } else if step.fails {
                    StepState::Failed { started, ended }
                } else {
                    StepState::Completed { started, ended }
                }
            })
            .collect();
        let over = steps.iter().all(|s| s.is_final());
        let failed = steps.iter().any(|s| {
            matches!(
                s,
                StepState::Failed { .. } | StepState::UpstreamFailed { .. }
            )
        });
        let ended = over.then(|| steps.iter().filter_map(|s| s.times().1).max().unwrap_or(0));
        Snapshot {
            status: match (over, failed) {
                (false, _) => "running",
                (true, true) => "failed",
                (true, false) => "completed",
            },
            ended,
            steps,
        }
    }
}

/// Each block's layer: 0 without upstream blocks, else one more than its latest upstream block.
/// Relaxed at most once per block, so a cycle in a hand-written project cannot loop.
fn layers<'a>(upstream: &BTreeMap<&'a str, Vec<&'a str>>) -> BTreeMap<&'a str, i64> {
    let mut layer: BTreeMap<&str, i64> = upstream.keys().map(|k| (*k, 0)).collect();
    for _ in 0..upstream.len() {
        let mut changed = false;
        for (block, ups) in upstream {
            let want = ups
                .iter()
                .filter_map(|u| layer.get(u))
                .map(|l| l + 1)
                .max()
                .unwrap_or(0);
            if layer.get(block) != Some(&want) {
                layer.insert(block, want);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    layer
}

/// Every block that waits, directly or not, on `block`.
fn downstream_of<'a>(upstream: &BTreeMap<&'a str, Vec<&'a str>>, block: &str) -> BTreeSet<&'a str> {
    let mut found = BTreeSet::new();
    for _ in 0..upstream.len() {
        let before = found.len();
        for (b, ups) in upstream {
            if ups.iter().any(|u| *u == block || found.contains(u)) {
                found.insert(*b);
            }
        }
        if found.len() == before {
            break;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::project::Project;
    use serde_json::json;

    fn etl_plan(payload: Value) -> Plan {
        let project = Project::embedded().expect("project");
        let pipeline = project.pipeline_or_404("etl_daily").expect("etl_daily");
        let runs: Vec<(String, i64)> = pipeline
            .blocks
            .iter()
            .filter(|b| b.block_type != "markdown")
            .zip(100..)
            .map(|(b, id)| (b.uuid.clone(), id))
            .collect();
        let payload = payload.as_object().cloned().unwrap_or_default();
        Plan::new(pipeline, &runs, &payload)
    }

    fn statuses(snapshot: &Snapshot, plan: &Plan) -> BTreeMap<String, &'static str> {
        plan.steps
            .iter()
            .zip(&snapshot.steps)
            .map(|(step, state)| (step.block_uuid.clone(), state.status()))
            .collect()
    }

    #[test]
    fn a_run_goes_block_by_block_and_completes_when_the_last_layer_ends() {
        let plan = etl_plan(json!({}));
        let layers: BTreeMap<&str, i64> = plan
            .steps
            .iter()
            .map(|s| (s.block_uuid.as_str(), s.layer))
            .collect();
        assert_eq!(layers["load_orders"], 0);
        assert_eq!(layers["orders_freshness"], 1);
        assert_eq!(layers["clean_orders"], 2, "after its latest upstream block");
        assert_eq!(layers["notify_slack"], 5);
        let start = plan.at(0);
        assert_eq!(start.status, "running");
        assert_eq!(statuses(&start, &plan)["load_orders"], "running");
        assert_eq!(statuses(&start, &plan)["clean_orders"], "initial");
        let middle = plan.at(2 * BLOCK_MS + 500);
        assert_eq!(statuses(&middle, &plan)["orders_freshness"], "completed");
        assert_eq!(statuses(&middle, &plan)["clean_orders"], "running");
        assert_eq!(middle.ended, None);
        let almost = plan.at(6 * BLOCK_MS - 1);
        assert_eq!(almost.status, "running");
        let done = plan.at(6 * BLOCK_MS);
        assert_eq!(done.status, "completed");
        assert_eq!(done.ended, Some(6 * BLOCK_MS));
        assert!(statuses(&done, &plan).values().all(|s| *s == "completed"));
        assert_eq!(plan.at(60 * BLOCK_MS), done, "nothing moves after the end");
    }

    #[test]
    fn a_named_block_fails_and_only_what_waits_on_it_is_upstream_failed() {
        let plan = etl_plan(json!({"fail_block": "enrich_customers"}));
        let failed_at = plan.at(4 * BLOCK_MS);
        let by_block = statuses(&failed_at, &plan);
        assert_eq!(by_block["enrich_customers"], "failed");
        assert_eq!(by_block["orders_to_warehouse"], "upstream_failed");
        assert_eq!(by_block["notify_slack"], "upstream_failed");
        assert_eq!(
            by_block["orders_chart"], "completed",
            "beside it, not after it"
        );
        assert_eq!(failed_at.status, "failed", "every block has ended");
        assert_eq!(failed_at.ended, Some(4 * BLOCK_MS));
        assert_eq!(plan.at(3 * BLOCK_MS + 1).status, "running");
        // An unknown block fails nothing.
        assert_eq!(
            etl_plan(json!({"fail_block": "nope"}))
                .at(6 * BLOCK_MS)
                .status,
            "completed"
        );
    }

    #[test]
    fn a_cycle_in_hand_written_data_ends_the_layering_instead_of_looping() {
        let upstream: BTreeMap<&str, Vec<&str>> =
            [("a", vec!["b"]), ("b", vec!["a"])].into_iter().collect();
        let layers = layers(&upstream);
        assert_eq!(layers.len(), 2);
        assert!(downstream_of(&upstream, "a").contains("b"));
    }
}
