//! What the widget knows about each resource the tool interface names: how to call it in a
//! sentence, and what to say when there is none of it.

use crate::text::humanize_key;

/// Words for one resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceWords {
    /// "Pipeline runs": a list's default title.
    pub plural_title: String,
    /// "pipeline run": for banners ("Pipeline run 7 triggered").
    pub singular: String,
}

/// The words for `resource` (`pipeline_runs`, `pipeline_run`, or any other string).
pub fn words_for(resource: &str) -> ResourceWords {
    let (plural, singular) = match resource {
        "pipelines" | "pipeline" => ("pipelines", "pipeline"),
        "blocks" | "block" => ("blocks", "block"),
        "pipeline_runs" | "pipeline_run" => ("pipeline runs", "pipeline run"),
        "block_runs" | "block_run" => ("block runs", "block run"),
        "block_outputs" | "block_output" => ("block outputs", "block output"),
        "pipeline_schedules" | "pipeline_schedule" => ("pipeline schedules", "pipeline schedule"),
        "pipeline_triggers" | "pipeline_trigger" => ("pipeline triggers", "pipeline trigger"),
        "block_templates" | "block_template" => ("block templates", "block template"),
        "backfills" | "backfill" => ("backfills", "backfill"),
        "sync" => ("sync status", "sync"),
        other => {
            let words = humanize_key(other).to_lowercase();
            let singular = words.strip_suffix('s').unwrap_or(&words).to_owned();
            return ResourceWords {
                plural_title: if words.is_empty() {
                    "Results".to_owned()
                } else {
                    humanize_key(&words)
                },
                singular: if singular.is_empty() {
                    "record".to_owned()
                } else {
                    singular
                },
            };
        }
    };
    ResourceWords {
        plural_title: humanize_key(plural),
        singular: singular.to_owned(),
    }
}

/// What an empty list says when the producer gave no `emptyMessage`.
pub fn default_empty_message(resource: &str) -> String {
    match resource {
        "pipelines" => "No pipelines in this project yet.".to_owned(),
        "blocks" => "This pipeline has no blocks yet.".to_owned(),
        "pipeline_runs" => {
            "No runs match. Runs appear here once the pipeline is triggered.".to_owned()
        }
        "block_runs" => "No block runs for this pipeline run.".to_owned(),
        "block_outputs" => "This block has produced no output yet.".to_owned(),
        "pipeline_schedules" => "No triggers are set up for this pipeline.".to_owned(),
        "pipeline_triggers" => "No trigger configuration for this pipeline.".to_owned(),
        "block_templates" => "No block templates are available.".to_owned(),
        "sync" => "Local and remote files are the same.".to_owned(),
        other => format!(
            "No {} to show.",
            words_for(other).plural_title.to_lowercase()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_interface_resource_has_words() {
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
            let w = words_for(r);
            assert!(!w.plural_title.is_empty() && !w.singular.is_empty(), "{r}");
            assert!(!default_empty_message(r).is_empty());
        }
        assert_eq!(words_for("pipeline_runs").plural_title, "Pipeline runs");
        assert_eq!(words_for("block").singular, "block");
    }

    #[test]
    fn unknown_resources_read_generically() {
        assert_eq!(words_for("cloud_users").plural_title, "Cloud users");
        assert_eq!(words_for("cloud_users").singular, "cloud user");
        assert_eq!(words_for("").singular, "record");
        assert_eq!(default_empty_message("teams"), "No teams to show.");
    }
}
