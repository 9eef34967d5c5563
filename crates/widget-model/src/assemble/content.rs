//! The forms of records with views of their own: block outputs, log files, and a run's blocks in
//! time.

use serde_json::{Map, Value};

use crate::history::RunHistory;
use crate::model::{Arrangement, Content};
use crate::table::Table;

/// A run's blocks in time: a run's detail with its block runs, or a list of block runs.
pub(super) fn timeline(
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    resource: &str,
    records: &[&Map<String, Value>],
) -> Option<crate::timeline::Timeline> {
    match arrangement {
        Arrangement::Detail => detail_record.and_then(crate::timeline::timeline),
        Arrangement::List if matches!(resource, "block_runs" | "block_run") => {
            crate::timeline::block_runs_timeline(records.iter().copied())
        }
        Arrangement::List => None,
    }
}

/// A list of runs over time: read now from a short list's `records`, or (a long list, whose
/// `table` rows are built on demand) from its rows after it is drawn.
pub(super) fn run_history(
    arrangement: Arrangement,
    resource: &str,
    records: &[&Map<String, Value>],
    table: &Table,
) -> Option<RunHistory> {
    if arrangement != Arrangement::List {
        return None;
    }
    if table.rows.is_lazy() {
        let noun = crate::history::runs_noun(resource)?;
        return Some(RunHistory::FromRows {
            noun,
            runs: table.rows.len(),
        });
    }
    crate::history::history_of(resource, records).map(RunHistory::Read)
}

/// Whether the records are block outputs or log files, which have views of their own.
pub(super) fn content(resource: &str, action: &str, records: &[&Map<String, Value>]) -> Content {
    let about_outputs = matches!(resource, "block_outputs" | "block_output");
    // Blocks have a `name` and a `content` too: only a result about logs is read as log files.
    let about_logs = action == "logs" || resource.ends_with("logs") || resource.ends_with("log");
    if about_outputs && crate::outputs::are_outputs(records) {
        Content::Outputs(crate::outputs::outputs(records))
    } else if about_logs && crate::logs::are_log_files(records) {
        Content::Logs(crate::logs::log_files(records))
    } else {
        Content::Records
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::{object, objects};
    use serde_json::json;

    #[test]
    fn a_list_of_runs_has_a_history_read_now_or_from_its_rows() {
        let runs = objects(&[
            json!({ "id": 1, "status": "completed", "started_at": "2026-11-20 05:00:00", "completed_at": "2026-11-20 05:01:00" }),
            json!({ "id": 2, "status": "failed", "started_at": "2026-11-20 06:00:00", "completed_at": "2026-11-20 06:03:00" }),
        ]);
        let records: Vec<&Map<String, Value>> = runs.iter().collect();
        let table = Table::default();
        let read = run_history(Arrangement::List, "pipeline_runs", &records, &table);
        assert!(matches!(read, Some(RunHistory::Read(h)) if h.runs.len() == 2));
        assert_eq!(
            run_history(Arrangement::Detail, "pipeline_runs", &records, &table),
            None
        );
        assert_eq!(
            run_history(Arrangement::List, "pipelines", &records, &table),
            None
        );
        let text = r#"[{"id":1}]"#;
        let (rows, _) =
            crate::rows::Rows::lazy(text, vec![(1, text.len() - 1)], Vec::new(), Vec::new());
        let long = Table {
            rows,
            ..Table::default()
        };
        assert_eq!(
            run_history(Arrangement::List, "block_runs", &[], &long),
            Some(RunHistory::FromRows {
                noun: crate::words::Noun::BlockRun,
                runs: 1
            })
        );
    }

    #[test]
    fn block_runs_are_drawn_in_time_in_a_list_and_in_a_runs_detail() {
        let run = json!({ "block_uuid": "load", "status": "completed", "started_at": "2026-11-20 05:00:00", "completed_at": "2026-11-20 05:01:00" });
        let runs = objects(std::slice::from_ref(&run));
        let records: Vec<&Map<String, Value>> = runs.iter().collect();
        assert!(timeline(Arrangement::List, None, "block_runs", &records).is_some());
        assert!(timeline(Arrangement::List, None, "pipeline_runs", &records).is_none());
        let detail = object(json!({ "id": 7, "block_runs": [run] }));
        assert!(timeline(
            Arrangement::Detail,
            Some(&detail),
            "pipeline_runs",
            &[&detail]
        )
        .is_some());
    }
}
