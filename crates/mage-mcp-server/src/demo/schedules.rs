//! The demo project's triggers as the backend serves them: pipeline schedules with their run
//! counts, and each pipeline's trigger configuration.

use serde_json::{json, Value};

use super::project::Project;
use crate::widget_result::{to_json, ToolError};

impl Project {
    /// Schedules (of one pipeline, or all), each with how many runs it started.
    pub fn schedule_records(&self, pipeline_uuid: Option<&str>) -> Result<Vec<Value>, ToolError> {
        if let Some(uuid) = pipeline_uuid {
            self.pipeline_or_404(uuid)?;
        }
        Ok(self
            .pipeline_schedules
            .iter()
            .filter(|s| pipeline_uuid.is_none_or(|uuid| s.pipeline_uuid == uuid))
            .map(|schedule| {
                let runs = self
                    .pipeline_runs
                    .iter()
                    .filter(|r| r.pipeline_schedule_id == Some(schedule.id))
                    .count();
                let mut record = to_json(schedule);
                if let Value::Object(map) = &mut record {
                    map.insert("pipeline_runs_count".to_owned(), json!(runs));
                }
                record
            })
            .collect())
    }

    /// A pipeline's trigger configuration (its triggers.yaml).
    pub fn trigger_records(&self, pipeline_uuid: &str) -> Result<Vec<Value>, ToolError> {
        self.pipeline_or_404(pipeline_uuid)?;
        Ok(self
            .pipeline_triggers
            .iter()
            .filter(|t| t.pipeline_uuid == pipeline_uuid)
            .map(to_json)
            .collect())
    }
}
