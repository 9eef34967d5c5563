//! Bounds on what one tool result may cost. Input from a host is hostile until parsed: every loop in
//! this crate is bounded by the payload's size and by these constants.

/// Largest tool result accepted, in bytes of JSON text: room for a list endpoint's 10,000 pipeline
/// runs; past it the widget shows an error state instead of freezing the frame.
pub const MAX_PAYLOAD_BYTES: usize = 8 * 1024 * 1024;

/// Deepest nesting serde_json accepts (its recursion limit). Deeper input is an error state.
pub const MAX_JSON_DEPTH: usize = 128;

/// Nested objects and arrays inside one cell are summarised below this depth.
pub const MAX_CELL_DEPTH: usize = 6;

/// Items shown of one nested array or object; the rest is counted, not rendered.
pub const MAX_NESTED_ITEMS: usize = 200;

/// Characters kept of one string value. A longer value keeps its head and says how much was cut.
pub const MAX_TEXT_CHARS: usize = 20_000;

/// Columns shown of a list; the remaining keys are reported as a notice.
pub const MAX_COLUMNS: usize = 64;

/// Records rendered; past this the model says how many were left out.
pub const MAX_RECORDS: usize = 100_000;

/// Default node limit for drawing a graph (the result's vocabulary, which producers truncate
/// by); `host/widgetData.maxGraphNodes` may lower it.
pub const DEFAULT_MAX_GRAPH_NODES: usize = widget_result::DEFAULT_MAX_GRAPH_NODES;

/// Most edges of a drawable graph: five per node at the node limit. Real pipelines have one to two
/// per block; past this the picture is a hairball and the table says more.
pub const MAX_GRAPH_EDGES: usize = 2_500;

/// Most edge segments (an edge crossing k layers is k segments; see
/// `graph_layout::segment_count`) a drawable graph may need. The layout's time follows this
/// count, so the bound keeps the largest drawable graph's layout within an animation frame's budget
/// (`bench/layout.mjs` prints the time at the bound).
pub const MAX_LAYOUT_SEGMENTS: u64 = 10_000;

/// Characters of an id quoted inside a one-line message (fallback reasons, notices).
pub const MAX_QUOTED_CHARS: usize = 40;

/// Notices kept; more would only repeat themselves.
pub const MAX_NOTICES: usize = 20;

/// Bytes of a long text redacted in one step, of a model's build ([`crate::ModelBuild`]) or of a
/// result's redacted copy ([`crate::RedactedJson`]): a longer text (a log file of megabytes) is
/// redacted a slice of this size at a time, the steps spread over tasks in the widget, so that no
/// task holds the page long; a shorter one at once.
pub const TEXT_SLICE_BYTES: usize = 128 * 1024;

/// Runs a list's history strip keeps (the newest); it draws as many of them as fit its width
/// (`crate::history`). Past it a run is counted, not kept: a strip in a fullscreen frame draws
/// about this many marks at their narrowest.
pub const MAX_HISTORY_RUNS: usize = 120;
