//! block_outputs (by block run, or a block's newest) and run_logs (the log files of a run).

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::backend::Call;
use crate::ids::IdArguments;
use crate::records::{str_of, text_of};
use crate::redact::{redacted_text, Redactor};
use crate::server::MageMcpServer;
use crate::vocabulary::RunId;
use crate::widget_result::{
    column, plain_column, untyped_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

/// The most of one log file a result carries: its end (where a run's failure is), cut on a
/// character boundary after the whole file is redacted.
pub const MAX_LOG_BYTES: usize = 256 * 1024;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = crate::server::optional_means_absent)]
pub struct BlockOutputsArgs {
    /// The block run whose outputs to show (as block_runs lists it).
    pub block_run_id: Option<RunId>,
    /// With `block_uuid`, instead of `block_run_id`: the newest outputs of that block.
    pub pipeline_uuid: Option<String>,
    /// With `pipeline_uuid`: the block whose newest outputs to show.
    pub block_uuid: Option<String>,
}

impl IdArguments for BlockOutputsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        vec![
            ("pipeline_uuid", self.pipeline_uuid.as_deref()),
            ("block_uuid", self.block_uuid.as_deref()),
        ]
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        if let Some(id) = &self.block_run_id {
            id.resolve("block_run_id")?;
        }
        crate::ids::check_all(self.ids())
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct RunLogsArgs {
    /// The pipeline run, as run_pipeline returns it.
    pub pipeline_run_id: RunId,
}

impl IdArguments for RunLogsArgs {
    fn ids(&self) -> Vec<(&'static str, Option<&str>)> {
        Vec::new()
    }

    fn check_ids(&self) -> Result<(), ToolError> {
        self.pipeline_run_id.resolve("pipeline_run_id").map(|_| ())
    }
}

#[tool_router(router = output_tools, vis = "pub(crate)")]
impl MageMcpServer {
    #[tool(
        description = "Outputs of a block run: each output variable with its type, its shape [rows, columns] and a sample of its rows (or its text). Pass `block_run_id`, or `pipeline_uuid` and `block_uuid` for the block's newest outputs.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn block_outputs(
        &self,
        Parameters(args): Parameters<BlockOutputsArgs>,
    ) -> CallToolResult {
        self.answer("block_outputs", args, |call, args| async move {
            outputs(&call, args).await
        })
        .await
    }

    #[tool(
        description = "Fetches the logs of a pipeline run: the scheduler's and the pipeline's logs and one file per block run, each `{name, scope, size, modified_timestamp, content}`; content lines are `<ISO time> <JSON>` with tracebacks in between.",
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn run_logs(&self, Parameters(args): Parameters<RunLogsArgs>) -> CallToolResult {
        self.answer("run_logs", args, |call, args| async move {
            logs(&call, args.pipeline_run_id.resolve("pipeline_run_id")?).await
        })
        .await
    }
}

/// An output as the tool interface shapes it: `{variable_uuid, type, shape?, sample_data?,
/// text_data?}` (what else the service serves is left out).
fn output_record(output: &Value) -> Value {
    let mut record = json!({
        "variable_uuid": output.get("variable_uuid"),
        "type": output.get("type"),
    });
    if let Value::Object(map) = &mut record {
        for key in ["shape", "sample_data", "text_data"] {
            if let Some(value) = output.get(key).filter(|v| !v.is_null()) {
                map.insert(key.to_owned(), value.clone());
            }
        }
        if let Some(Value::Object(sample)) = map.get_mut("sample_data") {
            add_dtypes(sample);
        }
    }
    record
}

/// Each numeric or boolean column's dtype, read from the JSON as the service wrote it, added to a
/// sample that names none: a float written `1250.0` is a float, which the widget cannot tell once
/// a JavaScript host has parsed the result (it becomes `1250`), and pandas prints it `1250.0`.
fn add_dtypes(sample: &mut Map<String, Value>) {
    if sample.contains_key("dtypes") {
        return;
    }
    let (Some(columns), Some(rows)) = (
        sample.get("columns").and_then(Value::as_array),
        sample.get("rows").and_then(Value::as_array),
    ) else {
        return;
    };
    let mut dtypes = Map::new();
    for (index, name) in columns.iter().enumerate() {
        let Some(name) = name.as_str() else { continue };
        let values = rows
            .iter()
            .filter_map(|row| row.as_array()?.get(index))
            .filter(|v| !v.is_null());
        if let Some(dtype) = dtype_of(values) {
            dtypes.insert(name.to_owned(), json!(dtype));
        }
    }
    if !dtypes.is_empty() {
        sample.insert("dtypes".to_owned(), Value::Object(dtypes));
    }
}

/// `float64`, `int64` or `bool` when every value is of that kind (integers among floats make the
/// column a float one, as in pandas); `None` for text, mixed or empty columns.
fn dtype_of<'v>(values: impl Iterator<Item = &'v Value>) -> Option<&'static str> {
    let mut dtype = None;
    for value in values {
        let kind = match value {
            Value::Bool(_) => "bool",
            Value::Number(n) if n.is_f64() => "float64",
            Value::Number(_) => "int64",
            _ => return None,
        };
        dtype = match (dtype, kind) {
            (None, kind) => Some(kind),
            (Some(seen), kind) if seen == kind => Some(seen),
            (Some("int64" | "float64"), "int64" | "float64") => Some("float64"),
            _ => return None,
        };
    }
    dtype
}

/// "first 10 of 154,042 rows" for a table output.
fn sample_note(output: &Value) -> Option<String> {
    let rows = output.pointer("/shape/0")?.as_u64()?;
    let sampled = output.pointer("/sample_data/rows")?.as_array()?.len();
    Some(format!("first {sampled} of {} rows", group_thousands(rows)))
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    grouped
}

async fn outputs(call: &Call, args: BlockOutputsArgs) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    let (block_run_id, label) = match (&args.block_run_id, &args.pipeline_uuid, &args.block_uuid) {
        (Some(id), _, _) => {
            let id = id.resolve("block_run_id")?;
            let label = args
                .block_uuid
                .clone()
                .unwrap_or_else(|| format!("block run {id}"));
            (Some(id), label)
        }
        (None, Some(pipeline_uuid), Some(block_uuid)) => {
            // The block must exist; then its newest outputs, if it has any.
            backend.block(call, pipeline_uuid, block_uuid).await?;
            let newest = backend
                .newest_output_run(call, pipeline_uuid, block_uuid)
                .await?;
            (newest, block_uuid.clone())
        }
        _ => {
            return Err(ToolError::api(
                "Pass block_run_id, or pipeline_uuid and block_uuid (400).",
            ))
        }
    };
    let outputs: Vec<Value> = match block_run_id {
        Some(id) => backend
            .block_run_outputs(call, id)
            .await?
            .iter()
            .map(output_record)
            .collect(),
        None => Vec::new(),
    };
    let mut subtitle: Vec<String> = block_run_id
        .map(|id| format!("block run {id}"))
        .into_iter()
        .collect();
    subtitle.extend(outputs.first().and_then(sample_note));
    let mut summary = Summary::titled(format!("Output of {label}")).total(outputs.len());
    if !subtitle.is_empty() {
        summary = summary.subtitle(subtitle.join(" · "));
    }
    Ok(WidgetResult::new("block_outputs", "list")
        .summary(summary)
        .columns(vec![
            column("variable_uuid", "Variable", ColumnType::Id),
            column("type", "Type", ColumnType::Text),
            untyped_column("shape", "Shape"),
            untyped_column("sample_data", "Sample"),
            untyped_column("text_data", "Text"),
        ])
        .filter("block_uuid", args.block_uuid)
        .filter("block_run_id", block_run_id)
        .filter("pipeline_uuid", args.pipeline_uuid)
        .records(outputs)
        .hints(
            Hints::keys(
                format!("Output of {label}"),
                "variable_uuid",
                Some("variable_uuid"),
                None,
            )
            .empty_message(format!("{label} has produced no output yet.")),
        ))
}

/// The end of `text`, at most `max_bytes` long and starting on a character boundary, and how many
/// bytes before it were left out.
fn tail_on_char_boundary(text: &str, max_bytes: usize) -> (&str, usize) {
    if text.len() <= max_bytes {
        return (text, 0);
    }
    let mut start = text.len() - max_bytes;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    (&text[start..], start)
}

/// A log file as a record: `{name, scope, size, modified_timestamp, content}`, the content's end
/// only past [`MAX_LOG_BYTES`] (saying how much was left out); the server's path is left out.
/// The whole content is redacted before its end is cut: a cut can separate a credential from
/// what names it (a private key's body from its `BEGIN` line, `user:pass@` from its URL's
/// scheme), after which nothing would recognise it.
fn log_record(file: &Value, redactor: &Redactor) -> Value {
    let content = redacted_text(redactor, text_of(file, "content"));
    let (kept, left_out) = tail_on_char_boundary(&content, MAX_LOG_BYTES);
    let content = if left_out == 0 {
        kept.to_owned()
    } else {
        format!("[… the first {left_out} bytes of this log are left out]\n{kept}")
    };
    json!({
        "name": file.get("name"),
        "scope": file.get("scope"),
        "size": file.get("size"),
        "modified_timestamp": file.get("modified_timestamp"),
        "content": content,
    })
}

async fn logs(call: &Call, id: i64) -> Result<WidgetResult, ToolError> {
    let backend = call.backend();
    let run = backend.pipeline_run(call, id).await?;
    let served = backend.run_logs(call, &run).await?;
    // Taken once the logs are read: it knows what their answer taught the call.
    let redactor = call.secrets.redactor();
    let files: Vec<Value> = served
        .iter()
        .map(|file| log_record(file, &redactor))
        .collect();
    let in_scope = |scope: &str| {
        files
            .iter()
            .filter(|f| str_of(f, "scope") == Some(scope))
            .count()
    };
    let pipeline_uuid = text_of(&run, "pipeline_uuid");
    let status = text_of(&run, "status");
    Ok(WidgetResult::new("pipeline_runs", "logs")
        .summary(
            Summary::titled(format!("Logs of run {id}"))
                .subtitle(format!(
                    "{pipeline_uuid} · {status} · {} block logs, {} pipeline logs",
                    in_scope("block"),
                    in_scope("pipeline")
                ))
                .total(files.len())
                // The run's status, as a count of one: the widget follows a running run's logs.
                .counts((!status.is_empty()).then_some(status)),
        )
        .columns(vec![
            plain_column("name", ColumnType::Text),
            plain_column("content", ColumnType::Code),
            plain_column("size", ColumnType::Number),
            // Epoch seconds: the widget reads them as times by the key, not under a datetime type.
            untyped_column("modified_timestamp", "Modified"),
            plain_column("scope", ColumnType::Text),
        ])
        .filter("pipeline_run_id", Some(id))
        .records(files)
        .hints(
            Hints::keys(format!("Logs of run {id}"), "name", Some("name"), None)
                .empty_message(format!("Run {id} has no logs yet (status {status}).")),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_says_which_columns_are_floats_as_the_service_wrote_them() {
        let output = json!({"variable_uuid": "output_0", "type": "table", "sample_data": {
            "columns": ["cashflow", "count", "mixed", "flag", "name", "empty"],
            "rows": [[1250.0, 3, 1, true, "a", null], [null, 4, 2.5, false, "b", null]]}});
        let record = output_record(&output);
        assert_eq!(
            record["sample_data"]["dtypes"],
            json!({"cashflow": "float64", "count": "int64", "mixed": "float64", "flag": "bool"})
        );
        let given = json!({"type": "table", "sample_data": {"columns": ["a"], "rows": [[1.0]], "dtypes": {"a": "object"}}});
        assert_eq!(
            output_record(&given)["sample_data"]["dtypes"],
            json!({"a": "object"})
        );
    }

    #[test]
    fn an_output_keeps_its_sample_and_drops_the_rest() {
        let served = json!({"outputs": [], "sample_data": {"columns": ["a"], "rows": [[1]]}, "shape": [154042, 1],
            "text_data": null, "type": "table", "variable_uuid": "output_0"});
        let record = output_record(&served);
        assert_eq!(
            record,
            json!({"variable_uuid": "output_0", "type": "table", "shape": [154042, 1],
                "sample_data": {"columns": ["a"], "rows": [[1]], "dtypes": {"a": "int64"}}})
        );
        assert_eq!(
            sample_note(&record).as_deref(),
            Some("first 1 of 154,042 rows")
        );
        assert_eq!(group_thousands(999), "999");
    }

    /// What a result shows of a log record: the record as `log_record` makes it, then redacted as
    /// every result is.
    fn shown_log(content: String) -> String {
        let file = json!({"name": "x.log", "scope": "block", "content": content});
        let mut record = log_record(&file, &Redactor::default());
        Redactor::default().redact(&mut record);
        record["content"].as_str().unwrap_or_default().to_owned()
    }

    #[test]
    fn a_private_key_whose_begin_line_falls_before_the_cut_is_hidden_whole() {
        let body_line = "MIIEowIBAAKCAQEAkeyBODYsecretLINEx7q9Zr2Lw0PcVn3sJtWmA8dK4fGhYuTb\n";
        let lines = MAX_LOG_BYTES / body_line.len() + 10;
        let content = format!(
            "2026-11-23T16:30:00 loading key -----BEGIN RSA PRIVATE KEY-----\n{}-----END RSA PRIVATE KEY-----\n2026-11-23T16:30:01 done\n",
            body_line.repeat(lines)
        );
        let shown = shown_log(content);
        assert!(!shown.contains("keyBODYsecret"), "{:.120}", shown);
        assert!(shown.ends_with("done\n"), "{}", shown);
    }

    #[test]
    fn a_url_cut_after_its_scheme_shows_no_user_information() {
        // The kept end starts right after `://`: without the scheme, `admin:hunter2@` reads as
        // no URL at all.
        let after_scheme = "admin:hunter2@db.internal:5432/warehouse connected\n";
        let filler = "x".repeat(MAX_LOG_BYTES - after_scheme.len());
        let content = format!(
            "{}connecting to postgresql://{after_scheme}{filler}",
            "early line\n".repeat(100)
        );
        let shown = shown_log(content);
        assert!(
            !shown.contains("hunter2") && !shown.contains("admin:"),
            "{:.120}",
            shown
        );
    }

    #[test]
    fn a_long_log_keeps_its_end_cut_on_a_character_boundary() {
        // 'é' is two bytes: a cut at an odd byte count would fall inside one.
        let text = format!("start {}end", "é".repeat(100));
        for max in [1, 2, 3, 7, 50, 51] {
            let (kept, left_out) = tail_on_char_boundary(&text, max);
            assert!(kept.len() <= max, "{max}");
            assert_eq!(left_out + kept.len(), text.len());
            assert!(text.ends_with(kept));
        }
        assert_eq!(tail_on_char_boundary("short", 10), ("short", 0));
        let long = json!({"name": "x.log", "scope": "block", "content": "é".repeat(MAX_LOG_BYTES)});
        let record = log_record(&long, &Redactor::default());
        let content = record["content"].as_str().expect("content");
        assert!(content.starts_with("[… the first"), "{:.40}", content);
        assert!(content.ends_with('é'));
        assert!(record.get("path").is_none());
    }
}
