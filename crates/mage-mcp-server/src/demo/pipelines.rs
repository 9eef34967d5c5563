//! The demo project's pipelines as the backend serves them: records with their blocks and
//! triggers, each pipeline's newest run, and the changes pipeline tools make.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use chrono::{DateTime, Utc};

use super::project::{stamp, uuid_from_name, Pipeline, Project};
use crate::backend::PipelineEdit;
use crate::vocabulary::PipelineType;
use crate::widget_result::{to_json, ToolError};

impl Project {
    /// The pipeline `uuid`, or the 404 the service answers.
    pub fn pipeline_or_404(&self, uuid: &str) -> Result<&Pipeline, ToolError> {
        self.pipeline(uuid)
            .ok_or_else(|| ToolError::not_found("Pipeline", uuid))
    }

    pub fn pipeline_mut_or_404(&mut self, uuid: &str) -> Result<&mut Pipeline, ToolError> {
        self.pipeline_mut(uuid)
            .ok_or_else(|| ToolError::not_found("Pipeline", uuid))
    }

    /// Every pipeline with its blocks and its triggers (`schedules`), as Mage lists them with
    /// `include_schedules`.
    pub fn pipeline_records(&self) -> Vec<Value> {
        self.pipelines
            .iter()
            .map(|pipeline| {
                let mut record = to_json(pipeline);
                if let Value::Object(map) = &mut record {
                    let schedules: Vec<Value> = self
                        .pipeline_schedules
                        .iter()
                        .filter(|s| s.pipeline_uuid == pipeline.uuid)
                        .map(to_json)
                        .collect();
                    map.insert("schedules".to_owned(), Value::Array(schedules));
                }
                record
            })
            .collect()
    }

    /// Each pipeline's newest run, with its block runs.
    pub fn last_run_records(&self) -> BTreeMap<String, Value> {
        let mut newest: BTreeMap<&str, &super::project::PipelineRun> = BTreeMap::new();
        for run in &self.pipeline_runs {
            let entry = newest.entry(run.pipeline_uuid.as_str()).or_insert(run);
            if run.id > entry.id {
                *entry = run;
            }
        }
        newest
            .into_iter()
            .map(|(uuid, run)| (uuid.to_owned(), self.run_record(run)))
            .collect()
    }

    /// A pipeline's newest run with its block runs, if it ever ran.
    pub fn latest_run_record(&self, pipeline_uuid: &str) -> Result<Option<Value>, ToolError> {
        self.pipeline_or_404(pipeline_uuid)?;
        Ok(self
            .pipeline_runs
            .iter()
            .filter(|r| r.pipeline_uuid == pipeline_uuid)
            .max_by_key(|r| r.id)
            .map(|r| self.run_record(r)))
    }

    /// A new pipeline named `name`, created `at`.
    pub fn create_pipeline(
        &mut self,
        name: &str,
        pipeline_type: PipelineType,
        at: DateTime<Utc>,
    ) -> Value {
        let uuid = uuid_from_name(name, |candidate| self.pipeline(candidate).is_some());
        let now = stamp(at);
        let pipeline = Pipeline {
            uuid,
            name: name.to_owned(),
            pipeline_type: pipeline_type.as_str().to_owned(),
            description: None,
            tags: Vec::new(),
            executor_type: Some("local_python".to_owned()),
            variables: Map::new(),
            created_at: now.clone(),
            updated_at: now,
            blocks: Vec::new(),
        };
        let record = to_json(&pipeline);
        self.pipelines.push(pipeline);
        record
    }

    /// Applies `edit`, made `at` (the uuid stays, whatever the name).
    pub fn update_pipeline(
        &mut self,
        uuid: &str,
        edit: &PipelineEdit,
        at: DateTime<Utc>,
    ) -> Result<Value, ToolError> {
        let pipeline = self.pipeline_mut_or_404(uuid)?;
        if let Some(name) = &edit.name {
            pipeline.name = name.clone();
        }
        if let Some(description) = &edit.description {
            pipeline.description = Some(description.clone());
        }
        if !edit.is_empty() {
            pipeline.updated_at = stamp(at);
        }
        Ok(to_json(&*pipeline))
    }

    /// Removes a pipeline with its triggers, runs, block runs, outputs, backfills and logs.
    pub fn delete_pipeline(&mut self, uuid: &str) -> Result<Value, ToolError> {
        let index = self
            .pipelines
            .iter()
            .position(|p| p.uuid == uuid)
            .ok_or_else(|| ToolError::not_found("Pipeline", uuid))?;
        let pipeline = self.pipelines.remove(index);
        let run_ids: Vec<i64> = self
            .pipeline_runs
            .iter()
            .filter(|r| r.pipeline_uuid == uuid)
            .map(|r| r.id)
            .collect();
        self.pipeline_schedules.retain(|s| s.pipeline_uuid != uuid);
        self.pipeline_triggers.retain(|t| t.pipeline_uuid != uuid);
        self.pipeline_runs.retain(|r| r.pipeline_uuid != uuid);
        self.block_runs
            .retain(|br| !run_ids.contains(&br.pipeline_run_id));
        self.block_outputs.retain(|o| o.pipeline_uuid != uuid);
        self.backfills.retain(|b| b.pipeline_uuid != uuid);
        self.logs.retain(|l| l.pipeline_uuid != uuid);
        Ok(
            json!({"uuid": pipeline.uuid, "name": pipeline.name, "blocks": to_json(&pipeline.blocks)}),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_created_pipeline_is_listed_with_a_snake_case_uuid() {
        let mut project = Project::embedded().expect("project");
        let before = project.pipelines.len();
        let record = project.create_pipeline("Orders hourly", PipelineType::Streaming, Utc::now());
        assert_eq!(record["uuid"], "orders_hourly");
        assert_eq!(record["type"], "streaming");
        assert_eq!(project.pipeline_records().len(), before + 1);
    }

    #[test]
    fn delete_removes_everything_that_belonged_to_the_pipeline() {
        let mut project = Project::embedded().expect("project");
        let deleted = project.delete_pipeline("etl_daily").expect("deleted");
        assert!(deleted["blocks"].as_array().is_some_and(|b| !b.is_empty()));
        assert!(project.pipeline("etl_daily").is_none());
        assert!(project
            .pipeline_runs
            .iter()
            .all(|r| r.pipeline_uuid != "etl_daily"));
        assert!(project.logs.iter().all(|l| l.pipeline_uuid != "etl_daily"));
        assert!(project.delete_pipeline("etl_daily").is_err());
    }

    #[test]
    fn every_pipeline_lists_its_triggers_and_its_newest_run() {
        let project = Project::embedded().expect("project");
        let records = project.pipeline_records();
        let etl = records
            .iter()
            .find(|p| p["uuid"] == "etl_daily")
            .expect("etl_daily");
        assert!(etl["schedules"].as_array().is_some_and(|s| !s.is_empty()));
        let last = project.last_run_records();
        let newest = project
            .pipeline_runs
            .iter()
            .filter(|r| r.pipeline_uuid == "etl_daily")
            .map(|r| r.id)
            .max();
        assert_eq!(last["etl_daily"]["id"].as_i64(), newest);
        assert!(last["etl_daily"]["block_runs"].is_array());
    }
}
