//! The widget's pure core, between the host bridge (the only code that touches `window`, in the
//! widget crate's `src/bridge`) and the views (Leptos, `src/views`). Nothing here knows the DOM or
//! Leptos, so all of it compiles and is tested natively:
//!
//! - [`protocol`]: the hosts' message shapes (MCP Apps JSON-RPC, `window.openai` globals) read into
//!   typed events and context patches, and the messages the widget sends;
//! - [`events`], [`host_context`], [`state`]: what a bridge reports, the host's context, and the
//!   state machine that turns events into what to show;
//! - [`services`]: what views may ask of the host, as plain callbacks;
//! - [`requests`] and [`calls`]: the widget's own tool calls (read-only tools from one fixed list):
//!   drill-down, back, refresh; [`follow`]: a run followed as it goes (when to ask again, when to
//!   stop); [`assistant`]: what the assistant is told (the record in view, the question about a
//!   failed run, how a followed run ended);
//! - [`restore`]: when a remembered result may be shown again, and under which key it is
//!   remembered;
//! - [`size`]: the height the widget reports to its host;
//! - [`table_window`] and [`graph_geometry`]: the arithmetic of a windowed table and of a drawn graph;
//!   [`find`]: what the widget's own Find matches (a table's rows, a log's lines).
//!
//! Entry points: [`AppState`] (`ReadyEvent::of` makes a host event ready, a result becoming its
//! model, and `AppState::apply` applies it), the protocol's readers and writers in [`protocol`],
//! [`ToolRequest`] (the only way to build a request), [`Calls`] and [`HostServices`].
//!
//! Never: build a request for a tool outside `widget_result::TOOLS_THE_WIDGET_CALLS`; show a
//! remembered result to a frame whose call the host spoke of, or one remembered under another
//! call's key; apply a host's style value that could end its declaration or fetch anything; tell
//! the assistant more than ids; log; panic.
//!
//! Depends on: `widget-model`, `graph-layout`, `widget-sort` and `serde_json`; never on `web-sys`,
//! `js-sys` or Leptos (only the widget crate, `src/`, depends on this one).

pub mod assistant;
pub mod calls;
pub mod events;
pub mod find;
pub mod follow;
pub mod graph_geometry;
pub mod host_context;
pub mod phase;
pub mod protocol;
pub mod requests;
pub mod restore;
pub mod services;
pub mod size;
pub mod state;
pub mod table_window;

pub use calls::{CallFailure, CallOutcome, CallPurpose, Calls};
pub use events::{HostEvent, ToolPayload};
pub use host_context::{
    ContainerHeight, ContextPatch, DisplayMode, HostCapabilities, HostContext, SafeAreaInsets,
    Theme,
};
pub use requests::ToolRequest;
pub use services::HostServices;
pub use state::{AppState, Phase, ReadyEvent};
