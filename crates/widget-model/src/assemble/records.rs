//! The records a result holds, as received, and whether it is one record's detail or a list: the
//! record a mutation reports, or the only record of any action but `list`.

use serde_json::{Map, Value};

use super::report::{count, Report};
use crate::limits::MAX_RECORDS;
use crate::model::Arrangement;
use crate::words::Msg;

/// The records of a result, as the assembler receives them.
pub enum RecordsIn<'t> {
    /// `records` as parsed (any JSON type; `None` when absent), redacted before it is assembled
    /// (`crate::stepped`).
    Values(Option<Value>),
    /// A long list held as text: `spans` are the byte ranges in `text` of its object records
    /// (`skipped` others were not objects); `sample` holds the first ones parsed and redacted, for
    /// inferring columns.
    Lazy {
        text: &'t str,
        spans: Vec<(usize, usize)>,
        skipped: usize,
        sample: Vec<Map<String, Value>>,
    },
}

/// The records as received: those parsed (all of them, or a long list's first ones), the long
/// list's spans when it was held as text, and how many records there are in all.
pub(super) struct Received<'t> {
    pub(super) sample: Vec<Map<String, Value>>,
    pub(super) lazy: Option<(&'t str, Vec<(usize, usize)>)>,
    pub(super) total: usize,
}

pub(super) fn received_records<'t>(records_in: RecordsIn<'t>, report: &mut Report) -> Received<'t> {
    match records_in {
        RecordsIn::Values(value) => {
            let sample = records(value, report);
            Received {
                total: sample.len(),
                sample,
                lazy: None,
            }
        }
        RecordsIn::Lazy {
            text,
            spans,
            skipped,
            sample,
        } => {
            report_skipped(skipped, report);
            Received {
                total: spans.len(),
                sample,
                lazy: Some((text, spans)),
            }
        }
    }
}

/// A JSON object of the result.
type Object<'v> = &'v Map<String, Value>;

/// `mutation` when it is an object, and its `record` when that is one; another type is reported
/// and ignored.
pub(super) fn mutation_object<'v>(
    value: Option<&'v Value>,
    report: &mut Report,
) -> (Option<Object<'v>>, Option<Object<'v>>) {
    let mutation = match value {
        Some(Value::Object(m)) => Some(m),
        None | Some(Value::Null) => None,
        Some(_) => {
            report.diagnostic("mutation is not an object; ignored");
            None
        }
    };
    let record = mutation
        .and_then(|m| m.get("record"))
        .and_then(Value::as_object);
    (mutation, record)
}

/// The record a result is the detail of, which makes it a detail view: the mutation's record, or
/// the only record of any action but `list`. `None` for a list.
pub(super) fn detail_record<'r>(
    mutation_record: Option<&'r Map<String, Value>>,
    records: &[&'r Map<String, Value>],
    total: usize,
    action: &str,
) -> Option<&'r Map<String, Value>> {
    mutation_record.or_else(|| {
        (total == 1 && action != "list")
            .then(|| records.first().copied())
            .flatten()
    })
}

/// The records the table shows: the mutation's record in a detail view of one, else the records
/// up to [`MAX_RECORDS`].
pub(super) fn shown_records<'r>(
    arrangement: Arrangement,
    mutation_record: Option<&'r Map<String, Value>>,
    records: &[&'r Map<String, Value>],
) -> Vec<&'r Map<String, Value>> {
    match (arrangement, mutation_record) {
        (Arrangement::Detail, Some(record)) => vec![record],
        _ => records.iter().take(MAX_RECORDS).copied().collect(),
    }
}

fn records(value: Option<Value>, report: &mut Report) -> Vec<Map<String, Value>> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let count = items.len();
            let records: Vec<_> = items
                .into_iter()
                .filter_map(|item| match item {
                    Value::Object(map) => Some(map),
                    _ => None,
                })
                .collect();
            report_skipped(count - records.len(), report);
            records
        }
        Some(Value::Object(one)) => {
            report.diagnostic("records is a single object; read as a list of one");
            vec![one]
        }
        Some(_) => {
            report.visible(Msg::RecordsNotAList);
            Vec::new()
        }
    }
}

fn report_skipped(skipped: usize, report: &mut Report) {
    if skipped > 0 {
        report.visible(Msg::RecordsNotObjects {
            count: count(skipped),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble::testing::{object, objects};
    use serde_json::json;

    #[test]
    fn records_received_count_what_they_hold_and_report_what_is_not_a_record() {
        let mut report = Report::default();
        let values = RecordsIn::Values(Some(json!([{ "id": 1 }, 2, { "id": 3 }])));
        let received = received_records(values, &mut report);
        assert_eq!((received.sample.len(), received.total), (2, 2));
        assert!(received.lazy.is_none());
        assert_eq!(report.notices, [Msg::RecordsNotObjects { count: 1 }]);

        let mut report = Report::default();
        let text = r#"[{"id":1},{"id":2},{"id":3}]"#;
        let lazy = RecordsIn::Lazy {
            text,
            spans: vec![(1, 9), (10, 18), (19, 27)],
            skipped: 0,
            sample: objects(&[json!({ "id": 1 })]),
        };
        let received = received_records(lazy, &mut report);
        assert_eq!((received.sample.len(), received.total), (1, 3));
        assert!(report.notices.is_empty());
    }

    #[test]
    fn a_mutation_must_be_an_object_and_its_record_one_too() {
        let mut report = Report::default();
        let value = json!({ "operation": "update", "record": { "id": 1 } });
        let (mutation, record) = mutation_object(Some(&value), &mut report);
        assert!(mutation.is_some());
        assert_eq!(record.and_then(|r| r.get("id")), Some(&json!(1)));
        let updated = json!("updated");
        let (mutation, record) = mutation_object(Some(&updated), &mut report);
        assert!(mutation.is_none() && record.is_none());
        assert_eq!(report.diagnostics, ["mutation is not an object; ignored"]);
    }

    #[test]
    fn one_record_of_any_action_but_list_is_a_detail_and_a_mutations_record_always_is() {
        let owned = objects(&[json!({ "id": 1 }), json!({ "id": 2 })]);
        let one = [&owned[0]];
        let two = [&owned[0], &owned[1]];
        let changed = object(json!({ "id": 9 }));
        assert_eq!(detail_record(None, &one, 1, "get"), Some(&owned[0]));
        assert_eq!(detail_record(None, &one, 1, "list"), None);
        assert_eq!(detail_record(None, &two, 2, "get"), None);
        assert_eq!(
            detail_record(None, &one, 2, "get"),
            None,
            "a long list's sample"
        );
        assert_eq!(
            detail_record(Some(&changed), &two, 2, "list"),
            Some(&changed)
        );
        assert_eq!(
            shown_records(Arrangement::Detail, Some(&changed), &two),
            [&changed]
        );
        assert_eq!(shown_records(Arrangement::List, None, &two), two);
    }
}
