//! Mutations: the banner and footer that name what a create, update, delete or other operation
//! did, and the compact success state of a delete that returned no record.

use serde_json::{Map, Value};

use crate::cell::{Cell, CellContext, ColumnKind, Degraded};
use crate::diff::{read_diff, DiffProblem};
use crate::model::{Change, Mutation};
use crate::text::{bounded_text, humanize_key, truncate_chars};
use crate::words::{Msg, Noun, Operation};

impl Operation {
    pub fn parse(word: &str) -> Operation {
        match word.trim().to_ascii_lowercase().as_str() {
            "create" | "created" | "add" => Operation::Create,
            "update" | "updated" | "edit" => Operation::Update,
            "delete" | "deleted" | "remove" | "destroy" => Operation::Delete,
            "run" | "trigger" | "triggered" => Operation::Run,
            "sync" | "synced" => Operation::Sync,
            other => Operation::Other(truncate_chars(other, 32)),
        }
    }
}

/// Everything a mutation's text needs from the result.
pub struct MutationInput<'a> {
    /// The result's `mutation` object, if any.
    pub mutation: Option<&'a Map<String, Value>>,
    /// The result's `action`, used when there is no `mutation` object.
    pub action: &'a str,
    /// The result's `resource`.
    pub resource: &'a str,
    /// The record the result returned, if any.
    pub record: Option<&'a Map<String, Value>>,
}

/// The mutation view, or `None` when the result is not a mutation; what could not be read of its
/// changes goes to `notices` (the record is shown as it is).
pub fn build_mutation(input: &MutationInput<'_>, notices: &mut Vec<Msg>) -> Option<Mutation> {
    let word = match input.mutation {
        Some(m) => m
            .get("operation")
            .and_then(Value::as_str)
            .unwrap_or(input.action),
        None if matches!(input.action, "create" | "update" | "delete" | "run") => input.action,
        None => return None,
    };
    let operation = Operation::parse(word);
    let field = |key: &str| input.mutation.and_then(|m| m.get(key));
    let resource = field("resource")
        .and_then(Value::as_str)
        .unwrap_or(input.resource);
    let noun = Noun::of(resource);
    let id = field("id").and_then(id_text).or_else(|| {
        input.record.and_then(|r| {
            ["uuid", "id", "name"]
                .iter()
                .find_map(|k| r.get(*k).and_then(id_text))
        })
    });
    let banner = Msg::MutationBanner {
        operation: operation.clone(),
        noun: noun.clone(),
        id: id.clone(),
    };
    let footer = Msg::MutationFooter {
        operation: operation.clone(),
        noun,
        id,
    };
    Some(Mutation {
        compact: operation == Operation::Delete && input.record.is_none(),
        message: field("message")
            .and_then(Value::as_str)
            .map(|m| truncate_chars(&bounded_text(m), 500)),
        changes: field("changes")
            .map(|c| changes(c, notices))
            .unwrap_or_default(),
        operation,
        banner,
        footer,
    })
}

fn id_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(truncate_chars(&bounded_text(s), 80)),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `changes` as an object (field → new value, or `{from, to}` / `{before, after}`, either with a
/// `diff`) or a list of `{field, from?, to, diff?}`. Anything else, or a diff that cannot be read,
/// is a notice.
fn changes(value: &Value, notices: &mut Vec<Msg>) -> Vec<Change> {
    let ctx = CellContext { language: None };
    // A change of code with a diff names its versions by size ("12 lines"): text, not code.
    let cell = |key: &str, v: &Value, sizes: bool| {
        let kind = if sizes {
            ColumnKind::Text
        } else {
            ColumnKind::infer(key, &Default::default())
        };
        Cell::from_value(key, v, kind, &ctx, &mut Degraded::default())
    };
    let mut change = |key: &str, v: &Value| {
        let pair = v.as_object().and_then(|o| {
            let before = o.get("from").or_else(|| o.get("before"));
            let after = o.get("to").or_else(|| o.get("after"))?;
            Some((before, after))
        });
        let field = humanize_key(key);
        let sizes = v.get("diff").is_some() || v.get("diff_omitted").is_some();
        let diff = v.get("diff").and_then(|d| match read_diff(d) {
            Ok(diff) => Some(diff),
            Err(problem) => {
                notices.push(Msg::DiffUnreadable {
                    field: field.clone(),
                    line: match problem {
                        DiffProblem::BadLine(line) => Some(line),
                        DiffProblem::NotUnified => None,
                    },
                });
                None
            }
        });
        match pair {
            Some((before, after)) => Change {
                field,
                before: before.map(|b| cell(key, b, sizes)),
                after: cell(key, after, sizes),
                diff,
            },
            None => Change {
                field,
                before: None,
                after: cell(key, v, sizes),
                diff,
            },
        }
    };
    match value {
        Value::Object(map) => map
            .iter()
            .take(50)
            .map(|(k, v)| change(&truncate_chars(k, 64), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .take(50)
            .filter_map(|item| {
                let obj = item.as_object()?;
                let key = obj
                    .get("field")
                    .or_else(|| obj.get("key"))
                    .and_then(Value::as_str)?;
                Some(change(&truncate_chars(key, 64), item))
            })
            .collect(),
        Value::Null => Vec::new(),
        _ => {
            notices.push(Msg::ChangesUnreadable);
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::english;
    use serde_json::json;

    fn build(
        mutation: Value,
        action: &str,
        resource: &str,
        record: Option<Value>,
    ) -> Option<Mutation> {
        let record = record.as_ref().and_then(Value::as_object);
        let mut notices = Vec::new();
        let built = build_mutation(
            &MutationInput {
                mutation: mutation.as_object(),
                action,
                resource,
                record,
            },
            &mut notices,
        );
        assert!(notices.is_empty(), "{notices:?}");
        built
    }

    fn notices_of(mutation: Value) -> (Option<Mutation>, Vec<Msg>) {
        let mut notices = Vec::new();
        let built = build_mutation(
            &MutationInput {
                mutation: mutation.as_object(),
                action: "update",
                resource: "block",
                record: None,
            },
            &mut notices,
        );
        (built, notices)
    }

    #[test]
    fn create_with_a_record_names_operation_resource_and_id() {
        let m = build(
            json!({ "operation": "create", "resource": "pipeline" }),
            "create",
            "pipelines",
            Some(json!({ "uuid": "etl_daily", "name": "ETL daily" })),
        )
        .expect("mutation");
        assert_eq!(english(&m.banner), "Pipeline etl_daily created");
        assert_eq!(english(&m.footer), "Created pipeline · etl_daily");
        assert!(!m.compact);
    }

    #[test]
    fn delete_without_a_record_is_compact() {
        let m = build(
            json!({ "operation": "delete", "id": 12 }),
            "delete",
            "backfill",
            None,
        )
        .expect("mutation");
        assert!(m.compact);
        assert_eq!(english(&m.banner), "Backfill 12 deleted");
    }

    #[test]
    fn other_operations_read_as_verbs() {
        let banner = |op: &str| {
            english(&Msg::MutationBanner {
                operation: Operation::parse(op),
                noun: Noun::Sync,
                id: None,
            })
        };
        assert_eq!(banner("run"), "Sync triggered");
        assert_eq!(banner("archive"), "Sync archived");
        assert_eq!(banner("push"), "Sync pushed");
        assert_eq!(Operation::parse("DELETE"), Operation::Delete);
        let m = build(Value::Null, "run", "pipeline_run", Some(json!({ "id": 7 })))
            .expect("from action");
        assert_eq!(english(&m.banner), "Pipeline run 7 triggered");
        assert_eq!(build(Value::Null, "list", "pipelines", None), None);
    }

    #[test]
    fn changes_take_both_forms() {
        let m = build(
            json!({ "operation": "update", "changes": { "name": { "from": "a", "to": "b" }, "status": "running" } }),
            "update",
            "backfill",
            Some(json!({ "id": 1 })),
        )
        .expect("mutation");
        assert_eq!(m.changes.len(), 2);
        assert_eq!(m.changes[0].before, Some(Cell::Text("a".into())));
        assert!(matches!(m.changes[1].after, Cell::Status(_)));
        let m = build(
            json!({ "operation": "update", "changes": [{ "field": "name", "to": "x" }, { "nope": 1 }] }),
            "update",
            "pipeline",
            None,
        )
        .expect("mutation");
        assert_eq!(m.changes.len(), 1);
    }

    #[test]
    fn a_code_change_carries_its_diff() {
        let m = build(
            json!({ "operation": "update", "changes": { "content": { "from": "3 lines", "to": "4 lines", "diff": { "format": "unified", "text": "@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n", "added": 2, "removed": 1, "hunks": 1, "hunks_shown": 1, "truncated": false } } } }),
            "update",
            "block",
            Some(json!({ "uuid": "x" })),
        )
        .expect("mutation");
        let diff = m.changes[0].diff.as_ref().expect("a diff");
        assert_eq!((diff.added, diff.removed, diff.hunks.len()), (2, 1, 1));
        assert_eq!(m.changes[0].after, Cell::Text("4 lines".into()));
    }

    #[test]
    fn changes_that_cannot_be_read_say_why_and_keep_the_rest() {
        let (m, notices) = notices_of(
            json!({ "operation": "update", "changes": { "content": { "from": "1 line", "to": "2 lines", "diff": { "text": "not a diff" } } } }),
        );
        assert_eq!(
            m.map(|m| m.changes.len()),
            Some(1),
            "the sizes are still shown"
        );
        assert_eq!(
            notices,
            [Msg::DiffUnreadable {
                field: "Content".into(),
                line: Some(1)
            }]
        );
        let (_, notices) =
            notices_of(json!({ "operation": "update", "changes": "content changed" }));
        assert_eq!(notices, [Msg::ChangesUnreadable]);
        let (_, notices) = notices_of(json!({ "operation": "update", "changes": null }));
        assert!(notices.is_empty());
    }
}
