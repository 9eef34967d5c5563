//! Builds the view model from a redacted structuredContent and its hints. Strict where a wrong
//! guess would mislead (`kind`), lenient everywhere else: a field of the wrong type is ignored and
//! reported, a value of the wrong type degrades its cell.
//!
//! One entry, [`assemble_model`], and a module per part it assembles: what the result is about
//! (`about`), its records and whether they are a list or one record's detail (`records`), the
//! columns (`columns`) and the table (`table`), what every row shares (`shared`), the header
//! (`header`), the graph (`graph`),
//! outputs, logs and a run's timeline (`content`), the state (`state`); what it reports on the way
//! is collected by `report`.

mod about;
mod columns;
mod content;
mod graph;
mod header;
mod records;
mod report;
mod shared;
mod state;
mod table;

use serde_json::{Map, Value};

use crate::model::{Arrangement, Content, Mutation, WidgetModel};
use crate::mutation::{build_mutation, MutationInput};
use crate::rank::Profile;
use crate::summary::{parse_filters, parse_pagination, parse_summary};
use crate::words::{Msg, Text};
use about::{about, check_kind, About};
use content::{content, run_history, timeline};
use graph::{node_details, result_graph};
use header::header;
use records::{detail_record, mutation_object, received_records, shown_records, Received};
use report::{report_problems, Report};
use shared::shared_values;
use state::state;
use table::{records_table, scan_layout};

pub use about::{SCHEMA_MAJOR, WIDGET_KIND};
pub use records::RecordsIn;

/// The model of one structuredContent `sc` (already redacted, its records given apart), with its
/// `host/widgetData` hints. Each decision is a function of its own: what the result is about,
/// whether it is one record or a list, its table, its header, its graph, its timeline, its state.
pub fn assemble_model(
    sc: Map<String, Value>,
    records_in: RecordsIn<'_>,
    graph: Option<&serde_json::value::RawValue>,
    hints: Option<Value>,
    redacted: usize,
) -> WidgetModel {
    if let Err(msg) = check_kind(sc.get("kind")) {
        return WidgetModel::error(msg);
    }
    let mut report = Report::default();
    let mut problems = Vec::new();
    let about = about(&sc, hints.as_ref(), &mut report, &mut problems);
    let Received {
        sample,
        lazy,
        total,
    } = received_records(records_in, &mut report);
    let records: Vec<&Map<String, Value>> = sample.iter().collect();
    // One record's detail, or a list.
    let (mutation_obj, mutation_record) = mutation_object(sc.get("mutation"), &mut report);
    let detail_record = detail_record(mutation_record, &records, total, &about.action);
    let changed = detail_record.or_else(|| records.first().copied());
    let mutation = mutation(mutation_obj, changed, &about, &mut report);
    let arrangement = match detail_record {
        Some(_) => Arrangement::Detail,
        None => Arrangement::List,
    };
    // Its table.
    let shown = shown_records(arrangement, mutation_record, &records);
    let built = records_table(&sc, &shown, (lazy, total), arrangement, &about, &mut report);
    let (mut table, text_redacted) = match built {
        Ok(built) => built,
        Err(msg) => return WidgetModel::error(msg),
    };
    // What is drawn around it; what every row of a list shares is said once above it, and the
    // list leads with what is scanned.
    let summary = parse_summary(sc.get("summary"), &mut problems);
    let filters = parse_filters(sc.get("filters"), &mut problems);
    let mut shared = Vec::new();
    if arrangement == Arrangement::List {
        let primary_key = about.hints.primary_key.as_deref();
        shared = shared_values(&mut table, &filters, primary_key);
        scan_layout(&mut table, Profile::of(&about.resource));
    }
    let pagination = (arrangement == Arrangement::List)
        .then(|| parse_pagination(sc.get("pagination"), table.rows.len(), &mut problems))
        .flatten();
    let header = header(
        &table,
        arrangement,
        detail_record,
        &about,
        (summary, shared),
    );
    let (graph, graph_redacted) = result_graph(graph, arrangement, &about);
    let node_details = node_details(&graph, &records);
    let redacted = redacted + text_redacted + graph_redacted;
    report_problems(problems, redacted, &mut report);
    let (state, error) = state(&sc, &table, mutation.as_ref(), &header.message, &mut report);
    let mut timeline = timeline(arrangement, detail_record, &about.resource, &records);
    // A summary value is shown once: the header's counts by status say what the legend would.
    if let Some(timeline) = timeline.as_mut().filter(|_| !header.counts.is_empty()) {
        timeline.legend.clear();
    }
    let content = content(&about.resource, &about.action, &records);
    let history = match content {
        Content::Records => run_history(arrangement, &about.resource, &records, &table),
        Content::Outputs(_) | Content::Logs(_) => None,
    };
    WidgetModel {
        content,
        timeline,
        history,
        state,
        arrangement,
        header,
        table,
        filters,
        pagination,
        mutation,
        graph,
        node_details,
        error,
        empty_message: (about.hints.empty_message)
            .map_or(Text::Own(Msg::EmptyList(about.noun)), Text::Given),
        density: about.hints.density,
        time_zone: about.hints.time_zone,
        record_pages: about.hints.record_pages,
        notices: report.notices,
        diagnostics: report.diagnostics,
        redacted,
        resource: about.resource,
        action: about.action,
    }
}

/// The change a result reports (its `mutation` object, told of `record`), with the notices it
/// gives reported.
fn mutation(
    mutation: Option<&Map<String, Value>>,
    record: Option<&Map<String, Value>>,
    about: &About,
    report: &mut Report,
) -> Option<Mutation> {
    let mut notices = Vec::new();
    let input = MutationInput {
        mutation,
        action: &about.action,
        resource: &about.resource,
        record,
    };
    let mutation = build_mutation(&input, &mut notices);
    for notice in notices {
        report.visible(notice);
    }
    mutation
}

#[cfg(test)]
mod testing;

#[cfg(test)]
mod tests {
    #[test]
    fn the_counts_by_status_are_shown_once() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/block_runs/list-ok.json"
        ))
        .expect("fixture");
        let model = crate::model_from_json_text(&text);
        assert!(!model.header.counts.is_empty(), "the header counts");
        let timeline = model.timeline.expect("a timeline");
        assert!(
            timeline.legend.is_empty(),
            "no second legend of the same counts"
        );
        let run = crate::model_from_json_text(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../fixtures/pipeline_runs/get-running.json"
            ))
            .expect("fixture"),
        );
        assert!(run.header.counts.is_empty());
        assert!(
            !run.timeline.expect("a timeline").legend.is_empty(),
            "the legend when nothing else counts"
        );
    }
}
