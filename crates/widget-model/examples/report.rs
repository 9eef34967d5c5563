//! What the model makes of a tool result, as JSON: state, layout, counts, columns (those in each
//! row's detail, and what every row shares said above them), graph outcome, and every
//! notice (what was ignored, degraded or not drawn, and why). The preview shows it beside the
//! widget; developers can run it on a file:
//!
//!   cargo run -p widget-model --example report < fixtures/graphs/cycle.json
use std::io::Read;

use serde_json::json;
use widget_model::outputs::OutputBody;
use widget_model::words::{english, Msg};
use widget_model::{model_from_json_text, Arrangement, Content, GraphOutcome};

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        println!("{}", json!({ "error": "input is not UTF-8 text" }));
        return;
    }
    let m = model_from_json_text(&text);
    let graph = match &m.graph {
        GraphOutcome::Absent => json!({ "outcome": "absent" }),
        GraphOutcome::Drawable(g) => {
            json!({ "outcome": "drawn", "nodes": g.nodes.len(), "edges": g.edges.len() })
        }
        GraphOutcome::Fallback(problem) => {
            json!({ "outcome": "fallback", "reason": english(&Msg::GraphNotDrawn(problem.clone())) })
        }
    };
    let content = match &m.content {
        Content::Records => json!({ "kind": "records" }),
        Content::Outputs(outputs) => json!({
            "kind": "outputs",
            "outputs": outputs.iter().map(|o| json!({ "name": o.name, "body": match &o.body {
                OutputBody::Table { table, shape } => json!({ "rows": table.rows.len(), "columns": table.columns.len(), "shape": shape }),
                OutputBody::Text(t) => json!({ "text": t.chars().count() }),
                OutputBody::Empty => json!("empty"),
            } })).collect::<Vec<_>>(),
        }),
        Content::Logs(files) => json!({
            "kind": "logs",
            "files": files.iter().map(|f| json!({ "name": f.name, "lines": f.line_count() })).collect::<Vec<_>>(),
            "firstError": files.iter().find_map(|f| Some(f.line(f.first_error?).message)),
        }),
    };
    let notices: Vec<_> = m
        .notices
        .iter()
        .map(|n| json!({ "shown": true, "text": english(n) }))
        .chain(
            m.diagnostics
                .iter()
                .map(|d| json!({ "shown": false, "text": d })),
        )
        .collect();
    let report = json!({
        "state": m.state.as_str(),
        "resource": m.resource,
        "action": m.action,
        "layout": match m.arrangement { Arrangement::List => "list", Arrangement::Detail => "detail" },
        "title": m.header.title.english(),
        "rows": m.table.rows.len(),
        "columns": m.table.columns.iter().filter(|c| !c.secondary).map(|c| &c.key).collect::<Vec<_>>(),
        "secondaryColumns": m.table.columns.iter().filter(|c| c.secondary).map(|c| &c.key).collect::<Vec<_>>(),
        "detailColumns": m.table.columns.iter().filter(|c| c.detail).map(|c| &c.key).collect::<Vec<_>>(),
        "said": m.header.shared.iter().map(english).collect::<Vec<_>>(),
        "content": content,
        "timeline": m.timeline.as_ref().map(|t| json!({ "bars": t.bars.len(), "omitted": t.omitted })),
        "pagination": m.pagination.clone().map(|p| english(&Msg::Pagination(p))),
        "mutation": m.mutation.as_ref().map(|x| json!({ "banner": english(&x.banner), "compact": x.compact })),
        "graph": graph,
        "error": m.error.as_ref().map(|e| json!({ "code": e.code, "message": e.message.english(), "remedy": e.remedy.as_ref().map(|r| r.english()) })),
        "redacted": m.redacted,
        "notices": notices,
    });
    println!("{report}");
}
