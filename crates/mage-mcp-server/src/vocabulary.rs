//! The service's closed sets of values as tool arguments take them (pipeline and block types,
//! languages, statuses) and run ids: shared by the tools' arguments and every backend.

use rmcp::schemars;
use serde::{Deserialize, Serialize};

use crate::widget_result::ToolError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineType {
    Python,
    Streaming,
    Integration,
}

impl PipelineType {
    pub fn as_str(self) -> &'static str {
        match self {
            PipelineType::Python => "python",
            PipelineType::Streaming => "streaming",
            PipelineType::Integration => "integration",
        }
    }
}

/// A block's type, as block_create takes it (the result's vocabulary, defined once).
pub use ::widget_result::BlockType;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockLanguage {
    Python,
    Sql,
    R,
    Yaml,
    Markdown,
}

impl BlockLanguage {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockLanguage::Python => "python",
            BlockLanguage::Sql => "sql",
            BlockLanguage::R => "r",
            BlockLanguage::Yaml => "yaml",
            BlockLanguage::Markdown => "markdown",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Initial,
    Running,
    Completed,
    Failed,
    Cancelled,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Initial => "initial",
            RunStatus::Running => "running",
            RunStatus::Completed => "completed",
            RunStatus::Failed => "failed",
            RunStatus::Cancelled => "cancelled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleStatus {
    Active,
    Inactive,
}

impl ScheduleStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ScheduleStatus::Active => "active",
            ScheduleStatus::Inactive => "inactive",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleType {
    Time,
    Event,
    Api,
}

impl ScheduleType {
    pub fn as_str(self) -> &'static str {
        match self {
            ScheduleType::Time => "time",
            ScheduleType::Event => "event",
            ScheduleType::Api => "api",
        }
    }
}

/// A run id as run_pipeline returns it: a string (the tool interface's type) or a number.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum RunId {
    Text(String),
    Number(i64),
}

impl RunId {
    /// The numeric id of argument `field`, or the error that names the field: a run id that is
    /// not a whole number (`..`, say) never reaches a request path.
    pub fn resolve(&self, field: &str) -> Result<i64, ToolError> {
        match self {
            RunId::Number(id) => Ok(*id),
            RunId::Text(text) => text.trim().parse().map_err(|_| {
                ToolError::api(format!(
                    "{field} {text:?} is not a valid id: run ids are whole numbers; nothing was sent to the cluster (400)."
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widget_result::ErrorCode;

    #[test]
    fn run_ids_are_numbers_or_numeric_strings_and_others_name_the_field() {
        assert_eq!(RunId::Number(7).resolve("pipeline_run_id").ok(), Some(7));
        assert_eq!(
            RunId::Text(" 12 ".into()).resolve("pipeline_run_id").ok(),
            Some(12)
        );
        let error = RunId::Text("..".into())
            .resolve("block_run_id")
            .expect_err("refused");
        assert_eq!(error.code, ErrorCode::ApiError);
        assert!(
            error.message.starts_with("block_run_id "),
            "{}",
            error.message
        );
    }
}
