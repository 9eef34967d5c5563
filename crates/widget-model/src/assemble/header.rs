//! The header over a result: its title and subtitle, the summary's message, the counts by status,
//! the total, and what every row of a list shares.

use serde_json::{Map, Value};

use super::about::About;
use super::report::count;
use crate::cell::{Cell, ColumnKind};
use crate::hints::Hints;
use crate::model::{Arrangement, Header};
use crate::status::StatusCount;
use crate::summary::count_statuses;
use crate::table::Table;
use crate::text::{bounded_text, truncate_chars};
use crate::words::{Msg, Noun, Text};

/// The header over the result: its title, subtitle, the summary's message, counts by status,
/// the total, and what every row `shared` (said once above a list).
pub(super) fn header(
    table: &Table,
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    about: &About,
    (summary, shared): (crate::summary::Summary, Vec<Msg>),
) -> Header {
    let (hints, noun) = (&about.hints, &about.noun);
    let given = hints.title.clone().or(summary.title);
    let title = title(given, arrangement, detail_record, hints, noun);
    let given = hints.subtitle.clone().or(summary.subtitle);
    let subtitle = subtitle(given, arrangement, &title, noun);
    Header {
        counts: status_counts(summary.counts, table, arrangement),
        total: total(summary.total, table, arrangement),
        title,
        subtitle,
        message: summary.message,
        shared,
    }
}

/// The title: the one given (by the hints, else the summary); for a detail, the record's own
/// name; else the resource's name in our words ("Pipeline runs").
fn title(
    given: Option<String>,
    arrangement: Arrangement,
    detail_record: Option<&Map<String, Value>>,
    hints: &Hints,
    noun: &Noun,
) -> Text {
    given
        .map(Text::Given)
        .or_else(|| detail_record.and_then(|record| record_title(record, hints, noun)))
        .unwrap_or_else(|| {
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: arrangement == Arrangement::List,
            })
        })
}

/// A record's name for its title: the hinted title key's value, else its `name`, `uuid` or `id`
/// (a number as "Pipeline 7"); never a sensitive key's value.
fn record_title(record: &Map<String, Value>, hints: &Hints, noun: &Noun) -> Option<Text> {
    let keys = hints
        .title_key
        .iter()
        .map(String::as_str)
        .chain(["name", "uuid", "id"]);
    keys.filter_map(|k| match record.get(k)? {
        Value::String(s) if !s.trim().is_empty() && !crate::redact::is_sensitive_key(k) => {
            Some(Text::Given(truncate_chars(&bounded_text(s), 200)))
        }
        Value::Number(n) => Some(Text::Given(format!("{} {n}", singular(noun)))),
        _ => None,
    })
    .next()
}

/// The resource's name for one record, in English ("Pipeline run").
fn singular(noun: &Noun) -> String {
    crate::words::english(&Msg::Title {
        noun: noun.clone(),
        plural: false,
    })
}

/// The subtitle: the one given; for a detail whose title does not already say what kind of
/// record it is, that kind ("Pipeline run").
fn subtitle(
    given: Option<String>,
    arrangement: Arrangement,
    title: &Text,
    noun: &Noun,
) -> Option<Text> {
    let names_the_kind = match title {
        Text::Own(_) => true,
        Text::Given(t) => t.to_lowercase().starts_with(&singular(noun).to_lowercase()),
    };
    given.map(Text::Given).or_else(|| {
        (arrangement == Arrangement::Detail && !names_the_kind).then(|| {
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: false,
            })
        })
    })
}

/// Counts by status: the summary's, else a list's own statuses counted, when its rows are built
/// (a long list's are built only when drawn, so it shows none rather than walk every record).
fn status_counts(
    summarised: Vec<StatusCount>,
    table: &Table,
    arrangement: Arrangement,
) -> Vec<StatusCount> {
    if !summarised.is_empty() {
        return summarised;
    }
    if arrangement != Arrangement::List || table.rows.is_lazy() {
        return Vec::new();
    }
    let status_column = table
        .columns
        .iter()
        .position(|c| c.kind == ColumnKind::Status);
    status_column.map_or_else(Vec::new, |i| {
        count_statuses(table.rows.iter().filter_map(|r| match &r.cells[i] {
            Cell::Status(s) => Some(s),
            _ => None,
        }))
    })
}

/// A list's total: "134 in all" when the summary says so, else the number of rows; none for a
/// detail.
fn total(summarised: Option<u64>, table: &Table, arrangement: Arrangement) -> Option<Msg> {
    match (arrangement, summarised) {
        (Arrangement::List, Some(total)) => Some(Msg::InAll { total }),
        (Arrangement::List, None) => Some(Msg::RecordCount {
            count: count(table.rows.len()),
        }),
        (Arrangement::Detail, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::{list_table, object, objects};
    use crate::status::Status;
    use serde_json::json;

    #[test]
    fn a_detail_is_titled_by_its_record_and_subtitled_by_its_kind() {
        let noun = Noun::of("pipeline_runs");
        let hints = Hints::default();
        let named = object(json!({ "id": 7, "name": "Nightly load" }));
        let numbered = object(json!({ "id": 7 }));
        let secret = object(json!({ "password": "hunter2", "id": 7 }));
        let title = |record: &Map<String, Value>| {
            title(None, Arrangement::Detail, Some(record), &hints, &noun)
        };
        assert_eq!(title(&named), Text::Given("Nightly load".into()));
        assert_eq!(title(&numbered), Text::Given("Pipeline run 7".into()));
        let hinted = Hints {
            title_key: Some("password".into()),
            ..Hints::default()
        };
        assert_eq!(
            record_title(&secret, &hinted, &noun),
            Some(Text::Given("Pipeline run 7".into())),
            "a sensitive key never titles a record"
        );
        let own = Text::Own(Msg::Title {
            noun: noun.clone(),
            plural: false,
        });
        assert_eq!(
            subtitle(None, Arrangement::Detail, &title(&named), &noun),
            Some(own)
        );
        assert_eq!(
            subtitle(None, Arrangement::Detail, &title(&numbered), &noun),
            None,
            "the title names the kind already"
        );
        assert_eq!(
            subtitle(
                Some("given".into()),
                Arrangement::List,
                &title(&named),
                &noun
            ),
            Some(Text::Given("given".into()))
        );
    }

    #[test]
    fn a_list_is_titled_by_what_it_lists_unless_given_a_title() {
        let noun = Noun::of("pipeline_runs");
        let hints = Hints::default();
        assert_eq!(
            title(None, Arrangement::List, None, &hints, &noun),
            Text::Own(Msg::Title {
                noun: noun.clone(),
                plural: true
            })
        );
        assert_eq!(
            title(
                Some("Runs today".into()),
                Arrangement::List,
                None,
                &hints,
                &noun
            ),
            Text::Given("Runs today".into())
        );
    }

    #[test]
    fn a_list_counts_its_statuses_and_rows_unless_the_summary_does() {
        let table = list_table(&objects(&[
            json!({ "id": 1, "status": "failed" }),
            json!({ "id": 2, "status": "completed" }),
            json!({ "id": 3, "status": "failed" }),
        ]));
        let counted = status_counts(Vec::new(), &table, Arrangement::List);
        let failed = counted.iter().find(|c| c.status.raw == "failed");
        assert_eq!(failed.map(|c| c.count), Some(2));
        assert!(status_counts(Vec::new(), &table, Arrangement::Detail).is_empty());
        let given = count_statuses([Status::new("running")].iter());
        assert_eq!(
            status_counts(given.clone(), &table, Arrangement::List),
            given
        );
        assert_eq!(
            total(None, &table, Arrangement::List),
            Some(Msg::RecordCount { count: 3 })
        );
        assert_eq!(
            total(Some(134), &table, Arrangement::List),
            Some(Msg::InAll { total: 134 })
        );
        assert_eq!(total(Some(134), &table, Arrangement::Detail), None);
    }
}
