//! What the widget calls each resource the tool interface names, so that titles, banners and
//! empty states can say it in the host's language.

use crate::text::humanize_key;
use crate::words::Noun;

impl Noun {
    /// The noun for `resource` (`pipeline_runs`, `pipeline_run`, or any other string).
    pub fn of(resource: &str) -> Noun {
        match resource {
            "pipelines" | "pipeline" => Noun::Pipeline,
            "blocks" | "block" => Noun::Block,
            "pipeline_runs" | "pipeline_run" => Noun::PipelineRun,
            "block_runs" | "block_run" => Noun::BlockRun,
            "block_outputs" | "block_output" => Noun::BlockOutput,
            "pipeline_schedules" | "pipeline_schedule" => Noun::PipelineSchedule,
            "pipeline_triggers" | "pipeline_trigger" => Noun::PipelineTrigger,
            "block_templates" | "block_template" => Noun::BlockTemplate,
            "backfills" | "backfill" => Noun::Backfill,
            "sync" => Noun::Sync,
            "logs" | "log" | "log_files" => Noun::LogFile,
            other => {
                let words = humanize_key(other).to_lowercase();
                let singular = words.strip_suffix('s').unwrap_or(&words).to_owned();
                Noun::Other {
                    plural: if words.is_empty() {
                        "results".to_owned()
                    } else {
                        words
                    },
                    singular: if singular.is_empty() {
                        "record".to_owned()
                    } else {
                        singular
                    },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{english, Msg};

    #[test]
    fn every_tool_interface_resource_has_its_noun() {
        for r in [
            "pipelines",
            "pipeline",
            "blocks",
            "block",
            "pipeline_runs",
            "pipeline_run",
            "block_runs",
            "block_outputs",
            "pipeline_schedules",
            "pipeline_triggers",
            "block_templates",
            "sync",
        ] {
            assert!(!matches!(Noun::of(r), Noun::Other { .. }), "{r}");
        }
        assert_eq!(
            english(&Msg::Title {
                noun: Noun::of("pipeline_runs"),
                plural: true
            }),
            "Pipeline runs"
        );
    }

    #[test]
    fn unknown_resources_read_generically() {
        let teams = Noun::of("cloud_users");
        assert_eq!(
            english(&Msg::Title {
                noun: teams.clone(),
                plural: true
            }),
            "Cloud users"
        );
        assert_eq!(
            teams,
            Noun::Other {
                singular: "cloud user".into(),
                plural: "cloud users".into()
            }
        );
        assert_eq!(
            Noun::of(""),
            Noun::Other {
                singular: "record".into(),
                plural: "results".into()
            }
        );
        assert_eq!(
            english(&Msg::EmptyList(Noun::of("teams"))),
            "No teams to show."
        );
    }
}
