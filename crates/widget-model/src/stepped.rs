//! A model built in steps. A result whose records hold texts longer than [`TEXT_SLICE_BYTES`] (a
//! run's log files, megabytes of them) has them redacted a slice at a time: the first step parses
//! the result and redacts everything else, each next one redacts one slice, and the last one
//! assembles the model. Each step is bounded work, so the widget spreads them over tasks (a few
//! slices to a task, the assembly in one of its own: `src/steps.rs`) and the page answers in
//! between. Nothing reads a text before it is redacted: the texts wait, taken out of
//! their records, inside [`PendingModel`], whose only way out is the finished model.

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::assemble::{assemble_model, RecordsIn};
use crate::limits::TEXT_SLICE_BYTES;
use crate::model::WidgetModel;
use crate::redact::SlicedRedaction;

/// A model, built or being built.
#[derive(Clone, Debug)]
pub enum ModelBuild {
    Done(Box<WidgetModel>),
    /// Long texts are still being redacted.
    Redacting(Box<PendingModel>),
}

impl From<WidgetModel> for ModelBuild {
    fn from(model: WidgetModel) -> Self {
        ModelBuild::Done(Box::new(model))
    }
}

impl ModelBuild {
    /// The next step: a slice of a long text redacted, or, when none is left, the model assembled.
    pub fn step(self) -> ModelBuild {
        match self {
            ModelBuild::Done(model) => ModelBuild::Done(model),
            ModelBuild::Redacting(pending) => pending.step(),
        }
    }

    /// Every step left, at once.
    pub fn finish(self) -> WidgetModel {
        let mut build = self;
        loop {
            match build {
                ModelBuild::Done(model) => return *model,
                ModelBuild::Redacting(pending) => build = pending.step(),
            }
        }
    }

    /// Whether the model is built.
    pub fn is_done(&self) -> bool {
        matches!(self, ModelBuild::Done(_))
    }

    /// Whether the next step redacts a slice of a long text; once none is left, the step after
    /// assembles the model, a larger piece of work (a megabyte log's lines are split then).
    pub fn redacts_next(&self) -> bool {
        match self {
            ModelBuild::Done(_) => false,
            ModelBuild::Redacting(pending) => !pending.records.is_done(),
        }
    }
}

/// What the model is assembled from once its long texts are redacted: the result's fields, its
/// records being redacted (everything but their long texts at once, those a slice a step), its
/// graph as sent (the assembler checks and redacts it) and its hints.
#[derive(Clone)]
pub struct PendingModel {
    fields: Map<String, Value>,
    records: SlicedRedaction,
    graph: Option<Box<RawValue>>,
    hints: Option<Value>,
    redacted: usize,
}

impl PendingModel {
    /// The build of a result's model from its parts (`fields` and `hints` already redacted,
    /// `records` a list or any other value, not yet redacted; `redacted` counts the values
    /// redacted so far): done at once unless its records hold long texts.
    pub(crate) fn start(
        fields: Map<String, Value>,
        records: Option<Value>,
        graph: Option<&RawValue>,
        hints: Option<Value>,
        redacted: usize,
    ) -> ModelBuild {
        let Some(records) = records else {
            return assemble_model(fields, RecordsIn::Values(None), graph, hints, redacted).into();
        };
        let records = SlicedRedaction::new(records, TEXT_SLICE_BYTES);
        let pending = PendingModel {
            fields,
            records,
            graph: graph.map(RawValue::to_owned),
            hints,
            redacted,
        };
        if pending.records.is_done() {
            pending.assemble()
        } else {
            ModelBuild::Redacting(Box::new(pending))
        }
    }

    fn step(mut self: Box<Self>) -> ModelBuild {
        if self.records.is_done() {
            return self.assemble();
        }
        self.records.step(TEXT_SLICE_BYTES);
        ModelBuild::Redacting(self)
    }

    /// The model, from the records with their long texts put back.
    fn assemble(self) -> ModelBuild {
        let PendingModel {
            fields,
            records,
            graph,
            hints,
            redacted,
        } = self;
        let (records, changed) = records.finish();
        assemble_model(
            fields,
            RecordsIn::Values(Some(records)),
            graph.as_deref(),
            hints,
            redacted + changed,
        )
        .into()
    }
}

/// Never the records: their long texts are not redacted yet.
impl std::fmt::Debug for PendingModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingModel")
            .field("records", &self.records)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::build_from_json_text;
    use crate::model::Content;
    use crate::redact::redact_plain_text;

    /// A run's log result whose one file is `content`.
    fn log_result(content: &str) -> String {
        serde_json::json!({
            "kind": "svc_resource_widget", "schema_version": 1, "resource": "pipeline_run",
            "action": "logs", "state": "ok",
            "records": [{ "name": "run.log", "size": content.len(), "content": content }],
        })
        .to_string()
    }

    /// About `bytes` of log lines, the last one cut.
    fn lines(bytes: usize) -> String {
        let line =
            "2026-11-23T16:33:49 {\"level\": \"INFO\", \"message\": \"wrote a batch of rows\"}\n";
        line.repeat(bytes / line.len() + 1)
    }

    #[test]
    fn a_log_of_megabytes_is_redacted_a_slice_at_a_time_and_read_only_once_redacted() {
        let secret = "s3cr3t-p4ssw0rd";
        let key = "MIIEpAIBAAKCAQEA75sxk";
        // A label at the end of the first slice, its value after it; a private key's block in the
        // second; a secret in the last line.
        let content = format!(
            "{}password:\n{secret}\n{}-----BEGIN RSA PRIVATE KEY-----\n{key}\n-----END RSA PRIVATE KEY-----\n{}token={secret}",
            lines(TEXT_SLICE_BYTES - 40),
            lines(TEXT_SLICE_BYTES / 2),
            lines(TEXT_SLICE_BYTES),
        );
        let mut build = build_from_json_text(&log_result(&content));
        let (mut steps, mut assemblies) = (0, 0);
        while !build.is_done() {
            let shown = format!("{build:?}");
            assert!(!shown.contains(secret) && !shown.contains(key), "{shown}");
            assemblies += usize::from(!build.redacts_next());
            build = build.step();
            steps += 1;
            assert!(steps < 40, "bounded");
        }
        assert_eq!(assemblies, 1, "the last step, and only it, assembles");
        // The first look at the whole text, one step a slice, and the assembly.
        assert_eq!(steps, 1 + content.len().div_ceil(TEXT_SLICE_BYTES) + 1);
        let ModelBuild::Done(model) = build else {
            unreachable!()
        };
        let Content::Logs(files) = &model.content else {
            panic!("logs, not {:?}", model.content)
        };
        let expected = redact_plain_text(&content).expect("secrets hidden");
        let read: Vec<&str> = (0..files[0].line_count())
            .map(|i| files[0].raw_line(i))
            .collect();
        assert_eq!(read, expected.lines().collect::<Vec<_>>());
        assert!(!expected.contains(secret) && !expected.contains(key));
        assert_eq!(model.redacted, 1);
    }

    #[test]
    fn a_short_log_is_built_in_one_step() {
        let build = build_from_json_text(&log_result(&lines(TEXT_SLICE_BYTES / 2)));
        assert!(build.is_done());
    }
}
